#!/usr/bin/python3
"""Figures 6.1/6.2 of the thesis from a results directory: per position, each version's nodes as a
percentage of version A, by depth, on a log scale, with the thesis's curve beside ours.

usage: scripts/plot_versions.py results/quick [--thesis data/thesis/thesis_versions_nodes.csv]
Reads DIR/cells.csv (tidy, from `harness run`/`harness report`); writes DIR/versions-<position>.png/.svg.
"""
import argparse
import csv
import os
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

VERSIONS = "ABCDEFGH"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--thesis", default=os.path.join(here, "..", "data", "thesis", "thesis_versions_nodes.csv"))
    args = ap.parse_args()

    ours = defaultdict(dict)  # (position, thesis_position) -> {(version, depth): nodes}
    with open(os.path.join(args.dir, "cells.csv")) as f:
        for row in csv.DictReader(f):
            if "versions" not in row["groups"].split(";") or row["version"] not in VERSIONS:
                continue
            ours[(row["position"], row["thesis_position"])][(row["version"], int(row["depth"]))] = int(row["nodes"])
    thesis = defaultdict(dict)
    with open(args.thesis) as f:
        for row in csv.DictReader(f):
            thesis[row["thesis_position"]][(row["version"], int(row["depth"]))] = int(row["nodes"])

    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for (pos, tpos), cells in sorted(ours.items()):
        fig, axes = plt.subplots(1, 2 if tpos in thesis else 1, figsize=(12 if tpos in thesis else 6.5, 4.8),
                                 sharey=True, squeeze=False)
        panels = [("measured", cells)] + ([(f"thesis, position {tpos}", thesis[tpos])] if tpos in thesis else [])
        for ax, (label, data) in zip(axes[0], panels):
            for i, v in enumerate(VERSIONS[1:]):
                depths = sorted(d for (vv, d) in data if vv == v and ("A", d) in data)
                if not depths:
                    continue
                pct = [100.0 * data[(v, d)] / data[("A", d)] for d in depths]
                ax.plot(depths, pct, marker="o", color=colors[i % len(colors)], label=f"{v} / A")
            ax.set_yscale("log")
            ax.set_xlabel("depth (plies)")
            ax.set_title(label)
            ax.grid(True, which="both", alpha=0.3)
        axes[0][0].set_ylabel("nodes, % of version A (log scale)")
        axes[0][-1].legend(fontsize="small")
        fig.suptitle(f"{pos}: nodes of versions B-H relative to A" + (f" (thesis position {tpos})" if tpos else ""))
        fig.tight_layout()
        for ext in ("png", "svg"):
            out = os.path.join(args.dir, f"versions-{pos}.{ext}")
            fig.savefig(out, dpi=120)
            print("wrote", out)
        plt.close(fig)


if __name__ == "__main__":
    main()
