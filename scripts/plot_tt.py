#!/usr/bin/python3
"""Figure 6.3 of the thesis from a results directory: per replacement scheme, the gain (% fewer nodes)
from doubling the transposition table, and the nodes by depth per scheme at each size, with the
thesis's numbers beside ours.

usage: scripts/plot_tt.py results/thesis-tt [--thesis data/thesis/thesis_tt_nodes.csv]
Reads DIR/cells.csv; writes DIR/tt-doubling.png/.svg and DIR/tt-nodes.png/.svg.
"""
import argparse
import csv
import os
from collections import defaultdict

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import figures  # noqa: E402  (scripts/figures.py, beside this file)


def label(entries):
    return f"{entries // 1024}K" if entries % 1024 == 0 else str(entries)


def doubling(data):
    """scheme -> [(size, gain %)] at the deepest depth measured for every size."""
    out = {}
    for scheme, cells in data.items():
        sizes = sorted({e for (_, e) in cells})
        depths = [d for d in sorted({d for (d, _) in cells}) if all((d, e) in cells for e in sizes)]
        if not depths or len(sizes) < 2:
            continue
        d = depths[-1]
        out[scheme] = [(sizes[i], 100.0 * (1 - cells[(d, sizes[i])] / cells[(d, sizes[i - 1])]))
                       for i in range(1, len(sizes)) if sizes[i] == 2 * sizes[i - 1]]
    return out


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--thesis", default=os.path.join(here, "..", "data", "thesis", "thesis_tt_nodes.csv"))
    args = ap.parse_args()

    ours = defaultdict(dict)  # scheme -> {(depth, entries): nodes}
    with open(os.path.join(args.dir, "cells.csv")) as f:
        for row in csv.DictReader(f):
            if any(g.startswith("sweep:") for g in row["groups"].split(";")):
                ours[row["tt_scheme"]][(int(row["depth"]), int(row["tt_entries"]))] = int(row["nodes"])
    thesis = defaultdict(dict)
    with open(args.thesis) as f:
        for row in csv.DictReader(f):
            thesis[row["scheme"]][(int(row["depth"]), int(row["entries"]))] = int(row["nodes"])
    if not ours:
        raise SystemExit(f"{args.dir}/cells.csv holds no TT sweep cells")

    # Gain from doubling the table, per scheme.
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.8), sharey=True)
    for ax, (title, data) in zip(axes, [("measured", ours), ("thesis (position 5)", thesis)]):
        for scheme, points in sorted(doubling(data).items()):
            ax.plot([label(s) for s, _ in points], [g for _, g in points], marker="o", label=scheme)
        ax.axhline(0, color="grey", lw=0.8)
        ax.set_xlabel("table size after doubling (entries)")
        ax.set_title(title)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize="small")
    axes[0].set_ylabel("nodes saved by doubling the table (%), deepest depth")
    fig.suptitle("Gain from doubling the transposition table, per replacement scheme")
    fig.tight_layout()
    figures.save(fig, args.dir, f"tt-doubling")

    # Nodes by depth per scheme, one panel per scheme, one line per size (ours solid, thesis dashed).
    schemes = sorted(ours)
    fig, axes = plt.subplots(1, len(schemes), figsize=(4.5 * len(schemes), 4.5), sharey=True, squeeze=False)
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for ax, scheme in zip(axes[0], schemes):
        sizes = sorted({e for (_, e) in ours[scheme]} | {e for (_, e) in thesis.get(scheme, {})})
        for i, e in enumerate(sizes):
            for data, style, who in [(ours[scheme], "-", "ours"), (thesis.get(scheme, {}), "--", "thesis")]:
                depths = sorted(d for (d, ee) in data if ee == e)
                if depths:
                    ax.plot(depths, [data[(d, e)] for d in depths], style, marker="o", ms=3,
                            color=colors[i % len(colors)], label=f"{label(e)} {who}")
        ax.set_yscale("log")
        ax.set_xlabel("depth (plies)")
        ax.set_title(scheme)
        ax.grid(True, which="both", alpha=0.3)
    axes[0][0].set_ylabel("nodes (log scale)")
    axes[0][-1].legend(fontsize="x-small", ncol=2)
    fig.suptitle("Nodes by depth per replacement scheme and table size (solid: measured, dashed: thesis)")
    fig.tight_layout()
    figures.save(fig, args.dir, f"tt-nodes")


if __name__ == "__main__":
    main()
