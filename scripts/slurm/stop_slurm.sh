#!/usr/bin/env bash
# Stops the private Slurm started by start_slurm.sh DIR: slurmd, slurmctld and
# munged by their pid files (never by name), SIGTERM then SIGKILL.
# Usage: stop_slurm.sh DIR [--keep-munge]
set -uo pipefail

dir="${1:?usage: stop_slurm.sh DIR [--keep-munge]}"
files=("$dir/slurmd.pid" "$dir/slurmctld.pid")
[[ "${2:-}" == "--keep-munge" ]] || files+=("$dir/munge/munged.pid")

for f in "${files[@]}"; do
    [[ -f "$f" ]] || continue
    pid="$(cat "$f" 2>/dev/null || true)"
    if [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null; then
        kill -TERM "$pid" 2>/dev/null
        for _ in $(seq 1 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$pid" 2>/dev/null || true
    fi
    rm -f "$f"
done
exit 0
