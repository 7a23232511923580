"""What every one-panel figure of the kinds ends with, written once: its axes' labels, title and legend, the
layout, and the files (the `save` the caller was given: PNG and SVG)."""


def finish(fig, ax, save, out, stem, xlabel, ylabel, title, title_size="medium", legend_size=8, ncol=1):
    """Labels AX (XLABEL None: the caller labelled the x axis itself), lays FIG out and saves it as OUT/STEM;
    returns the path SAVE gives."""
    if xlabel is not None:
        ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=title_size)
    ax.legend(fontsize=legend_size, ncol=ncol)
    fig.tight_layout()
    return save(fig, out, stem)


def n_range(ns, prefix="n = "):
    """The number of positions behind the points: "n = 5", or "n = 3–5" where they differ."""
    return f"{prefix}{min(ns)}" if min(ns) == max(ns) else f"{prefix}{min(ns)}–{max(ns)}"
