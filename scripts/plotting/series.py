"""A match series: Elo against node saving, one point per match, from the join `harness match` and
`harness report` compute for a series whose config names "node_savings_from" (harness/match/series_node_savings.h):
summary.json's "series" has one row per match with the first player's Elo and 95 % interval, and its node_saving
at fixed depth (nodes(first) / nodes(second), the geometric mean over the positions both searched completely at
the run's deepest such depth, with its 95 % interval, or null when no run holds both players' flags). A point's
horizontal bar is the saving's interval, its vertical bar the Elo's. Nothing is joined here.
"""
from collections import defaultdict

from plotting.axes import finish
from plotting.run import NotApplicable


def check(run):
    series = run.summary.get("series")
    if not series:
        raise NotApplicable("summary.json has no match series")
    if not any(m.get("node_saving") for m in series):
        raise NotApplicable("the match series has no node saving joined (its config names no \"node_savings_from\"; "
                            "add it and run `harness report` on the directory)")
    return series


def rows(series):
    """[(match, saving (%, low, high) or None, elo or None)]: the saving is 1 - ratio, so the interval's ends swap."""
    out = []
    for m in series:
        s = m.get("node_saving")
        saving = (100 * (1 - s["ratio"]), 100 * (1 - s["high"]), 100 * (1 - s["low"])) if s else None
        out.append((m, saving, m.get("elo")))
    return out


def draw(run, out, save, **_):
    import matplotlib.pyplot as plt

    series = check(run)
    points = defaultdict(list)  # budget -> [(saving, low, high, elo, error, label)]
    depths, positions = set(), set()
    for m, saving, elo in rows(series):
        if saving and elo:
            points[m.get("nodes_per_move", 0)].append((*saving, elo["elo"], elo["error95"],
                                                       f"{m['first']} vs {m['second']}"))
            depths.add(m["node_saving"]["depth"])
            positions.add(m["node_saving"]["positions"])
    if not points:
        raise NotApplicable("no match of the series has both an Elo and a node saving")
    fig, ax = plt.subplots(figsize=(8, 5.5))
    for budget, pts in sorted(points.items()):
        xs, lows, highs, ys, es, labels = zip(*pts)
        xerr = [[x - lo for x, lo in zip(xs, lows)], [hi - x for x, hi in zip(xs, highs)]]
        ax.errorbar(xs, ys, xerr=xerr, yerr=es, fmt="o", capsize=3, label=f"{budget:,} nodes per move")
        for x, y, text in zip(xs, ys, labels):
            ax.annotate(text, (x, y), textcoords="offset points", xytext=(4, 4), fontsize=7)
    ax.axhline(0, color="grey", lw=0.8)
    ax.axvline(0, color="grey", lw=0.8)
    d = ", ".join(str(x) for x in sorted(depths))
    p = ", ".join(str(x) for x in sorted(positions))
    return [finish(fig, ax, save, out, "elo-vs-nodes",
                   "node saving of the first player at fixed depth (%, 95 % interval)", "Elo of the first player at fixed nodes (95 % interval)",
                   f"{run.name}: Elo beside nodes, one point per match with a node saving\n(saving: geometric mean "
                   f"over {p} positions at depth {d})")]
