#!/usr/bin/env bash
# Runs an experiment or a match in N shards with GNU parallel (Debian's `parallel`), on this machine or on several
# (--sshlogin), then joins the shards with `harness merge` and checks that every shard ran the same engine.
#
#   scripts/cluster/parallel.sh CONFIG N OUT [-- extra GNU parallel options]
#
#   CONFIG  an experiment config (configs/*.json), or a match config (one with a "match" section)
#   N       number of shards; shard i runs cells k with k % N == i - 1 (`harness run --shard i/N`), or plays the
#           match's pairs k with k % N == i - 1 (`harness match --shard i/N`)
#   OUT     work directory: OUT/shard-i/ (one results directory per shard), OUT/joblog (GNU parallel's job log),
#           OUT/merged/ (the joined results, with REPORT.md)
#
# Resuming: run the same command again. `--resume` skips shards the job log records as finished, and a shard
# interrupted in the middle resumes from its own cells.jsonl (a match's shard: pairs.jsonl). Several machines: pass GNU parallel's options after
# `--`, e.g. `-- --sshlogin 8/node1,8/node2 --workdir /same/path`: every machine needs the same checkout and build
# at the same path (the engine identity check below refuses shards of different builds). Each shard uses
# HARNESS_THREADS threads (default 1), so `-j` shards run at once per machine (default: one per core).
set -euo pipefail
. "$(dirname "$0")/common.sh"
usage_unless_args "$0" $#
config=$1 shards=$2 out=$3
shift 3
[ "${1:-}" = "--" ] && shift
check_shards_and_config parallel.sh "$shards" "$config"
command -v parallel >/dev/null || { echo "parallel.sh: GNU parallel is not installed (apt-get install parallel)" >&2; exit 2; }

root=$(cd "$(dirname "$0")/../.." && pwd)
harness=${HARNESS:-$root/build/bin/harness}
[ -x "$harness" ] || { echo "parallel.sh: $harness not built (scripts/build.sh)" >&2; exit 2; }
config=$(absolute "$config")
kind=$(config_kind "$config")
mkdir -p "$out"
out=$(cd "$out" && pwd)

# One job per shard; --halt now,fail=1 stops the others when one fails (their cells or pairs so far are kept).
# shellcheck disable=SC2046
parallel --will-cite --joblog "$out/joblog" --resume --halt now,fail=1 "$@" \
  "$harness" "$kind" "$config" --shard {}/"$shards" --out "$out/shard-{}" --threads "${HARNESS_THREADS:-1}" --quiet \
  $(shard_options "$kind") ::: $(seq 1 "$shards")

# Every shard must have been run by one engine (merge refuses differing identities too; this names them).
identities=$(one_engine "$out" "$shards")
"$harness" merge "$out"/shard-* --out "$out/merged"
echo "parallel.sh: $shards shards of $(basename "$config") merged into $out/merged (engine $identities)"
