#!/usr/bin/python3
"""@DOC@

usage: scripts/plot_tt_schemes.py DIR [--out DIR2]   (the same as `scripts/plot.py DIR --only tt-study`)
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plot  # noqa: E402
from plotting import tt_study  # noqa: E402

__doc__ = __doc__.replace("@DOC@", tt_study.__doc__.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--out")
    args = ap.parse_args()
    sys.exit(plot.main([args.dir, "--only", "tt-study"] + (["--out", args.out] if args.out else [])))


if __name__ == "__main__":
    main()
