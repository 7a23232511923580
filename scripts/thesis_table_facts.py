#!/usr/bin/env python3
"""Facts that the thesis's own tables (Appendix B) give about the contested readings of docs/readings.md.

Reads data/thesis/thesis_versions_nodes.csv (Tables B.1-B.6) and data/thesis/thesis_tt_nodes.csv
(Tables B.7-B.9) and prints, section by section, the comparisons docs/readings.md quotes: which cells
of one version equal the previous version's, where they first differ, and by how much.

With --harness PATH (the project's harness binary, used read-only) it also computes the position
mapping: legal moves of every LCT II position (harness perft), the depth-1 counts the engine gives under
the quiescence readings it can express (harness search), what the leaves of the endgame positions offer
to a quiescence search, and lower bounds on any depth-2 and depth-3 alpha-beta tree (the FIN.05/FIN.07
argument). The chess helpers below only parse a FEN, apply a move given in UCI and test attacks; every
move list comes from the harness, so the legal-move rules are the engine's own.

Python 3 standard library only. Usage:
  python3 scripts/thesis_table_facts.py [--harness build/bin/harness] [--epd positions/lct2.epd]
"""
import argparse
import csv
import json
import math
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERSIONS = "ABCDEFGH"
DEPTHS = range(1, 10)
MIDDLEGAME = (1, 2, 3)  # ch. 6.1: three middlegame positions, then three endgames
ENDGAME = (4, 5, 6)


# ----------------------------------------------------------------------------------------------
# Tables B.1-B.9
# ----------------------------------------------------------------------------------------------

def load_versions(path):
    t = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            t[(int(row["thesis_position"]), row["version"], int(row["depth"]))] = int(row["nodes"])
    return t


def load_tt(path):
    t = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            t[(row["scheme"], int(row["depth"]), int(row["entries"]))] = int(row["nodes"])
    return t


def pct(new, old):
    return 100.0 * (new - old) / old


def fmt_pct(x):
    return f"{x:+.1f}%"


def compare(t, newer, older, depths=DEPTHS, positions=range(1, 7)):
    """Cells (pos, depth, older, newer) of two versions that both exist."""
    out = []
    for p in positions:
        for d in depths:
            if (p, newer, d) in t and (p, older, d) in t:
                out.append((p, d, t[(p, older, d)], t[(p, newer, d)]))
    return out


def equal_count(cells):
    return sum(1 for c in cells if c[2] == c[3]), len(cells)


def first_difference(t, newer, older, p):
    for d in DEPTHS:
        if t[(p, newer, d)] != t[(p, older, d)]:
            return d
    return None


def print_pair(t, newer, older, title):
    print(f"\n## {title}: {newer} vs {older}")
    for d in DEPTHS:
        cells = compare(t, newer, older, depths=[d])
        eq, n = equal_count(cells)
        diffs = ", ".join(f"p{p} {o}->{nw} ({fmt_pct(pct(nw, o))})" for p, _, o, nw in cells if o != nw)
        print(f"depth {d}: {newer} = {older} in {eq}/{n} positions" + (f"; differ: {diffs}" if diffs else ""))
    firsts = {p: first_difference(t, newer, older, p) for p in range(1, 7)}
    print("first depth where they differ, per position: "
          + ", ".join(f"p{p} {d if d else 'never (1-9)'}" for p, d in firsts.items()))


