#!/usr/bin/python3
"""@DOC@

usage: scripts/plot_pruning.py DIR [--out DIR2] [--table]   (the same as `scripts/plot.py DIR --only pruning`)
--table prints the points (version, base, change, depth, Δnodes %, Δsolved %) and draws nothing.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plot  # noqa: E402
from plotting import pruning  # noqa: E402

__doc__ = __doc__.replace("@DOC@", pruning.__doc__.strip())


def main():
    args = plot.one_kind_args(__doc__, extra=lambda ap: ap.add_argument(
        "--table", action="store_true", help="print the points instead of drawing"))
    if not args.table:
        return plot.draw_one_kind(args, "pruning")
    steps = plot.checked(pruning.check, args.dir, "plot_pruning.py")
    for (version, base, change), pts in (steps or {}).items():
        for depth, dn, ds, _ in pts:
            print(f"{version}\t{base}\t{change}\t{depth}\t{dn:+.1f}\t{ds:+.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
