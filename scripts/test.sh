#!/usr/bin/env bash
# Second README command: install what is missing, build (Release, then ASan+UBSan) and run every test.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
start=$(date +%s)

bash scripts/build.sh build
echo "test: Release build, all tests (labels fast and slow)"
(cd build && ctest --output-on-failure -j2)

# -O1 without debug info: sanitizer checks stay, and the build and tests stay inside CI's time budget.
bash scripts/build.sh build-asan -DBUHO_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_FLAGS_DEBUG=-O1
echo "test: ASan+UBSan build, all tests"
(cd build-asan && UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -j2)

# The input readers under libFuzzer with ASan+UBSan, a bounded time each (fuzz/README.md).
echo "test: fuzz targets, 30 s each"
bash scripts/fuzz.sh 30

echo "test: all passed in $(( $(date +%s) - start )) s"