def table_facts(t, tt):
    print("# Facts from Tables B.1-B.6 (data/thesis/thesis_versions_nodes.csv)")

    print("\n## Depth-1 counts (root + its children + anything below them)")
    print("pos | " + " | ".join(VERSIONS))
    for p in range(1, 7):
        print(f"{p} | " + " | ".join(str(t[(p, v, 1)]) for v in VERSIONS))
    same = [p for p in range(1, 7) if t[(p, "A", 1)] == t[(p, "B", 1)]]
    print(f"A(1) = B(1) in {len(same)}/6 positions: {same}; "
          + ", ".join(f"p{p} A(1)={t[(p, 'A', 1)]} B(1)={t[(p, 'B', 1)]}" for p in range(1, 7) if p not in same))
    print("C(1) - B(1) per position (PVS at depth 1): "
          + ", ".join(f"p{p} {t[(p, 'C', 1)] - t[(p, 'B', 1)]:+d}" for p in range(1, 7)))

    print_pair(t, "B", "A", "Ordering + TT move + iterative deepening")
    print_pair(t, "C", "B", "Minimal window (PVS)")
    print_pair(t, "D", "C", "TT cut-offs and 'uso de variacion principal'")
    print_pair(t, "E", "D", "Aspiration")
    cells = compare(t, "E", "D")
    worse = [(p, d, o, n) for p, d, o, n in cells if n > o]
    print(f"E > D (aspiration costs nodes) in {len(worse)}/{len(cells)} cells: "
          + ", ".join(f"p{p} d{d} {o}->{n}" for p, d, o, n in worse))

    print_pair(t, "F", "E", "Null move")
    eq, n = equal_count(compare(t, "F", "E", depths=[1, 2, 3]))
    print(f"F = E at depths 1-3: {eq}/{n} cells")
    for grp, name in ((MIDDLEGAME, "middlegame"), (ENDGAME, "endgame")):
        cells = compare(t, "F", "E", depths=range(4, 10), positions=grp)
        print(f"F vs E, {name}, depths 4-9: " + ", ".join(f"p{p}d{d} {fmt_pct(pct(nw, o))}" for p, d, o, nw in cells))
    eg_equal = [p for p in ENDGAME if all(t[(p, 'F', d)] == t[(p, 'E', d)] for d in DEPTHS)]
    print(f"endgame positions with F = E at every depth 1-9: {eg_equal}")

    print_pair(t, "G", "F", "Futility")
    for grp, name in ((MIDDLEGAME, "middlegame"), (ENDGAME, "endgame")):
        cells = compare(t, "G", "F", depths=range(4, 10), positions=grp)
        vals = [pct(nw, o) for _, _, o, nw in cells]
        print(f"G vs F, {name}, depths 4-9: median {statistics.median(vals):+.1f}%, range "
              f"{min(vals):+.1f}% .. {max(vals):+.1f}%")

    print_pair(t, "H", "G", "Late move reductions")
    d2 = compare(t, "H", "G", depths=[2])
    print("H - G at depth 2 (nodes): " + ", ".join(f"p{p} {nw - o:+d}" for p, _, o, nw in d2))
    for grp, name in ((MIDDLEGAME, "middlegame"), (ENDGAME, "endgame")):
        cells = compare(t, "H", "G", depths=range(3, 10), positions=grp)
        vals = [pct(nw, o) for _, _, o, nw in cells]
        print(f"H vs G, {name}, depths 3-9: median {statistics.median(vals):+.1f}%, range "
              f"{min(vals):+.1f}% .. {max(vals):+.1f}%; cells: "
              + ", ".join(f"p{p}d{d} {fmt_pct(pct(nw, o))}" for p, d, o, nw in cells))

    print("\n# Facts from Tables B.7-B.9 (data/thesis/thesis_tt_nodes.csv)")
    schemes = sorted({k[0] for k in tt})
    sizes = sorted({k[2] for k in tt})
    depths = sorted({k[1] for k in tt})
    same_rows = [d for d in depths if len({tt[(s, d, e)] for s in schemes for e in sizes}) == 1]
    print(f"schemes {schemes}, sizes {sizes}")
    print(f"depths where all {len(schemes) * len(sizes)} cells are equal: {same_rows}")
    for d in depths:
        vals = [tt[(s, d, e)] for s in schemes for e in sizes]
        print(f"depth {d}: min {min(vals)} max {max(vals)} spread {100.0 * (max(vals) - min(vals)) / min(vals):.2f}%")
    print("Version D of Table B.5 against each scheme at 2048K (nodes, scheme - D):")
    for d in range(1, 10):
        dv = t[(5, "D", d)]
        print(f"  depth {d}: D={dv}; " + ", ".join(f"{s} {tt[(s, d, max(sizes))] - dv:+d}" for s in schemes))
    print("Cells where a doubled table needs MORE nodes than the smaller one:")
    for s in schemes:
        ups = [f"d{d} {a // 1024}K->{b // 1024}K {tt[(s, d, a)]}->{tt[(s, d, b)]}"
               for d in depths for a, b in zip(sizes, sizes[1:]) if tt[(s, d, b)] > tt[(s, d, a)]]
        print(f"  {s}: {len(ups)}: " + "; ".join(ups))


# ----------------------------------------------------------------------------------------------
# Minimal chess helpers (FEN, applying a UCI move, attacks). Move lists come from the harness.
# ----------------------------------------------------------------------------------------------

VALUE = {"p": 100, "n": 300, "b": 310, "r": 500, "q": 900, "k": 1000}  # §2.4.1; king as attacker 1000


