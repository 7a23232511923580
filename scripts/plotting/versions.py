"""Versions against a base: each version's nodes as a ratio to the base's, by depth (the thesis's Figures
6.1/6.2 generalised to any set of versions: A-H, a leave-one-out or a factorial design, variants).

The base is the design's base when experiment.json holds a design, else version A when the run has it, else the
experiment's first version. Two figures:
 - versions-mean: per version, the geometric mean over positions of nodes(version) ÷ nodes(base) per depth with
   its 95 % interval as a band, over the positions where both searches completed (n stated in the title);
 - versions-<position>: per position (when the run has at most MAX_POSITIONS of them, or with every_position),
   each version's nodes as % of the base by depth, with the thesis's curve in a panel beside it only where the
   position carries a thesis_position the thesis's data hold, and only for the thesis's versions over base A;
   with more positions, the same panels as small multiples, PANELS_PER_PAGE to a page (versions-positions-1, ...).
A cell stopped by the node budget holds a partial count: where the base was stopped but the version finished,
version ÷ base is an upper bound (hollow, dashed); where the version was stopped the ratio is unknown (left out).
"""
import csv
import os
from collections import defaultdict

from plotting import palette
from plotting.axes import log_note, n_range, scale, suptitled
from plotting.run import NotApplicable, geometric_interval, span

MAX_POSITIONS = 8
PANELS_PER_PAGE = 15  # and the legend in a sixteenth cell
THESIS_VERSIONS = "ABCDEFGH"


def _cells(run):
    out = defaultdict(dict)  # position -> {(version, depth): cell}
    for c in run.cells:
        if "versions" in c["group_list"]:
            out[c["position"]][(c["version"], c["depth"])] = c
    return out


def _order(run, names):
    known = [v for v in run.version_order() if v in names]
    return known + sorted(names - set(known))


def base_of(run, names):
    d = run.design()
    if d and d.get("base") in names:
        return d["base"], f"the {d.get('kind', 'design').replace('_', '-')} design's base"
    if "A" in names:
        return "A", "version A"
    order = _order(run, names)
    return order[0], "the experiment's first version"


def check(run):
    cells = _cells(run)
    names = {v for per in cells.values() for (v, _) in per}
    if len(names) < 2:
        raise NotApplicable("no two versions in the group 'versions' of cells.csv")
    return cells, names


def _position_panel(ax, data, cut, versions, base, colour_of):
    """One position's versions as % of the base by depth (DATA: {(version, depth): nodes}; CUT: the cells the node
    budget stopped); returns (whether some point is an upper bound, the values drawn)."""
    from matplotlib.ticker import MaxNLocator

    any_bound, values = False, []
    for v in versions:
        depths = sorted(d for (vv, d) in data if vv == v and (base, d) in data and (v, d) not in cut
                        and data[(base, d)] > 0)
        if not depths:
            continue
        pct = {d: 100.0 * data[(v, d)] / data[(base, d)] for d in depths}
        values += list(pct.values())
        exact = [d for d in depths if (base, d) not in cut]
        bound = [d for d in depths if (base, d) in cut]
        if exact:
            ax.plot(exact, [pct[d] for d in exact], marker="o", ms=3, color=colour_of(v), label=f"{v} / {base}")
        if bound:
            any_bound = True
            joined = exact[-1:] + bound if exact and exact[-1] < bound[0] else bound
            ax.plot(joined, [pct[d] for d in joined], ls="--", color=colour_of(v))
            ax.plot(bound, [pct[d] for d in bound], ls="none", marker="o", mfc="white", color=colour_of(v))
    ax.set_xlabel("depth (plies)")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.grid(True, which="both", alpha=0.3)
    return any_bound, values


