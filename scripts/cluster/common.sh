# Sourced by the cluster recipes (parallel.sh, slurm.sh, slurm-merge.sbatch): argument checks, the kind of a config
# (an experiment or a match) and the check that every shard was run by one engine. Not a command of its own.

# usage_unless_args SCRIPT COUNT: prints SCRIPT's header comment and exits 2 when fewer than 3 arguments came.
usage_unless_args() {
  if [ "$2" -lt 3 ]; then
    sed -n '2,/^set -euo/p' "$1" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
  fi
}

# check_shards_and_config NAME N CONFIG: N a positive whole number, CONFIG an existing file (exit 2 otherwise).
check_shards_and_config() {
  case $2 in '' | *[!0-9]* | 0) echo "$1: N must be a positive integer, got '$2'" >&2; exit 2 ;; esac
  [ -f "$3" ] || { echo "$1: config '$3' not found" >&2; exit 2; }
}

# config_kind CONFIG: prints "match" for a match config (a "match" section: `harness match`), "run" for an
# experiment's (`harness run`); exits 2 naming it when it is not a JSON object.
config_kind() {
  python3 -c '
import json, sys
try:
    c = json.load(open(sys.argv[1]))
except ValueError as e:
    sys.exit(f"{sys.argv[1]}: not valid JSON: {e}")
if not isinstance(c, dict):
    sys.exit(f"{sys.argv[1]}: not a config (a JSON object)")
print("match" if "match" in c else "run")' "$1" || exit 2
}

# shard_options KIND: the options a shard of a config of KIND takes besides --shard, --out, --threads and --quiet:
# a run's shard writes no report (the merge writes it); a match's shard writes its own short one.
shard_options() {
  if [ "$1" = run ]; then echo --no-report; fi
}

# absolute PATH: PATH made absolute (its directory must exist).
absolute() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }

# one_engine OUT N: prints the engine identity shared by OUT/shard-1..N (each shard's experiment.json, or match.json
# for a match); exits 1 naming them when they differ.
one_engine() {
  local ids
  ids=$(for i in $(seq 1 "$2"); do
    f="$1/shard-$i/experiment.json"
    [ -f "$f" ] || f="$1/shard-$i/match.json"
    python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["engine"])' "$f"
  done | sort -u)
  if [ "$(printf '%s\n' "$ids" | wc -l)" -ne 1 ]; then
    echo "shards were run by different engines:" >&2
    printf '  %s\n' $ids >&2
    exit 1
  fi
  echo "$ids"
}
