#!/usr/bin/python3
"""Elo beside nodes (issue 30): joins, per heuristic, the node saving measured at fixed depth with the Elo measured
at a fixed node budget, and draws Elo against node saving, one point per match.

usage: scripts/plot_elo_ablation.py ELO_DIR [--nodes-dir results/thesis-versions] [--nodes-dir DIR ...]

ELO_DIR is a `harness match` series (configs/elo-ablation.json): its summary.json member "series" has one row per
match (the first player, the second, the node budget, the first's Elo and interval). Each --nodes-dir is a results
directory of `harness run` whose cells.csv holds both players of a match (results/thesis-versions for B vs A ...
H vs G; a run of configs/ablation-h.json for H vs H-<heuristic>). A match's node saving is 1 - nodes(first) /
nodes(second): the geometric mean over the positions both searched completely, at the deepest depth where they did.
A match is flagged where the two measures disagree: the first player saves nodes but its Elo interval lies below 0,
or costs nodes and its interval lies above 0.

Prints the joined table as Markdown on stdout; writes ELO_DIR/elo-vs-nodes.png and .svg.
"""
import argparse
import csv
import math
import os
import sys
from collections import defaultdict

import figures  # noqa: E402  (scripts/figures.py, beside this file)


def read_nodes(dirs):
    """{version: {position: {depth: nodes}}} of the completed cells of every directory."""
    nodes = defaultdict(lambda: defaultdict(dict))
    for d in dirs:
        path = os.path.join(d, "cells.csv")
        try:
            with open(path, newline="", encoding="utf-8") as f:
                for row in csv.DictReader(f):
                    if row.get("completed") == "true" and row.get("nodes"):
                        nodes[row["version"]][row["position"]][int(row["depth"])] = int(row["nodes"])
        except OSError as e:
            print(f"plot_elo_ablation.py: {path}: {e}", file=sys.stderr)
            sys.exit(2)
    return nodes


def node_saving(nodes, first, second):
    """(saving, depth, positions) or None when no position was searched completely by both at a common depth."""
    a, b = nodes.get(first), nodes.get(second)
    if not a or not b:
        return None
    common = [p for p in a if p in b]
    depths = [d for d in sorted({d for p in common for d in a[p]}, reverse=True)
              if all(d in a[p] and d in b[p] for p in common)]
    if not common or not depths:
        return None
    d = depths[0]
    log_ratio = sum(math.log(a[p][d] / b[p][d]) for p in common) / len(common)
    return 1.0 - math.exp(log_ratio), d, len(common)


def verdict(saving, elo):
    if elo is None or saving is None:
        return "-"
    lo, hi = elo["elo"] - elo["error95"], elo["elo"] + elo["error95"]
    if saving > 0 and hi < 0:
        return "**saves nodes, loses Elo**"
    if saving < 0 and lo > 0:
        return "**costs nodes, gains Elo**"
    if lo > 0 or hi < 0:
        return "agree"
    return "Elo within its interval of 0"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("elo_dir")
    ap.add_argument("--nodes-dir", action="append", default=None,
                    help="results directory with the players' node counts (repeatable; default results/thesis-versions)")
    args = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    node_dirs = args.nodes_dir or [os.path.join(here, "..", "results", "thesis-versions")]
    series = figures.summary_section(args.elo_dir, "series", "plot_elo_ablation.py",
                                     "written by `harness match` on a config with a series")
    nodes = read_nodes(node_dirs)

    print("| match | nodes per move | node saving of the first (depth, positions) | Elo of the first | pairs | reading |")
    print("| --- | ---: | --- | --- | ---: | --- |")
    points = defaultdict(list)  # budget -> [(saving, elo, error, label)]
    for m in series:
        s = node_saving(nodes, m["first"], m["second"])
        elo = m.get("elo")
        saving_text = f"{100 * s[0]:+.1f} % (d{s[1]}, {s[2]})" if s else "-"
        elo_text = f"{elo['elo']:+.1f} ± {elo['error95']:.1f}" if elo else "-"
        print(f"| {m['name']} | {m.get('nodes_per_move', '-')} | {saving_text} | {elo_text} | {m['pairs']} | "
              f"{verdict(s[0] if s else None, elo)} |")
        if s and elo:
            points[m.get("nodes_per_move", 0)].append((100 * s[0], elo["elo"], elo["error95"],
                                                       f"{m['first']} vs {m['second']}"))

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 5.5))
    for budget, pts in sorted(points.items()):
        xs, ys, es, labels = zip(*pts)
        ax.errorbar(xs, ys, yerr=es, fmt="o", capsize=3, label=f"{budget:,} nodes per move")
        for x, y, label in zip(xs, ys, labels):
            ax.annotate(label, (x, y), textcoords="offset points", xytext=(4, 4), fontsize=7)
    ax.axhline(0, color="grey", lw=0.8)
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_xlabel("node saving of the first player at fixed depth (%)")
    ax.set_ylabel("Elo of the first player at fixed nodes (95 % interval)")
    ax.set_title("Elo beside nodes: one point per match")
    if points:
        ax.legend(fontsize=8)
    fig.tight_layout()
    figures.save(fig, args.elo_dir, "elo-vs-nodes")


if __name__ == "__main__":
    main()
