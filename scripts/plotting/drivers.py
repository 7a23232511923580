"""Search drivers (summary.json "drivers", written by `harness report` when versions name drivers,
configs/drivers.json); nothing is recomputed here.

 - drivers-nodes, drivers-leaves: nodes (leaves) of each driver as a ratio to NegaScout per depth, geometric means
   over positions with their 95 % intervals (log scale);
 - drivers-minimal: the last iteration's nodes of versions A-H as a multiple of the minimal tree per depth, with
   Ebeling's 1.5x drawn for reference.
"""
from plotting import palette
from plotting.axes import finish, log_note, n_range, scale
from plotting.run import NotApplicable, span

THESIS_VERSIONS = ["A", "B", "C", "D", "E", "F", "G", "H"]


def check(run):
    study = run.summary.get("drivers")
    if not study or not study.get("to_negascout"):
        raise NotApplicable("summary.json has no drivers study (no version names a search driver)")
    return study


def _lines(ax, rows, key, versions, colour_of, values=None):
    """One line per version through (depth, mean) with its 95 % interval as error bars; the n drawn (and into
    VALUES the interval ends)."""
    ns = []
    for i, v in enumerate(versions):
        pts = sorted((r for r in rows if r["version"] == v and r[key]["n"] > 0), key=lambda r: r["depth"])
        if not pts:
            continue
        ns += [r[key]["n"] for r in pts]
        if values is not None:
            values += [r[key]["low"] for r in pts] + [r[key]["high"] for r in pts]
        x = [r["depth"] + (i - len(versions) / 2) * 0.02 for r in pts]
        y = [r[key]["mean"] for r in pts]
        err = [[r[key]["mean"] - r[key]["low"] for r in pts], [r[key]["high"] - r[key]["mean"] for r in pts]]
        ax.errorbar(x, y, yerr=err, marker="o", ms=3, capsize=2, lw=1.1, color=colour_of(v), label=v)
    return ns


def draw(run, out, save, say=None, **_):
    import matplotlib.pyplot as plt

    say = say or (lambda text: None)
    study = check(run)
    reference = study.get("roles", {}).get("negascout", "negascout")
    drivers = []
    for r in study["to_negascout"]:
        if r["version"] not in drivers and r["version"] not in THESIS_VERSIONS:
            drivers.append(r["version"])
    colour_of = palette.of_run(run).version
    written = []
    for key in ("nodes", "leaves"):
        fig, ax = plt.subplots(figsize=(9, 6))
        values = [1.0]
        ns = _lines(ax, study["to_negascout"], key, drivers, colour_of, values)
        if not ns:
            plt.close(fig)
            say(f"drivers-{key}: left out: no driver has a {key} ratio with a position")
            continue
        depths = span(r["depth"] for r in study["to_negascout"] if r[key]["n"] > 0)
        log = scale(ax, "y", values)
        ax.axhline(1.0, color="grey", lw=0.8, ls=":")
        written.append(finish(fig, ax, save, out, f"drivers-{key}", "depth (plies)",
                              f"{key} ÷ {key} of {reference}" + log_note(log),
                              f"Search drivers: {key} as a ratio to NegaScout, depths {depths}\ngeometric mean over "
                              f"positions ({n_range(ns)}), 95 % interval", ncol=2))

    rows = study.get("to_minimal", [])
    present = [v for v in THESIS_VERSIONS if any(r["version"] == v for r in rows)]
    if not present:
        say("drivers-minimal: left out: the study holds no version A-H against the minimal tree")
    else:
        fig, ax = plt.subplots(figsize=(9, 6))
        values = [1.0, 1.5]
        ns = _lines(ax, rows, "nodes", present, colour_of, values)
        log = scale(ax, "y", values)
        ax.axhline(1.0, color="grey", lw=0.8, ls=":")
        ax.axhline(1.5, color="black", lw=0.8, ls="--", label="1.5x (Ebeling 1987)")
        written.append(finish(fig, ax, save, out, "drivers-minimal", "depth (plies)",
                              "last-iteration nodes ÷ minimal tree" + log_note(log),
                              f"Versions A-H as a multiple of the minimal tree, depths {span(r['depth'] for r in rows)}"
                              f"\ngeometric mean over positions ({n_range(ns or [0])}), 95 % interval", ncol=2))
    if not written:
        raise NotApplicable("the drivers study holds no ratio with a position")
    return written
