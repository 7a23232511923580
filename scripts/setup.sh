#!/usr/bin/env bash
# Installs the Debian packages the project needs, if any is missing. Idempotent; prints what it does.
# Usage: scripts/setup.sh [build|main|rest|all]
set -euo pipefail

# What the harness needs to compile and link, with GoogleTest for the test programs (`build`); what the first README
# command needs (`main`: the harness's packages and matplotlib for its figures, no test packages); and the rest: the
# peers, cluster tools, GUI and fuzzing toolchain that only the tests and plots use (`rest`). With no argument, all.
# scripts/test.sh installs `rest` in the background while the Release tree compiles.
build_packages=(
  g++ cmake ninja-build       # compiler and build system (Ninja keeps both cores busy: scripts/build.sh)
  libcli11-dev                # command line of the harness
  nlohmann-json3-dev          # JSON configs and results
  libfmt-dev                  # text output
  libxxhash-dev               # XXH3-64, the checksum of every stored line (harness/storage/line_checksum.cpp)
  libboost-dev                # Boost.Math's Student t quantile: 95 % intervals of geometric means (header-only)
)
test_build_packages=(
  libgtest-dev googletest     # unit tests (CMakeLists.txt builds the test programs only where GoogleTest is found)
)
rest_packages=(
  python3 python3-matplotlib  # scripts/plot.py (tests/plot_figures.py, run by plot_test)
  python3-pandas              # cells.csv as a data frame (tests/cells_csv_pandas_test.py, run by tidy_csv_test)
  stockfish                   # peer program: `harness bench perft` times its perft for comparison
  glaurung ethereal-chess     # peer programs: `harness bench search --versions` times their searches over UCI
  parallel                    # GNU parallel: scripts/cluster/parallel.sh runs shards (tested by cluster_parallel_test)
  slurm-wlm munge             # Slurm: scripts/cluster/slurm.sh, tested on a local one-node cluster (slow test)
  clang libfuzzer-14-dev      # the ASan+UBSan tree (clang) and scripts/fuzz.sh: libFuzzer targets of fuzz/
  pgn-extract                 # reads every game of a `harness match` PGN (match_pgn_test)
  polyglot                    # xboard <-> UCI adapter: a real client of `harness uci` (uci_polyglot_test)
  xboard xvfb xauth imagemagick  # a GUI driving `harness uci` on a virtual display, with a screenshot (xboard_gui_test)
)
# `main`: what the first README command needs, building the harness, running it and drawing its figures.
figure_packages=(python3 python3-matplotlib)
case "${1:-all}" in
  build) packages=("${build_packages[@]}" "${test_build_packages[@]}") ;;
  main) packages=("${build_packages[@]}" "${figure_packages[@]}") ;;
  rest) packages=("${rest_packages[@]}") ;;
  all) packages=("${build_packages[@]}" "${test_build_packages[@]}" "${rest_packages[@]}") ;;
  *) echo "setup: unknown set '$1' (build, main, rest or all)" >&2; exit 2 ;;
esac

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages already installed"
  exit 0
fi

echo "setup: installing ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "setup: done"
