#!/usr/bin/env bash
# Renders the HTML export of a diff in headless Chromium and writes a PNG to look at:
#   scripts/html-screenshot.sh [OUT.png] [REF GEN]
# Defaults: the bundled softmax example, tilelens-html.png, a 1400x900 window
# (TILELENS_WINDOW_SIZE=W,H changes it). Uses the dev build's tilelens-cli
# (TILELENS_CLI overrides) and Debian's chromium (apt-get install chromium). Chromium runs with
# networking cut off, so a page that needed anything from outside would show it missing.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-tilelens-html.png}
ref=${2:-$here/resources/examples/softmax/reference/reference.mlir}
gen=${3:-$here/resources/examples/softmax/generated/generated.mlir}
cli=${TILELENS_CLI:-$here/build/dev/app/cli/tilelens-cli}
browser=$(command -v chromium || command -v chromium-browser || true)
if [[ -z $browser ]]; then
    echo "html-screenshot: chromium is not installed (apt-get install chromium)" >&2
    exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rc=0
"$cli" diff --format html -o "$work/diff.html" "$ref" "$gen" >/dev/null || rc=$?
if ((rc == 3)); then
    echo "html-screenshot: tilelens-cli diff failed" >&2
    exit 3
fi
args=(--headless --no-sandbox --disable-gpu --hide-scrollbars --window-size="${TILELENS_WINDOW_SIZE:-1400,900}"
      --proxy-server=127.0.0.1:9 --proxy-bypass-list='<-loopback>'
      --user-data-dir="$work/profile" --screenshot="$work/shot.png")
"$browser" "${args[@]}" "file://$work/diff.html" >"$work/chromium.log" 2>&1 || {
    cat "$work/chromium.log" >&2
    exit 1
}
cp "$work/shot.png" "$out"
echo "html-screenshot: wrote $out"
