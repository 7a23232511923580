#!/usr/bin/python3
"""Issue 12's figures from a results directory whose versions name search drivers (configs/drivers.json): the
numbers are the ones `harness report` computed into DIR/summary.json ("drivers"); nothing is recomputed here.

usage: scripts/plot_drivers.py results/drivers
Writes DIR/drivers-nodes.png/.svg and DIR/drivers-leaves.png/.svg: nodes (leaves) of each driver as a ratio to
NegaScout per depth, geometric means over positions with their 95 % intervals (log scale); and
DIR/drivers-minimal.png/.svg: the last iteration's nodes of versions A-H as a multiple of the minimal tree per
depth, with Ebeling's 1.5x drawn for reference.
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import figures  # noqa: E402  (scripts/figures.py, beside this file)

THESIS_VERSIONS = ["A", "B", "C", "D", "E", "F", "G", "H"]


def lines(ax, rows, key, versions, colours):
    """One line per version through (depth, mean) with its 95 % interval as error bars."""
    for i, v in enumerate(versions):
        pts = sorted((r for r in rows if r["version"] == v and r[key]["n"] > 0), key=lambda r: r["depth"])
        if not pts:
            continue
        x = [r["depth"] + (i - len(versions) / 2) * 0.02 for r in pts]
        y = [r[key]["mean"] for r in pts]
        err = [[r[key]["mean"] - r[key]["low"] for r in pts], [r[key]["high"] - r[key]["mean"] for r in pts]]
        ax.errorbar(x, y, yerr=err, marker="o", ms=3, capsize=2, lw=1.1, color=colours[i], label=v)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    directory = sys.argv[1]
    study = figures.summary_section(directory, "drivers", "plot_drivers.py", "no version names a driver")
    reference = study["roles"]["negascout"]
    drivers = []
    for r in study["to_negascout"]:
        if r["version"] not in drivers and r["version"] not in THESIS_VERSIONS:
            drivers.append(r["version"])
    colours = plt.get_cmap("tab20")(range(max(len(drivers), len(THESIS_VERSIONS))))

    for key in ("nodes", "leaves"):
        fig, ax = plt.subplots(figsize=(9, 6))
        lines(ax, study["to_negascout"], key, drivers, colours)
        ax.set_yscale("log")
        ax.axhline(1.0, color="grey", lw=0.8, ls=":")
        ax.set_xlabel("depth (plies)")
        ax.set_ylabel(f"{key} ÷ {key} of {reference}")
        ax.set_title(f"Search drivers: {key} as a ratio to NegaScout, geometric mean over positions, 95 % interval")
        ax.legend(fontsize=8, ncol=2)
        fig.tight_layout()
        figures.save(fig, directory, f"drivers-{key}")

    fig, ax = plt.subplots(figsize=(9, 6))
    present = [v for v in THESIS_VERSIONS if any(r["version"] == v for r in study["to_minimal"])]
    lines(ax, study["to_minimal"], "nodes", present, colours)
    ax.set_yscale("log")
    ax.axhline(1.0, color="grey", lw=0.8, ls=":")
    ax.axhline(1.5, color="black", lw=0.8, ls="--", label="1.5x (Ebeling 1987)")
    ax.set_xlabel("depth (plies)")
    ax.set_ylabel("last-iteration nodes ÷ minimal tree")
    ax.set_title("Versions A-H as a multiple of the minimal tree, geometric mean over positions, 95 % interval")
    ax.legend(fontsize=8, ncol=2)
    fig.tight_layout()
    figures.save(fig, directory, "drivers-minimal")


if __name__ == "__main__":
    main()
