#!/usr/bin/env bash
# Starts a private single-node Slurm (munged + slurmctld + slurmd) for tests.
# Everything lives under DIR: config, keys, sockets, state, logs, pid files;
# the ports are picked at random so it cannot collide with a real cluster.
# Clients use it with SLURM_CONF=DIR/slurm.conf. Stop it with stop_slurm.sh DIR.
#
# Usage: start_slurm.sh DIR          exit 0 when the node is idle, else 1 (daemons stopped)
# Needs root and Debian's slurm-wlm + munge (slurmctld, slurmd, munged, sinfo).
set -euo pipefail

dir="${1:?usage: start_slurm.sh DIR}"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"

fail() {
    echo "start_slurm: $*" >&2
    "$here/stop_slurm.sh" "$dir" >/dev/null 2>&1 || true
    exit 1
}

[[ $(id -u) -eq 0 ]] || fail "needs root (slurmd runs jobs as their user)"
for tool in munged slurmctld slurmd sinfo srun sbatch squeue scancel; do
    command -v "$tool" >/dev/null 2>&1 || [[ -x "/usr/sbin/$tool" ]] || fail "$tool not found (apt-get install slurm-wlm munge)"
done
PATH="$PATH:/usr/sbin"

mkdir -p "$dir/munge" "$dir/state" "$dir/spool"
chmod 700 "$dir/munge"
# A private munge key and socket: no interference with a system munged.
head -c 1024 /dev/urandom > "$dir/munge/munge.key"
chmod 400 "$dir/munge/munge.key"
munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
       --pid-file="$dir/munge/munged.pid" --log-file="$dir/munge/munged.log" \
       --seed-file="$dir/munge/munged.seed" || fail "munged did not start (see $dir/munge/munged.log)"

node=tilelensnode
cpus=$(nproc)
for attempt in 1 2 3 4 5; do
    ctld_port=$((20000 + RANDOM % 20000))
    slurmd_port=$((ctld_port + 1))
    cat > "$dir/slurm.conf" <<CONF
ClusterName=tilelens
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=2
NodeName=$node NodeAddr=127.0.0.1 NodeHostname=$(hostname -s) CPUs=$cpus RealMemory=1000 State=UNKNOWN
PartitionName=debug Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
    export SLURM_CONF="$dir/slurm.conf"
    if slurmctld -c -f "$dir/slurm.conf" && slurmd -f "$dir/slurm.conf" -N "$node"; then
        break
    fi
    "$here/stop_slurm.sh" "$dir" --keep-munge >/dev/null 2>&1 || true
    [[ $attempt -eq 5 ]] && fail "slurmctld/slurmd did not start (see $dir/slurmctld.log, $dir/slurmd.log)"
done

for _ in $(seq 1 60); do
    state="$(sinfo -h -o %T 2>/dev/null | head -n1 || true)"
    if [[ "$state" == idle* ]]; then
        echo "start_slurm: node $node idle; export SLURM_CONF=$dir/slurm.conf"
        exit 0
    fi
    sleep 0.5
done
fail "node did not become idle (last state: '${state:-none}'; see $dir/slurmctld.log, $dir/slurmd.log)"
