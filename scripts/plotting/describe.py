"""What a figure shows, as data: its title, and per panel its title, axis labels and scales and legend entries, and
any two titles whose boxes overlap. `plot.py --describe FILE` writes it for every figure drawn (a sidecar a test
or a script reads instead of the image)."""


def _legend_texts(legend):
    return [t.get_text() for t in legend.get_texts()] if legend else []


def describe(fig):
    """{"title", "panels": [{"title", "xlabel", "ylabel", "xscale", "yscale", "legend"}], "legend",
    "overlapping_titles"} of FIG, laid out as it will be saved."""
    fig.draw_without_rendering()  # the layout engine places the titles; their boxes are then final
    renderer = fig.canvas.get_renderer()
    suptitle = fig._suptitle.get_text() if fig._suptitle else ""
    panels, titles = [], []
    if fig._suptitle and suptitle:
        titles.append((suptitle, fig._suptitle.get_window_extent(renderer)))
    for ax in fig.axes:
        if not ax.axison:
            # an empty cell; a cell holding only a legend still counts for its entries
            if ax.get_legend():
                panels.append({"title": "", "xlabel": "", "ylabel": "", "xscale": "", "yscale": "",
                               "legend": _legend_texts(ax.get_legend())})
            continue
        title = " ".join(t.get_text() for t in (ax.title, ax._left_title, ax._right_title) if t.get_text())
        for t in (ax.title, ax._left_title, ax._right_title):
            if t.get_text():
                titles.append((t.get_text(), t.get_window_extent(renderer)))
        panels.append({"title": title, "xlabel": ax.get_xlabel(), "ylabel": ax.get_ylabel(),
                       "xscale": ax.get_xscale(), "yscale": ax.get_yscale(), "legend": _legend_texts(ax.get_legend())})
    overlaps = [[a, b] for i, (a, box_a) in enumerate(titles) for b, box_b in titles[i + 1:] if box_a.overlaps(box_b)]
    return {"title": suptitle or (panels[0]["title"] if len(panels) == 1 else ""), "panels": panels,
            "legend": [t for lg in fig.legends for t in _legend_texts(lg)], "overlapping_titles": overlaps}


def recording(save, record):
    """A save() that first puts describe(fig) into RECORD[stem] (with the PNG's path), then calls SAVE."""
    def wrapped(fig, directory, stem):
        entry = describe(fig)
        path = save(fig, directory, stem)
        record[stem] = dict(entry, png=path)
        return path
    return wrapped
