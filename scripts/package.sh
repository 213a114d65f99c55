#!/usr/bin/env bash
# Builds the Debian package with CPack and checks it with lintian:
#   scripts/package.sh [BUILD_DIR]      (default: build/package)
# A Release build installed to /usr with Debian's hardening flags (dpkg-buildflags), manual
# pages from help2man, then `cpack -G DEB` and `lintian` on the .deb. Fails on any lintian
# error or warning; overrides live in packaging/debian/lintian-overrides, each with its reason.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build/package}
for tool in lintian help2man dpkg-buildflags dpkg-shlibdeps; do
    if ! command -v "$tool" >/dev/null; then
        echo "package: $tool is missing (scripts/setup.sh installs it)" >&2
        exit 2
    fi
done

# Debian's build flags: hardening (PIE, RELRO, BIND_NOW, FORTIFY, stack protector).
CPPFLAGS=$(dpkg-buildflags --get CPPFLAGS)
CXXFLAGS="$(dpkg-buildflags --get CXXFLAGS) $CPPFLAGS"
LDFLAGS=$(dpkg-buildflags --get LDFLAGS)
export CXXFLAGS LDFLAGS

start=$SECONDS
mkdir -p "$build"
cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr \
    -DTILELENS_BUILD_TESTS=OFF -DTILELENS_BUILD_BENCHMARKS=OFF >"$build.configure.log" 2>&1 || {
    cat "$build.configure.log" >&2
    exit 1
}
nice cmake --build "$build" -j"${TILELENS_JOBS:-2}"
rm -f "$build"/tilelens_*.deb
(cd "$build" && cpack -G DEB >cpack.log 2>&1) || {
    cat "$build/cpack.log" >&2
    exit 1
}
deb=$(ls "$build"/tilelens_*.deb)
echo "package: built $deb in $((SECONDS - start)) s"
dpkg-deb --contents "$deb" | awk '{print $1, $6}' >"$build/contents.txt"
# What issue 17 asks of the package, present in it (the CUPTI library only when CUDA was found).
expect=(./usr/share/doc/tilelens/copyright ./usr/share/doc/tilelens/changelog.gz
        ./usr/share/man/man1/tilelens.1.gz ./usr/share/man/man1/tilelens-cli.1.gz
        ./usr/share/mime/packages/io.github.tilelens.TileLens.xml)
if [[ -f "$build/core/profiler/libtilelens_cupti.so" ]]; then
    expect+=("./usr/lib/$(dpkg-architecture -qDEB_HOST_MULTIARCH)/tilelens/libtilelens_cupti.so")
fi
for f in "${expect[@]}"; do
    # One awk, no pipe: `grep -q` quitting early would SIGPIPE the writer and, with
    # pipefail, turn a found file into a missing one.
    if ! awk -v f="$f" '$2 == f { found = 1 } END { exit !found }' "$build/contents.txt"; then
        echo "package: $f is missing from $(basename "$deb")" >&2
        exit 1
    fi
done

# --fail-on warning: an error or a warning fails; info and pedantic tags are only printed.
lintian --fail-on error,warning --display-info "$deb" | tee "$build/lintian.log"
echo "package: lintian accepts $(basename "$deb")"
