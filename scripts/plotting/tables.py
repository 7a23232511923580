"""Table sizes and replacement schemes: the cells of a sweep over transposition-table sizes (groups "sweep:*").

A sweep sized in entries (`tt_entries`, as the thesis counts them) is drawn against entries; a sweep sized in
memory (`tt_bytes`, equal memory: each scheme gets the entries that fit) against bytes, from cells.csv's tt_bytes
column, so that the schemes given the same memory sit at the same x. A run holding both draws each on its own.

 - tt-entries (tt-bytes): nodes against the size, one line per scheme, each position at its deepest depth that every
   scheme searched with two sizes or more. Up to MAX_POSITIONS positions: one figure, a panel each. More: an
   aggregate (tt-entries-mean: the geometric mean over the positions of nodes ÷ the position's nodes with the first
   scheme's largest size, with its 95 % interval as a band) and the positions as small multiples, PANELS_PER_PAGE
   to a page (tt-entries-positions-1, -2, ...);
 - tt-doubling (tt-doubling-bytes): the thesis's Figure 6.3, the % fewer nodes per doubling of the table against
   the larger size, per scheme: the geometric mean over the positions (each at that depth) of the per-doubling
   ratio, with its 95 % interval. Sizes that step by more than 2x count as several doublings:
   (n_big / n_small)^(1 / log2 step); the x label says what a step was.
The thesis's curves (data/thesis/thesis_tt_nodes.csv: version D on its position 5, in entries) are drawn beside
ours only when the run holds that position (a cell whose thesis_position is 5) in a sweep sized in entries.
"""
import csv
import math
import os
from collections import defaultdict

from plotting import palette
from plotting.axes import bytes_label, log_note, n_range, scale, suptitled
from plotting.run import NotApplicable, geometric_interval, span

MAX_POSITIONS = 6
PANELS_PER_PAGE = 16
THESIS_POSITION = "5"
# What each unit of size is called, and its figures' stems.
UNITS = {"entries": {"name": "table entries", "sizes": "tt-entries", "doubling": "tt-doubling"},
         "bytes": {"name": "table memory", "sizes": "tt-bytes", "doubling": "tt-doubling-bytes"}}


def label(entries):
    entries = int(round(entries))
    return f"{entries // 1024}K" if entries >= 1024 and entries % 1024 == 0 else str(entries)


def size_axis(ax, unit, sizes):
    """The x axis of sizes: log base 2 when they span a doubling or more, labelled as entries (1K) or bytes (16 KiB)."""
    from matplotlib.ticker import FuncFormatter

    scale(ax, "x", sizes, base=2)
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: bytes_label(x) if unit == "bytes" else label(x)))


def _bytes_sweeps(run):
    """The names of the experiment's sweeps sized in bytes (experiment.json), or None without experiment.json."""
    sweeps = run.experiment.get("experiment", {}).get("sweeps")
    if sweeps is None:
        return None
    return {s.get("name") for s in sweeps if s.get("tt_bytes")}


def _sweep(run):
    """({unit: {position: {scheme: {(depth, size): nodes}}}}, {position: thesis_position}, cells left out)."""
    out = {u: defaultdict(lambda: defaultdict(dict)) for u in UNITS}
    tpos, stopped = {}, 0
    by_bytes = _bytes_sweeps(run)
    for c in run.cells:
        names = [g[len("sweep:"):] for g in c["group_list"] if g.startswith("sweep:")]
        if not names or not c.get("tt_entries"):
            continue
        if not c["full_depth"]:  # ended before its depth: a mate or a limit (depth_end.h)
            stopped += 1
            continue
        for name in names:
            in_bytes = bool(c.get("tt_bytes")) and (by_bytes is None or name in by_bytes)
            unit, size = ("bytes", int(c["tt_bytes"])) if in_bytes else ("entries", int(c["tt_entries"]))
            out[unit][c["position"]][c["tt_scheme"]][(c["depth"], size)] = c["nodes"]
        tpos[c["position"]] = c.get("thesis_position") or ""
    return out, tpos, stopped


