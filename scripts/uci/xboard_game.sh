#!/usr/bin/env bash
# Plays one game of `harness uci` against itself in Debian's xboard (the GUI), through polyglot (xboard <-> UCI),
# on a virtual X display (Xvfb, via xvfb-run), and takes a screenshot of the final position.
#
# usage: scripts/uci/xboard_game.sh HARNESS OUTDIR [DEPTH] [MOVES]
#   DEPTH  search depth of both sides (xboard's -searchDepth; default 3)
#   MOVES  xboard adjudicates a draw after this many moves if the game has not ended by then (default 20)
# Writes into OUTDIR: game.pgn (xboard's saved game, -saveGameFile), screenshot.png (the whole virtual screen once
# the game has ended, ImageMagick's `import`), xboard.debug (xboard's log of everything said to the engines).
# Exit 0 once xboard has saved a finished game; 1 when it did not within 90 s; 2 for a missing tool or bad usage.
# xboard itself plays the referee: it checks every engine move against the rules and ends the game.
set -euo pipefail

# Inside the virtual display: xboard plays both engines (TwoMachines), saves the game when it ends and stays open on
# the final position; the screenshot is taken then, and xboard is stopped. HOME is OUTDIR so that xboard neither
# reads nor writes the user's ~/.xboardrc. Sounds go to `true` (no audio device here).
inside() {
  local outdir=$XBOARD_GAME_OUTDIR engine=$XBOARD_GAME_ENGINE depth=$XBOARD_GAME_DEPTH moves=$XBOARD_GAME_MOVES
  cd "$outdir"
  HOME="$outdir" /usr/games/xboard -fcp "$engine" -scp "$engine" -initialMode TwoMachines \
    -searchDepth "$depth" -tc 10 -adjudicateDrawMoves "$moves" -saveGameFile "$outdir/game.pgn" \
    -popupExitMessage false -popupMoveErrors false -animateMoving false -soundProgram true \
    -saveSettingsOnExit false -debugMode true -nameOfDebugFile "$outdir/xboard.debug" > "$outdir/xboard.out" 2>&1 &
  local pid=$! ended=0
  for _ in $(seq 1 180); do
    if grep -qE '^\[Result "(1-0|0-1|1/2-1/2)"\]' "$outdir/game.pgn" 2>/dev/null; then ended=1; break; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  sleep 0.5  # xboard redraws the final position and the result after saving
  import -window root "$outdir/screenshot.png" || echo "xboard_game.sh: import failed" >&2
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  [ "$ended" = 1 ] || { tail -n 20 "$outdir/xboard.out" >&2; echo "xboard_game.sh: no finished game from xboard within 90 s" >&2; return 1; }
}
# xvfb-run (a /bin/sh script) runs this script again with --inside, DISPLAY set and the settings in the environment.
if [ "${1:-}" = --inside ]; then
  inside
  exit
fi

if [ $# -lt 2 ]; then
  sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
harness=$(realpath "$1")
outdir=$2
depth=${3:-3}
moves=${4:-20}
for n in "$depth" "$moves"; do
  case $n in '' | *[!0-9]*) echo "xboard_game.sh: DEPTH and MOVES must be whole numbers, got '$n'" >&2; exit 2 ;; esac
done
[ -x "$harness" ] || { echo "xboard_game.sh: HARNESS '$1' is not an executable" >&2; exit 2; }
for tool in /usr/games/xboard /usr/games/polyglot xvfb-run xauth import; do
  command -v "$tool" >/dev/null ||
    { echo "xboard_game.sh: '$tool' is missing (scripts/setup.sh installs xboard, polyglot, xvfb, xauth, imagemagick)" >&2; exit 2; }
done
mkdir -p "$outdir"
outdir=$(realpath "$outdir")
rm -f "$outdir/game.pgn" "$outdir/screenshot.png" "$outdir/xboard.debug"

# xboard splits an engine command at spaces by itself; a one-word wrapper keeps a harness path with spaces whole.
engine="$outdir/engine.sh"
printf '#!/bin/sh\nexec /usr/games/polyglot -noini -ec "%s uci" -ed /tmp\n' "$harness" > "$engine"
chmod +x "$engine"

export XBOARD_GAME_OUTDIR=$outdir XBOARD_GAME_ENGINE=$engine XBOARD_GAME_DEPTH=$depth XBOARD_GAME_MOVES=$moves
xvfb-run -a -s "-screen 0 640x520x24" bash "$0" --inside
