#!/usr/bin/env bash
# What `tilelens-cli parse` says on every IR file of the corpus and of tests/data (custom and
# generic print, with and without the verifier, JSON; stdout, stderr and exit code), for
# byte-identical checks of a parser, printer or model refactoring:
#   scripts/corpus-snapshot.sh CLI OUTDIR          (corpus: ../shared/corpus)
#   ... change, rebuild, snapshot into OUTDIR2 ...; diff -r OUTDIR OUTDIR2
# The dialect's own test files are split at `// -----` as its lit tests are.
set -euo pipefail

if [[ $# -ne 2 ]]; then
    echo "usage: $0 CLI OUTDIR" >&2
    exit 2
fi
cli=$(realpath "$1")
out=$(realpath -m "$2")
cd "$(dirname "$0")/.."
corpus=${TILELENS_CORPUS:-../shared/corpus}
mkdir -p "$out"

run() { # NAME ARGS...
    local name=$1 rc=0
    shift
    "$cli" "$@" >"$out/$name.out" 2>"$out/$name.err" || rc=$?
    echo "$rc" >"$out/$name.rc"
}

count=0
while IFS= read -r -d '' file; do
    name=$(echo "${file#../}" | tr '/' '_')
    split=()
    [[ $file == *cuda-tile-dialect* ]] && split=(--split)
    run "$name.custom" parse "${split[@]}" --emit custom "$file"
    run "$name.generic" parse "${split[@]}" --emit generic "$file"
    run "$name.custom-noverify" parse "${split[@]}" --no-verify --emit custom "$file"
    run "$name.generic-noverify" parse "${split[@]}" --no-verify --emit generic "$file"
    run "$name.json" parse "${split[@]}" --json "$file"
    count=$((count + 1))
done < <(find "$corpus" tests/data -type f \( -name '*.mlir' -o -name '*.tileirbc' \) -print0 |
    sort -z)
echo "$count files into $out"
