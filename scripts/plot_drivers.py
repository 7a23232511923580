#!/usr/bin/python3
"""@DOC@

usage: scripts/plot_drivers.py DIR [--out DIR2]   (the same as `scripts/plot.py DIR --only drivers`)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plot  # noqa: E402
from plotting import drivers  # noqa: E402

__doc__ = __doc__.replace("@DOC@", drivers.__doc__.strip())

if __name__ == "__main__":
    sys.exit(plot.draw_one_kind(plot.one_kind_args(__doc__), "drivers"))
