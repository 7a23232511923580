#!/usr/bin/env bash
# Runs an experiment or a match (a config with a "match" section) on a Slurm cluster as a job array of N shards,
# then a merge job that waits for them.
#
#   scripts/cluster/slurm.sh CONFIG N OUT [extra sbatch options, e.g. --partition=short --time=2:00:00]
#
#   OUT must be on a file system every node sees (OUT/shard-i/, OUT/merged/, the jobs' logs in OUT/logs/).
#   Prints the array job id and the merge job id; `squeue -u $USER` follows them. The checkout and its build
#   (build/bin/harness, or $HARNESS) must be at the same path on every node: the merge refuses shards of
#   different engine identities. Resubmitting the same command resumes every shard from its cells.jsonl (a match's
#   shard: pairs.jsonl).
set -euo pipefail
. "$(dirname "$0")/common.sh"
usage_unless_args "$0" $#
config=$1 shards=$2 out=$3
shift 3
check_shards_and_config slurm.sh "$shards" "$config"
command -v sbatch >/dev/null || { echo "slurm.sh: sbatch not found (no Slurm client here)" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
export CLUSTER_SCRIPTS=$here
root=$(cd "$here/../.." && pwd)
export HARNESS=${HARNESS:-$root/build/bin/harness}
[ -x "$HARNESS" ] || { echo "slurm.sh: $HARNESS not built (scripts/build.sh)" >&2; exit 2; }
export CONFIG=$(absolute "$config")
KIND=$(config_kind "$CONFIG")
export KIND
mkdir -p "$out/logs"
export OUT=$(cd "$out" && pwd) SHARDS=$shards
array=$(sbatch --parsable --array=0-$((shards - 1)) --chdir="$OUT/logs" --export=ALL "$@" "$here/slurm-shard.sbatch")
array=${array%%;*}
merge=$(sbatch --parsable --dependency=afterok:"$array" --chdir="$OUT/logs" --export=ALL "$@" "$here/slurm-merge.sbatch")
merge=${merge%%;*}
echo "slurm.sh: array job $array ($shards shards), merge job $merge; results in $OUT/merged"
echo "$array $merge"
