#!/usr/bin/python3
"""The thesis's Figure 6.3 from a results directory with a sweep of table sizes: tt-doubling (% fewer nodes per
doubling of the table, per scheme; sizes that step by more than 2x count as several doublings; the geometric
mean over positions when the sweep has several) and tt-entries (nodes against entries per scheme, one panel per
position, each at the depth it names), the thesis's numbers beside ours only when the run holds the thesis's
position 5. The same as `scripts/plot.py DIR --only tables --each-position`. (The tt-nodes figures committed
under results/thesis-tt* and results/tt-deep* were drawn by this script's earlier form: nodes by depth.)

usage: scripts/plot_tt.py DIR [--out DIR2] [--thesis data/thesis/thesis_tt_nodes.csv]
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plot  # noqa: E402

if __name__ == "__main__":
    sys.exit(plot.each_position_with_thesis(__doc__, "tables", "--thesis-tt", "thesis_tt_nodes.csv"))
