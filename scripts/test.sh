#!/usr/bin/env bash
# One command: install what is missing, build, and run every test offscreen.
# In CI (CI=true) warnings are errors, the C++ files must be clang-formatted and the changed
# ones clang-tidy clean (TILELENS_CI_TIDY=0 skips tidy), the suite runs again under ASan + UBSan
# (TILELENS_CI_ASAN=0 skips it) and the .deb is built and checked by lintian
# (TILELENS_CI_PACKAGE=0 skips it). GPU tests
# skip with a message when no GPU is present; nothing else may skip (the Slurm tests get a
# single-node Slurm, scripts/slurm/single_node.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
preset=dev
if [[ "${CI:-}" == "true" ]]; then
    preset=ci
fi
scripts/build.sh "$preset"
export QT_QPA_PLATFORM=offscreen
# The Slurm tests run against a single-node Slurm (idempotent start; stopped again on exit).
slurm_dir="build/$preset/slurm"
scripts/slurm/single_node.sh start "$slurm_dir" >/dev/null
trap 'scripts/slurm/single_node.sh stop "$slurm_dir" >/dev/null 2>&1 || true' EXIT
export TILELENS_SLURM_CONF="$PWD/$slurm_dir/slurm.conf" TILELENS_REQUIRE_SLURM=1
# CTest hides the output of skipped tests; show why each one of preset $1 skipped.
show_skip_reasons() {
    local log="build/$1/Testing/Temporary/LastTest.log" reasons
    [[ -f "$log" ]] || return 0
    reasons=$(awk '/^SKIP/ {print} skipNext {print; skipNext=0} /: Skipped$/ {skipNext=1}' "$log" | sort | uniq -c)
    if [[ -n "$reasons" ]]; then
        echo "Skipped tests ($1) said (count, reason):"
        echo "$reasons"
    fi
}
rc=0
# CI's static checks: formatting of every tracked C++ file (about 2 s), clang-tidy on the files
# changed since the base (scripts/tidy.sh says which; the whole tree takes 44 CPU-minutes, about
# 20 minutes of CI's two cores: the README gives the measurement). Tidy reads the dev preset's compile commands, as a developer
# runs it: with asserts (the ci build's NDEBUG would show the analyzer paths they rule out).
# Configuring it builds nothing (the only generated header tidy needs is made at configure).
if [[ "$preset" == "ci" ]]; then
    scripts/format-check.sh || rc=$?
    if [[ "${TILELENS_CI_TIDY:-1}" == "1" ]]; then
        [[ -f build/dev/compile_commands.json ]] || cmake --preset dev >/dev/null
        TILELENS_TIDY_BUILD=build/dev scripts/tidy.sh || rc=$?
    fi
fi
ctest --preset "$preset" -j "$(nproc)" "$@" || rc=$?
show_skip_reasons "$preset"
# CI's sanitizer job: the whole suite, GUI included, built and run again under ASan + UBSan
# (the asan preset; leak suppressions in tests/sanitizer/lsan.supp). On by default in CI
# (TILELENS_CI_ASAN=0 skips it); the README gives its measured cost.
if [[ "$preset" == "ci" && "${TILELENS_CI_ASAN:-1}" == "1" ]]; then
    scripts/build.sh asan
    ctest --preset asan -j "$(nproc)" "$@" || rc=$?
    show_skip_reasons asan
fi
# CI's packaging job: the .deb built (Release, /usr) and checked by lintian (scripts/package.sh).
# On by default in CI: measured 1295 s for a cold Release build plus lintian on a fresh clone of
# the shared 2-core VM, which fits CI's budget beside the suite (TILELENS_CI_PACKAGE=0 skips it).
if [[ "$preset" == "ci" && "${TILELENS_CI_PACKAGE:-1}" == "1" ]]; then
    scripts/package.sh || rc=$?
fi
exit "$rc"
