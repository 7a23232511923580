"""One colour per replacement scheme and per version, the same in every figure of plot.py.

The thesis's versions A-H and the engine's schemes have fixed colours (Matplotlib's tab10 and tab20 hues), so a
scheme or a thesis version looks the same from run to run. Every other version name (a custom version, a design's
combination, a search driver) takes the next free colour in the run's own order of names (the config's versions,
then the rest by name), decided once per run before any figure is drawn, so `--only` does not change it.
"""

VERSION_COLOURS = {"A": "#1f77b4", "B": "#ff7f0e", "C": "#2ca02c", "D": "#d62728", "E": "#9467bd", "F": "#8c564b",
                   "G": "#e377c2", "H": "#7f7f7f"}
# The schemes in harness flags' order (engine/search_params.cpp's tt_scheme names).
SCHEME_COLOURS = {"always": "#1f77b4", "never": "#7f7f7f", "depth": "#ff7f0e", "depth_always": "#2ca02c",
                  "big1": "#d62728", "big_all": "#9467bd", "two_deep": "#8c564b", "two_big1": "#e377c2",
                  "bucket2": "#bcbd22", "bucket4": "#17becf", "multi_probe4": "#393b79"}
# For the other names: tab10's two left, then tab20's light hues and tab20b's, no colour repeated before 36 names.
SPARE = ["#bcbd22", "#17becf", "#aec7e8", "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5", "#c49c94", "#f7b6d2",
         "#c7c7c7", "#dbdb8d", "#9edae5", "#393b79", "#637939", "#8c6d31", "#843c39", "#7b4173", "#5254a3",
         "#8ca252", "#bd9e39", "#ad494a", "#a55194", "#6b6ecf", "#b5cf6b", "#e7ba52", "#d6616b", "#ce6dbd",
         "#9c9ede", "#cedb9c", "#e7cb94", "#e7969c", "#de9ed6", "#000000", "#555555",
         "#999999", "#7f3b08"]


class Palette:
    def __init__(self, version_names=(), scheme_names=()):
        self._versions = dict(VERSION_COLOURS)
        self._schemes = dict(SCHEME_COLOURS)
        self._next_version = 0
        self._next_scheme = 0
        for name in version_names:
            self.version(name)
        for name in scheme_names:
            self.scheme(name)

    @staticmethod
    def _take(table, name, counter):
        used = set(table.values())
        free = [c for c in SPARE if c not in used]
        colour = free[0] if free else SPARE[counter % len(SPARE)]
        table[name] = colour
        return colour

    def version(self, name):
        """The colour of the version (or search driver) NAME."""
        if name not in self._versions:
            self._next_version += 1
            self._take(self._versions, name, self._next_version)
        return self._versions[name]

    def scheme(self, name):
        """The colour of the replacement scheme NAME."""
        if name not in self._schemes:
            self._next_scheme += 1
            self._take(self._schemes, name, self._next_scheme)
        return self._schemes[name]


def of_run(run):
    """The run's palette: its versions in the config's order, then every other version, driver and scheme the run's
    files name, by name."""
    if getattr(run, "_palette", None) is None:
        versions = list(run.version_order())
        versions += sorted({c["version"] for c in run.cells} - set(versions))
        drivers = {r.get("version") for r in (run.summary.get("drivers") or {}).get("to_negascout", [])}
        versions += sorted(v for v in drivers - set(versions) if v)
        schemes = {c.get("tt_scheme") for c in run.cells} | \
            {r.get("scheme") for r in (run.summary.get("tt_study") or {}).get("by_load", [])}
        run._palette = Palette(versions, sorted(s for s in schemes if s))
    return run._palette
