"""Replacement schemes against an unlimited table (summary.json "tt_study", written by `harness report` for an
experiment with an unlimited-table reference sweep, configs/tt-schemes.json); nothing is recomputed here.

 - tt-schemes-load: nodes ÷ nodes with the unlimited table against the load (log-log), one line per scheme through
   the geometric means of the load bands with their 95 % intervals over positions, the cells as dots;
 - tt-schemes-doubling: the gain per doubling of the table (the thesis's Figure 6.3) by load band, per scheme.
A band is drawn only where it holds at least MIN_POSITIONS positions (a t interval over 2 positions spans hundreds
of per cent); REPORT.md's tables list every band.
"""
from plotting import palette
from plotting.axes import finish, log_note, scale
from plotting.run import NotApplicable

MIN_POSITIONS = 5
BANDS = ["< 0.25", "0.25–1", "1–4", "4–16", "16–64", ">= 64"]


def check(run):
    study = run.summary.get("tt_study")
    if not study or not study.get("by_load"):
        raise NotApplicable("summary.json has no tt_study (the experiment has no unlimited-table reference sweep)")
    return study


def draw(run, out, save, say=None, **_):
    import matplotlib.pyplot as plt

    say = say or (lambda text: None)
    study = check(run)
    schemes = []
    for r in study["by_load"]:
        if r["scheme"] not in schemes:
            schemes.append(r["scheme"])
    colour_of = palette.of_run(run).scheme
    written = []

    fig, ax = plt.subplots(figsize=(9, 6))
    xs, ys = [], []
    for s in schemes:
        pts = [p for p in study.get("points", []) if p["scheme"] == s]
        xs += [p["load"] for p in pts]
        ys += [p["nodes"] / p["reference_nodes"] for p in pts]
        ax.scatter([p["load"] for p in pts], [p["nodes"] / p["reference_nodes"] for p in pts], s=4, alpha=0.25,
                   color=colour_of(s))
        rows = sorted((r for r in study["by_load"] if r["scheme"] == s and r["n"] >= MIN_POSITIONS),
                      key=lambda r: r["median_load"])
        err = [[r["mean"] - r["low"] for r in rows], [r["high"] - r["mean"] for r in rows]]
        ax.errorbar([r["median_load"] for r in rows], [r["mean"] for r in rows], yerr=err, marker="o", ms=4,
                    capsize=3, lw=1.2, color=colour_of(s), label=s)
    xlog, ylog = scale(ax, "x", xs), scale(ax, "y", ys)
    ax.axhline(1.0, color="grey", lw=0.8, ls=":")
    ax.axvline(1.0, color="grey", lw=0.8, ls=":")
    written.append(finish(fig, ax, save, out, "tt-schemes-load",
                          "load: positions the search stores (unlimited table) per slot of the table" + log_note(xlog),
                          "nodes ÷ nodes with the unlimited table" + log_note(ylog),
                          f"Replacement schemes on {study['positions']} positions: geometric mean by load band "
                          f"(bands of >= {MIN_POSITIONS} positions), 95 % interval", ncol=2))

    doubling = study.get("doubling_by_load", [])
    bands = [b for b in BANDS if any(r["group"] == b and r["n"] >= MIN_POSITIONS for r in doubling)]
    if not bands:
        say(f"tt-schemes-doubling: left out: no load band holds {MIN_POSITIONS} positions or more")
        return written
    fig, ax = plt.subplots(figsize=(9, 5))
    width = 0.8 / max(1, len(schemes))
    for i, s in enumerate(schemes):
        rows = {r["group"]: r for r in doubling if r["scheme"] == s and r["n"] >= MIN_POSITIONS}
        xs = [k + (i - len(schemes) / 2) * width for k, b in enumerate(bands) if b in rows]
        gain = [100 * (1 - rows[b]["mean"]) for b in bands if b in rows]
        lo = [100 * (1 - rows[b]["high"]) for b in bands if b in rows]
        hi = [100 * (1 - rows[b]["low"]) for b in bands if b in rows]
        ax.bar(xs, gain, width=width, color=colour_of(s), label=s,
               yerr=[[g - l for g, l in zip(gain, lo)], [h - g for g, h in zip(gain, hi)]], capsize=2,
               error_kw={"lw": 0.8})
    ax.axhline(0, color="grey", lw=0.8)
    ax.set_xticks(range(len(bands)))
    ax.set_xticklabels([f"load {b}" for b in bands])
    written.append(finish(fig, ax, save, out, "tt-schemes-doubling", None, "% fewer nodes per doubling of the table",
                          f"Gain per doubling (the thesis's Figure 6.3) by the load of the smaller table: geometric "
                          f"mean over positions, 95 % interval (bands of >= {MIN_POSITIONS} positions)",
                          title_size="small", ncol=3))
    return written
