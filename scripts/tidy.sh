#!/usr/bin/env bash
# clang-tidy 14 with the repository's .clang-tidy on the C++ files changed since a base, or on
# every file of the build; exits 1 on any finding (or a file that does not compile), 3 when it
# cannot run. CI runs it from scripts/test.sh on the changed files only: the whole tree (347
# files) took 44 CPU-minutes here, a change of a few files takes a minute or two (README).
#
#   scripts/tidy.sh                 the C++ files changed since the base (below)
#   scripts/tidy.sh --base REV      the C++ files changed since REV
#   scripts/tidy.sh --all           every C++ file of the build
#   scripts/tidy.sh FILE...         these files
#   scripts/tidy.sh --list [...]    print the files it would check (any of the above), check none
#
# The base is $TILELENS_TIDY_BASE if set, else the merge base with origin/main (or main) when
# HEAD is not on it (a branch: its own changes), else HEAD~1 (on main: the last commit, all
# of a merged branch for a merge). Without that history (a shallow clone) the whole tree is
# checked. Changed means committed since the base, modified in the work tree, or untracked; a
# changed header brings in the files of the build that include it.
#
# It reads the compile commands of $TILELENS_TIDY_BUILD (default build/dev; CI: build/ci),
# which a configured build has (`cmake --preset dev`). $TILELENS_TIDY_JOBS files at a time
# (default: the number of cores), each at the lowest CPU priority; $CLANG_TIDY names the binary.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
clang_tidy=${CLANG_TIDY:-clang-tidy-14}
build=${TILELENS_TIDY_BUILD:-build/dev}
jobs=${TILELENS_TIDY_JOBS:-$(nproc)}

die() { echo "tidy: $*" >&2; exit 3; }
command -v "$clang_tidy" >/dev/null || die "$clang_tidy not found (apt-get install clang-tidy-14)"
[[ -f "$build/compile_commands.json" ]] ||
    die "$build/compile_commands.json not found: configure first (cmake --preset dev)"

# Every C++ translation unit of the build that is a file of this repository (not generated).
units=$(python3 - "$build/compile_commands.json" "$root" <<'EOF'
import json, os, sys
root = sys.argv[2]
build = os.path.realpath(os.path.dirname(sys.argv[1]))
for f in sorted({os.path.realpath(os.path.join(e["directory"], e["file"]))
                 for e in json.load(open(sys.argv[1]))}):
    if f.startswith(root + "/") and not f.startswith(build + "/"):
        print(os.path.relpath(f, root))
EOF
)

base_rev() {
    if [[ -n "${TILELENS_TIDY_BASE:-}" ]]; then
        echo "$TILELENS_TIDY_BASE"
        return
    fi
    local main
    for main in origin/main main; do
        if git rev-parse -q --verify "$main^{commit}" >/dev/null; then
            local mb
            mb=$(git merge-base HEAD "$main" 2>/dev/null || true)
            if [[ -n "$mb" && "$mb" != "$(git rev-parse HEAD)" ]]; then
                echo "$mb"
                return
            fi
            break
        fi
    done
    echo "HEAD~1"
}

# The units to check for the files changed since $1 (one per line).
changed_units() {
    local base=$1 changed
    changed=$( (git diff --name-only --diff-filter=ACMR "$base" -- '*.cpp' '*.h'
                git ls-files --others --exclude-standard -- '*.cpp' '*.h') | sort -u)
    [[ -n "$changed" ]] || return 0
    python3 - "$changed" "$units" <<'EOF'
import os, re, sys
changed = sys.argv[1].split()
units = sys.argv[2].split()
out = {f for f in changed if f in units}
headers = [f for f in changed if f.endswith(".h")]
if headers:
    include = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)
    for u in units:
        with open(u, encoding="utf-8", errors="replace") as fh:
            incs = include.findall(fh.read())
        for h in headers:
            # "diff/IrDiff.h" (from core/), "IrDiff.h" (beside it) or a longer path: same file.
            if any(h.endswith("/" + i) or h == i for i in incs):
                out.add(u)
print("\n".join(sorted(out)))
EOF
}

list_only=0
if [[ "${1:-}" == "--list" ]]; then
    list_only=1
    shift
