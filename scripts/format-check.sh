#!/usr/bin/env bash
# Fails when a tracked C++ file is not formatted as the repository's .clang-format says.
# clang-format 14 (Debian's clang-format-14; .clang-format is pinned to it: another version
# formats some constructs differently). CI runs it from scripts/test.sh; about 2 s.
#
#   scripts/format-check.sh            check every tracked C++ file
#   scripts/format-check.sh FILE...    check these files only
#
# To fix what it reports: clang-format-14 -i FILE...
set -euo pipefail
cd "$(dirname "$0")/.."
clang_format=${CLANG_FORMAT:-clang-format-14}
if ! command -v "$clang_format" >/dev/null; then
    echo "format-check: $clang_format not found (apt-get install clang-format-14)" >&2
    exit 3
fi
if (($# > 0)); then
    files=("$@")
else
    mapfile -d '' files < <(git ls-files -z -- '*.cpp' '*.h' '*.cu')
fi
if ((${#files[@]} == 0)); then
    echo "format-check: no C++ files to check"
    exit 0
fi
if ! printf '%s\0' "${files[@]}" | xargs -0 "$clang_format" --dry-run -Werror; then
    echo "format-check: the files above are not clang-formatted; run $clang_format -i on them" >&2
    exit 1
fi
echo "format-check: ${#files[@]} C++ files formatted as .clang-format says"
