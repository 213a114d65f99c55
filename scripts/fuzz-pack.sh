#!/usr/bin/env bash
# Packs the built libFuzzer targets (scripts/fuzz.sh builds them in build/fuzz) with the shared
# libraries and the dynamic loader they were linked against, their working corpora and a runner,
# so that a many-core machine without our toolchain can fuzz them in parallel. Two cores here run
# a slow target (ir_text, perf_log) at about 1,000 executions per second: ten million take hours.
#
#   scripts/fuzz-pack.sh OUT.tar.xz [TARGET...]      (default: every target that is built)
#
# On the other machine:
#   tar xJf OUT.tar.xz && fuzzpack/run.sh SECONDS RUNS_PER_WORKER TARGET:WORKERS ...
# run.sh prints, per worker, the executions and executions per second; findings go to
# fuzzpack/findings/ (copy them to tests/data/fuzz-regressions/<target>/ once fixed).
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(realpath -m "${1:?usage: scripts/fuzz-pack.sh OUT.tar.xz [TARGET...]}")"
shift
bin=build/fuzz/tests/fuzz
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for f in "$bin"/fuzz_*; do [ -x "$f" ] && targets+=("${f##*/fuzz_}"); done
fi
[ ${#targets[@]} -gt 0 ] || { echo "no fuzz targets built: run scripts/fuzz.sh first" >&2; exit 2; }

stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
pack="$stage/fuzzpack"
mkdir -p "$pack/bin" "$pack/lib" "$pack/corpus"
for t in "${targets[@]}"; do
    cp "$bin/fuzz_$t" "$pack/bin/"
    mkdir -p "$pack/corpus/$t"
    [ ! -d "build/fuzz/corpus/$t" ] || cp -r "build/fuzz/corpus/$t/." "$pack/corpus/$t/"
    [ ! -d "tests/data/fuzz-regressions/$t" ] ||
        cp -r "tests/data/fuzz-regressions/$t/." "$pack/corpus/$t/"
    # The libraries as this machine resolves them, so the other machine's versions do not matter.
    ldd "$bin/fuzz_$t" | awk '$3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' |
        xargs -r -I{} cp -Ln {} "$pack/lib/"
done

cat > "$pack/run.sh" <<'RUN'
#!/usr/bin/env bash
# run.sh SECONDS RUNS_PER_WORKER TARGET:WORKERS ...  (independent workers, one corpus copy each)
# FUZZ_MAX_LEN (default 8192) caps the input size: a diff_pair seed is two whole kernels.
set -u
cd "$(dirname "$0")"
secs="$1" runs="$2"
shift 2
loader="$(ls lib/ld-linux-*.so.* | head -n1)"
mkdir -p logs findings
for spec in "$@"; do
    t="${spec%%:*}" n="${spec##*:}"
    for w in $(seq 1 "$n"); do
        mkdir -p "work/$t.$w"
        "$loader" --library-path lib "bin/fuzz_$t" -max_total_time="$secs" -runs="$runs" \
            -timeout=20 -rss_limit_mb=3072 -max_len="${FUZZ_MAX_LEN:-8192}" -print_final_stats=1 \
            -artifact_prefix="findings/${t}_w${w}_" "work/$t.$w" "corpus/$t" >"logs/$t.$w.log" 2>&1 &
    done
done
wait
for f in logs/*.log; do
    printf '%s executions %s per_second %s errors %s\n' "$(basename "$f" .log)" \
        "$(awk '/stat::number_of_executed_units/ { print $2 }' "$f")" \
        "$(awk '/stat::average_exec_per_sec/ { print $2 }' "$f")" "$(grep -c ERROR "$f")"
done
ls findings
RUN
chmod +x "$pack/run.sh"
tar -C "$stage" -cJf "$out" fuzzpack
echo "wrote $out ($(du -h "$out" | cut -f1)): ${targets[*]}"
