#!/usr/bin/env python3
"""Plays one game of `harness uci` against itself through Debian's polyglot (the xboard <-> UCI adapter), the way
xboard would drive it: `xboard`, `protover 2`, `new`, `setboard FEN`, `sd N`, then `go` after each move, until
polyglot announces the result. polyglot checks every move the engine sends against the rules and reports an illegal
one; this script fails then, or when the game does not end within MAX_PLIES.

usage: scripts/uci/polyglot_game.py HARNESS FEN [DEPTH] [MAX_PLIES]
Prints the moves and the result line; exit 0 when the game ended by the rules with legal moves only."""
import os
import queue
import subprocess
import sys
import threading
import time

if len(sys.argv) < 3:
    print(__doc__, file=sys.stderr)
    sys.exit(2)
harness, fen = os.path.abspath(sys.argv[1]), sys.argv[2]
depth = int(sys.argv[3]) if len(sys.argv) > 3 else 3
max_plies = int(sys.argv[4]) if len(sys.argv) > 4 else 120

p = subprocess.Popen(["/usr/games/polyglot", "-noini", "-ec", harness + " uci", "-ed", "/tmp"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
transcript = []


def send(line):
    transcript.append("> " + line)
    p.stdin.write(line + "\n")
    p.stdin.flush()


lines = queue.Queue()


def pump():  # one thread reads polyglot's output, so no line waits in a buffer unseen
    for line in p.stdout:
        lines.put(line.rstrip())
    lines.put(None)


threading.Thread(target=pump, daemon=True).start()


def read_until(pred, timeout=60):
    deadline = time.time() + timeout
    while True:
        try:
            line = lines.get(timeout=max(0.01, deadline - time.time()))
        except queue.Empty:
            return None
        if line is None:
            return None
        transcript.append("< " + line)
        if "llegal" in line or line.startswith("tellusererror") or line.startswith("Error"):
            fail("polyglot reports: " + line)
        if pred(line):
            return line


def fail(why):
    print("\n".join(transcript[-40:]), file=sys.stderr)
    print("polyglot exit: %s" % p.poll(), file=sys.stderr)
    print("polyglot_game: " + why, file=sys.stderr)
    p.kill()
    sys.exit(1)


RESULTS = ("1-0", "0-1", "1/2-1/2")
send("xboard")
send("protover 2")
if read_until(lambda l: "done=1" in l) is None:
    fail("no 'feature done=1' from polyglot")
send("new")
send("force")
send("setboard " + fen)
send("sd %d" % depth)
moves = []
result = None
for ply in range(max_plies):
    send("go")
    line = read_until(lambda l: l.startswith("move ") or l.split(" ")[0] in RESULTS)
    if line is None:
        fail("no move or result after 'go' at ply %d" % ply)
    if line.split(" ")[0] in RESULTS:
        result = line
        break
    moves.append(line.split()[1])
    send("force")
    # polyglot announces a game that ended with this move on the line after it, if any; a ping's pong comes after
    # that line (xboard protocol 2: "ping N" is answered once every earlier command is done), so no wait is guessed.
    send("ping %d" % ply)
    line = read_until(lambda l: l.split(" ")[0] in RESULTS or l == "pong %d" % ply)
    if line is None:
        fail("no pong after move %d" % ply)
    if line.split(" ")[0] in RESULTS:
        result = line
        break
send("quit")
p.wait(timeout=10)
print(" ".join(moves))
if result is None:
    fail("no result within %d plies" % max_plies)
print(result)
