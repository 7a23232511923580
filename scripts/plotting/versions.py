"""Versions against a base: each version's nodes as a ratio to the base's, by depth (the thesis's Figures
6.1/6.2 generalised to any set of versions: A-H, a leave-one-out or a factorial design, variants).

The base is the design's base when experiment.json holds a design, else version A when the run has it, else the
experiment's first version. Two figures:
 - versions-mean: per version, the geometric mean over positions of nodes(version) ÷ nodes(base) per depth with
   its 95 % interval as a band, over the positions where both searches completed (n stated in the title);
 - versions-<position>: per position (when the run has at most MAX_POSITIONS of them, or with every_position),
   each version's nodes as % of the base by depth, with the thesis's curve in a panel beside it only where the
   position carries a thesis_position the thesis's data hold, and only for the thesis's versions over base A.
A cell stopped by the node budget holds a partial count: where the base was stopped but the version finished,
version ÷ base is an upper bound (hollow, dashed); where the version was stopped the ratio is unknown (left out).
"""
import csv
import os
from collections import defaultdict

from plotting.axes import n_range
from plotting.run import NotApplicable, geometric_interval, span

MAX_POSITIONS = 8
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


def draw(run, out, save, every_position=False, thesis_path=None):
    import matplotlib.pyplot as plt

    cells, names = check(run)
    base, why = base_of(run, names)
    versions = [v for v in _order(run, names) if v != base]
    colours = plt.get_cmap("tab20" if len(versions) > 10 else "tab10")(range(len(versions)))
    written = []

    # The aggregate: geometric mean over positions, 95 % interval band.
    fig, ax = plt.subplots(figsize=(10, 6))
    ns, depths_drawn = [], set()
    for i, v in enumerate(versions):
        depths = sorted({d for per in cells.values() for (vv, d) in per if vv == v})
        pts = []
        for d in depths:
            ratios = [per[(v, d)]["nodes"] / per[(base, d)]["nodes"] for per in cells.values()
                      if (v, d) in per and (base, d) in per and per[(v, d)]["completed"] and per[(base, d)]["completed"]
                      and per[(base, d)]["nodes"] > 0]
            g = geometric_interval(ratios)
            if g:
                pts.append((d, *g))
        if not pts:
            continue
        ns += [p[4] for p in pts]
        depths_drawn |= {p[0] for p in pts}
        xs = [p[0] for p in pts]
        ax.plot(xs, [p[1] for p in pts], marker="o", ms=3, color=colours[i], label=f"{v} ÷ {base}")
        ax.fill_between(xs, [p[2] for p in pts], [p[3] for p in pts], color=colours[i], alpha=0.12, lw=0)
    if not ns:
        plt.close(fig)
        raise NotApplicable(f"no depth where a version and the base {base} both completed on a position")
    ax.set_yscale("log")
    ax.axhline(1.0, color="grey", lw=0.8, ls=":")
    ax.set_xlabel("depth (plies)")
    ax.set_ylabel(f"nodes ÷ nodes of {base} (log scale)")
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize="small", ncol=2 if len(versions) > 8 else 1)
    n_text = n_range(ns)
    ax.set_title(f"{run.name}: nodes of each version ÷ {base} ({why}), depths {span(depths_drawn)}\n"
                 f"geometric mean over the run's {len(cells)} positions, at each depth those where both completed "
                 f"({n_text}), band: 95 % interval",
                 fontsize="medium")
    fig.tight_layout()
    written.append(save(fig, out, "versions-mean"))

    if len(cells) > MAX_POSITIONS and not every_position:
        return written
    thesis = defaultdict(dict)
    if thesis_path and base == "A" and os.path.exists(thesis_path):
        with open(thesis_path, newline="") as f:
            for row in csv.DictReader(f):
                thesis[row["thesis_position"]][(row["version"], int(row["depth"]))] = int(row["nodes"])
    for pos, per in sorted(cells.items()):
        tpos = next(iter(per.values())).get("thesis_position") or ""
        beside = tpos in thesis
        fig, axes = plt.subplots(1, 2 if beside else 1, figsize=(12 if beside else 6.5, 4.8), sharey=True, squeeze=False)
        measured = {k: c["nodes"] for k, c in per.items()}
        stopped = {k for k, c in per.items() if not c["completed"]}
        panels = [("measured", measured, stopped)]
        if beside:
            panels.append((f"thesis, position {tpos}", thesis[tpos], set()))
        any_bound = False
        for ax, (label, data, cut) in zip(axes[0], panels):
            for i, v in enumerate(versions):
                depths = sorted(d for (vv, d) in data if vv == v and (base, d) in data and (v, d) not in cut
                                and data[(base, d)] > 0)
                if not depths:
                    continue
                pct = {d: 100.0 * data[(v, d)] / data[(base, d)] for d in depths}
                exact = [d for d in depths if (base, d) not in cut]
                bound = [d for d in depths if (base, d) in cut]
                if exact:
                    ax.plot(exact, [pct[d] for d in exact], marker="o", ms=3, color=colours[i], label=f"{v} / {base}")
                if bound:
                    any_bound = True
                    joined = exact[-1:] + bound if exact and exact[-1] < bound[0] else bound
                    ax.plot(joined, [pct[d] for d in joined], ls="--", color=colours[i])
                    ax.plot(bound, [pct[d] for d in bound], ls="none", marker="o", mfc="white", color=colours[i])
            ax.set_yscale("log")
            ax.set_xlabel("depth (plies)")
            ax.set_title(label)
            ax.grid(True, which="both", alpha=0.3)
        axes[0][0].set_ylabel(f"nodes, % of {base} (log scale)")
        axes[0][-1].legend(fontsize="x-small", ncol=2 if len(versions) > 8 else 1)
        if any_bound:
            axes[0][0].set_title("measured\n(hollow, dashed: the base stopped by the node budget, an upper bound)",
                                 fontsize="medium")
        fig.suptitle(f"{pos}: nodes of each version relative to {base}, by depth (this position only)"
                     + (f", thesis position {tpos}" if tpos else ""))
        fig.tight_layout()
        written.append(save(fig, out, f"versions-{pos}"))
    return written
