#!/usr/bin/python3
"""Figures 6.1/6.2 of the thesis from a results directory: per position, each version's nodes as a
percentage of version A, by depth, on a log scale, with the thesis's curve beside ours.

usage: scripts/plot_versions.py out/quick [--thesis data/thesis/thesis_versions_nodes.csv]
Reads DIR/cells.csv (tidy, from `harness run`/`harness report`); writes DIR/versions-<position>.png/.svg.

A cell stopped by the experiment's node budget (completed = false) holds only a partial count. Where
version A was stopped but the other version finished, X / A is an upper bound: drawn hollow on a dashed
line. Where the other version was stopped, the ratio is unknown and the point is left out.
"""
import argparse
import csv
import os
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import figures  # noqa: E402  (scripts/figures.py, beside this file)

VERSIONS = "ABCDEFGH"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--thesis", default=os.path.join(here, "..", "data", "thesis", "thesis_versions_nodes.csv"))
    args = ap.parse_args()

    ours = defaultdict(dict)  # (position, thesis_position) -> {(version, depth): nodes}
    stopped = set()  # (position, version, depth) of cells stopped by the node budget
    with open(os.path.join(args.dir, "cells.csv")) as f:
        for row in csv.DictReader(f):
            if "versions" not in row["groups"].split(";") or row["version"] not in VERSIONS:
                continue
            ours[(row["position"], row["thesis_position"])][(row["version"], int(row["depth"]))] = int(row["nodes"])
            if row["completed"] != "true":
                stopped.add((row["position"], row["version"], int(row["depth"])))
    thesis = defaultdict(dict)
    with open(args.thesis) as f:
        for row in csv.DictReader(f):
            thesis[row["thesis_position"]][(row["version"], int(row["depth"]))] = int(row["nodes"])

    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for (pos, tpos), cells in sorted(ours.items()):
        fig, axes = plt.subplots(1, 2 if tpos in thesis else 1, figsize=(12 if tpos in thesis else 6.5, 4.8),
                                 sharey=True, squeeze=False)
        panels = [("measured", cells)] + ([(f"thesis, position {tpos}", thesis[tpos])] if tpos in thesis else [])
        any_bound = False
        for k, (ax, (label, data)) in enumerate(zip(axes[0], panels)):
            cut = (lambda v, d: (pos, v, d) in stopped) if k == 0 else (lambda v, d: False)
            for i, v in enumerate(VERSIONS[1:]):
                depths = sorted(d for (vv, d) in data if vv == v and ("A", d) in data and not cut(v, d))
                if not depths:
                    continue
                pct = {d: 100.0 * data[(v, d)] / data[("A", d)] for d in depths}
                exact = [d for d in depths if not cut("A", d)]
                bound = [d for d in depths if cut("A", d)]
                color = colors[i % len(colors)]
                ax.plot(exact, [pct[d] for d in exact], marker="o", color=color, label=f"{v} / A")
                if bound:
                    any_bound = True
                    joined = exact[-1:] + bound if exact and exact[-1] < bound[0] else bound
                    ax.plot(joined, [pct[d] for d in joined], linestyle="--", color=color)
                    ax.plot(bound, [pct[d] for d in bound], linestyle="none", marker="o", markerfacecolor="white",
                            color=color)
            ax.set_yscale("log")
            ax.set_xlabel("depth (plies)")
            ax.set_title(label)
            ax.grid(True, which="both", alpha=0.3)
        axes[0][0].set_ylabel("nodes, % of version A (log scale)")
        axes[0][-1].legend(fontsize="small")
        if any_bound:
            axes[0][0].set_title("measured\n(hollow, dashed: A stopped by the node budget, so an upper bound)",
                                 fontsize="medium")
        fig.suptitle(f"{pos}: nodes of versions B-H relative to A" + (f" (thesis position {tpos})" if tpos else ""))
        fig.tight_layout()
        figures.save(fig, args.dir, f"versions-{pos}")


if __name__ == "__main__":
    main()
