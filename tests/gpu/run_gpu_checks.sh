#!/usr/bin/env bash
# GPU checks of issue 8 for libtilelens_cupti.so, re-runnable on any machine
# with an NVIDIA GPU, nvcc, ncu and python3 with torch and triton:
#
#   tests/gpu/run_gpu_checks.sh [OUTDIR]
#
# (a) known CUDA C++ kernels: names, counts, grid/block exact, NVTX ranges,
#     device time vs ncu gpu__time_duration.sum (median over kernels within 2%)
#     and vs cudaEvent timing
# (b) host overhead on a loop of 10^5 kernels, injection variants vs none in
#     interleaved rounds: empty kernels (launch-bound) and ~5 us kernels
#     (GPU-bound); PyTorch loop with the injection and with torch.profiler
# (c) torch softmax vs a Triton softmax over 21 configurations, 4 runs each,
#     records kept for `tilelens-cli profile --records` and `tilelens-cli perf`
# (d) a storm of 10^6 kernels with default buffers (nothing may be lost) and
#     with tiny buffers (losses must be counted and reported)
#
# Environment: TILELENS_GPU_CHECKS (sections to run, default "a b c d"),
# TILELENS_GPU_ROUNDS (rounds of (b), default 5), TILELENS_GPU_TORCH_ROUNDS (3),
# TILELENS_GPU_VARIANTS (names of the (b) variants to run, default all),
# TILELENS_CUPTI_LIBRARY (use this build of the library; default:
# build it here with g++), TILELENS_CLI (tilelens-cli, to profile through it).
# Exit: 0 all checks pass, 1 a check failed, 77 skipped (no GPU or toolchain;
# CTest reports it as skipped).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:-${OUT:-$PWD/gpu-checks}}
mkdir -p "$out"
out=$(cd "$out" && pwd)
log="$out/log.txt"
: >"$log"
say() { echo "== $(date +%H:%M:%S) $*" | tee -a "$log"; }
skip() { echo "SKIP: $*" | tee -a "$log"; exit 77; }

command -v nvidia-smi >/dev/null 2>&1 || skip "no NVIDIA driver (nvidia-smi not found); the CUPTI GPU checks need a GPU"
nvidia-smi -L 2>/dev/null | grep -q "GPU " || skip "nvidia-smi lists no GPU; the CUPTI GPU checks need one"
nvcc=$(command -v nvcc || true)
[[ -n "$nvcc" ]] || skip "nvcc not found; it builds the sample kernels"
cuda_home=$(dirname "$(dirname "$(readlink -f "$nvcc")")")
ncu=$(command -v ncu || ls "$cuda_home"/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1 || true)
python=${PYTHON:-python3}
checks=" ${TILELENS_GPU_CHECKS:-a b c d} "
want() { [[ "$checks" == *" $1 "* ]]; }

work=${TILELENS_GPU_WORK:-$(mktemp -d)}
mkdir -p "$work"
say "work dir $work, results in $out"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv | tee -a "$log"

# --- the library -----------------------------------------------------------
lib=${TILELENS_CUPTI_LIBRARY:-}
if [[ -z "$lib" ]]; then
    cupti_lib=$(dirname "$(find "$cuda_home/" -name 'libcupti.so' 2>/dev/null | head -1)")
    cupti_inc=$(dirname "$(find "$cuda_home/" -name 'cupti.h' 2>/dev/null | head -1)")
    lib="$work/libtilelens_cupti.so"
    say "building $lib (CUPTI from $cupti_lib)"
    g++ -O2 -std=c++17 -shared -fPIC -fvisibility=hidden -Wall -Wextra \
        -I"$cupti_inc" -I"$cuda_home/include" "$root/core/profiler/Injection.cpp" "$root/core/profiler/RecordWriter.cpp" \
        -L"$cupti_lib" -Wl,-rpath,"$cupti_lib" -Wl,-z,nodelete -lcupti -ldl -lpthread -o "$lib" 2>&1 | tee -a "$log"
fi
[[ -f "$lib" ]] || { say "FAIL: no injection library"; exit 1; }
say "building the sample kernels"
"$nvcc" -O2 -std=c++17 -arch=native -o "$work/sample_kernels" "$here/sample_kernels.cu" -ldl 2>&1 | tee -a "$log"
[[ -x "$work/sample_kernels" ]] || { say "FAIL: sample did not build"; exit 1; }
sample="$work/sample_kernels"

injected() { # injected RECORD_DIR CMD... : run CMD with the library
    local dir=$1; shift
    mkdir -p "$dir"
    CUDA_INJECTION64_PATH="$lib" NVTX_INJECTION64_PATH="$lib" TILELENS_CUPTI_OUT="$dir" "$@"
}

