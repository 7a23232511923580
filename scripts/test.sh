#!/usr/bin/env bash
# Second README command: install what is missing, build (Release, then ASan+UBSan) and run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
start=$(date +%s)

bash scripts/build.sh build
echo "test: Release build, all tests (labels fast and slow)"
(cd build && ctest --output-on-failure -j2)

# Every test under ASan+UBSan (clang, -O1 without debug info: the checks stay, the build and tests stay short). No
# libFuzzer coverage hooks here: they doubled the tests' time under ASan. clang rather than gcc: the same test speed
# (perft_slow_test 11.3 against 12.0 user s), but gcc's compile of the libraries took twice clang's CPU time (harness
# 262 against 159 s, engine 32 against 16). -DBUHO_FUZZ=OFF in case the directory was once a fuzz tree.
san=build-asan-clang
bash scripts/build.sh $san -DBUHO_SANITIZE=ON -DBUHO_FUZZ=OFF -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG=-O1
echo "test: ASan+UBSan build (clang), all tests"
(cd $san && UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j2)

# The input readers under libFuzzer with ASan+UBSan: their own tree, where only the fuzz targets and the libraries
# they link are built (fuzz/README.md), regression inputs first, then the targets side by side, 30 s each.
echo "test: fuzz targets, 30 s each"
bash scripts/fuzz.sh 30 build-fuzz

echo "test: all passed in $(( $(date +%s) - start )) s"
