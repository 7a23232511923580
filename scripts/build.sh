#!/usr/bin/env bash
# Configures and builds the project. Usage: scripts/build.sh [BUILD_DIR] [extra cmake options...]
# Default BUILD_DIR is build/ (Release). Example sanitizer build: scripts/build.sh build-asan -DBUHO_SANITIZE=ON
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${1:-build}"
shift || true
# Ninja when it is installed (scripts/setup.sh installs it): it starts the next file as soon as a core is free, where
# Make's -j leaves a core idle behind the longest batch (docs/benchmarks.md, the build's time). A directory configured
# before with another generator keeps it (CMake refuses to switch generators in place).
generator=()
if command -v ninja >/dev/null && ! grep -qs '^CMAKE_GENERATOR:INTERNAL=' "$dir/CMakeCache.txt"; then
  generator=(-G Ninja)
fi
echo "build: configuring $dir $*"
cmake -S . -B "$dir" "${generator[@]}" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" "$@" >/dev/null
echo "build: compiling $dir"
# BUILD_TARGETS (space-separated) builds only those targets, e.g. tests_slow (CMakeLists.txt); default: all.
# shellcheck disable=SC2086
cmake --build "$dir" -j"$(nproc)" ${BUILD_TARGETS:+--target $BUILD_TARGETS}
echo "build: $dir/bin/harness ready"
