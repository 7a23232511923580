#!/usr/bin/python3
"""The thesis's Figures 6.1/6.2 from a results directory: per position, each version's nodes as a percentage of
the base (version A for the thesis's versions; a design's base for a leave-one-out or factorial run) by depth, on
a log scale, the thesis's curve beside ours where the position carries a thesis_position; and versions-mean, the
geometric mean over positions with its 95 % interval. The same as `scripts/plot.py DIR --only versions
--each-position` (scripts/plotting/versions.py says how cells stopped by a node budget are drawn).

usage: scripts/plot_versions.py DIR [--out DIR2] [--thesis data/thesis/thesis_versions_nodes.csv]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plot  # noqa: E402

if __name__ == "__main__":
    sys.exit(plot.each_position_with_thesis(__doc__, "versions", "--thesis-versions", "thesis_versions_nodes.csv"))
