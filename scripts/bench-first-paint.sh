#!/usr/bin/env bash
# First paint of the synthetic 2x100k-op pair, two GUI binaries alternating
# (OLD, NEW, OLD, NEW, ...) so that both see the same machine load, then the
# median and range of each of `--bench-open`'s numbers per binary.
#
#   scripts/bench-first-paint.sh OLD NEW [RUNS] [CORPUS_DIR] [OPS]
#   scripts/bench-first-paint.sh old/tilelens build/release/app/gui/tilelens 8
#
# RUNS (default 8) runs per binary; CORPUS_DIR (default ../shared/corpus/
# tilegym-cutile/mlir) holds the kernels the pair is built from; OPS (default
# 100000) ops per side. The load average is printed before and after: other
# builds on the machine move the numbers far more than 10%. Each run's full
# output is kept in a temporary folder whose path is printed at the end.
set -euo pipefail

if [[ $# -lt 2 ]]; then
    echo "usage: $0 OLD NEW [RUNS] [CORPUS_DIR] [OPS]" >&2
    exit 2
fi
old=$(realpath "$1")
new=$(realpath "$2")
runs=${3:-8}
cd "$(dirname "$0")/.."
corpus=${4:-../shared/corpus/tilegym-cutile/mlir}
ops=${5:-100000}
if [[ ! -d $corpus ]]; then
    echo "$0: no corpus folder $corpus" >&2
    exit 2
fi
logs=$(mktemp -d)

# The number after LABEL in a run's output ("first aligned diff painted: 512 ms ...").
field() { # FILE LABEL
    sed -n "s/^$2: \([0-9]*\) ms.*/\1/p" "$1"
}

# "median (min-max)" of the numbers on stdin.
summary() {
    sort -n | awk '{ v[NR] = $1 }
        END {
            if (NR == 0) { print "-"; exit }
            m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
            printf "%g (%g-%g)\n", m, v[1], v[NR]
        }'
}

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((i = 1; i <= runs; ++i)); do
    for which in old new; do
        bin=$old
        [[ $which == new ]] && bin=$new
        log="$logs/$which-$i.txt"
        if ! QT_QPA_PLATFORM=offscreen "$bin" --bench-open "$corpus" --synthetic-ops "$ops" \
            >"$log" 2>&1; then
            echo "$which run $i failed:" >&2
            cat "$log" >&2
            exit 1
        fi
        echo "$which run $i: first paint $(field "$log" 'first aligned diff painted') ms," \
            "stall $(field "$log" 'longest event-loop stall') ms," \
            "diff arrived $(field "$log" 'diff arrived') ms"
    done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

echo "median (range) over $runs runs, ms:"
printf '%-5s %-22s %-22s %-22s %-22s\n' "" "first paint" "longest stall" "diff arrived" \
    "sources shown"
for which in old new; do
    row=()
    for label in 'first aligned diff painted' 'longest event-loop stall' 'diff arrived' \
        'sources shown'; do
        row+=("$(for f in "$logs/$which"-*.txt; do field "$f" "$label"; done | summary)")
    done
    printf '%-5s %-22s %-22s %-22s %-22s\n' "$which" "${row[@]}"
done
echo "logs: $logs"
