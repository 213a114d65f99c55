#!/usr/bin/env bash
# One command: install what is missing, build, and run every test offscreen.
# In CI (CI=true) warnings are errors. GPU tests skip with a message when no GPU is present.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
preset=dev
if [[ "${CI:-}" == "true" ]]; then
    preset=ci
fi
scripts/build.sh "$preset"
export QT_QPA_PLATFORM=offscreen
ctest --preset "$preset" -j "$(nproc)" "$@"
