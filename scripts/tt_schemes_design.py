#!/usr/bin/env python3
"""Writes configs/tt-schemes.json (the table-scheme study, docs/tt.md) from sampled trees.

Usage: scripts/tt_schemes_design.py SAMPLE_DIR > configs/tt-schemes.json

SAMPLE_DIR holds one `harness search --json` output per position, named <id>.json, made by
  harness search --version D --depth 40 --node-budget 24000000 --json --fen "<FEN>"
(version D of configs/versions.json, its 2M-entry depth_always table; the search stops at 24M nodes, and
its per-iteration node counts give every depth's tree: a cell's nodes are the sum over its iterations).

The table sizes are memory, in four bands that share a depth per position, each band's depth chosen so that
the tree is 4-64x every table of the band (docs/tt.md): 16-64 KiB (1K-4K one-slot 16-byte entries; trees of
16K-64K nodes), 256 KiB-1 MiB (256K-1M nodes), 4-16 MiB (4M-16M) and 64 MiB (16M-64M nodes; the samples stop
at 24M, so only trees measured inside 16M-24M). Each position takes the depth whose tree lies inside the band's
window nearest its geometric centre; a position with no depth inside takes the nearest depth if its tree is
within 1.5x of the window, else it leaves the band. The sizes double within the first two bands; the third has
4 and 16 MiB only (8 MiB would add about 1.8e9 nodes, a fifth of the run, over the hour on a loaded machine), and
its gain per doubling is the square root of its 4x step.

The thesis's own sweep (§6.3: version D, LCTII.FIN.06, depth 11) gets a reference cell too, whatever the
bands choose: its distinct positions turn the thesis's table sizes into loads for claim C9b
(harness/report/tt_study.h, kThesisTtPosition), measured under the run's own readings.
"""
import json
import math
import os
import sys

SCHEMES = ["always", "never", "depth", "depth_always", "big1", "big_all", "two_deep", "two_big1", "bucket2",
           "bucket4", "multi_probe4"]
K = 1024
# (name, sizes in bytes, tree window in nodes)
BANDS = [
    ("16-64KiB", [16 * K, 32 * K, 64 * K], (16 * K, 64 * K)),
    ("256KiB-1MiB", [256 * K, 512 * K, 1024 * K], (256 * K, 1024 * K)),
    ("4-16MiB", [4 * K * K, 16 * K * K], (4 * K * K, 16 * K * K)),  # no 8 MiB: the hour (docstring)
    ("64MiB", [64 * K * K], (16 * K * K, 24 * 10**6)),
]
THESIS_SWEEP = ("LCTII.FIN.06", 11)  # §6.3's search: its reference cell gives C9b's loads
POSITIONS = ["LCTII.POS.0%d" % i for i in range(1, 8)] + ["LCTII.CMB.0%d" % i for i in range(1, 5)] + \
            ["LCTII.FIN.0%d" % i for i in range(1, 10)]
# The unlimited table of each depth: depth_always with at least 16 entries (32 slots) per node of the largest
# tree it serves (a search stores fewer positions than it visits nodes), at least 2^16 entries, at most 2^25
# (1 GiB). Allocating and clearing a 1 GiB table costs about 3.5 s of CPU, so small trees get small tables.
def reference_entries(max_nodes):
    e = 1 << 16
    while e < 16 * max_nodes and e < (1 << 25):
        e *= 2
    return e


def trees(path):
    d = json.load(open(path))
    out, total = {}, 0
    its = d["stats"]["iteration_nodes"]
    for i, n in enumerate(its):
        total += n
        last_cut = (not d["completed"]) and i == len(its) - 1
        if not last_cut:
            out[i + 1] = total
    return out


def choose(tree, window):
    lo, hi = window
    centre = math.sqrt(lo * hi)
    inside = [(abs(math.log(n / centre)), d) for d, n in tree.items() if lo <= n <= hi]
    if inside:
        return min(inside)[1]
    near = [(min(abs(math.log(n / lo)), abs(math.log(n / hi))), d) for d, n in tree.items()
            if lo / 1.5 <= n <= hi * 1.5]
    return min(near)[1] if near else None


def main():
    sample = sys.argv[1]
    sweeps, total_nodes, ref_points = [], 0, set()
    for name, sizes, window in BANDS:
        by_depth = {}
        for pos in POSITIONS:
            t = trees(os.path.join(sample, pos + ".json"))
            d = choose(t, window)
            if d is None:
                continue
            by_depth.setdefault(d, []).append(pos)
            total_nodes += t[d] * len(sizes) * len(SCHEMES)
            if (pos, d) not in ref_points:
                ref_points.add((pos, d))
                total_nodes += t[d]
        for d in sorted(by_depth):
            sweeps.append({"name": "mem%s-d%d" % (name, d), "version": "D", "tt_bytes": sizes,
                           "tt_schemes": SCHEMES, "depths": [d], "positions": by_depth[d]})
    if THESIS_SWEEP not in ref_points:
        ref_points.add(THESIS_SWEEP)
        total_nodes += trees(os.path.join(sample, THESIS_SWEEP[0] + ".json"))[THESIS_SWEEP[1]]
    depths = sorted({d for _, d in ref_points})
    ref_positions = sorted({p for p, _ in ref_points}, key=POSITIONS.index)
    config = {
        "name": "tt-schemes",
        "presets": "configs/versions.json",
        "claims": ["configs/claims/tt-schemes.json"],
        "description": "Issue 13: every replacement scheme x table memory (16 KiB-64 MiB, the memory of 2^10-2^22 "
                       "one-slot 16-byte entries: 16, 32, 64 KiB; 256, 512 KiB, 1 MiB; 4, 16 MiB; 64 MiB) x 20 LCT II positions (POS.01-07, "
                       "CMB.01-04, FIN.01-09), version D, each position at the depth whose tree is 4-64x the band's "
                       "tables; nodes against an unlimited depth_always table of the same position and depth (16 entries per node of the tree, at most 1 GiB); "
                       "one more unlimited cell, version D on LCTII.FIN.06 at depth 11 (the thesis's own sweep, §6.3), gives claim C9b the loads of the thesis's tables.",
        "note": "Written by scripts/tt_schemes_design.py from one sampled version-D search per position (its "
                "docstring: the bands, their windows and how a depth is chosen). Sampled trees: about %.2g nodes "
                "in all." % total_nodes,
        "positions": [{"epd": "positions/lct2.epd", "ids": POSITIONS}],
        "depths": depths[:1],
        "sweeps": sweeps,
    }
    # One reference sweep per depth, with exactly the positions that use that depth.
    for d in depths:
        ps = [p for p in ref_positions if (p, d) in ref_points]
        biggest = max(trees(os.path.join(sample, p + ".json"))[d] for p in ps)
        config["sweeps"].append({"name": "unlimited-d%d" % d, "version": "D", "tt_entries": [reference_entries(biggest)],
                                 "tt_schemes": ["depth_always"], "depths": [d], "positions": ps,
                                 "reference": True})
    json.dump(config, sys.stdout, indent=2)
    sys.stdout.write("\n")
    print("cells: %d, sampled nodes %.3g" % (
        sum(len(s["tt_schemes"]) * len(s.get("tt_bytes", s.get("tt_entries"))) * len(s["positions"]) * len(s["depths"])
            for s in config["sweeps"]), total_nodes), file=sys.stderr)


if __name__ == "__main__":
    main()
