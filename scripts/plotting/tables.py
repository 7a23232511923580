"""Table sizes and replacement schemes: the cells of a sweep over transposition-table entries (groups "sweep:*").

 - tt-entries: nodes against table entries, one line per scheme, one panel per position (at most MAX_POSITIONS,
   or every position on request), each at its deepest depth that every scheme searched with two sizes or more;
 - tt-doubling: the thesis's Figure 6.3, the % fewer nodes per doubling of the table against the larger size,
   per scheme: the geometric mean over the positions (each at that depth) of the per-doubling ratio, with its
   95 % interval. Sizes that step by more than 2x count as several doublings: (n_big / n_small)^(1 / log2 step).
The thesis's curves (data/thesis/thesis_tt_nodes.csv: version D on its position 5) are drawn beside ours only when
the run holds that position (a cell whose thesis_position is 5): beside its panel, and as a panel of their own.
"""
import csv
import math
import os
from collections import defaultdict

from plotting.axes import n_range
from plotting.run import NotApplicable, geometric_interval, span

MAX_POSITIONS = 6
THESIS_POSITION = "5"


def label(entries):
    entries = int(round(entries))
    return f"{entries // 1024}K" if entries >= 1024 and entries % 1024 == 0 else str(entries)


def entries_axis(ax):
    from matplotlib.ticker import FuncFormatter

    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: label(x)))


def _sweep(run):
    out = defaultdict(lambda: defaultdict(dict))  # position -> scheme -> {(depth, entries): nodes}
    tpos = {}
    for c in run.cells:
        if c["completed"] and any(g.startswith("sweep:") for g in c["group_list"]) and c.get("tt_entries"):
            out[c["position"]][c["tt_scheme"]][(c["depth"], int(c["tt_entries"]))] = c["nodes"]
            tpos[c["position"]] = c.get("thesis_position") or ""
    return out, tpos


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
    """[(larger entries, per-doubling ratio)] between consecutive sizes of one scheme at one depth."""
    sizes = sorted(e for d, e in data if d == depth)
    return [(b, (data[(depth, b)] / data[(depth, a)]) ** (1 / math.log2(b / a)))
            for a, b in zip(sizes, sizes[1:]) if data[(depth, a)] > 0]


def check(run):
    sweep, tpos = _sweep(run)
    chosen = {p: deepest_depth(s) for p, s in sweep.items()}
    chosen = {p: d for p, d in chosen.items() if d is not None}
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


def draw(run, out, save, every_position=False, thesis_path=None):
    import matplotlib.pyplot as plt

    sweep, tpos, chosen = check(run)
    thesis = _thesis(thesis_path) if THESIS_POSITION in tpos.values() else {}
    thesis_depth = deepest_depth(thesis) if thesis else None
    schemes = sorted({s for p in chosen for s in sweep[p]} | set(thesis))
    colours = dict(zip(schemes, plt.get_cmap("tab20" if len(schemes) > 10 else "tab10")(range(len(schemes)))))
    written = []

    positions = sorted(chosen)
    if len(positions) <= MAX_POSITIONS or every_position:
        panels = [(f"{p} at depth {chosen[p]}" + (f" (thesis position {tpos[p]})" if tpos[p] else ""), sweep[p], chosen[p])
                  for p in positions]
        if thesis_depth:
            panels.append((f"thesis, position {THESIS_POSITION} at depth {thesis_depth}", thesis, thesis_depth))
        cols = min(3, len(panels))
        rows = math.ceil(len(panels) / cols)
        fig, axes = plt.subplots(rows, cols, figsize=(5.2 * cols, 4.3 * rows), squeeze=False)
        for k, ax in enumerate(axes.flat):
            if k >= len(panels):
                ax.axis("off")
                continue
            title, data, depth = panels[k]
            for s in sorted(data):
                sizes = sorted(e for d, e in data[s] if d == depth)
                if len(sizes) >= 2:
                    ax.plot(sizes, [data[s][(depth, e)] for e in sizes], marker="o", ms=3, color=colours[s], label=s)
            entries_axis(ax)
            ax.set_yscale("log")
            ax.set_xlabel("table entries")
            ax.set_title(title, fontsize="medium")
            ax.grid(True, which="both", alpha=0.3)
            ax.legend(fontsize="x-small", ncol=2)
        for r in range(rows):
            axes[r][0].set_ylabel("nodes (log scale)")
        fig.suptitle(f"{run.name}: nodes against table entries per replacement scheme, each position on its own")
        fig.tight_layout()
        written.append(save(fig, out, "tt-entries"))

    panels = [("measured", {p: (sweep[p], chosen[p]) for p in positions})]
    if thesis_depth:
        panels.append((f"thesis, position {THESIS_POSITION}", {"thesis": (thesis, thesis_depth)}))
    fig, axes = plt.subplots(1, len(panels), figsize=(7 * len(panels) + 2 * (len(panels) == 1), 5), sharey=True,
                             squeeze=False)
    for ax, (title, units) in zip(axes[0], panels):
        ns = []
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
            ax.plot(xs, [100 * (1 - g[0]) for _, g in pts], marker="o", ms=3, color=colours[s], label=s)
            if any(g[3] > 1 for _, g in pts):
                ax.fill_between(xs, [100 * (1 - g[2]) for _, g in pts], [100 * (1 - g[1]) for _, g in pts],
                                color=colours[s], alpha=0.12, lw=0)
        ax.axhline(0, color="grey", lw=0.8)
        entries_axis(ax)
        ax.set_xlabel("table entries after the doubling")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize="x-small", ncol=2)
        if title == "measured":
            depths = span(chosen.values())
            n_text = n_range(ns, "")
            title = (f"measured: {positions[0]} at depth {chosen[positions[0]]}" if len(positions) == 1 else
                     f"measured: geometric mean over {len(positions)} positions ({n_text} per point), band: 95 % "
                     f"interval\n(each position at its deepest depth with every scheme at two sizes: {depths})")
        else:
            title += f" at depth {thesis_depth}"
        ax.set_title(title, fontsize="small")
    axes[0][0].set_ylabel("% fewer nodes per doubling of the table")
    fig.suptitle(f"{run.name}: gain from doubling the transposition table, per replacement scheme")
    fig.tight_layout()
    written.append(save(fig, out, "tt-doubling"))
    return written
