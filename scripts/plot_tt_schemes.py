#!/usr/bin/python3
"""Issue 13's figures from a results directory whose experiment has an unlimited-table reference sweep
(configs/tt-schemes.json): the numbers are the ones `harness report` computed into DIR/summary.json
("tt_study"); nothing is recomputed here.

usage: scripts/plot_tt_schemes.py results/tt-schemes
Writes DIR/tt-schemes-load.png/.svg: nodes relative to the unlimited table against the load (log-log), one
line per scheme through the geometric means of the load bands with their 95 % intervals over positions, the
cells as dots; and DIR/tt-schemes-doubling.png/.svg: the gain per doubling of the table (the thesis's
Figure 6.3) by load band, per scheme, with 95 % intervals. A band is drawn only where it holds at least
MIN_POSITIONS positions (a t interval over 2 positions spans hundreds of per cent); the tables of REPORT.md
list every band.
"""
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import figures  # noqa: E402  (scripts/figures.py, beside this file)

MIN_POSITIONS = 5
BANDS = ["< 0.25", "0.25–1", "1–4", "4–16", "16–64", ">= 64"]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    directory = sys.argv[1]
    study = figures.summary_section(directory, "tt_study", "plot_tt_schemes.py", "the experiment has no reference sweep")
    schemes = []
    for r in study["by_load"]:
        if r["scheme"] not in schemes:
            schemes.append(r["scheme"])
    colours = plt.get_cmap("tab20")(range(len(schemes)))

    fig, ax = plt.subplots(figsize=(9, 6))
    for i, s in enumerate(schemes):
        pts = [p for p in study["points"] if p["scheme"] == s]
        ax.scatter([p["load"] for p in pts], [p["nodes"] / p["reference_nodes"] for p in pts], s=4, alpha=0.25,
                   color=colours[i])
        rows = sorted((r for r in study["by_load"] if r["scheme"] == s and r["n"] >= MIN_POSITIONS), key=lambda r: r["median_load"])
        x = [r["median_load"] for r in rows]
        y = [r["mean"] for r in rows]
        err = [[r["mean"] - r["low"] for r in rows], [r["high"] - r["mean"] for r in rows]]
        ax.errorbar(x, y, yerr=err, marker="o", ms=4, capsize=3, lw=1.2, color=colours[i], label=s)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.axhline(1.0, color="grey", lw=0.8, ls=":")
    ax.axvline(1.0, color="grey", lw=0.8, ls=":")
    ax.set_xlabel("load: positions the search stores (unlimited table) per slot of the table")
    ax.set_ylabel("nodes ÷ nodes with the unlimited table")
    ax.set_title(f"Replacement schemes on {study['positions']} positions: geometric mean by load band, 95 % interval")
    ax.legend(fontsize=8, ncol=2)
    fig.tight_layout()
    figures.save(fig, directory, "tt-schemes-load")

    fig, ax = plt.subplots(figsize=(9, 5))
    bands = [b for b in BANDS if any(r["group"] == b and r["n"] >= MIN_POSITIONS for r in study["doubling_by_load"])]
    width = 0.8 / max(1, len(schemes))
    for i, s in enumerate(schemes):
        rows = {r["group"]: r for r in study["doubling_by_load"] if r["scheme"] == s and r["n"] >= MIN_POSITIONS}
        xs = [k + (i - len(schemes) / 2) * width for k, b in enumerate(bands) if b in rows]
        gain = [100 * (1 - rows[b]["mean"]) for b in bands if b in rows]
        lo = [100 * (1 - rows[b]["high"]) for b in bands if b in rows]
        hi = [100 * (1 - rows[b]["low"]) for b in bands if b in rows]
        ax.bar(xs, gain, width=width, color=colours[i], label=s,
               yerr=[[g - l for g, l in zip(gain, lo)], [h - g for g, h in zip(gain, hi)]], capsize=2,
               error_kw={"lw": 0.8})
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xticks(range(len(bands)))
    ax.set_xticklabels([f"load {b}" for b in bands])
    ax.set_ylabel("% fewer nodes per doubling of the table")
    ax.set_title(f"Gain per doubling (the thesis's Figure 6.3) by the load of the smaller table (bands of >= {MIN_POSITIONS} positions)")
    ax.legend(fontsize=8, ncol=3)
    fig.tight_layout()
    figures.save(fig, directory, "tt-schemes-doubling")


if __name__ == "__main__":
    main()