def deepest_depth(schemes):
    """The deepest depth at which every scheme has at least two sizes, or None."""
    common = None
    for data in schemes.values():
        sizes = defaultdict(set)
        for d, e in data:
            sizes[d].add(e)
        ok = {d for d, s in sizes.items() if len(s) >= 2}
        common = ok if common is None else common & ok
    return max(common) if common else None


def doubling_ratios(data, depth):
    """[(larger size, per-doubling ratio)] between consecutive sizes of one scheme at one depth."""
    sizes = sorted(e for d, e in data if d == depth)
    return [(b, (data[(depth, b)] / data[(depth, a)]) ** (1 / math.log2(b / a)))
            for a, b in zip(sizes, sizes[1:]) if data[(depth, a)] > 0]


def steps_text(units):
    """What one step between consecutive sizes was, from the sizes drawn: "×2, one doubling", "×4, 2 doublings",
    "×2 to ×4"."""
    steps = set()
    for data, depth in units:
        for s in data.values():
            sizes = sorted(e for d, e in s if d == depth)
            steps |= {round(b / a, 2) for a, b in zip(sizes, sizes[1:])}
    if not steps:
        return "no step"
    lo, hi = min(steps), max(steps)
    text = (lambda x: f"×{x:g}")
    if lo == hi:
        return "×2, one doubling" if lo == 2 else f"{text(lo)}, {math.log2(lo):.3g} doublings"
    return f"{text(lo)} to {text(hi)}"


def check(run):
    sweep, tpos, _ = _sweep(run)
    chosen = {}
    for unit, per in sweep.items():
        c = {p: deepest_depth(s) for p, s in per.items()}
        c = {p: d for p, d in c.items() if d is not None}
        if c:
            chosen[unit] = c
    if not chosen:
        raise NotApplicable("no sweep over table sizes (cells of a 'sweep:' group with two sizes or more at a depth)")
    return sweep, tpos, chosen


def _thesis(path):
    data = defaultdict(dict)
    if path and os.path.exists(path):
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                data[row["scheme"]][(int(row["depth"]), int(row["entries"]))] = int(row["nodes"])
    return data


def _nodes_panel(ax, data, depth, unit, colour_of, title):
    """One position's (or the thesis's) nodes against the size per scheme."""
    sizes_drawn, nodes = [], []
    for s in [s for s in palette.SCHEME_COLOURS if s in data] + sorted(set(data) - set(palette.SCHEME_COLOURS)):
        sizes = sorted(e for d, e in data[s] if d == depth)
        if len(sizes) >= 2:
            ys = [data[s][(depth, e)] for e in sizes]
            ax.plot(sizes, ys, marker="o", ms=3, color=colour_of(s), label=s)
            sizes_drawn += sizes
            nodes += ys
    size_axis(ax, unit, sizes_drawn)
    log = scale(ax, "y", nodes)
    ax.set_xlabel(UNITS[unit]["name"])
    ax.set_title(title, fontsize="medium")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize="x-small", ncol=2)
    return log


def _panels_figure(plt, run, panels, unit, colour_of, title, save, out, stem):
    cols = min(4 if len(panels) > 9 else 3, len(panels))
    rows = math.ceil(len(panels) / cols)
    fig, axes = suptitled(plt, rows, cols, (5.0 * cols, 4.0 * rows + 0.6))
    logs = []
    for k, ax in enumerate(axes.flat):
        if k >= len(panels):
            ax.axis("off")
            continue
        ptitle, data, depth = panels[k]
        logs.append(_nodes_panel(ax, data, depth, unit, colour_of, ptitle))
    for r in range(rows):
        axes[r][0].set_ylabel("nodes" + log_note(logs[min(r * cols, len(logs) - 1)]))
    fig.suptitle(title)
    return save(fig, out, stem)


