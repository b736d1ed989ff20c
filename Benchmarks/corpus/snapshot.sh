#!/usr/bin/env bash
# Converts every corpus file with one mconv binary into every output format, so that two binaries
# (before and after a refactor) can be compared byte for byte:
#   Benchmarks/corpus/snapshot.sh OLD_BIN /tmp/snap-old
#   Benchmarks/corpus/snapshot.sh NEW_BIN /tmp/snap-new
#   diff -r /tmp/snap-old /tmp/snap-new && echo identical    (also between two checkouts)
# Per input and format, OUTDIR/{pages,markdown}/NAME/FORMAT holds standard output,
# FORMAT.stderr the diagnostics and FORMAT.exit the exit code (124: killed after TIMEOUT seconds,
# default 120). Pages: -f html -t markdown, gfm, html, plain, bbcode, rangejson, styled, ast,
# json. Markdown files: -f markdown -t html, ast. Needs the corpus (gather.sh).
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 MCONV_BINARY OUTDIR" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=$(mkdir -p "$2" && cd "$2" && pwd)
limit=${TIMEOUT:-120}
[ -x "$bin" ] || { echo "snapshot.sh: $1 is not an executable" >&2; exit 1; }
ls "$here/pages/"*.html >/dev/null 2>&1 || { echo "snapshot.sh: no corpus; run gather.sh first" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out"

# Inputs are named relative to the corpus folder (pages/NAME, markdown/NAME), so that the
# diagnostics, which name the input, compare equal between two checkouts.
convert() { # FROM TO INPUT DIR
    local rc=0
    (cd "$here" && timeout "$limit" "$bin" -f "$1" -t "$2" "${3#"$here"/}") \
        > "$4/$2" 2> "$4/$2.stderr" || rc=$?
    echo "$rc" > "$4/$2.exit"
    [ "$rc" -eq 0 ] || echo "  $(basename "$3") -t $2: exit $rc" >&2
}

n=0
for page in "$here/pages/"*.html; do
    dir="$out/pages/$(basename "$page")"
    mkdir -p "$dir"
    for to in markdown gfm html plain bbcode rangejson styled ast json; do
        convert html "$to" "$page" "$dir"
        n=$((n + 1))
    done
done
for doc in "$here/markdown/"*.md; do
    dir="$out/markdown/$(basename "$doc")"
    mkdir -p "$dir"
    for to in html ast; do
        convert markdown "$to" "$doc" "$dir"
        n=$((n + 1))
    done
done
failed=$(grep -L -x 0 -r --include='*.exit' "$out" | wc -l)
echo "snapshot: $(ls "$out/pages" | wc -l) pages, $(ls "$out/markdown" | wc -l) Markdown files, $n conversions ($failed with a non-zero exit), $(du -sh "$out" | cut -f1) in $out"
