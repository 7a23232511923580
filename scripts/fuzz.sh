#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/*_fuzz.cpp) with clang, ASan and UBSan, and runs each for a bounded time from
# its seed corpus (fuzz/corpus/<target>/). Usage: scripts/fuzz.sh [SECONDS per target, default 30] [BUILD_DIR]
# BUILD_DIR (default build-fuzz/) is configured with -DBUHO_FUZZ=ON and clang unless it already is: the test
# command passes its ASan+UBSan tree, which is one, so the targets link objects already compiled for the tests.
# A crash stops the run with the input saved as BUILD_DIR/crash-*; add it to the target's regression inputs
# (fuzz/regressions/<target>/) once fixed. Prints the executions per target.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
case $seconds in '' | *[!0-9]*) echo "fuzz.sh: SECONDS must be a whole number, got '$seconds'" >&2; exit 2 ;; esac
dir=${2:-build-fuzz}
root=$PWD
command -v clang++ >/dev/null || { echo "fuzz.sh: clang++ missing (scripts/setup.sh installs clang)" >&2; exit 2; }
if ! grep -qx 'BUHO_FUZZ:BOOL=ON' "$dir/CMakeCache.txt" 2>/dev/null; then
  cmake -S . -B "$dir" -DBUHO_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_CXX_FLAGS_DEBUG="-O1 -g" >/dev/null
fi
targets=$(cd fuzz && ls ./*_fuzz.cpp | sed 's|^\./||; s|\.cpp$||')
# shellcheck disable=SC2086
cmake --build "$dir" -j"$(nproc)" --target $targets
for t in $targets; do
  corpus=$dir/corpus-$t
  mkdir -p "$corpus"
  # Regression inputs first (each must pass), then fuzz from the seeds plus what earlier runs found.
  if [ -d "fuzz/regressions/$t" ] && [ -n "$(ls -A "fuzz/regressions/$t")" ]; then
    "$dir/bin/$t" "fuzz/regressions/$t"/* > "$dir/$t.regressions.log" 2>&1 ||
      { cat "$dir/$t.regressions.log" >&2; echo "fuzz.sh: $t fails a regression input" >&2; exit 1; }
  fi
  echo "fuzz: $t for $seconds s"
  (cd "$dir" && "bin/$t" -max_total_time="$seconds" -print_final_stats=1 "corpus-$t" "$root/fuzz/corpus/$t" \
    > "$t.log" 2>&1) || { tail -n 40 "$dir/$t.log" >&2; echo "fuzz.sh: $t found a failure" >&2; exit 1; }
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$dir/$t.log" | grep -o '[0-9]*$' || echo "?")
  echo "fuzz: $t: $runs executions in $seconds s, no failure"
done
