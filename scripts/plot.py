#!/usr/bin/python3
"""One figure command for any results directory: reads DIR's cells.csv, summary.json and experiment.json and
draws every figure that applies to what the run contains, as PNG and SVG in DIR (or --out DIR2).

Kinds (each says in its title which positions and depths it aggregates):
  versions   versions against a base (the design's base, else A, else the first version): versions-mean (geometric
             mean over positions of version ÷ base per depth, 95 % interval band) and, for runs of at most 8
             positions (or --each-position), versions-<position> with the thesis's curve beside where the
             position carries a thesis_position the thesis's data hold; above 8, every position as small
             multiples (versions-positions-N)
  tables     a sweep of table sizes and schemes: tt-entries (nodes against entries per scheme, a panel per
             position; above 6 positions tt-entries-mean, the geometric mean with its band, and the positions as
             small multiples, tt-entries-positions-N) and tt-doubling (% fewer nodes per doubling, geometric mean
             over positions); a sweep sized in memory (tt_bytes) the same against bytes (tt-bytes-*,
             tt-doubling-bytes); the thesis's curves only when the run holds its position 5
  tt-study   replacement schemes against an unlimited table by load (summary.json "tt_study")
  drivers    search drivers as ratios to NegaScout and versions against the minimal tree ("drivers")
  pruning    pruning steps: nodes saved beside positions solved ("pruning_steps")
  series     a match series: Elo against node saving ("series" with its node_saving join)
  match      one match: the SPRT's LLR with its bounds and the Elo with its 95 % interval after each pair
             (match-progress, from summary.json's match.progress)

Every kind skipped, and every figure or position a kind leaves out, is said on stderr with why. Colours: one per
scheme and per version in every figure (scripts/plotting/palette.py). A run that no kind applies to is reported
(why, per kind) and exits 0 with no image. A directory that cannot be
read exits 2 with `error: <path>: <problem>`. Needs matplotlib (Debian's python3-matplotlib: run it with
/usr/bin/python3).
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from plotting import describe, drivers, match, pruning, series, tables, tt_study, versions  # noqa: E402
from plotting.run import BadInput, NotApplicable, Run  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
KINDS = {"versions": versions, "tables": tables, "tt-study": tt_study, "drivers": drivers, "pruning": pruning,
         "series": series, "match": match}


def save_figure(fig, directory, stem):
    """Writes DIRECTORY/STEM.png and .svg, says so, closes the figure and returns the PNG's path."""
    import matplotlib.pyplot as plt

    for ext in ("png", "svg"):
        path = os.path.join(directory, f"{stem}.{ext}")
        fig.savefig(path, dpi=120)
        print("wrote", path)
    plt.close(fig)
    return os.path.join(directory, f"{stem}.png")


def parse(argv):
    ap = argparse.ArgumentParser(prog="plot.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir", help="a results directory (out/NAME or results/NAME)")
    ap.add_argument("--out", help="write the figures here instead of DIR (created if missing)")
    ap.add_argument("--only", action="append", choices=sorted(KINDS), metavar="KIND",
                    help="draw only this kind (repeatable): " + ", ".join(KINDS))
    ap.add_argument("--each-position", action="store_true",
                    help="one figure per position (versions) however many positions the run has")
    ap.add_argument("--describe", metavar="FILE",
                    help="also write FILE: JSON of each figure drawn (title, panels' titles, axis labels and scales, "
                         "legend entries, any overlapping titles)")
    ap.add_argument("--thesis-versions", default=os.path.join(HERE, "..", "data", "thesis", "thesis_versions_nodes.csv"),
                    help="the thesis's nodes per version and depth (default: %(default)s)")
    ap.add_argument("--thesis-tt", default=os.path.join(HERE, "..", "data", "thesis", "thesis_tt_nodes.csv"),
                    help="the thesis's nodes per scheme, size and depth (default: %(default)s)")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse(argv)
    try:
        run = Run(args.dir)
    except BadInput as e:
        print(f"error: {e.path}: {e.problem}", file=sys.stderr)
        return 2
    out = args.out or args.dir
    if args.out:
        try:
            os.makedirs(out, exist_ok=True)
        except OSError as e:
            print(f"error: {out}: {e.strerror or e}", file=sys.stderr)
            return 2

    import matplotlib

    matplotlib.use("Agg")
    written, skipped, described = [], [], {}
    save = describe.recording(save_figure, described) if args.describe else save_figure
    for name in (args.only or KINDS):
        kind = KINDS[name]
        thesis = args.thesis_tt if kind is tables else args.thesis_versions
        say = (lambda kind_name: lambda text: print(f"plot.py: {kind_name}: {text}", file=sys.stderr))(name)
        try:
            written += kind.draw(run, out, save, every_position=args.each_position, thesis_path=thesis, say=say)
        except NotApplicable as e:
            skipped.append(f"{name}: {e}")
    for line in skipped:
        print(f"plot.py: {args.dir}: {line}" if not written else f"plot.py: skipped {line}", file=sys.stderr)
    if args.describe:
        try:
            with open(args.describe, "w", encoding="utf-8") as f:
                json.dump(described, f, indent=1, ensure_ascii=False)
        except OSError as e:
            print(f"error: {args.describe}: {e.strerror or e}", file=sys.stderr)
            return 2
    if not written:
        print(f"plot.py: {args.dir}: no figure applies to this run; nothing written", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
