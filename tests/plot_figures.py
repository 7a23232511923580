#!/usr/bin/python3
"""Renders every figure kind of scripts/plot.py from small runs cut out of the committed results (each a real run
of its kind) and checks what it draws: every panel holds data, every PNG has more than a few colours and some
non-white area, the thesis's curves and Heinz's box appear only where they apply, a leave-one-out design's versions
are drawn against its base, and a run no kind applies to writes nothing.

usage: tests/plot_figures.py [PROJECT_DIR]   (run by tests/plot_test.cpp; prints "ok <check>" per check, exits 1
on the first failure)
"""
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile

PROJECT = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.join(PROJECT, "scripts"))

import matplotlib  # noqa: E402

matplotlib.use("Agg")
import matplotlib.colors  # noqa: E402
import matplotlib.image  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402

from plotting import describe, drivers, match, pruning, series, tables, tt_study, versions  # noqa: E402
from plotting.run import NotApplicable, Run  # noqa: E402

RESULTS = os.path.join(PROJECT, "results")
THESIS = os.path.join(PROJECT, "data", "thesis")
failures = []


def check(ok, what):
    print(("ok " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


class Saver:
    """The save() the kinds call: records each figure's panels (lines, patches), its description (plot.py
    --describe's: titles, legends, scales, overlapping titles) and each line's colour and x values by label, and
    writes a PNG only."""

    def __init__(self):
        self.figures = {}
        self.described = {}
        self.lines = {}  # stem -> {label: (colour, xs)}

    def __call__(self, fig, directory, stem):
        panels = [ax for ax in fig.axes if ax.axison]
        self.figures[stem] = [{"title": ax.get_title(), "lines": sum(len(l.get_xdata()) > 0 for l in ax.lines),
                               "collections": len(ax.collections), "patches": len(ax.patches),
                               "labels": [l.get_label() for l in ax.lines if not l.get_label().startswith("_")]} for ax in panels]
        self.figures[stem + ".suptitle"] = fig._suptitle.get_text() if fig._suptitle else ""
        self.described[stem] = describe.describe(fig)
        self.lines[stem] = {l.get_label(): (matplotlib.colors.to_hex(l.get_color()), [float(x) for x in l.get_xdata()])
                            for ax in panels for l in ax.lines if not l.get_label().startswith("_")}
        path = os.path.join(directory, stem + ".png")
        fig.savefig(path, dpi=60)
        plt.close(fig)
        return path


def not_blank(path):
    img = matplotlib.image.imread(path)[:, :, :3]
    flat = img.reshape(-1, 3)
    colours = len({tuple(p) for p in flat[:: max(1, len(flat) // 20000)]})
    inked = float((flat.sum(axis=1) < 2.9).mean())
    return colours > 8 and inked > 0.01, f"{os.path.basename(path)}: {colours} colours, {inked:.1%} inked"


def every_panel_drawn(saver, stem):
    return all(p["lines"] + p["collections"] + p["patches"] > 0 for p in saver.figures[stem])


def make_run(tmp, name, source, keep=None, rename=None, summary=None, experiment=None):
    """TMP/NAME from results/SOURCE: cells.csv's rows that keep() accepts (rename() may change them), and the given
    summary.json / experiment.json objects (None: none written; "copy": the committed one)."""
    d = os.path.join(tmp, name)
    os.makedirs(d)
    if keep:
        with open(os.path.join(RESULTS, source, "cells.csv"), newline="") as f:
            reader = csv.DictReader(f)
            rows = [r for r in reader if keep(r)]
            fields = reader.fieldnames
        with open(os.path.join(d, "cells.csv"), "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=fields)
            w.writeheader()
            for r in rows:
                w.writerow(rename(r) if rename else r)
    for file, value in (("summary.json", summary), ("experiment.json", experiment)):
        if value == "copy":
            shutil.copy(os.path.join(RESULTS, source, file), os.path.join(d, file))
        elif value is not None:
            with open(os.path.join(d, file), "w") as f:
                json.dump(value, f)
    return d


# Every colour a scheme or a version was drawn in, over every figure of the test: one each (palette.py).
COLOURS = {"scheme": {}, "version": {}}


def note_colours(kind, saver):
    for stem, lines in saver.lines.items():
        for label, (colour, _) in lines.items():
            if kind in (tables, tt_study):
                COLOURS["scheme"].setdefault(label, set()).add(colour)
            elif kind in (versions, drivers, pruning) and "1.5x" not in label:
                COLOURS["version"].setdefault(label.split(" ")[0], set()).add(colour)


def draw(kind, d, **kw):
    saver = Saver()
    notes = []
    written = kind.draw(Run(d), d, saver, say=notes.append, **kw)
    for path in written:
        ok, text = not_blank(path)
        check(ok, f"{kind.__name__}: not blank: {text}")
    for stem, desc in saver.described.items():
        check(not desc["overlapping_titles"], f"{kind.__name__}: {stem}: no title overprints another "
                                              f"{desc['overlapping_titles']}")
        legend = [t for p in desc["panels"] for t in p["legend"]] + desc["legend"]
        check(desc["title"] != "" and legend != [], f"{kind.__name__}: {stem}: a title ({desc['title'][:60]!r}) "
                                                    f"and a legend ({len(legend)} entries)")
    note_colours(kind, saver)
    saver.notes = notes
    return saver, [os.path.basename(p) for p in written]


def main():
    tmp = tempfile.mkdtemp(prefix="plot_figures_")
    try:
        # Versions A-H on two positions, LCTII.FIN.03 standing for the thesis's position 5 and LCTII.POS.07 (its
        # position 3) made a position of the user's own: the mean, and per position with the thesis's panel beside
        # LCTII.FIN.03 only.
        def own(r):
            r["thesis_position"] = "" if r["position"] == "LCTII.POS.07" else r["thesis_position"]
            return r
        d = make_run(tmp, "versions", "thesis-versions",
                     keep=lambda r: r["position"] in ("LCTII.FIN.03", "LCTII.POS.07") and int(r["depth"]) <= 6,
                     rename=own, experiment="copy", summary={"name": "versions"})
        saver, written = draw(versions, d, thesis_path=os.path.join(THESIS, "thesis_versions_nodes.csv"))
        check(written == ["versions-mean.png", "versions-LCTII.FIN.03.png", "versions-LCTII.POS.07.png"],
              f"versions: the mean and one figure per position: {written}")
        check(every_panel_drawn(saver, "versions-mean") and saver.figures["versions-mean"][0]["labels"] ==
              [f"{v} ÷ A" for v in "BCDEFGH"], f"versions: the mean draws B-H against A: {saver.figures['versions-mean']}")
        check("n = 2" in saver.figures["versions-mean"][0]["title"] and "depths 1–6" in
              saver.described["versions-mean"]["title"], "versions: the mean's titles state n and the depths")
        check(len(saver.figures["versions-LCTII.FIN.03"]) == 2 and len(saver.figures["versions-LCTII.POS.07"]) == 1,
              "versions: the thesis's panel only beside the position carrying a thesis_position")

        # A leave-one-out design from H (G's cells renamed H-lmr): drawn against H, with no thesis panel.
        exp = json.load(open(os.path.join(RESULTS, "thesis-versions", "experiment.json")))
        exp["design"] = {"kind": "leave_one_out", "base": "H", "factors": [{"name": "lmr", "flags": {"lmr": False}}],
                         "claims": []}
        exp["experiment"]["versions"] = [{"name": "H"}, {"name": "H-lmr"}]

        def to_loo(r):
            r["version"] = "H-lmr" if r["version"] == "G" else r["version"]
            return r
        d = make_run(tmp, "loo", "thesis-versions",
                     keep=lambda r: r["version"] in "GH" and r["position"] in ("LCTII.FIN.03", "LCTII.CMB.11"),
                     rename=to_loo, experiment=exp, summary={"name": "loo"})
        saver, written = draw(versions, d, thesis_path=os.path.join(THESIS, "thesis_versions_nodes.csv"))
        check(len(written) == 3 and every_panel_drawn(saver, "versions-LCTII.FIN.03"),
              f"leave-one-out: every figure has its line: {written}")
        check("÷ H" in saver.described["versions-mean"]["title"] and
              len(saver.figures["versions-LCTII.FIN.03"]) == 1, "leave-one-out: against the design's base H, no thesis panel")

        # Table sizes stepping by 4x on the thesis's position: both panels drawn, the thesis's beside.
        sizes = {"131072", "524288", "2097152"}
        d = make_run(tmp, "tt4x", "tt-deep", keep=lambda r: r["tt_entries"] in sizes and int(r["depth"]) <= 9,
                     summary={"name": "tt4x"})
        saver, written = draw(tables, d, thesis_path=os.path.join(THESIS, "thesis_tt_nodes.csv"))
        check(written == ["tt-entries.png", "tt-doubling.png"], f"tables: {written}")
        check(len(saver.figures["tt-doubling"]) == 2 and every_panel_drawn(saver, "tt-doubling"),
              "tables: 4x steps leave no panel empty; the thesis's panel beside its position 5")
        check("at depth 9" in saver.figures["tt-doubling"][0]["title"], "tables: the title names the position's depth")
        xlabel = saver.described["tt-doubling"]["panels"][0]["xlabel"]
        check("a step: ×4, 2 doublings" in xlabel, f"tables: the doubling's axis says what a step was: {xlabel!r}")

        # A kind with nothing to draw says so instead of drawing empty axes.
        try:
            versions.draw(Run(d), d, Saver())
            check(False, "versions on a table sweep: drew something")
        except NotApplicable as e:
            check("no two versions" in str(e), f"versions on a table sweep: not applicable ({e})")

        # The same sweep on a position that is not the thesis's: no thesis curves.
        def other(r):
            r["thesis_position"] = ""
            return r
        d = make_run(tmp, "tt-other", "tt-deep", keep=lambda r: int(r["depth"]) <= 8, rename=other,
                     summary={"name": "tt-other"})
        saver, _ = draw(tables, d, thesis_path=os.path.join(THESIS, "thesis_tt_nodes.csv"))
        check(len(saver.figures["tt-doubling"]) == 1 and len(saver.figures["tt-entries"]) == 1,
              "tables: no thesis panel without the thesis's position")

        # An equal-memory sweep (tt_bytes) on more than 6 positions: drawn against bytes, the schemes given the same
        # memory at the same x; an aggregate with its band and every position as small multiples, none dropped.
        d = make_run(tmp, "bytes", "tt-schemes", keep=lambda r: "sweep:mem16-64KiB" in r["groups"],
                     experiment="copy", summary={"name": "bytes"})
        saver, written = draw(tables, d)
        positions = sorted({r["position"] for r in csv.DictReader(open(os.path.join(d, "cells.csv")))})
        pages = (len(positions) + tables.PANELS_PER_PAGE - 1) // tables.PANELS_PER_PAGE
        check(len(positions) > tables.MAX_POSITIONS and written == ["tt-bytes-mean.png"] + [
              f"tt-bytes-positions-{k + 1}.png" for k in range(pages)] + ["tt-doubling-bytes.png"],
              f"tables by bytes, {len(positions)} positions: {written}")
        panels = sorted(p["title"].split(" at depth")[0] for k in range(pages)
                        for p in saver.described.get(f"tt-bytes-positions-{k + 1}", {"panels": []})["panels"]
                        if p["title"])
        check(panels == positions, f"tables: every position has its panel ({len(panels)} of {len(positions)})")
        lines = {k: v[1] for k, v in saver.lines.get("tt-bytes-mean", {}).items()}
        check(lines.get("always") == lines.get("bucket4") == lines.get("depth_always") == [16384.0, 32768.0, 65536.0],
              f"tables: always, bucket4 and depth_always at the same bytes: {lines.get('bucket4')}")
        check(written[-1] == "tt-doubling-bytes.png" and
              saver.described["tt-bytes-mean"]["panels"][0]["xlabel"] == "table memory" and
              "table memory" in saver.described["tt-doubling-bytes"]["panels"][0]["xlabel"], "tables: a bytes axis")

        # A log axis only over a doubling or more: B 1.5 % above A is drawn on a linear axis, C at 3x on a log one.
        for name, factor, want in (("tiny", 1.015, "linear"), ("wide", 3.0, "log")):
            d = os.path.join(tmp, name)
            os.makedirs(d)
            with open(os.path.join(d, "cells.csv"), "w", newline="") as f:
                w = csv.writer(f)
                w.writerow(["groups", "position", "thesis_position", "depth", "version", "nodes", "completed"])
                for pos, scale_ in (("p1", 1.0), ("p2", 1.3), ("p3", 0.8)):
                    for depth in (1, 2, 3, 4):
                        a = int(1000 * depth ** 3 * scale_)
                        # p1's A stopped by the node budget at depth 4: B's point there is an upper bound
                        w.writerow(["versions", pos, "", depth, "A", a, "false" if (pos, depth) == ("p1", 4) else "true"])
                        w.writerow(["versions", pos, "", depth, "B", int(a * factor * (1 + 0.002 * depth)), "true"])
            saver, _ = draw(versions, d)
            mean = saver.described["versions-mean"]["panels"][0]
            check(mean["yscale"] == want and ("log scale" in mean["ylabel"]) == (want == "log"),
                  f"versions: B at {factor}x A: a {mean['yscale']} axis ({mean['ylabel']})")
            p1 = saver.described["versions-p1"]["panels"][0]
            check(p1["legend"] == ["B / A", "hollow, dashed: an upper bound\n(A stopped by the node budget)"],
                  f"versions: an upper bound is said in the legend: {p1['legend']}")

        # More than 8 positions: the versions' mean and every position as small multiples, said on stderr.
        with open(os.path.join(RESULTS, "etc-d", "cells.csv"), newline="") as f:
            ids = sorted({r["position"] for r in csv.DictReader(f)})[:10]
        d = make_run(tmp, "many", "etc-d", keep=lambda r: r["position"] in ids and int(r["depth"]) <= 4,
                     experiment="copy", summary={"name": "many"})
        saver, written = draw(versions, d)
        check(written == ["versions-mean.png", "versions-positions-1.png"], f"versions, 10 positions: {written}")
        page = saver.described["versions-positions-1"]
        check([p["title"] for p in page["panels"] if p["title"]] == ids and
              [t for p in page["panels"] for t in p["legend"]] == ["D+etc / D"],
              f"versions: a panel per position and one legend: {page['panels'][-1]}")
        check(any("small multiples" in n for n in saver.notes), f"versions: says how it drew them: {saver.notes}")
        plot = [sys.executable, os.path.join(PROJECT, "scripts", "plot.py")]
        described = os.path.join(tmp, "many.json")
        r = subprocess.run(plot + [d, "--describe", described], capture_output=True, text=True)
        desc = json.load(open(described)) if os.path.exists(described) else {}
        check(r.returncode == 0 and sorted(desc) == ["versions-mean", "versions-positions-1"] and
              all(os.path.exists(os.path.join(d, f"{stem}.{ext}")) for stem in desc for ext in ("png", "svg")),
              f"plot.py --describe: exit {r.returncode}, {sorted(desc)}")
        said = ("plot.py: versions: 10 positions: drawn as small multiples" in r.stderr and
                "plot.py: skipped tables: no sweep" in r.stderr and "plot.py: skipped drivers: " in r.stderr)
        check(said, "plot.py: every kind skipped and every figure left out says why" + ("" if said else r.stderr))
        check(desc.get("versions-mean", {}).get("title", "").startswith("many: nodes of each version ÷ D") and
              desc["versions-mean"]["panels"][0]["legend"] == ["D+etc ÷ D"], "plot.py --describe: title and legend")

        # Summary-only kinds from the committed summaries.
        for kind, source, stems in ((tt_study, "tt-schemes", ["tt-schemes-load.png", "tt-schemes-doubling.png"]),
                                    (drivers, "drivers", ["drivers-nodes.png", "drivers-leaves.png", "drivers-minimal.png"]),
                                    (pruning, "pruning-cost", ["pruning-cost.png"]),
                                    (series, "elo-ablation", ["elo-vs-nodes.png"]),
                                    (match, "elo-ablation/G-vs-F-10000n", ["match-progress.png"])):
            d = make_run(tmp, source, source, summary="copy")
            saver, written = draw(kind, d)
            check(written == stems and all(every_panel_drawn(saver, s[:-4]) for s in stems),
                  f"{kind.__name__}: {written}")

        # A single match: the LLR panel with both bounds and the Elo panel with its interval band; without an SPRT
        # the Elo panel alone; a series' directory is not a single match.
        summary = json.load(open(os.path.join(RESULTS, "elo-ablation", "G-vs-F-10000n", "summary.json")))
        saver, _ = draw(match, make_run(tmp, "match-sprt", "elo-ablation", summary=summary))
        panels = saver.figures["match-progress"]
        check(len(panels) == 2 and panels[0]["lines"] == 3 and panels[1]["collections"] == 1
              and len(summary["match"]["progress"]["pairs"]) == summary["match"]["pairs"],
              f"match: LLR with two bounds, Elo with its band: {panels}")
        del summary["match"]["sprt"], summary["match"]["progress"]["llr"]
        saver, _ = draw(match, make_run(tmp, "match-no-sprt", "elo-ablation", summary=summary))
        check(len(saver.figures["match-progress"]) == 1, "match: no SPRT, the Elo panel alone")
        try:
            match.draw(Run(make_run(tmp, "match-series", "elo-ablation", summary="copy")), tmp, Saver())
            check(False, "match: a series' directory is not a single match")
        except NotApplicable:
            check(True, "match: a series' directory is not a single match")

        # Heinz's box beside a futility step reaching depth 8, not beside null move alone.
        summary = json.load(open(os.path.join(RESULTS, "pruning-cost", "summary.json")))
        saver, _ = draw(pruning, make_run(tmp, "heinz", "pruning-cost", summary=summary))
        check(saver.figures["pruning-cost"][0]["patches"] == 1, "pruning: Heinz's box beside the futility step")
        summary["pruning_steps"] = [s for s in summary["pruning_steps"] if "futility" not in s["change"]]
        saver, _ = draw(pruning, make_run(tmp, "no-heinz", "pruning-cost", summary=summary))
        check(saver.figures["pruning-cost"][0]["patches"] == 0, "pruning: no Heinz box without a futility step")

        # The command: a run no kind applies to, bad input, and a whole committed run into --out.
        d = make_run(tmp, "nothing", "drivers", summary={"name": "nothing"})
        r = subprocess.run(plot + [d], capture_output=True, text=True)
        check(r.returncode == 0 and "no figure applies" in r.stderr and os.listdir(d) == ["summary.json"],
              f"plot.py: nothing applies: exit {r.returncode}, {os.listdir(d)}")
        r = subprocess.run(plot + [os.path.join(tmp, "missing")], capture_output=True, text=True)
        check(r.returncode == 2 and r.stderr.startswith(f"error: {os.path.join(tmp, 'missing')}: "),
              f"plot.py: a missing directory: exit {r.returncode}, {r.stderr.strip()}")
        os.makedirs(os.path.join(tmp, "bare"))
        r = subprocess.run(plot + [os.path.join(tmp, "bare")], capture_output=True, text=True)
        check(r.returncode == 2 and "neither cells.csv nor summary.json" in r.stderr,
              f"plot.py: no cells.csv/summary.json: exit {r.returncode}")
        out = os.path.join(tmp, "out")
        r = subprocess.run(plot + [os.path.join(RESULTS, "elo-ablation"), "--out", out], capture_output=True,
                           text=True)
        check(r.returncode == 0 and sorted(os.listdir(out)) == ["elo-vs-nodes.png", "elo-vs-nodes.svg"],
              f"plot.py --out: exit {r.returncode}, {sorted(os.listdir(out)) if os.path.isdir(out) else 'none'}")
        r = subprocess.run(plot + ["--help"], capture_output=True, text=True)
        check(r.returncode == 0 and "usage: plot.py" in r.stdout, "plot.py --help")
        # One colour per scheme and per version over every figure drawn above.
        for what, names in COLOURS.items():
            many = {n: sorted(c) for n, c in names.items() if len(c) > 1}
            check(names and not many, f"one colour per {what} in every figure ({len(names)} {what}s): {many}")
    finally:
        shutil.rmtree(tmp)
    if failures:
        print(f"{len(failures)} failed", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
