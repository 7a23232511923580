#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/*_fuzz.cpp) with clang, ASan and UBSan, and runs each for a bounded time from
# its seed corpus (fuzz/corpus/<target>/). Usage: scripts/fuzz.sh [SECONDS per target, default 30] [BUILD_DIR]
# BUILD_DIR (default build-fuzz/) is configured with -DBUHO_FUZZ=ON and clang unless it already is; only the fuzz
# targets and what they link are built there (CMakeLists.txt harness_fuzz_lib: no test, no CLI11 code). -O1 with
# line tables only: a failure's stack trace names files and lines, and the build stays short.
# The targets run side by side, as many at once as there are cores (FUZZ_JOBS overrides), each for SECONDS.
# A crash stops the run with the input saved as BUILD_DIR/crash-*; add it to the target's regression inputs
# (fuzz/regressions/<target>/) once fixed. Prints the executions per target.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-30}
case $seconds in '' | *[!0-9]*) echo "fuzz.sh: SECONDS must be a whole number, got '$seconds'" >&2; exit 2 ;; esac
dir=${2:-build-fuzz}
jobs=${FUZZ_JOBS:-$(nproc)}
case $jobs in '' | 0 | *[!0-9]*) echo "fuzz.sh: FUZZ_JOBS must be a whole number > 0, got '$jobs'" >&2; exit 2 ;; esac
root=$PWD
command -v clang++ >/dev/null || { echo "fuzz.sh: clang++ missing (scripts/setup.sh installs clang)" >&2; exit 2; }
if [ -f "$dir/CMakeCache.txt" ] && ! grep -qx 'BUHO_FUZZ:BOOL=ON' "$dir/CMakeCache.txt"; then
  # Reconfiguring it would put coverage hooks into every file of another tree (a test tree, say).
  echo "fuzz.sh: $dir is a build tree without -DBUHO_FUZZ=ON; give another BUILD_DIR (default build-fuzz)" >&2
  exit 2
fi
if [ ! -f "$dir/CMakeCache.txt" ]; then
  generator=()
  if command -v ninja >/dev/null; then generator=(-G Ninja); fi  # as scripts/build.sh: no idle core
  cmake -S . -B "$dir" "${generator[@]}" -DBUHO_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_CXX_FLAGS_DEBUG="-O1 -gline-tables-only" >/dev/null
fi
targets=$(cd fuzz && ls ./*_fuzz.cpp | sed 's|^\./||; s|\.cpp$||')
# shellcheck disable=SC2086
cmake --build "$dir" -j"$(nproc)" --target $targets

# Regression inputs first, every target (each input must pass), before any fuzzing starts.
for t in $targets; do
  if [ -d "fuzz/regressions/$t" ] && [ -n "$(ls -A "fuzz/regressions/$t")" ]; then
    "$dir/bin/$t" "fuzz/regressions/$t"/* > "$dir/$t.regressions.log" 2>&1 ||
      { cat "$dir/$t.regressions.log" >&2; echo "fuzz.sh: $t fails a regression input" >&2; exit 1; }
  fi
done

# Fuzz from the seeds plus what earlier runs found (BUILD_DIR/corpus-<target>/). Exit status 1 on a failure.
fuzz_one() {
  local t=$1
  mkdir -p "$dir/corpus-$t"
  (cd "$dir" && "bin/$t" -max_total_time="$seconds" -print_final_stats=1 "corpus-$t" "$root/fuzz/corpus/$t" \
    > "$t.log" 2>&1)
}

echo "fuzz: $(echo $targets | wc -w) targets, $seconds s each, $jobs at a time"
running=0
for t in $targets; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true  # each target's outcome is in its status file
    running=$((running - 1))
  fi
  rm -f "$dir/$t.status"
  { if fuzz_one "$t"; then echo ok; else echo failed; fi > "$dir/$t.status"; } &
  running=$((running + 1))
done
wait
failed=""
for t in $targets; do
  if [ "$(cat "$dir/$t.status" 2>/dev/null)" = ok ]; then
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$dir/$t.log" | grep -o '[0-9]*$' || echo "?")
    echo "fuzz: $t: $runs executions in $seconds s, no failure"
  else
    tail -n 40 "$dir/$t.log" >&2
    echo "fuzz.sh: $t found a failure (log: $dir/$t.log)" >&2
    failed="$failed $t"
  fi
done
[ -z "$failed" ] || { echo "fuzz.sh: failures in:$failed" >&2; exit 1; }
