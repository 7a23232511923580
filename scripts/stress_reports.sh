#!/usr/bin/env bash
# Stress test of the results directory's writers: N `harness report` calls (default 1000, two at a time) on a
# directory while a run resumes into it, as a researcher refreshing a report during a long run would. Prints how
# many reports and runs failed; exit 1 if any did. Usage: scripts/stress_reports.sh [N] (HARNESS=path to override).
set -euo pipefail
cd "$(dirname "$0")/.."
harness=${HARNESS:-build/bin/harness}
n=${1:-1000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cat > "$dir/config.json" <<JSON
{"name": "stress", "positions": [{"epd": "$PWD/positions/lct2.epd"}], "depths": {"from": 1, "to": 6},
 "versions": ["A", "B", "C", "D", "E", "F", "G", "H"]}
JSON
# A first run, interrupted, so that the next one resumes.
timeout -s INT 3 "$harness" run "$dir/config.json" --out "$dir/out" --quiet --no-report >/dev/null 2>&1 || true
run_failures=0 report_failures=0 runs=0 run_pid=""
# A run ends well when it finishes or when the interrupt ends it (exit 130, or 124 from timeout itself).
run_ended() {
  local status=0
  wait "$run_pid" || status=$?
  if [ "$status" -ne 0 ] && [ "$status" -ne 130 ] && [ "$status" -ne 124 ]; then
    run_failures=$((run_failures + 1))
    cat "$dir/run.log" >&2
  fi
}
start=$(date +%s)
for ((i = 0; i < n; i += 2)); do
  # Keep a run resuming beside the reports: each is interrupted after 5 s (as ^C would) and the next resumes.
  if [ -z "$run_pid" ] || ! kill -0 "$run_pid" 2>/dev/null; then
    if [ -n "$run_pid" ]; then run_ended; fi
    timeout -s INT 5 "$harness" run "$dir/config.json" --out "$dir/out" --quiet >"$dir/run.log" 2>&1 &
    run_pid=$!
    runs=$((runs + 1))
  fi
  "$harness" report "$dir/out" >"$dir/r1.log" 2>&1 & p1=$!
  "$harness" report "$dir/out" >"$dir/r2.log" 2>&1 & p2=$!
  wait "$p1" || { report_failures=$((report_failures + 1)); cat "$dir/r1.log" >&2; }
  wait "$p2" || { report_failures=$((report_failures + 1)); cat "$dir/r2.log" >&2; }
done
run_ended
echo "stress_reports: $n reports beside $runs runs in $(( $(date +%s) - start )) s: $report_failures reports and $run_failures runs failed"
[ "$report_failures" -eq 0 ] && [ "$run_failures" -eq 0 ]
