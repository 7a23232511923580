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


# A log axis spreads whatever range it is given over the whole panel: over less than a doubling (a 1.5 % range) it
# reads as a large effect, so such an axis is linear.
MIN_LOG_SPREAD = 2.0


def is_log_worth(values):
    """Whether the positive VALUES span at least MIN_LOG_SPREAD times (a log axis is worth it)."""
    vals = [v for v in values if v is not None and v > 0]
    return bool(vals) and max(vals) >= MIN_LOG_SPREAD * min(vals)


def scale(ax, axis, values, base=10):
    """Sets AX's AXIS ('x' or 'y') to a log scale when VALUES span at least MIN_LOG_SPREAD times, else linear;
    returns whether it is log (for a label's "(log scale)")."""
    log = is_log_worth(values)
    setter = ax.set_xscale if axis == "x" else ax.set_yscale
    if log:
        setter("log", base=base)
    else:
        setter("linear")
    return log


def log_note(log):
    return " (log scale)" if log else ""


def suptitled(plt, rows, cols, figsize, **kw):
    """A figure of ROWS x COLS panels under one figure title: constrained layout keeps fig.suptitle above the
    panels' own titles (tight_layout does not make room for it and the two overprint)."""
    return plt.subplots(rows, cols, figsize=figsize, squeeze=False, layout="constrained", **kw)


def bytes_label(n):
    """16 KiB, 1 MiB, 1.5 MiB, 700 B: a table's memory as the harness's REPORT.md titles it."""
    n = int(round(n))
    for unit, size in (("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            v = n / size
            return f"{v:g} {unit}" if v == int(v) else f"{v:.1f} {unit}"
    return f"{n} B"
