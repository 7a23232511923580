"""Pruning steps: what each forward-pruning step costs (summary.json "pruning_steps", written by `harness report`
when the set has EPD solutions or the experiment an exact_reference). For every step (a version against its base,
as REPORT.md's table "Each pruning step" lists them): Δnodes % on x (the geometric mean over the positions of
version ÷ base) against Δsolved (positions, as % of those with a solution) on y, one point per depth, labelled
with the depth.

Heinz's extended-futility result (ICCA J. 21(2), 1998: 12-17 % fewer nodes for 0.9-1.8 % fewer ECM positions
solved, depths 8-12) is drawn beside ours as the box it spans only where it applies: when a step changes the
futility flags and the run reaches depth 8.
"""
from plotting import palette
from plotting.axes import finish, n_range
from plotting.run import NotApplicable, span

HEINZ_NODES = (-17.0, -12.0)   # Δnodes %
HEINZ_SOLVED = (-1.8, -0.9)    # Δsolved, % of the positions
HEINZ_DEPTHS = (8, 12)


def points(summary):
    """{(version, base, change): [(depth, Δnodes %, Δsolved % or None, n)]} from summary.json's pruning_steps.

    Δnodes % is the geometric mean of version ÷ base over the positions (nodes_ratio), as REPORT.md decides by it;
    a summary written before it had one gives the summed change."""
    out = {}
    for s in summary.get("pruning_steps", []):
        solved = None
        if s.get("solvable"):
            solved = 100.0 * (s["solved_version"] - s["solved_base"]) / s["solvable"]
        if "nodes_ratio" in s:
            dn, n = 100.0 * (s["nodes_ratio"]["mean"] - 1.0), s["nodes_ratio"].get("n", s.get("positions"))
        else:
            dn, n = s.get("delta_nodes_pct_summed", s.get("delta_nodes_pct")), s.get("positions")
        out.setdefault((s["version"], s["base"], s["change"]), []).append((s["depth"], dn, solved, n))
    return out


def check(run):
    steps = {k: [p for p in pts if p[2] is not None] for k, pts in points(run.summary).items()}
    steps = {k: pts for k, pts in steps.items() if pts}
    if not steps:
        raise NotApplicable("summary.json has no pruning step with positions solved (a set with EPD solutions or an "
                            "exact_reference writes them)")
    return steps


def heinz_applies(steps):
    return any("futility" in change and any(HEINZ_DEPTHS[0] <= p[0] for p in pts)
               for (_, _, change), pts in steps.items())


def draw(run, out, save, say=None, **_):
    import matplotlib.pyplot as plt

    steps = check(run)
    for version, base, change in points(run.summary):
        if (version, base, change) not in steps and say:
            say(f"{version} vs {base} ({change}) left out: no positions solved counted for it")
    colour_of = palette.of_run(run).version
    fig, ax = plt.subplots(figsize=(8, 6))
    if heinz_applies(steps):
        ax.add_patch(plt.Rectangle((HEINZ_NODES[0], HEINZ_SOLVED[0]), HEINZ_NODES[1] - HEINZ_NODES[0],
                                   HEINZ_SOLVED[1] - HEINZ_SOLVED[0], color="grey", alpha=0.35,
                                   label="Heinz 1998, extended futility (ECM, depths 8-12)"))
    ns, depths = [], set()
    for (version, base, change), pts in steps.items():
        line, = ax.plot([p[1] for p in pts], [p[2] for p in pts], marker="o", color=colour_of(version),
                        label=f"{version} vs {base} ({change})")
        for depth, x, y, n in pts:
            ns.append(n or 0)
            depths.add(depth)
            ax.annotate(str(depth), (x, y), textcoords="offset points", xytext=(3, 3), fontsize=7,
                        color=line.get_color())
    ax.axhline(0, color="black", linewidth=0.5)
    ax.axvline(0, color="black", linewidth=0.5)
    return [finish(fig, ax, save, out, "pruning-cost",
                   "Δnodes %: geometric mean over positions of version ÷ base − 1 (labels: depth)",
                   "Δsolved, % of the positions with a solution",
                   f"What forward pruning costs: {run.name}\n{n_range(ns, '')} positions per point, depths "
                   f"{span(depths)}", legend_size=7)]