def _aggregate(plt, run, unit, sweep, chosen, schemes, colour_of, save, out, stem):
    """nodes ÷ the position's nodes with the reference scheme's largest size, geometric mean over positions."""
    reference = next(s for s in schemes if any(s in sweep[p] for p in chosen))
    fig, axes = suptitled(plt, 1, 1, (9, 6))
    ax = axes[0][0]
    ns, sizes_drawn, ys = [], [], []
    for s in schemes:
        per_size = defaultdict(list)
        for p, depth in chosen.items():
            ref = sweep[p].get(reference, {})
            ref_sizes = sorted(e for d, e in ref if d == depth)
            if s not in sweep[p] or not ref_sizes or ref[(depth, ref_sizes[-1])] <= 0:
                continue
            base = ref[(depth, ref_sizes[-1])]
            for (d, e), nodes in sweep[p][s].items():
                if d == depth:
                    per_size[e].append(nodes / base)
        pts = [(e, geometric_interval(rs)) for e, rs in sorted(per_size.items())]
        pts = [(e, g) for e, g in pts if g]
        if len(pts) < 2:
            continue
        ns += [g[3] for _, g in pts]
        xs = [e for e, _ in pts]
        sizes_drawn += xs
        ys += [g[1] for _, g in pts] + [g[2] for _, g in pts]
        ax.plot(xs, [g[0] for _, g in pts], marker="o", ms=3, color=colour_of(s), label=s)
        ax.fill_between(xs, [g[1] for _, g in pts], [g[2] for _, g in pts], color=colour_of(s), alpha=0.12, lw=0)
    size_axis(ax, unit, sizes_drawn)
    log = scale(ax, "y", ys)
    ax.axhline(1.0, color="grey", lw=0.8, ls=":")
    ax.set_xlabel(UNITS[unit]["name"])
    ax.set_ylabel(f"nodes ÷ the position's nodes with {reference} at its largest size" + log_note(log))
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize="x-small", ncol=2)
    ax.set_title(f"geometric mean over {len(chosen)} positions ({n_range(ns or [0])} per point), band: 95 % interval; "
                 f"each position at its deepest depth with every scheme at two sizes ({span(chosen.values())})",
                 fontsize="small", wrap=True)
    fig.suptitle(f"{run.name}: nodes against {UNITS[unit]['name']} per replacement scheme, all positions")
    return save(fig, out, stem)


def _doubling(plt, run, unit, sweep, chosen, schemes, thesis, thesis_depth, colour_of, save, out):
    positions = sorted(chosen)
    panels = [("measured", {p: (sweep[p], chosen[p]) for p in positions})]
    if thesis_depth:
        panels.append((f"thesis, position {THESIS_POSITION}", {"thesis": (thesis, thesis_depth)}))
    fig, axes = suptitled(plt, 1, len(panels), (7 * len(panels) + 2 * (len(panels) == 1), 5.4), sharey=True)
    for ax, (title, units) in zip(axes[0], panels):
        ns, xs_all = [], []
        for s in schemes:
            per_size = defaultdict(list)
            for data, depth in units.values():
                if s in data:
                    for e, r in doubling_ratios(data[s], depth):
                        per_size[e].append(r)
            pts = [(e, geometric_interval(rs)) for e, rs in sorted(per_size.items())]
            pts = [(e, g) for e, g in pts if g]
            if not pts:
                continue
            ns += [g[3] for _, g in pts]
            xs = [e for e, _ in pts]
            xs_all += xs
            ax.plot(xs, [100 * (1 - g[0]) for _, g in pts], marker="o", ms=3, color=colour_of(s), label=s)
            if any(g[3] > 1 for _, g in pts):
                ax.fill_between(xs, [100 * (1 - g[2]) for _, g in pts], [100 * (1 - g[1]) for _, g in pts],
                                color=colour_of(s), alpha=0.12, lw=0)
        ax.axhline(0, color="grey", lw=0.8)
        size_axis(ax, unit, xs_all)
        ax.set_xlabel(f"{UNITS[unit]['name']}, the larger of each step (a step: {steps_text(units.values())})")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize="x-small", ncol=2)
        if title == "measured":
            depths = span(chosen.values())
            n_text = n_range(ns or [0], "")
            title = (f"measured: {positions[0]} at depth {chosen[positions[0]]}" if len(positions) == 1 else
                     f"measured: geometric mean over {len(positions)} positions ({n_text} per point), band: 95 % "
                     f"interval\n(each position at its deepest depth with every scheme at two sizes: {depths})")
        else:
            title += f" at depth {thesis_depth}"
        ax.set_title(title, fontsize="small")
    axes[0][0].set_ylabel("% fewer nodes per doubling of the table")
    by = "memory" if unit == "bytes" else "entries"
    fig.suptitle(f"{run.name}: gain from doubling the transposition table ({by}), per replacement scheme")
    return save(fig, out, UNITS[unit]["doubling"])


