#!/usr/bin/python3
"""@DOC@

usage: scripts/plot_tt_schemes.py DIR [--out DIR2]   (the same as `scripts/plot.py DIR --only tt-study`)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plot  # noqa: E402
from plotting import tt_study  # noqa: E402

__doc__ = __doc__.replace("@DOC@", tt_study.__doc__.strip())

if __name__ == "__main__":
    sys.exit(plot.draw_one_kind(plot.one_kind_args(__doc__), "tt-study"))
