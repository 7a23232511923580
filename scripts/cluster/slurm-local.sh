#!/usr/bin/env bash
# A private single-node Slurm on this machine, for trying scripts/cluster/slurm.sh and for its test
# (tests/cluster_slurm_slow_test.cpp). Debian's slurm-wlm and munge; run as root (the daemons run as root here).
#
#   scripts/cluster/slurm-local.sh start DIR   # writes DIR/slurm.conf, starts munged, slurmctld, slurmd; waits
#                                              # until the node is idle; prints `export SLURM_CONF=DIR/slurm.conf`
#   scripts/cluster/slurm-local.sh stop DIR    # stops the daemons it started (their pids are in DIR)
#
# Everything lives in DIR (configuration, state, logs); only loopback ports 6817/6818 are used. munged gets its
# own socket in DIR, so a system munge, if any, is left alone.
set -euo pipefail
cmd=${1:-} dir=${2:-}
if [ -z "$cmd" ] || [ -z "$dir" ]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
fi
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

stop() {
  for d in slurmd slurmctld munged; do
    if [ -f "$dir/$d.pid" ]; then
      kill "$(cat "$dir/$d.pid")" 2>/dev/null || true
      rm -f "$dir/$d.pid"
    fi
  done
}

case $cmd in
stop) stop; exit 0 ;;
start) ;;
*) echo "slurm-local.sh: unknown command '$cmd' (start|stop)" >&2; exit 2 ;;
esac

for b in munged slurmctld slurmd sbatch; do
  command -v "$b" >/dev/null || { echo "slurm-local.sh: $b not found: apt-get install slurm-wlm munge" >&2; exit 2; }
done
[ "$(id -u)" -eq 0 ] || { echo "slurm-local.sh: run as root" >&2; exit 2; }
host=$(hostname -s)
cpus=$(nproc)

mkdir -p "$dir/munge" "$dir/ctld" "$dir/d"
chown munge:munge "$dir/munge"
chmod 0755 "$dir/munge"  # munged wants the socket directory searchable by all
if [ ! -f /etc/munge/munge.key ]; then
  echo "slurm-local.sh: /etc/munge/munge.key missing (reinstall munge)" >&2
  exit 2
fi
# munged refuses to run as root: it runs as its own user, with its socket and pid file in DIR.
runuser -u munge -- munged --socket="$dir/munge/munge.socket" --pid-file="$dir/munge/munged.pid" \
  --log-file="$dir/munge/munged.log" --seed-file="$dir/munge/munged.seed"
cp "$dir/munge/munged.pid" "$dir/munged.pid"

cat > "$dir/slurm.conf" <<CONF
# Written by scripts/cluster/slurm-local.sh: one node, this machine, for tests.
ClusterName=buho-local
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket
CredType=cred/munge
StateSaveLocation=$dir/ctld
SlurmdSpoolDir=$dir/d
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
ReturnToService=2
MpiDefault=none
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

export SLURM_CONF=$dir/slurm.conf
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
# Wait (at most 60 s) for the node to be up.
for _ in $(seq 1 60); do
  state=$(sinfo -h -n "$host" -o %T 2>/dev/null || true)
  case $state in idle* | mixed* | allocated*) echo "export SLURM_CONF=$SLURM_CONF"; exit 0 ;; esac
  sleep 1
done
echo "slurm-local.sh: node $host did not come up (state '${state:-none}'); logs in $dir" >&2
tail -n 5 "$dir/slurmctld.log" "$dir/slurmd.log" >&2 || true
stop
exit 1
