#!/usr/bin/python3
"""Issue 14's figure: what each forward-pruning step costs. For every step of a results directory (a version
against its base, as REPORT.md's table "Each pruning step" lists them), Δnodes % on x against Δsolved (positions,
as % of those with a solution) on y, one point per depth, labelled with the depth; Heinz's extended-futility
result (ICCA J. 21(2), 1998: 12-17 % fewer nodes for 0.9-1.8 % fewer ECM positions solved, depths 8-12) drawn
beside ours as the box it spans.

usage: scripts/plot_pruning.py results/pruning-cost [--table]
Reads DIR/summary.json ("pruning_steps", written by `harness run`/`harness report`); writes
DIR/pruning-cost.png/.svg, or with --table prints the points and draws nothing (no matplotlib needed).
"""
import argparse
import json
import os
import sys

HEINZ_NODES = (-17.0, -12.0)   # Δnodes %
HEINZ_SOLVED = (-1.8, -0.9)    # Δsolved, % of the positions


def points(summary):
    """{(version, base, change): [(depth, Δnodes %, Δsolved % or None)]} from summary.json's pruning_steps.

    Δnodes % is the geometric mean of version ÷ base over the positions (nodes_ratio), as REPORT.md decides by it;
    a summary written before it had one gives the summed change."""
    out = {}
    for s in summary.get("pruning_steps", []):
        solved = None
        if s["solvable"]:
            solved = 100.0 * (s["solved_version"] - s["solved_base"]) / s["solvable"]
        if "nodes_ratio" in s:
            dn = 100.0 * (s["nodes_ratio"]["mean"] - 1.0)
        else:
            dn = s["delta_nodes_pct"]
        out.setdefault((s["version"], s["base"], s["change"]), []).append((s["depth"], dn, solved))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--table", action="store_true", help="print the points instead of drawing")
    args = ap.parse_args()
    path = os.path.join(args.dir, "summary.json")
    try:
        with open(path) as f:
            summary = json.load(f)
    except (OSError, ValueError) as e:
        sys.exit(f"{path}: {e}")
    steps = points(summary)
    if not steps:
        sys.exit(f"{path}: no pruning_steps (a set with EPD solutions or an exact_reference writes them)")
    if args.table:
        for (version, base, change), pts in steps.items():
            for depth, dn, ds in pts:
                print(f"{version}\t{base}\t{change}\t{depth}\t{dn:+.1f}\t{'' if ds is None else f'{ds:+.1f}'}")
        return

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import figures  # scripts/figures.py: the common save()

    fig, ax = plt.subplots(figsize=(8, 6))
    ax.add_patch(plt.Rectangle((HEINZ_NODES[0], HEINZ_SOLVED[0]), HEINZ_NODES[1] - HEINZ_NODES[0],
                               HEINZ_SOLVED[1] - HEINZ_SOLVED[0], color="grey", alpha=0.35,
                               label="Heinz 1998, extended futility (ECM, depths 8-12)"))
    for (version, base, change), pts in steps.items():
        pts = [p for p in pts if p[2] is not None]
        if not pts:
            continue
        xs, ys = [p[1] for p in pts], [p[2] for p in pts]
        line, = ax.plot(xs, ys, marker="o", label=f"{version} vs {base} ({change})")
        for depth, x, y in pts:
            ax.annotate(str(depth), (x, y), textcoords="offset points", xytext=(3, 3), fontsize=7, color=line.get_color())
    ax.axhline(0, color="black", linewidth=0.5)
    ax.axvline(0, color="black", linewidth=0.5)
    ax.set_xlabel("Δnodes % (version against its base; labels: depth)")
    ax.set_ylabel("Δsolved, % of the positions with a solution")
    ax.set_title(f"What forward pruning costs: {summary.get('name', '')}")
    ax.legend(fontsize=7)
    figures.save(fig, args.dir, "pruning-cost")


if __name__ == "__main__":
    main()
