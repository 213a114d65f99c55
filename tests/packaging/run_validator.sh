#!/bin/sh
# Runs a packaging validator if it is installed; exit 77 (CTest "skipped") otherwise.
tool="$1"
if ! command -v "$tool" >/dev/null 2>&1; then
    echo "SKIPPED: $tool is not installed (scripts/setup.sh installs it)"
    exit 77
fi
exec "$@"
