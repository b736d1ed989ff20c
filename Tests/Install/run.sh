#!/usr/bin/env bash
# The documented install (README.md "Install", issue #18 item 1), as a user runs it on a fresh
# machine: `make install PREFIX=...` builds the static, fixed-address release binary and puts it
# on PREFIX/bin; `make uninstall` takes it away. Checks that the installed file is an ELF
# executable that is not position-independent (e_type EXEC) and needs no dynamic loader, that
# it converts the README's bundled sample to the same bytes as the debug build of the same tree,
# and that it knows its options. .ci/run runs it after the tests' debug build; a cold release
# build takes several minutes.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
prefix="$(mktemp -d "${TMPDIR:-/tmp}/mconv-install.XXXXXX")"
trap 'rm -rf "$prefix"' EXIT
fail() { echo "Tests/Install: $*" >&2; exit 1; }

make install PREFIX="$prefix" >"$prefix.log" 2>&1 || { tail -30 "$prefix.log" >&2; rm -f "$prefix.log"; fail "make install failed"; }
rm -f "$prefix.log"
bin="$prefix/bin/mconv"
[ -x "$bin" ] || fail "no executable at $bin"

# ELF e_type (bytes 16-17, little-endian): 2 is a fixed-address executable, 3 a PIE or library.
etype=$(od -An -tu2 -j16 -N2 "$bin" | tr -d ' ')
[ "$etype" = 2 ] || fail "$bin has ELF type $etype, not 2 (a fixed-address executable)"
# Outputs are captured before they are searched: under pipefail, `cmd | grep -q` fails whenever
# grep exits on its match before cmd has finished writing (SIGPIPE), which made this check
# flaky on CI (stop 31: 44 of 200 local runs of the --help check failed that way).
libs=$(ldd "$bin" 2>&1 || true)
case "$libs" in *'=>'*) fail "$bin loads shared libraries: $(printf '%s\n' "$libs" | head -3)" ;; esac

sample=Formats/samples/article.html
swift build --product mconv >/dev/null
expected=$("$(swift build --show-bin-path)/mconv" -f html -t markdown "$sample")
actual=$("$bin" -f html -t markdown "$sample")
[ "$actual" = "$expected" ] || fail "the installed binary converts $sample differently from the debug build"
help=$("$bin" --help)
case "$help" in *--list-extensions*) ;; *) fail "--help of the installed binary lacks --list-extensions" ;; esac

make uninstall PREFIX="$prefix" >/dev/null
[ ! -e "$bin" ] || fail "make uninstall left $bin"
echo "Tests/Install: make install PREFIX=... gives a static fixed-address mconv that converts $sample as the debug build does; make uninstall removes it"
