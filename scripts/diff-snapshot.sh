#!/usr/bin/env bash
# Writes what `tilelens-cli diff` says (json, text, markdown and the exit code)
# for every real port pair of tests/data/real-ports, every port mistake of
# tests/data/port-mistakes against the generated and the reference IR of its
# op's pairs, and any extra REF GEN pairs given, into OUTDIR: one file per pair
# and format. Two snapshots taken before and after a change that must not
# change behaviour (a speed-up) are compared with `diff -r`.
#
#   scripts/diff-snapshot.sh CLI OUTDIR [REF GEN]...
#   scripts/diff-snapshot.sh build/release/app/cli/tilelens-cli /tmp/before
#   ... change, rebuild ...
#   scripts/diff-snapshot.sh build/release/app/cli/tilelens-cli /tmp/after && diff -r /tmp/before /tmp/after
#
# Paths are passed relative to the repository root so that the reports name
# the same files whichever checkout runs the script.
set -euo pipefail

if [[ $# -lt 2 || $(( $# % 2 )) -ne 0 ]]; then
    echo "usage: $0 CLI OUTDIR [REF GEN]..." >&2
    exit 2
fi
cli=$(realpath "$1")
out=$(realpath -m "$2")
shift 2
cd "$(dirname "$0")/.."
mkdir -p "$out"

snap() { # NAME REF GEN
    local name=$1 ref=$2 gen=$3 fmt rc
    for fmt in json text markdown; do
        rc=0
        "$cli" diff --format "$fmt" "$ref" "$gen" >"$out/$name.$fmt" 2>"$out/$name.$fmt.stderr" || rc=$?
        echo "$rc" >"$out/$name.$fmt.rc"
    done
}

count=0
for dir in tests/data/real-ports/*/; do
    pair=$(basename "$dir")
    snap "real-$pair" "$dir/reference.mlir" "$dir/generated.mlir"
    count=$((count + 1))
done
for mistake in tests/data/port-mistakes/*/*/generated.mlir; do
    m=$(dirname "$mistake")
    op=$(basename "$(dirname "$m")")
    for dir in tests/data/real-ports/"${op}"_*/; do
        pair=$(basename "$dir")
        snap "mistake-$op-$(basename "$m")-vs-gen-$pair" "$dir/generated.mlir" "$mistake"
        snap "mistake-$op-$(basename "$m")-vs-ref-$pair" "$dir/reference.mlir" "$mistake"
        count=$((count + 2))
    done
done
i=0
while [[ $# -ge 2 ]]; do
    snap "extra-$i" "$1" "$2"
    shift 2
    i=$((i + 1))
    count=$((count + 1))
done
echo "$count pairs written to $out"
