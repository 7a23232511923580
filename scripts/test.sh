#!/usr/bin/env bash
# Second README command: install what is missing, build (Release, then ASan+UBSan) and run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
start=$(date +%s)

bash scripts/build.sh build
echo "test: Release build, all tests (labels fast and slow)"
(cd build && ctest --output-on-failure -j2)

# One sanitizer tree serves the tests and the fuzz targets (CMakeLists.txt BUHO_FUZZ): clang, ASan+UBSan, with
# libFuzzer's coverage hooks in every file, so the fuzz targets link the objects the tests were built from instead
# of a third compile. -O1 without debug info: sanitizer checks stay, and the build and tests stay inside CI's time
# budget.
san=build-asan-clang
bash scripts/build.sh $san -DBUHO_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  -DCMAKE_CXX_FLAGS_DEBUG=-O1
echo "test: ASan+UBSan build (clang), all tests"
(cd $san && UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j2)

# The input readers under libFuzzer with ASan+UBSan, a bounded time each (fuzz/README.md).
echo "test: fuzz targets, 30 s each"
bash scripts/fuzz.sh 30 $san

echo "test: all passed in $(( $(date +%s) - start )) s"
