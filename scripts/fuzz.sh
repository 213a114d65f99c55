#!/usr/bin/env bash
# Builds the libFuzzer targets (the `fuzz` preset: clang-14, ASan + UBSan) and runs each one
# in turn at the lowest CPU priority, seeded from the repository's examples and test data and
# from ../shared/corpus when present (inputs capped at 64 KiB: small inputs run many times
# faster, and larger seeds still contribute their first 64 KiB). Findings land in
# build/fuzz/findings/<target>/; once fixed, copy them to tests/data/fuzz-regressions/<target>/
# so every build replays them.
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]     (default: 300 s, all targets)
#
# TILELENS_FUZZ_RUNS=N stops each target after N executions (whichever comes first);
# TILELENS_FUZZ_MAX_LEN (default 65536) caps the input size; TILELENS_FUZZ_NICE (default 19).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-300}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(ir_text ir_bytecode analysis_json reports perf_log
                                     cupti_records rules tilelens_json run_history pairings_json binding_file
                                     binding_expr launch_chain diff_pair eval_pair source_text)
shared="${TILELENS_SHARED_DIR:-../shared}/corpus"

cmake --preset fuzz >/dev/null
nice cmake --build build/fuzz -j2 --target "${targets[@]/#/fuzz_}"

# seeds TARGET: the files a target starts from (missing ones are skipped by the fuzzer).
seeds() {
    case "$1" in
    ir_text) echo tests/data/ir tests/data/diff "$shared/tilegym-cutile/mlir" \
                  "$shared/cuda-tile-dialect" "$shared/real-ports" ;;
    ir_bytecode) echo tests/data/bytecode "$shared/tilegym-cutile/bytecode" ;;
    analysis_json) echo resources/examples/*/reference/analysis.json \
                        tests/data/workspace/analysis_rules ;;
    reports) echo resources/examples/*/reports tests/data/workspace/reports ;;
    perf_log) echo resources/examples/*/*perf*.txt ;;
    cupti_records) echo tests/core/perf/cupti/data ;;
    rules) echo resources/rules ;;
    tilelens_json) echo resources/examples/*/tilelens.json ;;
    run_history) ;; # its regression folder: a start and end record, numbers out of range
    pairings_json) echo tests/data/workspace/pairings ;;
    binding_file) echo tests/data/eval/*.json tests/data/eval/corpus ;;
    binding_expr) ;; # its regression folder: expressions written from issue 32
    launch_chain) launch_chain_seeds ;;
    diff_pair | eval_pair) diff_pair_seeds ;;
    source_text) echo resources/examples/*/reference/*.py resources/examples/*/*.rs \
                      tests/data/abi/tilegym/src/tilegym/ops/cutile_rs/*/*.rs ;;
    esac
}

# launch_chain_seeds: each port of tests/data/abi and tests/data/abi-mistakes as the target reads
# it (wrapper, ffi.rs, kernel.rs and reference module joined by \x01 bytes), in build/fuzz/seeds;
# whole-line comments dropped (licence headers mostly), as smaller inputs run faster.
launch_chain_seeds() {
    local out=build/fuzz/seeds/launch_chain ops=tests/data/abi/tilegym/src/tilegym/ops
    mkdir -p "$out"
    # chain_seed NAME OP WRAPPER FFI
    chain_seed() {
        { sed '/^ *#/d' "$3"; printf '\001'; sed '/^ *\/\//d' "$4"; printf '\001'
          sed '/^ *\/\//d' "$ops/cutile_rs/$2_kernel/kernel.rs"; printf '\001'
          sed '/^ *#/d' "$ops/cutile/$2.py"
        } > "$out/$1"
    }
    local f op
    for f in "$ops"/cutile_rs/*.py tests/data/abi-mistakes/*/*.py; do
        op=$(basename "$f" .py)
        chain_seed "$(echo "$f" | tr / _)" "$op" "$f" "$ops/cutile_rs/${op}_kernel/ffi.rs"
    done
    for f in tests/data/abi-mistakes/*/ffi.rs; do
        op=$(grep -o '"[a-z_]*_kernel/ffi.rs"' "$(dirname "$f")/expected.json" | tr -d '"')
        op=${op%_kernel/ffi.rs}
        chain_seed "$(echo "$f" | tr / _)" "$op" "$ops/cutile_rs/$op.py" "$f"
    done
    echo "$out"
}

# diff_pair_seeds: each real port pair (reference, \x01, generated) and each port mistake
# against its unmodified port, in build/fuzz/seeds; the differ's own test pairs beside them.
diff_pair_seeds() {
    local out=build/fuzz/seeds/diff_pair d c base
    mkdir -p "$out"
    for d in tests/data/real-ports/*/; do
        [ -f "$d/reference.mlir" ] || continue
        { cat "$d/reference.mlir"; printf '\001'; cat "$d/generated.mlir"; } \
            > "$out/real_$(basename "$d")"
    done
    for c in tests/data/port-mistakes/*/*/generated.mlir; do
        base=$(sed -nE 's/.*"baseline_pair": *"([^"]+)".*/\1/p' "$(dirname "$c")/expected.json")
        [ -f "tests/data/real-ports/$base/generated.mlir" ] || continue
        { cat "tests/data/real-ports/$base/generated.mlir"; printf '\001'; cat "$c"; } \
            > "$out/mistake_$(dirname "$c" | tr / _)"
    done
    echo "$out"
}

for t in "${targets[@]}"; do
    corpus="build/fuzz/corpus/$t"
    findings="build/fuzz/findings/$t"
    mkdir -p "$corpus" "$findings"
    # Directories are read as corpora; single files are copied into the working corpus.
    dirs=()
    for s in $(seeds "$t") tests/data/fuzz-regressions/"$t"; do
        if [ -d "$s" ]; then dirs+=("$s"); elif [ -f "$s" ]; then cp -f "$s" "$corpus/"; fi
    done
    echo "== fuzz_$t for ${seconds}s"
    runs=()
    [ -z "${TILELENS_FUZZ_RUNS:-}" ] || runs=(-runs="$TILELENS_FUZZ_RUNS")
    start=$(date +%s)
    nice -n "${TILELENS_FUZZ_NICE:-19}" "build/fuzz/tests/fuzz/fuzz_$t" -max_total_time="$seconds" \
        "${runs[@]}" -timeout=20 -rss_limit_mb=3072 -max_len="${TILELENS_FUZZ_MAX_LEN:-65536}" \
        -print_final_stats=1 \
        -artifact_prefix="$findings/" "$corpus" "${dirs[@]}" 2>&1 |
        grep -E "^(stat::number_of_executed_units|stat::average_exec_per_sec|==[0-9]+==ERROR|SUMMARY|.*Test unit written)" || true
    echo "   wall $(( $(date +%s) - start )) s"
done