# --- (a) known kernels vs ncu and events -----------------------------------
if want a; then
say "(a) sample kernels under the injection"
injected "$work/verify_records" timeout 120 "$sample" verify "$work/verify_expect.json" 2>>"$log"
echo "verify exit $?" | tee -a "$log"
if [[ -n "$ncu" ]]; then
    say "(a) the same kernels under ncu ($ncu)"
    # Cache state as in the injected run (no flush); then ncu's default flush, for reference.
    timeout 300 "$ncu" --csv --print-units base --clock-control none --cache-control none \
        --metrics gpu__time_duration.sum "$sample" verify "$work/verify_ncu_expect.json" >"$work/ncu.csv" 2>>"$log"
    echo "ncu exit $?" | tee -a "$log"
    timeout 300 "$ncu" --csv --print-units base --clock-control none --cache-control all \
        --metrics gpu__time_duration.sum "$sample" verify "$work/verify_ncu_expect.json" >"$work/ncu_flush.csv" 2>>"$log"
else
    say "(a) ncu not found: the ncu comparison fails"
fi
fi

# --- (b) overhead on a launch-bound loop --------------------------------------
if want b; then
# Variants of the injection (core/profiler/README.md), each against no injection
# in the same round; rounds interleave the variants so drifts of clock and host
# load hit all alike. One process per (round, variant), REPS_IN repetitions each.
variants=(
    "default|"
    "serial|TILELENS_CUPTI_KERNEL_KIND=serial"
    "nonvtx|TILELENS_CUPTI_NVTX=0"
    "hwtrace|TILELENS_CUPTI_HW_TRACE=1"
    "apioff|TILELENS_CUPTI_API_OFF=1"
    "bigbuf|TILELENS_CUPTI_BUFFER_KB=65536 TILELENS_CUPTI_DEVICE_BUFFER_MB=64"
    "sharedbuf|TILELENS_CUPTI_PER_THREAD_BUFFERS=0"
    "notimer|TILELENS_CUPTI_FLUSH_MS=0"
    "discard|TILELENS_CUPTI_DISCARD=1"
    "lean|TILELENS_CUPTI_NVTX=0 TILELENS_CUPTI_API_OFF=1 TILELENS_CUPTI_BUFFER_KB=65536 TILELENS_CUPTI_FLUSH_MS=0"
    "v1defaults|TILELENS_CUPTI_BUFFER_KB=4096 TILELENS_CUPTI_MAX_BUFFERS=64 TILELENS_CUPTI_FLUSH_MS=1000"
)
tiny_variants=("default|" "serial|TILELENS_CUPTI_KERNEL_KIND=serial" "hwtrace|TILELENS_CUPTI_HW_TRACE=1" "${variants[9]}" "${variants[10]}")
# TILELENS_GPU_VARIANTS="default lean ...": only these (a shorter run).
if [[ -n "${TILELENS_GPU_VARIANTS:-}" ]]; then
    keep() { local v out=(); for v in "$@"; do [[ " $TILELENS_GPU_VARIANTS " == *" ${v%%|*} "* ]] && out+=("$v"); done; printf '%s\n' "${out[@]}"; }
    mapfile -t variants < <(keep "${variants[@]}")
    mapfile -t tiny_variants < <(keep "${tiny_variants[@]}")
fi
# Also a file per variant set for the evaluation.
printf '%s\n' "${variants[@]}" >"$work/b_variants.txt"
variant_run() { # variant_run NAME ENV RECORD_DIR CMD... (NAME none: no injection)
    local name=$1 envs=$2 dir=$3; shift 3
    if [[ "$name" == none ]]; then "$@"; return; fi
    mkdir -p "$dir"
    # NVTX off means no NVTX injection either.
    local nvtx="NVTX_INJECTION64_PATH=$lib"
    [[ "$envs" == *TILELENS_CUPTI_NVTX=0* ]] && nvtx="TILELENS_CUPTI_UNUSED=1"
    env $envs CUDA_INJECTION64_PATH="$lib" $nvtx TILELENS_CUPTI_OUT="$dir" "$@"
}
rounds=${TILELENS_GPU_ROUNDS:-5}
say "(b) 10^5 empty kernels: $rounds rounds of none + ${#variants[@]} variants, 3 repetitions each"
mkdir -p "$work/b"
for round in $(seq 1 "$rounds"); do
    for v in "none|" "${variants[@]}"; do
        name=${v%%|*}
        variant_run "$name" "${v#*|}" "$work/b/empty_${name}_records" \
            timeout 120 "$sample" loop 100000 3 2>>"$log" | sed "s/^{/{\"round\":$round,/" >>"$work/b/empty_$name.txt"
    done
