#!/bin/sh
# Fake profiled command for the ProfiledRun tests (core and GUI): writes one
# record file in the libtilelens_cupti.so format (tilelens.cupti v1,
# core/profiler/README.md) into $TILELENS_CUPTI_OUT, as the injection would for
# a benchmark with the NVTX ranges cfg-a, cfg-b, cfg-c (3 iterations each, one
# kernel per iteration of BASE_NS x 1, 2, 4 ns). Every run but run 2 (read from
# the directory name run-N) adds 100 ns, so best-of-N picks run 2.
# Usage: fake_cupti_command.sh BASE_NS
base=${1:-1000}
echo "fake benchmark, base $base ns"
if [ -z "$TILELENS_CUPTI_OUT" ]; then
    echo "TILELENS_CUPTI_OUT is not set: nothing injected"
    exit 0
fi
run=$(basename "$TILELENS_CUPTI_OUT" | sed 's/^run-//')
extra=100
[ "$run" = 2 ] && extra=0
f="$TILELENS_CUPTI_OUT/tilelens-cupti-$$.jsonl"
t=1000
id=0
{
    echo "{\"type\":\"header\",\"format\":\"tilelens.cupti\",\"version\":1,\"pid\":$$,\"cupti_version\":130001,\"start\":0,\"command\":\"fake\"}"
    echo '{"type":"name","id":1,"name":"_Z4fakev","demangled":"fake()"}'
    for cfg in a b c; do
        case $cfg in a) mult=1 ;; b) mult=2 ;; *) mult=4 ;; esac
        for it in 1 2 3; do
            id=$((id + 1))
            d=$((base * mult + extra))
            echo "{\"type\":\"marker\",\"flag\":\"start\",\"id\":$id,\"ts\":$t,\"name\":\"cfg-$cfg\",\"process\":$$,\"thread\":$$}"
            echo "{\"type\":\"kernel\",\"name\":1,\"start\":$((t + 10)),\"end\":$((t + 10 + d)),\"device\":0,\"context\":1,\"stream\":7,\"grid\":[1,1,1],\"block\":[32,1,1],\"registers\":8,\"static_smem\":0,\"dynamic_smem\":0,\"local_mem\":0,\"correlation\":$id,\"graph_node\":0}"
            echo "{\"type\":\"marker\",\"flag\":\"end\",\"id\":$id,\"ts\":$((t + d + 20)),\"process\":$$,\"thread\":$$}"
            t=$((t + d + 100))
        done
    done
    echo "{\"type\":\"summary\",\"kernels\":9,\"markers\":18,\"memcpys\":0,\"memsets\":0,\"dropped\":0,\"refused_buffers\":0,\"buffers\":1,\"end\":$t}"
} >"$f"
echo "wrote $f"
