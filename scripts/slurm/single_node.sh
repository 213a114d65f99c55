#!/usr/bin/env bash
# A single-node Slurm for the test suite, idempotent: `start` leaves a running,
# idle node alone and (re)starts one otherwise; scripts/test.sh calls it before
# CTest so the Slurm tests (tests/slurm) run instead of skipping.
#
# Usage: single_node.sh start|stop|status [DIR]     (DIR default: build/slurm)
#   start   munge key, slurm.conf for localhost, munged + slurmctld + slurmd
#           (start_slurm.sh: private sockets, random ports, all state in DIR);
#           prints SLURM_CONF=DIR/slurm.conf. Exit 0 when the node is idle.
#   stop    stops the daemons started in DIR (by pid file, never by name).
#   status  exit 0 when the node of DIR answers and is idle.
# Needs root (slurmd runs jobs as their user); uses sudo otherwise.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
action="${1:?usage: single_node.sh start|stop|status [DIR]}"
dir="${2:-$here/../../build/slurm}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"
SUDO=""
if [[ $(id -u) -ne 0 ]]; then
    SUDO="sudo"
fi

idle() {
    [[ -f "$dir/slurm.conf" && -f "$dir/slurmctld.pid" && -f "$dir/slurmd.pid" ]] || return 1
    local state
    state="$(SLURM_CONF="$dir/slurm.conf" timeout 10 sinfo -h -o %T 2>/dev/null | head -n1 || true)"
    [[ "$state" == idle* || "$state" == mix* || "$state" == alloc* ]]
}

case "$action" in
start)
    if idle; then
        echo "single_node: Slurm in $dir is already running"
    else
        $SUDO "$here/stop_slurm.sh" "$dir" >/dev/null 2>&1 || true
        $SUDO "$here/start_slurm.sh" "$dir" >&2
    fi
    echo "SLURM_CONF=$dir/slurm.conf"
    ;;
stop)
    $SUDO "$here/stop_slurm.sh" "$dir"
    ;;
status)
    idle
    ;;
*)
    echo "usage: single_node.sh start|stop|status [DIR]" >&2
    exit 2
    ;;
esac
