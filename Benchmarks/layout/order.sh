#!/bin/sh
# Regenerates Benchmarks/layout/order.txt, the function order `make release` links the CLI with
# (see Benchmarks/layout/README.md): the functions a conversion runs, so that they sit together
# in the binary and a run pages in fewer 64 KB blocks of code.
#
# usage: Benchmarks/layout/order.sh [MCONV]     (default .build-static/release/mconv)
#
# Runs MCONV (any release build: the names do not depend on the layout flags) under callgrind
# on an empty input (start-up), HTML -> Markdown on every corpus page under 100 KB, one
# --output-dir batch, then a few pages of each input format (HTML, Markdown, BBCode) to each
# main output format (markdown, html, styled, plain), and lists every function of the binary
# that ran, each at the first of those runs that ran it (about 2,900 names, 210 KB). Needs
# valgrind and the corpus (Benchmarks/corpus/gather.sh); takes a few minutes.
# The order is by name: entries the code no longer has, and functions missing from it, are
# harmless (the linker skips the former, --no-warn-symbol-ordering, and places the latter after
# the listed ones), so a stale file only costs some of the gain; regenerate it after large
# changes. The file is not committed (too large, and it changes with any code change).
set -eu
cd "$(dirname "$0")/../.."
MCONV=${1:-.build-static/release/mconv}
PAGES=Benchmarks/corpus/pages
MD=Benchmarks/corpus/markdown
OUT=Benchmarks/layout/order.txt
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# Training inputs: HTML -> Markdown on every corpus page under 100 KB (the pages the README
# measures are all larger: they check that the order carries over to pages it was not made
# from); the other pairs on four of them (several sites and scripts).
SMALL=$(find "$PAGES"/ -name '*.html' -size -100k | sort)
HTML="$PAGES/sqlite3-doc--sqlite3_malloc.html $PAGES/newspaper4k--cnn_article.html
$PAGES/python3.11-doc--python3.11_html_tutorial_introduction.html
$PAGES/debian-reference-zh-cn--debian-reference_ch04.zh-cn.html"
MARKDOWN="$MD/nodejs-doc--nodejs_api_assert.md $MD/charset-normalizer--CHANGELOG.md"
python3 Benchmarks/bbcode/gen_posts.py 200 messy > "$TMP/posts.bbcode"
: > "$TMP/empty.html"

n=0
profile() {
    n=$((n + 1))
    valgrind --tool=callgrind --demangle=no --callgrind-out-file="$TMP/$(printf %03d $n).out" \
        "$MCONV" -q "$@" > /dev/null 2>> "$TMP/valgrind.log"
}
# Most important first (see callgrind_order.py): start-up, HTML to Markdown (the default for
# HTML, and what Benchmarks/corpus/memory.py and the batch measure), then the other pairs.
profile -t markdown "$TMP/empty.html"
for f in $SMALL; do profile -f html -t markdown "$f"; done
mkdir "$TMP/batch"
# shellcheck disable=SC2086
profile -t markdown --output-dir "$TMP/batch" --jobs 1 $HTML
for to in styled plain html; do
    for f in $HTML; do profile -f html -t "$to" "$f"; done
done
for to in html markdown styled plain; do
    for f in $MARKDOWN; do profile -f markdown -t "$to" "$f"; done
done
for to in html markdown styled plain; do profile -f bbcode -t "$to" "$TMP/posts.bbcode"; done
python3 Benchmarks/layout/callgrind_order.py "$MCONV" "$TMP"/[0-9]*.out > "$OUT"
echo "$OUT: $(wc -l < "$OUT") functions"
