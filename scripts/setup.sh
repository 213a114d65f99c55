#!/usr/bin/env bash
# Installs the Debian 12 packages TileLens needs to build, test and run.
# Idempotent and quick when everything is present: apt is only called for
# packages that dpkg does not report as installed.
set -euo pipefail

PACKAGES=(
    build-essential cmake ninja-build pkg-config git
    qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools
    qt6-l10n-tools linguist-qt6 libqscintilla2-qt6-dev libgl1-mesa-dev libqt6opengl6-dev
    nlohmann-json3-dev libicu-dev libgtest-dev libgmock-dev googletest libbenchmark-dev libz3-dev
    xvfb xauth desktop-file-utils appstream
    python3-jsonschema python3-rfc3987
    help2man lintian dpkg-dev fonts-noto-cjk
    slurm-wlm munge
)
# CI's static checks (scripts/format-check.sh, scripts/tidy.sh), installed when CI=true: the
# .clang-format and .clang-tidy of the repository are written for version 14.
CI_PACKAGES=(clang-format-14 clang-tidy-14)
# Optional peers used by benchmarks and tests when present (never required).
# chromium: scripts/html-screenshot.sh renders the HTML export.
OPTIONAL_PACKAGES=(mlir-15-tools diffutils python3 chromium)

missing=()
wanted=("${PACKAGES[@]}")
if [[ "${CI:-}" == "true" ]]; then
    wanted+=("${CI_PACKAGES[@]}")
fi
for p in "${wanted[@]}" ${TILELENS_WITH_OPTIONAL:+"${OPTIONAL_PACKAGES[@]}"}; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done

if ((${#missing[@]} == 0)); then
    echo "setup: all ${#wanted[@]} required Debian packages are installed"
    exit 0
fi

echo "setup: installing ${missing[*]}"
SUDO=""
if [[ $(id -u) -ne 0 ]]; then
    SUDO="sudo"
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