def draw(run, out, save, every_position=False, thesis_path=None, say=None, **_):
    import matplotlib.pyplot as plt

    say = say or (lambda text: None)
    sweep_all, tpos, chosen_all = check(run)
    _, _, stopped = _sweep(run)
    if stopped:
        say(f"{stopped} sweep cells that ended before their depth (a mate or a limit) are left out of the curves")
    colours = palette.of_run(run)
    written = []
    for unit, chosen in chosen_all.items():
        sweep = sweep_all[unit]
        left = sorted(set(sweep) - set(chosen))
        if left:
            say(f"{UNITS[unit]['sizes']}: {len(left)} position(s) left out, no depth where every scheme has two sizes: "
                + ", ".join(left[:5]) + (", ..." if len(left) > 5 else ""))
        in_run = sorted({s for p in chosen for s in sweep[p]})
        thesis = _thesis(thesis_path) if unit == "entries" and THESIS_POSITION in [tpos[p] for p in chosen] else {}
        thesis_depth = deepest_depth(thesis) if thesis else None
        schemes = [s for s in palette.SCHEME_COLOURS if s in in_run or s in thesis] + \
            sorted((set(in_run) | set(thesis)) - set(palette.SCHEME_COLOURS))
        stem = UNITS[unit]["sizes"]
        positions = sorted(chosen)
        panels = [(f"{p} at depth {chosen[p]}" + (f" (thesis position {tpos[p]})" if tpos[p] else ""), sweep[p],
                   chosen[p]) for p in positions]
        if thesis_depth:
            panels.append((f"thesis, position {THESIS_POSITION} at depth {thesis_depth}", thesis, thesis_depth))
        what = f"nodes against {UNITS[unit]['name']} per replacement scheme"
        if len(positions) <= MAX_POSITIONS:
            written.append(_panels_figure(plt, run, panels, unit, colours.scheme,
                                          f"{run.name}: {what}, each position on its own", save, out, stem))
        else:
            written.append(_aggregate(plt, run, unit, sweep, chosen, schemes, colours.scheme, save, out, stem + "-mean"))
            pages = math.ceil(len(panels) / PANELS_PER_PAGE)
            for k in range(pages):
                page = panels[k * PANELS_PER_PAGE:(k + 1) * PANELS_PER_PAGE]
                written.append(_panels_figure(plt, run, page, unit, colours.scheme,
                                              f"{run.name}: {what}, panels {k * PANELS_PER_PAGE + 1}–"
                                              f"{k * PANELS_PER_PAGE + len(page)} of {len(panels)} (page {k + 1} of "
                                              f"{pages})", save, out, f"{stem}-positions-{k + 1}"))
        written.append(_doubling(plt, run, unit, sweep, chosen, schemes, thesis, thesis_depth, colours.scheme, save,
                                 out))
    return written
