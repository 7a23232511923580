#!/usr/bin/python3
"""@DOC@

usage: scripts/plot_elo_ablation.py ELO_DIR [--out DIR2] [--table]
Prints the joined table as Markdown on stdout (--table: only that); writes elo-vs-nodes.png and .svg (the same
as `scripts/plot.py ELO_DIR --only series`).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plot  # noqa: E402
from plotting import series  # noqa: E402

__doc__ = __doc__.replace("@DOC@", series.__doc__.strip())


def main():
    args = plot.one_kind_args(__doc__, "ELO_DIR", lambda ap: ap.add_argument(
        "--table", action="store_true", help="print the joined table and draw nothing"))
    rows = plot.checked(series.check, args.dir, "plot_elo_ablation.py")
    if rows is None:
        return 0
    print("\n".join(series.table(rows)))
    return 0 if args.table else plot.draw_one_kind(args, "series")


if __name__ == "__main__":
    sys.exit(main())