fi
files=()
what=""
if (($# == 0)) || [[ "$1" == "--base" ]]; then
    base=$(if (($# == 2)); then echo "$2"; else base_rev; fi)
    if git rev-parse -q --verify "$base^{commit}" >/dev/null 2>&1; then
        mapfile -t files < <(changed_units "$base")
        what="changed since $(git rev-parse --short "$base")"
    else
        echo "tidy: no base commit '$base' here (a shallow clone?): checking the whole tree"
        mapfile -t files <<<"$units"
        what="the whole tree"
    fi
elif [[ "$1" == "--all" ]]; then
    mapfile -t files <<<"$units"
    what="the whole tree"
else
    files=("$@")
    what="named"
fi
if ((${#files[@]} == 0)) || [[ -z "${files[0]}" ]]; then
    echo "tidy: no C++ file of the build ${what:-to check}"
    exit 0
fi

if ((list_only)); then
    echo "tidy: ${#files[@]} file(s), $what:"
    printf '%s\n' "${files[@]}"
    exit 0
fi
logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
start=$(date +%s)
echo "tidy: ${#files[@]} file(s), $what, $jobs at a time ($clang_tidy, $build)"
printf '%s\0' "${files[@]}" |
    xargs -0 -P "$jobs" -I{} sh -c \
        'nice -n 19 "$1" -p "$2" --quiet "$3" >"$4/$(echo "$3" | tr / _).log" 2>&1 ||
             echo "$3" >>"$4/failed.list"' \
        _ "$clang_tidy" "$build" {} "$logs"
# Each finding once (a header's is reported by every file that includes it), its notes with it.
# The known findings of scripts/tidy-known.txt do not count; with --all, a line there that
# matches nothing any more is named (delete it).
elapsed=$(($(date +%s) - start))
python3 - "$root" "$logs" scripts/tidy-known.txt "${#files[@]}" "$elapsed" "$what" <<'EOF'
import glob, os, re, sys
root, logs, known_file, nfiles, elapsed, what = sys.argv[1:7]
head = re.compile(r"^(\S[^:]*):(\d+):(\d+): (warning|error): (.*?)(?: \[([^\]]+)\])?$")
known = set()
for line in open(known_file, encoding="utf-8"):
    if line.strip() and not line.startswith("#"):
        known.add(tuple(part.strip() for part in line.split("|", 2)))
blocks, order = {}, []
for log in sorted(glob.glob(os.path.join(logs, "*.log"))):
    current = None
    for line in open(log, encoding="utf-8", errors="replace").read().splitlines():
        m = head.match(line)
        if m:
            path = os.path.relpath(os.path.realpath(m.group(1)), root)
            key = (path, m.group(6) or "clang-diagnostic-error", m.group(5).strip())
            current = None
            if key + (m.group(2),) not in blocks:
                current = blocks[key + (m.group(2),)] = [line]
                order.append(key + (m.group(2),))
        elif current is not None and not re.match(r"^\d+ (warning|error)s? .*generated\.$", line):
            current.append(line)
new = [b for b in order if b[:3] not in known]
failed_list = os.path.join(logs, "failed.list")
failed = open(failed_list).read().split() if os.path.exists(failed_list) else []
seen_known = {b[:3] for b in order if b[:3] in known}
for b in new:
    print("\n".join(blocks[b]))
if seen_known:
    print("tidy: %d known finding(s) of scripts/tidy-known.txt not counted" % len(seen_known))
if what == "the whole tree":
    for k in sorted(known - seen_known):
        print("tidy: scripts/tidy-known.txt: no longer found, delete it: %s" % " | ".join(k))
for f in failed:
    print("tidy: clang-tidy could not check %s (it did not compile, or clang-tidy failed):" % f)
    print(open(os.path.join(logs, f.replace("/", "_") + ".log"), errors="replace").read()[-4000:])
if new or failed:
    print("tidy: %d finding(s) in %s file(s) (%s s): fix them, or silence one line with "
          "// NOLINT(check-name) and the reason" % (len(new), nfiles, elapsed), file=sys.stderr)
    sys.exit(1)
print("tidy: no finding in %s file(s) (%s s)" % (nfiles, elapsed))
EOF
