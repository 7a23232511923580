#!/usr/bin/python3
"""@DOC@

usage: scripts/plot_pruning.py DIR [--out DIR2] [--table]   (the same as `scripts/plot.py DIR --only pruning`)
--table prints the points (version, base, change, depth, Δnodes %, Δsolved %) and draws nothing.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plot  # noqa: E402
from plotting import pruning  # noqa: E402
from plotting.run import BadInput, NotApplicable, Run  # noqa: E402

__doc__ = __doc__.replace("@DOC@", pruning.__doc__.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--out")
    ap.add_argument("--table", action="store_true", help="print the points instead of drawing")
    args = ap.parse_args()
    if not args.table:
        sys.exit(plot.main([args.dir, "--only", "pruning"] + (["--out", args.out] if args.out else [])))
    try:
        steps = pruning.check(Run(args.dir))
    except BadInput as e:
        print(f"error: {e.path}: {e.problem}", file=sys.stderr)
        sys.exit(2)
    except NotApplicable as e:
        print(f"plot_pruning.py: {args.dir}: {e}", file=sys.stderr)
        return
    for (version, base, change), pts in steps.items():
        for depth, dn, ds, _ in pts:
            print(f"{version}\t{base}\t{change}\t{depth}\t{dn:+.1f}\t{ds:+.1f}")


if __name__ == "__main__":
    main()
