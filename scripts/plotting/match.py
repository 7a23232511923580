"""One match, pair by pair: the SPRT's log-likelihood ratio with its bounds (when the match has an SPRT) and the first
player's logistic Elo with its 95 % interval, each after every counted pair, as `harness match` and `harness report`
compute them into summary.json's match.progress (harness/match/match_progress.h). Nothing is computed here.
"""
from plotting.axes import finish
from plotting.run import NotApplicable


def check(run):
    match = run.summary.get("match")
    if not isinstance(match, dict):
        raise NotApplicable("summary.json has no single match (a match's directory, not a series')")
    progress = match.get("progress")
    if not isinstance(progress, dict) or not progress.get("pairs"):
        raise NotApplicable("the match has no pair counted, or its summary.json predates match.progress (run "
                            "`harness report` on the directory)")
    return match, progress


def draw(run, out, save, **_):
    import matplotlib.pyplot as plt

    match, progress = check(run)
    pairs = progress["pairs"]
    sprt = match.get("sprt")
    llr = progress.get("llr")
    panels = 2 if sprt and llr else 1
    fig, axes = plt.subplots(panels, 1, figsize=(8, 3.2 * panels + 0.8), sharex=True, squeeze=False)
    axes = [a[0] for a in axes]
    title = f"{run.name}: {match['first']} against {match['second']}, after each pair"
    if panels == 2:
        fig.suptitle(title, fontsize="medium")
        title = "Elo"
    if panels == 2:
        ax = axes[0]
        ax.plot(pairs, llr, color="C0", label="LLR")
        ax.axhline(sprt["upper"], color="C2", ls="--", lw=1, label=f"H1 bound (nElo {sprt['nelo1']:g})")
        ax.axhline(sprt["lower"], color="C3", ls="--", lw=1, label=f"H0 bound (nElo {sprt['nelo0']:g})")
        ax.set_ylabel("log-likelihood ratio")
        ax.set_title(f"SPRT: {sprt['verdict']}")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
    ax = axes[-1]
    points = [(p, e, err) for p, e, err in zip(pairs, progress["elo"], progress["elo_error95"]) if e is not None]
    if points:
        xs, ys, es = zip(*points)
        ax.plot(xs, ys, color="C1", label=f"Elo of {match['first']}")
        ax.fill_between(xs, [y - e for y, e in zip(ys, es)], [y + e for y, e in zip(ys, es)], color="C1", alpha=0.25,
                        label="95 % interval")
    else:
        ax.text(0.5, 0.5, "Elo undefined after every pair (a score of 0 % or 100 %, or no variance)",
                transform=ax.transAxes, ha="center", va="center", fontsize=9)
    ax.axhline(0, color="grey", lw=0.8)
    return [finish(fig, ax, save, out, "match-progress", "pairs counted",
                   f"logistic Elo of {match['first']} (95 % interval)", title)]
