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
# libFuzzer coverage hooks here: they doubled the tests' time under ASan. clang, not gcc: it compiles this tree in
# about half the CPU time gcc takes (measured: fuzz/README.md). -DBUHO_FUZZ=OFF in case the directory was once a fuzz tree.
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
