#!/usr/bin/python3
"""Elo beside nodes: draws Elo against node saving, one point per match, from the join `harness match` and
`harness report` compute for a series whose config names "node_savings_from" (harness/match/series_node_savings.h).
It reads that join and draws it; it joins nothing itself.

usage: scripts/plot_elo_ablation.py ELO_DIR [--table]

ELO_DIR is a `harness match` series: its summary.json member "series" has one row per match with the first
player's Elo and 95 % interval, its node_saving at fixed depth (nodes(first) / nodes(second), the geometric mean
over the positions both searched completely at the run's deepest such depth, with its 95 % interval, or null when
no run holds both players' flags) and the reading of both intervals. A point's horizontal bar is the saving's
interval, its vertical bar the Elo's.

Prints the joined table as Markdown on stdout (--table: only that); writes ELO_DIR/elo-vs-nodes.png and .svg.
"""
import argparse
import os
import sys
from collections import defaultdict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import figures  # noqa: E402  (scripts/figures.py, beside this file)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("elo_dir")
    ap.add_argument("--table", action="store_true", help="print the joined table and draw nothing")
    args = ap.parse_args()
    series = figures.summary_section(args.elo_dir, "series", "plot_elo_ablation.py",
                                     "written by `harness match` on a config with a series")
    if not any("node_saving" in m for m in series):
        print(f"plot_elo_ablation.py: {args.elo_dir}/summary.json: no node saving joined (the series config names no "
              "\"node_savings_from\"; add it and run `harness report` on the directory)", file=sys.stderr)
        sys.exit(2)

    print("| match | nodes per move | node saving of the first [95 %] (run, depth, positions) | Elo of the first | pairs | reading |")
    print("| --- | ---: | --- | --- | ---: | --- |")
    points = defaultdict(list)  # budget -> [(saving, low, high, elo, error, label)]
    for m in series:
        s, elo = m.get("node_saving"), m.get("elo")
        saving = None
        if s:
            # A saving is 1 - ratio: the interval's ends swap.
            saving = (100 * (1 - s["ratio"]), 100 * (1 - s["high"]), 100 * (1 - s["low"]))
        saving_text = (f"{saving[0]:+.1f} % [{saving[1]:+.1f}, {saving[2]:+.1f}] ({s['run']}, d{s['depth']}, "
                       f"{s['positions']})" if s else "-")
        elo_text = f"{elo['elo']:+.1f} ± {elo['error95']:.1f}" if elo else "-"
        print(f"| {m['name']} | {m.get('nodes_per_move', '-')} | {saving_text} | {elo_text} | {m['pairs']} | "
              f"{m.get('reading', '-')} |")
        if saving and elo:
            points[m.get("nodes_per_move", 0)].append((*saving, elo["elo"], elo["error95"],
                                                       f"{m['first']} vs {m['second']}"))
    if args.table:
        return

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 5.5))
    for budget, pts in sorted(points.items()):
        xs, lows, highs, ys, es, labels = zip(*pts)
        xerr = [[x - lo for x, lo in zip(xs, lows)], [hi - x for x, hi in zip(xs, highs)]]
        ax.errorbar(xs, ys, xerr=xerr, yerr=es, fmt="o", capsize=3, label=f"{budget:,} nodes per move")
        for x, y, label in zip(xs, ys, labels):
            ax.annotate(label, (x, y), textcoords="offset points", xytext=(4, 4), fontsize=7)
    ax.axhline(0, color="grey", lw=0.8)
    ax.axvline(0, color="grey", lw=0.8)
    ax.set_xlabel("node saving of the first player at fixed depth (%, 95 % interval)")
    ax.set_ylabel("Elo of the first player at fixed nodes (95 % interval)")
    ax.set_title("Elo beside nodes: one point per match with a node saving")
    if points:
        ax.legend(fontsize=8)
    fig.tight_layout()
    figures.save(fig, args.elo_dir, "elo-vs-nodes")


if __name__ == "__main__":
    main()