def parse_fen(fen):
    f = fen.split()
    board = {}
    for r, row in enumerate(f[0].split("/")):
        c = 0
        for ch in row:
            if ch.isdigit():
                c += int(ch)
            else:
                board[(7 - r) * 8 + c] = ch
                c += 1
    return {"board": board, "white": f[1] == "w", "castle": f[2] if len(f) > 2 else "-",
            "ep": f[3] if len(f) > 3 else "-"}


def sq(name):
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


def sq_name(s):
    return "abcdefgh"[s % 8] + str(s // 8 + 1)


def to_fen(st):
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for c in range(8):
            p = st["board"].get(r * 8 + c)
            if p:
                row += (str(empty) if empty else "") + p
                empty = 0
            else:
                empty += 1
        rows.append(row + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {'w' if st['white'] else 'b'} {st['castle'] or '-'} {st['ep']} 0 1"


def is_white(p):
    return p.isupper()


def apply_uci(st, uci):
    b = dict(st["board"])
    fr, to = sq(uci[:2]), sq(uci[2:4])
    p = b.pop(fr)
    kind = p.lower()
    if kind == "p" and uci[2:4] == st["ep"] and to not in b:  # en passant: the pawn behind the target
        b.pop(to - 8 if is_white(p) else to + 8, None)
    if kind == "k" and abs(to - fr) == 2:  # castling: the rook jumps over
        rf, rt = (fr + 3, fr + 1) if to > fr else (fr - 4, fr - 1)
        b[rt] = b.pop(rf)
    b[to] = (uci[4].upper() if is_white(p) else uci[4]) if len(uci) == 5 else p
    castle = st["castle"]
    for s, rights in ((sq("e1"), "KQ"), (sq("h1"), "K"), (sq("a1"), "Q"), (sq("e8"), "kq"), (sq("h8"), "k"), (sq("a8"), "q")):
        if fr == s or to == s:
            castle = "".join(ch for ch in castle if ch not in rights)
    ep = sq_name((fr + to) // 2) if kind == "p" and abs(to - fr) == 16 else "-"
    return {"board": b, "white": not st["white"], "castle": castle or "-", "ep": ep}


def attacked(b, target, by_white):
    """Is square `target` attacked by a piece of the given colour?"""
    tf, tr = target % 8, target // 8

    def piece(f, r):
        return b.get(r * 8 + f) if 0 <= f < 8 and 0 <= r < 8 else None

    def ours(p, kinds):
        return p is not None and is_white(p) == by_white and p.lower() in kinds

    pr = tr - 1 if by_white else tr + 1  # a white pawn attacks upwards, so it stands one rank below
    if any(ours(piece(tf + df, pr), "p") for df in (-1, 1)):
        return True
    for df, dr in ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)):
        if ours(piece(tf + df, tr + dr), "n"):
            return True
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if (df or dr) and ours(piece(tf + df, tr + dr), "k"):
                return True
    for dirs, kinds in ((((1, 0), (-1, 0), (0, 1), (0, -1)), "rq"), (((1, 1), (1, -1), (-1, 1), (-1, -1)), "bq")):
        for df, dr in dirs:
            f, r = tf + df, tr + dr
            while 0 <= f < 8 and 0 <= r < 8:
                p = b.get(r * 8 + f)
                if p:
                    if ours(p, kinds):
                        return True
                    break
                f, r = f + df, r + dr
    return False


def in_check(st):
    """Is the side to move in check?"""
    king = next(s for s, p in st["board"].items() if p == ("K" if st["white"] else "k"))
    return attacked(st["board"], king, not st["white"])


def material(st):
    out = {}
    for white in (True, False):
        pieces = [p.lower() for p in st["board"].values() if is_white(p) == white and p.lower() != "k"]
        out["w" if white else "b"] = (sum(VALUE[p] for p in pieces), sum(VALUE[p] for p in pieces if p != "p"))
    return out  # side -> (total, non-pawn)


# ----------------------------------------------------------------------------------------------
# The harness (read-only)
# ----------------------------------------------------------------------------------------------

class Harness:
    def __init__(self, path):
        self.path = path
        self.cache = {}

    def run(self, *args):
        # The binary may be briefly missing while it is rebuilt: retry for a few minutes before failing.
        for attempt in range(10):
            try:
                out = subprocess.run([self.path, *args], check=True, capture_output=True, text=True).stdout
                return json.loads(out)
            except (OSError, subprocess.CalledProcessError, json.JSONDecodeError):
                if attempt == 9:
                    raise
                time.sleep(30)

    def divide(self, fen, depth):
        key = (fen, depth)
        if key not in self.cache:
            self.cache[key] = self.run("perft", "--fen", fen, "--depth", str(depth), "--divide", "--json")["divide"]
        return self.cache[key]

    def nodes(self, fen, depth, version, *sets):
        args = ["search", "--fen", fen, "--depth", str(depth), "--version", version, "--json"]
        for s in sets:
            args += ["--set", s]
        return self.run(*args)


def read_epd(path):
    out = []
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            fields = line.split()
            fen = " ".join(fields[:4])
            pid = line.split('id "')[1].split('"')[0]
            out.append((pid, fen))
    return out


def move_kinds(st, uci):
    """(capture, promotion, gives_check, losing_capture) for a legal move in state st."""
    b = st["board"]
    to = sq(uci[2:4])
    mover = b[sq(uci[:2])]
    capture = to in b or (mover.lower() == "p" and uci[2:4] == st["ep"])
    promotion = len(uci) == 5
    after = apply_uci(st, uci)
    check = in_check(after)
    losing = False
    if capture:
        victim = VALUE[b[to].lower()] if to in b else 100
        # The engine's test (docs/search.md interpretation 8): victim worth less than the attacker and
        # the target square defended (attacked by the other side once the capture is made).
        losing = victim < VALUE[mover.lower()] and attacked(after["board"], to, not st["white"])
    return capture, promotion, check, losing


def depth3_lower_bounds(h, fen):
    """Lower bounds on the nodes of any depth-2 and depth-3 alpha-beta tree from fen (root counted,
    every node entered counted, nothing pruned except by alpha-beta; quiescence only adds nodes).

    depth 2: every root move's child is entered, and the first one searches every reply (full window),
    the others at least one: 1 + n + min_i n_i + (n - 1), less one for each child with no reply.
    depth 3 (the bound docs/readings.md §9 uses): each root move i needs one reply r whose node is fully expanded
    (a fail-low at a max node needs all its moves): 1 + sum_i (1 + min_r (1 + L(i, r))).
    refined: the first root move (PV) also enters each of its other replies and at least one move
    below each (a fail-high needs one move): + min over i of sum_{r != r_min} (1 + min(1, L(i, r))).
    """
    st = parse_fen(fen)
    root_moves = h.divide(fen, 1)
    n = len(root_moves)
    per_move = []  # (n_i, min_r L, extra_if_pv)
    for m in root_moves:
        child = to_fen(apply_uci(st, m))
        replies = h.divide(child, 2) if h.divide(child, 1) else {}
        if not replies:
            per_move.append((0, None, 0))
            continue
        ls = sorted(replies.values())
        extra = sum(1 + min(1, l) for l in ls[1:])
        per_move.append((len(ls), ls[0], extra))
    # depth 2: the first root move enters all its replies, every other non-terminal root move at least one.
    nonterminal = sum(1 for ni, _, _ in per_move if ni)
    lb2 = 1 + n + min(ni + nonterminal - (1 if ni else 0) for ni, _, _ in per_move) if n else 1
    lb3 = 1 + sum(1 + ((1 + ml) if ni else 0) for ni, ml, _ in per_move)
    lb3_refined = lb3 + min(extra for _, _, extra in per_move)
    return n, lb2, lb3, lb3_refined


def _position_rows(h, epd):
    """Per LCT II position: its id, FEN, legal moves, material, checking root moves and depth-1 counts (rows), and the
    root futility gap of version F (gaps)."""
    positions = read_epd(epd)
    rows = []
    gaps = []
    for pid, fen in positions:
        st = parse_fen(fen)
        moves = list(h.divide(fen, 1))
        n = len(moves)
        mat = material(st)
        checks = sum(1 for m in moves if move_kinds(st, m)[2])
        a_unordered = h.nodes(fen, 1, "A")["stats"]["nodes"]
        a_ordered = h.nodes(fen, 1, "A", "mvv_lva=true")["stats"]["nodes"]
        a_checks = h.nodes(fen, 1, "A", "mvv_lva=true", "qsearch_checks=true")["stats"]["nodes"]
        a_noq = h.nodes(fen, 1, "A", "quiescence=false")["stats"]["nodes"]
        b1 = h.nodes(fen, 1, "B")["stats"]["nodes"]
        rows.append((pid, fen, n, mat, checks, a_noq, a_unordered, a_ordered, a_checks, b1))
        # Futility at the root of the depth-1 iteration (Alg. 11, margin 200 at d = 1) can skip a quiet
        # move only once alpha >= material balance + 200; alpha never exceeds the iteration's score.
        us, them = ("w", "b") if st["white"] else ("b", "w")
        balance = mat[us][0] - mat[them][0]
        score = h.nodes(fen, 1, "F")["score"]
        gaps.append((pid, score, balance, score - balance))

    return rows, gaps


def _print_endgame_leaves(h, rows):
    """For each endgame candidate (ROWS) and root move, what the reply side may play at the leaf."""
    print("\n## Endgame leaves at depth 1: for each root move, what the reply side may play at the leaf")
    print("## (captures, non-losing captures by the engine's test, promotions, checks)")
    for pid, fen, n, *_ in rows:
        st = parse_fen(fen)
        leaves_cap = leaves_good = leaves_promo = leaves_check = total_caps = 0
        for m in h.divide(fen, 1):
            child = apply_uci(st, m)
            kinds = [move_kinds(child, r) for r in h.divide(to_fen(child), 1)]
            caps = [k for k in kinds if k[0]]
            total_caps += len(caps)
            leaves_cap += bool(caps)
            leaves_good += any(not k[3] for k in caps)
            leaves_promo += any(k[1] for k in kinds)
            leaves_check += any(k[2] for k in kinds)
        print(f"{pid}: n={n}; leaves with a capture {leaves_cap}/{n} ({total_caps} captures in all), with a "
              f"non-losing capture {leaves_good}/{n}, with a promotion {leaves_promo}/{n}, with a check {leaves_check}/{n}")


def _print_first_root_moves(h, rows):
    """For each endgame candidate (ROWS), version B's first root move at depth 1 and the captures its leaf offers."""
    print("\n## The first root move of version B at depth 1 (the best MVV/LVA capture, if any) and the captures")
    print("## its leaf offers; value = the thesis's piece values, king 1000; 'defended' = the capturer can be taken back")
    for pid, fen, n, *_ in rows:
        st = parse_fen(fen)
        b = st["board"]
        caps = [m for m in h.divide(fen, 1) if sq(m[2:4]) in b]
        if not caps:
            print(f"{pid}: no capture at the root")
            continue
        # §4.2: C + 100 * victim - 10 * attacker; moves tied on it are ordered by generation, which we do
        # not know, so every tied move is shown.
        def mvv_lva(m):
            return 100 * VALUE[b[sq(m[2:4])].lower()] - 10 * VALUE[b[sq(m[:2])].lower()]
        best = max(mvv_lva(m) for m in caps)
        for first in [m for m in caps if mvv_lva(m) == best]:
            child = apply_uci(st, first)
            cb = child["board"]
            desc = []
            for r in h.divide(to_fen(child), 1):
                if not move_kinds(child, r)[0]:
                    continue
                att = VALUE[cb[sq(r[:2])].lower()]
                vic = VALUE[cb[sq(r[2:4])].lower()] if sq(r[2:4]) in cb else 100
                after = apply_uci(child, r)
                defended = attacked(after["board"], sq(r[2:4]), not child["white"])
                desc.append(f"{r} (victim {vic} vs attacker {att}{', defended' if defended else ''})")
            print(f"{pid}: first root move {first}; leaf captures: {', '.join(desc) or 'none'}")


def position_facts(t, h, epd):
    print("\n# Position mapping (harness, read-only)")
    rows, gaps = _position_rows(h, epd)
    print("\n## Every LCT II position: legal moves n, material (total / non-pawn, cp), root moves giving check,")
    print("## and version A's depth-1 count in the engine under four quiescence readings")
    print("id | n | 1+n (no quiescence) | A unordered captures | A MVV/LVA captures | A + first-ply checks | "
          "B | white mat | black mat | side to move | checking root moves")
    for pid, fen, n, mat, checks, a_noq, a_u, a_o, a_c, b1 in rows:
        stm = fen.split()[1]
        print(f"{pid} | {n} | {a_noq} | {a_u} | {a_o} | {a_c} | {b1} | {mat['w'][0]}/{mat['w'][1]} | "
              f"{mat['b'][0]}/{mat['b'][1]} | {stm} | {checks}")
    print(f"engine: A(1) = B(1) with A's unordered captures in {sum(r[6] == r[9] for r in rows)}/35 positions, "
          f"with A's captures ordered by MVV/LVA in {sum(r[7] == r[9] for r in rows)}/35; "
          f"1 + n = A(1) (unordered) in {sum(r[5] == r[6] for r in rows)}/35")

    print("\n## Root futility at depth 1: the engine's depth-1 score (version F) minus the material balance, side "
          "to move's view; a quiet root move can be skipped at d = 1 only if this gap is >= 200")
    print(", ".join(f"{pid} {sc}-{bal}={g}{' (>=200)' if g >= 200 else ''}" for pid, sc, bal, g in gaps))

    print("\n## Candidates per thesis position: every position with 1 + n <= A(1) and 1 + n <= B(1)")
    print("## (alpha-beta enters every root move at depth 1: a necessary condition under every reading)")
    for p in range(1, 7):
        a1, b1 = t[(p, "A", 1)], t[(p, "B", 1)]
        cands = [(pid, n, a1 - 1 - n) for pid, _, n, *_ in rows if 1 + n <= min(a1, b1)]
        exact = [pid for pid, n, q in cands if q == 0]
        print(f"thesis {p}: A(1)={a1} B(1)={b1}: {len(cands)}/35 candidates; 1 + n = A(1) exactly: {exact or 'none'}")
        if p in ENDGAME:
            print("   " + ", ".join(f"{pid} (n={n}, A(1)-1-n={q})" for pid, n, q in cands))

    print("\n## Middlegame thesis positions: the engine's depth-1 A count under each reading, |log ratio| to "
          "the thesis's A(1), best five per reading")
    for p in MIDDLEGAME:
        a1 = t[(p, "A", 1)]
        for col, name in ((6, "unordered captures"), (7, "MVV/LVA captures"), (8, "+ first-ply checks")):
            ranked = sorted(rows, key=lambda r: abs(math.log(r[col] / a1)))[:5]
            print(f"thesis {p} (A(1)={a1}), {name}: "
                  + ", ".join(f"{r[0]} {r[col]} ({abs(math.log(r[col] / a1)):.3f})" for r in ranked))

    endgame_ids = [pid for pid, _, n, *_ in rows if 1 + n <= max(t[(p, 'A', 1)] for p in ENDGAME)]
    endgame_rows = [r for r in rows if r[0] in endgame_ids]
    _print_endgame_leaves(h, endgame_rows)
    _print_first_root_moves(h, endgame_rows)

    print("\n## Lower bounds on any alpha-beta tree (root and leaves counted; see depth3_lower_bounds)")
    print("id | n | LB depth 2 | LB depth 3 | LB depth 3 refined")
    for pid, fen, n, *_ in endgame_rows:
        _, lb2, lb3, lb3r = depth3_lower_bounds(h, fen)
        print(f"{pid} | {n} | {lb2} | {lb3} | {lb3r}")
    print("thesis A(2), A(3): " + ", ".join(f"p{p} {t[(p, 'A', 2)]}, {t[(p, 'A', 3)]}" for p in ENDGAME))

    print("\n## Version D against C in the engine (TT cut-offs only), per iteration, depth 4")
    differ = {1: [], 2: [], 3: []}
    for pid, fen, *_ in rows:
        c = h.nodes(fen, 4, "C")["stats"]["iteration_nodes"]
        d = h.nodes(fen, 4, "D")["stats"]["iteration_nodes"]
        for it in (1, 2, 3):
            if c[it - 1] != d[it - 1]:
                differ[it].append(f"{pid} {c[it - 1]}->{d[it - 1]} ({fmt_pct(pct(d[it - 1], c[it - 1]))})")
    for it in (1, 2, 3):
        print(f"iteration {it}: D != C in {len(differ[it])}/35" + (": " + ", ".join(differ[it]) if differ[it] else ""))
    print("thesis: D != C at depth 3 in " + str(sum(t[(p, 'D', 3)] != t[(p, 'C', 3)] for p in range(1, 7))) + "/6")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--versions", default=os.path.join(ROOT, "data/thesis/thesis_versions_nodes.csv"))
    ap.add_argument("--tt", default=os.path.join(ROOT, "data/thesis/thesis_tt_nodes.csv"))
    ap.add_argument("--harness", help="harness binary: also compute the position mapping")
    ap.add_argument("--epd", default=os.path.join(ROOT, "positions/lct2.epd"))
    args = ap.parse_args()
    for path in (args.versions, args.tt):
        if not os.path.exists(path):
            sys.exit(f"thesis_table_facts: {path}: no such file")
    t = load_versions(args.versions)
    tt = load_tt(args.tt)
    table_facts(t, tt)
    if args.harness:
        position_facts(t, Harness(args.harness), args.epd)


if __name__ == "__main__":
    main()