done
say "(b) 10^5 kernels of about 5 us (GPU-bound): $rounds rounds of none + ${#tiny_variants[@]} variants, 2 repetitions each"
for round in $(seq 1 "$rounds"); do
    for v in "none|" "${tiny_variants[@]}"; do
        name=${v%%|*}
        variant_run "$name" "${v#*|}" "$work/b/tiny_${name}_records" \
            timeout 120 "$sample" loop 100000 2 5 2>>"$log" | sed "s/^{/{\"round\":$round,/" >>"$work/b/tiny_$name.txt"
    done
done
grep -h "HWTrace" "$log" | sort | uniq -c | tee -a "$out/hwtrace.txt"
torch_rounds=${TILELENS_GPU_TORCH_ROUNDS:-3}
say "(b) PyTorch loop, $torch_rounds rounds: none, injection, torch.profiler; then both at once (must not crash)"
for round in $(seq 1 "$torch_rounds"); do
    timeout 300 "$python" "$here/torch_loop.py" --reps 3 2>>"$log" | sed "s/^{/{\"round\":$round,/" >>"$work/b/torch_none.txt"
    injected "$work/b/torch_default_records" timeout 300 "$python" "$here/torch_loop.py" --reps 3 2>>"$log" |
        sed "s/^{/{\"round\":$round,/" >>"$work/b/torch_default.txt"
    timeout 300 "$python" "$here/torch_loop.py" --reps 3 --profiler 2>>"$log" |
        sed "s/^{/{\"round\":$round,/" >>"$work/b/torch_profiler.txt"
done
injected "$work/torch_conflict_records" timeout 300 "$python" "$here/torch_loop.py" --reps 1 --profiler \
    >"$work/torch_conflict.txt" 2>>"$log"
echo "torch.profiler + injection exit $?" | tee -a "$log"
fi

# --- (c) two real backends, 21 configurations, 4 runs each ------------------
if want c; then
bench="$root/resources/harness/examples/softmax_bench.py"
for backend in torch triton; do
    say "(c) softmax $backend, 4 runs"
    dir="$work/c/$backend"
    if [[ -n "${TILELENS_CLI:-}" && -x "${TILELENS_CLI}" ]]; then
        timeout 600 "$TILELENS_CLI" profile --runs 4 --label "$backend" --out "$dir" --library "$lib" \
            -- "$python" "$bench" --backend "$backend" >>"$log" 2>&1
    else # the same environment tilelens-cli profile sets, one record directory per run
        for run in 1 2 3 4; do
            injected "$dir/run-$run" timeout 300 "$python" "$bench" --backend "$backend" >>"$log" 2>&1
            echo "$backend run $run exit $?" | tee -a "$log"
        done
    fi
done
if [[ -n "${TILELENS_CLI:-}" && -x "${TILELENS_CLI}" ]]; then
    "$TILELENS_CLI" perf --baseline "$work/c/torch/profile.json" --candidate "$work/c/triton/profile.json" \
        2>&1 | tee "$out/perf.txt" | tee -a "$log"
fi
fi

# --- (d) kernel storm ---------------------------------------------------------
if want d; then
storm=1000000
echo $((storm + 1000)) >"$work/storm_launches" # the loop warms up with 1000 launches
say "(d) storm of $storm kernels, default buffers"
injected "$work/storm_default" timeout 300 "$sample" loop $storm 1 >"$work/storm_default.txt" 2>"$work/storm_default.err"
echo $? >"$work/storm_default.rc"
say "(d) storm of $storm kernels, one buffer of 16 KiB in flight, no timer"
TILELENS_CUPTI_BUFFER_KB=16 TILELENS_CUPTI_MAX_BUFFERS=1 TILELENS_CUPTI_FLUSH_MS=0 \
    injected "$work/storm_small" timeout 300 "$sample" loop $storm 1 >"$work/storm_small.txt" 2>"$work/storm_small.err"
echo $? >"$work/storm_small.rc"
fi

# --- evaluation ----------------------------------------------------------------
say "evaluating"
"$python" "$here/check_gpu_results.py" "$work" "$out" "$checks" | tee -a "$log"
status=${PIPESTATUS[0]}
# Keep what a person or tilelens-cli needs, without the large storm/loop files.
# Large record files keep only their last lines (the summary) for re-evaluation.
for d in storm_default storm_small "$work"/b/*_records torch_conflict_records; do
    d=${d#"$work"/}
    for f in "$work/$d"/tilelens-cupti-*.jsonl; do
        [[ -f "$f" ]] && tail -n 3 "$f" >"$f.tail" && rm -f "$f"
    done
done
tar czf "$out/records.tar.gz" -C "$work" --exclude='sample_kernels' --exclude='*.so' . 2>>"$log"
say "done: status $status"
exit "$status"
