#!/usr/bin/env bash
# Writes what `tilelens-cli` says on the project's test data into OUTDIR, one file per
# command and input (stdout, stderr and the exit code), so that two snapshots taken before
# and after a refactoring can be compared with `diff -r`. It covers
#   * every diff that scripts/diff-snapshot.sh covers (text, json, markdown), plus the
#     sarif and html reports of the real pairs;
#   * parse --emit custom and --json of the test IR (tests/data/ir, the real pairs);
#   * kernels --json of the test workspaces and the bundled examples;
#   * eval of every real pair that has a binding in tests/data/eval.
#
#   scripts/cli-snapshot.sh CLI OUTDIR
#   scripts/cli-snapshot.sh build/dev/app/cli/tilelens-cli /tmp/before
#   ... change, rebuild ...
#   scripts/cli-snapshot.sh build/dev/app/cli/tilelens-cli /tmp/after && diff -r /tmp/before /tmp/after
set -euo pipefail

if [[ $# -ne 2 ]]; then
    echo "usage: $0 CLI OUTDIR" >&2
    exit 2
fi
cli=$(realpath "$1")
out=$(realpath -m "$2")
here="$(dirname "$0")"
"$here/diff-snapshot.sh" "$cli" "$out/diff" >/dev/null
cd "$here/.."
mkdir -p "$out/cli"

run() { # NAME ARGS...
    local name=$1 rc=0
    shift
    "$cli" "$@" >"$out/cli/$name.out" 2>"$out/cli/$name.err" || rc=$?
    echo "$rc" >"$out/cli/$name.rc"
}

count=0
for dir in tests/data/real-ports/*/; do
    pair=$(basename "$dir")
    for fmt in sarif html; do
        run "diff-$pair.$fmt" diff --format "$fmt" "$dir/reference.mlir" "$dir/generated.mlir"
    done
    for side in reference generated; do
        run "parse-$pair-$side.custom" parse --emit custom "$dir/$side.mlir"
        run "parse-$pair-$side.json" parse --json "$dir/$side.mlir"
    done
    count=$((count + 6))
done
while IFS= read -r -d '' file; do
    name=$(echo "$file" | tr '/' '_')
    run "parse-$name.custom" parse --emit custom "$file"
    run "parse-$name.json" parse --json "$file"
    count=$((count + 2))
done < <(find tests/data/ir -type f \( -name '*.mlir' -o -name '*.tileirbc' \) -print0 | sort -z)
for ws in tests/data/workspace/checkout resources/examples/softmax resources/examples/matmul \
    tests/data/pipeline/workspace; do
    [[ -e "$ws" ]] || continue
    run "kernels-$(echo "$ws" | tr '/' '_')" kernels --json "$ws"
    count=$((count + 1))
done
for binding in tests/data/eval/*.binding.json; do
    pair=$(basename "$binding" .binding.json)
    dir="tests/data/real-ports/$pair"
    [[ -d "$dir" ]] || continue
    run "eval-$pair" eval --json --binding "$binding" "$dir/reference.mlir" "$dir/generated.mlir"
    # The run times are the only lines that differ between two runs of the same binary.
    sed -i '/"seconds/d' "$out/cli/eval-$pair.out"
    count=$((count + 1))
done
echo "$count CLI outputs and the diff snapshot written to $out"
