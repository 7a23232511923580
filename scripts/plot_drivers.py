#!/usr/bin/python3
"""@DOC@

usage: scripts/plot_drivers.py DIR [--out DIR2]   (the same as `scripts/plot.py DIR --only drivers`)
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plot  # noqa: E402
from plotting import drivers  # noqa: E402

__doc__ = __doc__.replace("@DOC@", drivers.__doc__.strip())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("dir")
    ap.add_argument("--out")
    args = ap.parse_args()
    sys.exit(plot.main([args.dir, "--only", "drivers"] + (["--out", args.out] if args.out else [])))


if __name__ == "__main__":
    main()
