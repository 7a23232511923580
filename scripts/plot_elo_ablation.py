#!/usr/bin/python3
"""@DOC@

usage: scripts/plot_elo_ablation.py ELO_DIR [--out DIR2] [--table]
Prints the joined table as Markdown on stdout (--table: only that); writes elo-vs-nodes.png and .svg (the same
as `scripts/plot.py ELO_DIR --only series`).
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plot  # noqa: E402
from plotting import series  # noqa: E402
from plotting.run import BadInput, NotApplicable, Run  # noqa: E402

__doc__ = __doc__.replace("@DOC@", series.__doc__.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("elo_dir")
    ap.add_argument("--out")
    ap.add_argument("--table", action="store_true", help="print the joined table and draw nothing")
    args = ap.parse_args()
    try:
        rows = series.check(Run(args.elo_dir))
    except BadInput as e:
        print(f"error: {e.path}: {e.problem}", file=sys.stderr)
        sys.exit(2)
    except NotApplicable as e:
        print(f"plot_elo_ablation.py: {args.elo_dir}: {e}", file=sys.stderr)
        return
    print("\n".join(series.table(rows)))
    if not args.table:
        sys.exit(plot.main([args.elo_dir, "--only", "series"] + (["--out", args.out] if args.out else [])))


if __name__ == "__main__":
    main()
