#!/usr/bin/env python3
"""Writes an EPD test suite from one of the mate puzzle files Debian's pychess package ships
(/usr/share/pychess/learn/puzzles/mate_in_N.pgn; pychess 1.0.3, GPL-3+ per the package's copyright file).
Each puzzle has a [FEN] tag and its solution as movetext; the first move of the solution becomes the position's
`bm` and the puzzle's players, site and year a comment. Positions whose FEN a standard reader refuses are left out
by the harness's own reader later, not here: this script only reformats.

usage: scripts/suites/pychess_mates_to_epd.py PGN PREFIX COUNT > positions/FILE.epd
  PGN     the puzzle file (from the pychess package: `apt-get download pychess; dpkg-deb -x pychess_*.deb DIR`)
  PREFIX  the id prefix, e.g. pychess.m3 (ids PREFIX.001, PREFIX.002, ... in file order)
  COUNT   how many puzzles to take, the first ones in file order"""
import re
import sys

if len(sys.argv) != 4:
    print(__doc__, file=sys.stderr)
    sys.exit(2)
path, prefix = sys.argv[1], sys.argv[2]
try:
    count = int(sys.argv[3])
except ValueError:
    print("pychess_mates_to_epd.py: COUNT must be a whole number, got %r" % sys.argv[3], file=sys.stderr)
    sys.exit(2)

text = open(path, encoding="utf-8", errors="replace").read()
games = re.split(r"\n\s*\n(?=\[)", text.strip())
written = 0
for game in games:
    tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', game, re.M))
    fen = tags.get("FEN")
    movetext = "\n".join(l for l in game.splitlines() if not l.startswith("["))
    movetext = re.sub(r"\{[^}]*\}", " ", movetext)  # comments out
    moves = [t for t in movetext.split() if not re.match(r"^\d+\.+$|^\d+\.\.\.$|^(\*|1-0|0-1|1/2-1/2)$", t)]
    moves = [re.sub(r"^\d+\.+", "", t) for t in moves]
    moves = [t for t in moves if t]
    if not fen or not moves:
        continue
    written += 1
    four = " ".join(fen.split()[:4])
    who = "%s - %s, %s %s" % (tags.get("White", "?"), tags.get("Black", "?"), tags.get("Site", "?"),
                              tags.get("Date", "?")[:4])
    print('%s bm %s; id "%s.%03d"; c0 "%s; %s";' % (four, moves[0], prefix, written, who.replace('"', "'"),
                                                    tags.get("Termination", "")))
    if written == count:
        break
if written < count:
    print("pychess_mates_to_epd.py: only %d puzzles in %s" % (written, path), file=sys.stderr)
    sys.exit(1)