def draw(run, out, save, every_position=False, thesis_path=None, say=None, **_):
    import matplotlib.pyplot as plt
    from matplotlib.ticker import MaxNLocator

    say = say or (lambda text: None)
    cells, names = check(run)
    base, why = base_of(run, names)
    versions = [v for v in _order(run, names) if v != base]
    colour_of = palette.of_run(run).version
    written = []

    # The aggregate: geometric mean over positions, 95 % interval band.
    fig, axes = suptitled(plt, 1, 1, (10, 6.4))
    ax = axes[0][0]
    ns, depths_drawn, ys = [], set(), []
    for v in versions:
        depths = sorted({d for per in cells.values() for (vv, d) in per if vv == v})
        pts = []
        for d in depths:
            ratios = [per[(v, d)]["nodes"] / per[(base, d)]["nodes"] for per in cells.values()
                      if (v, d) in per and (base, d) in per and per[(v, d)]["full_depth"] and per[(base, d)]["full_depth"]
                      and per[(base, d)]["nodes"] > 0]
            g = geometric_interval(ratios)
            if g:
                pts.append((d, *g))
        if not pts:
            say(f"versions-mean: {v} left out: no depth where it and the base {base} both searched to it on a position")
            continue
        ns += [p[4] for p in pts]
        depths_drawn |= {p[0] for p in pts}
        xs = [p[0] for p in pts]
        ys += [p[2] for p in pts] + [p[3] for p in pts]
        ax.plot(xs, [p[1] for p in pts], marker="o", ms=3, color=colour_of(v), label=f"{v} ÷ {base}")
        ax.fill_between(xs, [p[2] for p in pts], [p[3] for p in pts], color=colour_of(v), alpha=0.12, lw=0)
    if not ns:
        plt.close(fig)
        raise NotApplicable(f"no depth where a version and the base {base} both searched to it on a position")
    log = scale(ax, "y", ys + [1.0])
    ax.axhline(1.0, color="grey", lw=0.8, ls=":")
    ax.set_xlabel("depth (plies)")
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_ylabel(f"nodes ÷ nodes of {base}" + log_note(log))
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize="small", ncol=2 if len(versions) > 8 else 1)
    n_text = n_range(ns)
    early = sum(1 for per in cells.values() for c in per.values() if not c["full_depth"])
    ax.set_title(f"geometric mean over the run's {len(cells)} positions, at each depth those where both searched to it "
                 f"({n_text}){f'; {early} cells that ended early left out' if early else ''}, band: 95 % interval",
                 fontsize="small")
    fig.suptitle(f"{run.name}: nodes of each version ÷ {base} ({why}), depths {span(depths_drawn)}")
    written.append(save(fig, out, "versions-mean"))

    if len(cells) > MAX_POSITIONS and not every_position:
        written += _pages(plt, run, cells, versions, base, colour_of, save, out)
        say(f"{len(cells)} positions: drawn as small multiples (versions-positions-*), above {MAX_POSITIONS} "
            f"positions; --each-position draws a figure per position with the thesis's curve beside")
        return written
    thesis = defaultdict(dict)
    if thesis_path and base == "A" and os.path.exists(thesis_path):
        with open(thesis_path, newline="") as f:
            for row in csv.DictReader(f):
                thesis[row["thesis_position"]][(row["version"], int(row["depth"]))] = int(row["nodes"])
    for pos, per in sorted(cells.items()):
        tpos = next(iter(per.values())).get("thesis_position") or ""
        beside = tpos in thesis
        fig, axes = suptitled(plt, 1, 2 if beside else 1, (12 if beside else 6.5, 5.2), sharey=True)
        measured = {k: c["nodes"] for k, c in per.items()}
        stopped = {k for k, c in per.items() if not c["full_depth"]}
        panels = [("measured", measured, stopped)]
        if beside:
            panels.append((f"thesis, position {tpos}", thesis[tpos], set()))
        any_bound, values = False, []
        for ax, (label, data, cut) in zip(axes[0], panels):
            bound, vals = _position_panel(ax, data, cut, versions, base, colour_of)
            any_bound |= bound
            values += vals
            ax.set_title(label)
        log = is_log(axes[0], values)
        axes[0][0].set_ylabel(f"nodes, % of {base}" + log_note(log))
        handles, labels = [], []
        for ax in axes[0]:
            for h, text in zip(*ax.get_legend_handles_labels()):
                if text not in labels:
                    handles.append(h)
                    labels.append(text)
        if any_bound:  # said in the legend: a second title line ran into the next panel's title
            from matplotlib.lines import Line2D

            handles.append(Line2D([], [], ls="--", marker="o", mfc="white", color="grey"))
            labels.append(f"hollow, dashed: an upper bound\n({base} stopped by the node budget)")
        axes[0][-1].legend(handles, labels, fontsize="x-small", ncol=2 if len(versions) > 8 else 1)
        fig.suptitle(f"{pos}: nodes of each version relative to {base}, by depth (this position only)"
                     + (f", thesis position {tpos}" if tpos else ""))
        written.append(save(fig, out, f"versions-{pos}"))
    return written


def is_log(axes_row, values):
    """One scale for panels that share their y axis: log when the values span a doubling or more."""
    log = False
    for ax in axes_row:
        log = scale(ax, "y", values)
    return log


def _pages(plt, run, cells, versions, base, colour_of, save, out):
    """Every position's panel (measured only), PANELS_PER_PAGE to a page."""
    import math

    positions = sorted(cells)
    pages = math.ceil(len(positions) / PANELS_PER_PAGE)
    written = []
    for k in range(pages):
        page = positions[k * PANELS_PER_PAGE:(k + 1) * PANELS_PER_PAGE]
        cols = min(4, len(page) + 1)
        rows = math.ceil((len(page) + 1) / cols)
        fig, axes = suptitled(plt, rows, cols, (4.2 * cols, 3.4 * rows + 1.0))
        handles, labels = [], []
        for n, ax in enumerate(axes.flat):
            if n >= len(page):
                ax.axis("off")
                continue
            per = cells[page[n]]
            data = {key: c["nodes"] for key, c in per.items()}
            stopped = {key for key, c in per.items() if not c["full_depth"]}
            _, values = _position_panel(ax, data, stopped, versions, base, colour_of)
            log = scale(ax, "y", values)
            ax.set_title(page[n], fontsize="small")
            if n % cols == 0:
                ax.set_ylabel(f"% of {base}" + log_note(log))
            h, lab = ax.get_legend_handles_labels()
            for one, text in zip(h, lab):
                if text not in labels:
                    handles.append(one)
                    labels.append(text)
        order = {f"{v} / {base}": i for i, v in enumerate(versions)}
        legend = sorted(zip(labels, handles), key=lambda lh: order.get(lh[0], len(order)))
        axes.flat[len(page)].legend([h for _, h in legend], [t for t, _ in legend], loc="upper left", fontsize="x-small",
                                    ncol=2 if len(labels) > 12 else 1)
        fig.suptitle(f"{run.name}: nodes of each version as % of {base} by depth, positions "
                     f"{k * PANELS_PER_PAGE + 1}–{k * PANELS_PER_PAGE + len(page)} of {len(positions)} "
                     f"(page {k + 1} of {pages}; hollow, dashed: an upper bound, {base} stopped by the node budget)",
                     wrap=True)
        written.append(save(fig, out, f"versions-positions-{k + 1}"))
    return written
