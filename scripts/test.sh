#!/usr/bin/env bash
# Second README command: install what is missing, build (Release, then ASan+UBSan) and run every test: the slow
# ones in Release, the fast ones under ASan+UBSan.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
stage_start=$start
# Each stage's time, so a run that grows past the 15-minute budget shows where. The total counts the packages'
# installation too: on a fresh machine it is part of the test command.
stage_done() {
  local now
  now=$(date +%s)
  echo "test: $1 took $((now - stage_start)) s (total $((now - start)) s)"
  stage_start=$now
}
bash scripts/setup.sh build
# The packages only tests, plots and the sanitizer/fuzz trees use install while the Release tree compiles (about a
# minute of apt on a fresh machine); every step that needs them waits for it first.
rest_log=$(mktemp)
bash scripts/setup.sh rest >"$rest_log" 2>&1 &
rest_pid=$!
rest_installed() {
  if [ -n "$rest_pid" ]; then
    local status=0
    wait "$rest_pid" || status=$?
    cat "$rest_log"
    rm -f "$rest_log"
    rest_pid=""
    if [ "$status" -ne 0 ]; then echo "test: installing the packages of the tests failed (exit $status)" >&2; exit 1; fi
  fi
}
stage_done "setup (build packages)"

# Each tree builds the test programs it runs (tests_slow, tests_fast: CMakeLists.txt) and the harness.
release_targets=tests_slow
if [ "${BUHO_RELEASE_FAST:-0}" = 1 ]; then release_targets="tests_slow tests_fast"; fi
BUILD_TARGETS=$release_targets bash scripts/build.sh build
stage_done "Release build"
rest_installed
stage_done "setup (the other packages, after the Release build)"
# Each test runs once: the slow ones here, the fast ones under ASan+UBSan below, where they also pass every
# sanitizer check. The committed-results tests (slow) are the ones that check the optimised engine's counts.
# BUHO_RELEASE_FAST=1 runs the fast ones here too (about 55 s more).
if [ "${BUHO_RELEASE_FAST:-0}" = 1 ]; then
  echo "test: Release build, all tests (labels fast and slow)"
  (cd build && ctest --output-on-failure -j2)
else
  echo "test: Release build, the tests labelled slow (the fast ones run under ASan+UBSan below; BUHO_RELEASE_FAST=1 adds them here)"
  (cd build && ctest --output-on-failure -j2 -L slow)
fi
stage_done "Release tests"

# Every test under ASan+UBSan (clang, -O1 without debug info: the checks stay, the build and tests stay short). No
# libFuzzer coverage hooks here: they doubled the tests' time under ASan. clang rather than gcc: the same test speed
# (perft_slow_test 11.3 against 12.0 user s), but gcc's compile of the libraries took twice clang's CPU time (harness
# 262 against 159 s, engine 32 against 16). -DBUHO_FUZZ=OFF in case the directory was once a fuzz tree.
san=build-asan-clang
san_targets=tests_fast
if [ "${BUHO_SANITIZE_SLOW:-0}" = 1 ]; then san_targets="tests_fast tests_slow"; fi
BUILD_TARGETS=$san_targets bash scripts/build.sh $san -DBUHO_SANITIZE=ON -DBUHO_FUZZ=OFF -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG=-O1
stage_done "ASan+UBSan build"
# The tests labelled slow (*_slow_test.cpp: breadth checks over a hundred positions, perft to depth 5, the Slurm
# recipe, and the re-runs and re-reports of every committed results directory) ran in the Release pass above; under
# the sanitizers they took ~270 s of the 15-minute budget and add no code path the fast tests miss.
# BUHO_SANITIZE_SLOW=1 runs them here too.
if [ "${BUHO_SANITIZE_SLOW:-0}" = 1 ]; then
  echo "test: ASan+UBSan build (clang), all tests"
  (cd $san && UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j2)
else
  echo "test: ASan+UBSan build (clang), the tests labelled fast (BUHO_SANITIZE_SLOW=1 adds the slow ones)"
  (cd $san && UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j2 -L fast)
fi
stage_done "ASan+UBSan tests"

# The input readers under libFuzzer with ASan+UBSan: their own tree, where only the fuzz targets and the libraries
# they link are built (fuzz/README.md), regression inputs first, then the targets side by side, 20 s each (longer runs: fuzz/README.md).
echo "test: fuzz targets, 20 s each"
bash scripts/fuzz.sh 20 build-fuzz
stage_done "fuzz targets (build and runs)"

echo "test: all passed in $(( $(date +%s) - start )) s"
