#!/usr/bin/env bash
# Configures and builds with a CMake preset (default: dev). Used by run.sh and test.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
preset="${1:-dev}"
if [[ ! -f "build/$preset/CMakeCache.txt" ]]; then
    cmake --preset "$preset" >/dev/null
fi
cmake --build --preset "$preset"
