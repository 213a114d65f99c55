#!/bin/bash
# Re-creates every <op>/<case>/generated.mlir from its source.patch with the real cuTile Rust
# compiler (the shared cutile-rs-ir tool), so anyone can check the seeded cases. The patch applies
# to the baseline pair's own port ../real-ports/<baseline_pair>/kernel.rs where the pair has one
# (a port written by this project), else to TileGym's src/tilegym/ops/cutile_rs/<op>_kernel/kernel.rs.
#
#   CUTILE_RS=<cutile-rs git repo> TILEGYM=<TileGym git repo> WORK=<scratch dir> \
#     tests/data/port-mistakes/regenerate.sh [--check] [CASE_DIR...]
#
# CUTILE_RS/TILEGYM/WORK are those of ../shared/tools/cutile-rs-ir/build.sh (see its README); the
# script runs build.sh once to get the driver (seconds when WORK already holds a build). With
# IR_DRIVER set (path of a built ir-driver, its WORK holding TileGym and cutile-rs), build.sh is
# skipped. --check compares instead of overwriting and exits 1 on any difference. Without
# CASE_DIR arguments every case is processed. The source kernel.rs is only copied, never changed.
#
# The compiler prints an optimization_hints dictionary with several keys in hash order, which
# varies from run to run (e.g. {allow_tma = false, latency = 3} or {latency = 3, allow_tma =
# false}); --check therefore recompiles up to CHECK_TRIES (default 8) times before it reports a
# difference (the stored files of a case keep the key order of its pair's generated.mlir).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../../.." && pwd)
TOOL=${CUTILE_RS_IR_TOOL:-$ROOT/../shared/tools/cutile-rs-ir}
CHECK=0
CHECK_TRIES=${CHECK_TRIES:-8}
if [ "${1:-}" = "--check" ]; then CHECK=1; shift; fi

: "${WORK:?set WORK to the cutile-rs-ir scratch dir (see $TOOL/README.md)}"
if [ -z "${IR_DRIVER:-}" ]; then
  "$TOOL/build.sh" >/dev/null
  IR_DRIVER="$WORK/ws/target/debug/ir-driver"
fi
TG="$WORK/TileGym"
CUTILE_SRC="$WORK/cutile-rs/cutile"
[ -x "$IR_DRIVER" ] || { echo "regenerate.sh: no ir-driver at $IR_DRIVER" >&2; exit 1; }
[ -d "$TG/src/tilegym" ] || { echo "regenerate.sh: no TileGym checkout at $TG" >&2; exit 1; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

if [ $# -eq 0 ]; then
  set -- "$HERE"/*/*/
fi
status=0
for dir in "$@"; do
  dir=${dir%/}
  case_name=$(basename "$dir")
  op=$(basename "$(dirname "$dir")")
  job=$(sed -n 's/.*"job": *"\([^"]*\)".*/\1/p' "$dir/expected.json")
  pair=$(sed -n 's/.*"baseline_pair": *"\([^"]*\)".*/\1/p' "$dir/expected.json")
  work="$TMP/$op-$case_name"
  mkdir -p "$work"
  own="$HERE/../real-ports/$pair/kernel.rs"
  if [ -n "$pair" ] && [ -f "$own" ]; then
    cp "$own" "$work/kernel.rs"
  else
    cp "$TG/src/tilegym/ops/cutile_rs/${op}_kernel/kernel.rs" "$work/kernel.rs"
  fi
  patch -s "$work/kernel.rs" < "$dir/source.patch"
  awk -v j="$job |" 'index($0, j) == 1' "$HERE/jobs.txt" | sed "s|@KERNEL@|$work/kernel.rs|" > "$work/job.txt"
  [ -s "$work/job.txt" ] || { echo "$op/$case_name: job $job not in jobs.txt" >&2; status=1; continue; }
  compile() {
    rm -rf "$work/out"
    TILEGYM="$TG" "$IR_DRIVER" --cutile-src "$CUTILE_SRC" --jobs "$work/job.txt" --out "$work/out" >/dev/null
  }
  compile
  out="$work/out/$job.mlir"
  if [ "$CHECK" = 1 ]; then
    tries=1
    while ! cmp -s "$out" "$dir/generated.mlir" && [ "$tries" -lt "$CHECK_TRIES" ]; do
      compile
      tries=$((tries + 1))
    done
    if cmp -s "$out" "$dir/generated.mlir"; then
      echo "same     $op/$case_name"
    else
      echo "DIFFERS  $op/$case_name"
      status=1
    fi
  else
    cp "$out" "$dir/generated.mlir"
    echo "written  $op/$case_name"
  fi
done
exit $status
