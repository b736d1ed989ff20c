#!/usr/bin/env bash
# mconv vs its peers on the corpus of real pages (gather.sh), single thread, in one run:
#   1. HTML -> Markdown over every page, in process: mconv (`mconv-bench corpus`, the converter
#      the CLI builds for -f html -t markdown) vs html2text and markdownify (Python, in process,
#      interpreter start and file reading excluded), each with its defaults.
#   2. Markdown -> HTML over every Markdown file, GFM on both sides (mconv -f gfm -t html; cmark-gfm
#      -e table -e strikethrough -e autolink -e tagfilter -e tasklist; both safe: raw HTML omitted):
#      a. both CLIs as processes on all files concatenated into one document (start-up paid once);
#      b. both CLIs as processes, one per file (start-up paid per file);
#      c. in process: mconv-bench vs libcmark-gfm through PyPI cmarkgfm (skipped when missing).
#   3. BBCode -> HTML: 1,000 generated forum posts (../bbcode/gen_posts.py: no real BBCode corpus
#      is to be had), mconv in process vs PyPI bbcode in process.
# Times are thread CPU time (MCONV_BENCH_WALL=1: wall time) of the best pass of RUNS (mconv) or
# PYRUNS (Python peers, slower); CLI rows give the best wall and CPU time per file of CLIRUNS.
# Ratios are peer time / mconv time (higher is faster for mconv).
# Usage: Benchmarks/corpus/bench.sh [RUNS] [PYRUNS] [CLIRUNS]      (defaults 10, 3, 5)
#   PERFILE=1 also times each page on its own and lists the 15 with the lowest ratio vs html2text.
# Needs: the corpus (runs gather.sh when missing), pip install html2text==2025.4.15
#   markdownify==1.2.3 beautifulsoup4==4.15.0 bbcode==1.1.0 cmarkgfm==2025.10.22, apt-get install
#   cmark-gfm (markdownify's speed is mostly BeautifulSoup's, so its version is pinned too).
# The CLI rows time the static release build (.build-static, built here) and the plain
# `swift build -c release` one; MCONV_STATIC=0 skips the static build.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
RUNS=${1:-10}
PYRUNS=${2:-3}
CLIRUNS=${3:-5}
command -v cmark-gfm >/dev/null || { echo "bench.sh: apt-get install cmark-gfm first" >&2; exit 1; }
python3 -c 'import html2text, markdownify, bbcode' 2>/dev/null ||
    { echo "bench.sh: pip install html2text markdownify bbcode first" >&2; exit 1; }
ls "$here/pages/"*.html >/dev/null 2>&1 || "$here/gather.sh"

log=$(mktemp)
if ! (cd "$root" && swift build -c release --product mconv-bench && swift build -c release --product mconv) >"$log" 2>&1; then
    tail -20 "$log" >&2
    echo "bench.sh: the release build failed (log above)" >&2
    exit 1
fi
# The CLI as a Linux release binary ships: `make release` (a static, fixed-address executable;
# see the Makefile), built in .build-static.
# MCONV_STATIC=0 skips it (then only the plain `swift build -c release` CLI is timed).
static=
if [ "${MCONV_STATIC:-1}" != 0 ]; then
    if ! make -C "$root" release >"$log" 2>&1; then
        tail -20 "$log" >&2
        echo "bench.sh: the static release build failed (log above)" >&2
        exit 1
    fi
    static="$root/.build-static/release/mconv"
fi
rm -f "$log"
bin=$(cd "$root" && swift build -c release --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ls "$here/pages/"*.html | LC_ALL=C sort > "$work/pages.list"
ls "$here/markdown/"*.md | LC_ALL=C sort > "$work/md.list"
bytes() { xargs cat < "$1" | wc -c; }
# Prints "best median" in ns from mconv-bench's "best X ms, median Y ms".
mconv_ns() { sed -E 's/.*best ([0-9.]+) ms, median ([0-9.]+) ms.*/\1 \2/' | awk '{ printf "%d %d\n", $1 * 1e6, $2 * 1e6 }'; }
row() { # LABEL NS BYTES [MCONV_NS]
    awk -v l="$1" -v t="$2" -v b="$3" -v m="${4:-}" 'BEGIN {
        printf "  %-26s %10.1f ms %8.2f MB/s", l, t / 1e6, b / (t / 1e9) / 1e6
        if (m != "") printf "   %6.2fx mconv time", t / m
        printf "\n" }'
}

npages=$(wc -l < "$work/pages.list")
pbytes=$(bytes "$work/pages.list")
echo "== HTML -> Markdown, $npages real pages, $pbytes bytes (in process, one thread; best of $RUNS / $PYRUNS passes)"
read -r M_H2M _ < <("$bin/mconv-bench" corpus html markdown "$work/pages.list" "$RUNS" | mconv_ns)
read -r T_H2T _ F_H2T < <(python3 "$here/peers.py" html2text "$work/pages.list" "$PYRUNS")
read -r T_MDF _ F_MDF < <(python3 "$here/peers.py" markdownify "$work/pages.list" "$PYRUNS")
row "mconv" "$M_H2M" "$pbytes"
row "html2text 2025.4.15" "$T_H2T" "$pbytes" "$M_H2M"
row "markdownify 1.2.3" "$T_MDF" "$pbytes" "$M_H2M"
[ "$F_H2T$F_MDF" = 00 ] || echo "  (pages a peer failed on: html2text $F_H2T, markdownify $F_MDF)"
if [ "${PERFILE:-0}" = 1 ]; then
    # Each page timed on its own; the 15 pages where mconv is relatively slowest vs html2text.
    MCONV_BENCH_PERFILE=1 "$bin/mconv-bench" corpus html markdown "$work/pages.list" "$RUNS" > "$work/pf.mconv"
    MCONV_BENCH_PERFILE=1 python3 "$here/peers.py" html2text "$work/pages.list" "$PYRUNS" > "$work/pf.h2t"
    MCONV_BENCH_PERFILE=1 python3 "$here/peers.py" markdownify "$work/pages.list" "$PYRUNS" > "$work/pf.mdf"
    echo "  per page (PERFILE=1), lowest ratio vs html2text first:  mconv ms  html2text x  markdownify x  KB  page"
    paste -d' ' "$work/pf.mconv" "$work/pf.h2t" "$work/pf.mdf" | while read -r m p h _ d _; do
        printf '%s %s %s %s %s\n' "$m" "$h" "$d" "$(wc -c < "$p")" "$(basename "$p")"
    done | awk '{ printf "  %10.2f %9.1fx %9.1fx %7d  %s\n", $1 / 1e6, $2 / $1, $3 / $1, $4 / 1024, $5 }' | sort -k2 -n | head -15
fi

nmd=$(wc -l < "$work/md.list")
mbytes=$(bytes "$work/md.list")
echo "== Markdown -> HTML (GFM), $nmd real Markdown files, $mbytes bytes"
CMARK="cmark-gfm -e table -e strikethrough -e autolink -e tagfilter -e tasklist"
MCONV="$bin/mconv -q -f gfm -t html"
MCONVS=("mconv-dynamic=$MCONV")
[ -z "$static" ] || MCONVS=("mconv-static=$static -q -f gfm -t html" "${MCONVS[@]}")
# The files joined as mconv joins several inputs: with a blank line between.
: > "$work/all.md"
while read -r f; do cat "$f" >> "$work/all.md"; printf '\n\n' >> "$work/all.md"; done < "$work/md.list"
echo "$work/all.md" > "$work/all.list"
same=0
while read -r f; do
    if cmp -s <($CMARK "$f") <($MCONV "$f"); then same=$((same + 1)); fi
done < "$work/md.list"
echo "  HTML outputs byte-identical to cmark-gfm's: $same of $nmd files"
# Rows "LABEL WALL CPU RATIO_WALL RATIO_CPU" (ratio: cmark-gfm time / this binary's time).
cli_table() { # RUNS FILELIST
    python3 "$here/clitime.py" "$1" "$2" "cmark-gfm=$CMARK" "${MCONVS[@]}" | awk '
        NR == 1 { cw = $2; cc = $3 }
        { printf "  %-16s %8.1f / %8.1f ms", $1, $2 / 1e6, $3 / 1e6
          if (NR > 1) printf "   ratio %5.2fx wall, %5.2fx CPU", cw / $2, cc / $3
          printf "\n" }'
}
echo " a. CLIs, one process on the $(wc -c < "$work/all.md")-byte concatenation (best of $((CLIRUNS * 2)); wall / CPU):"
cli_table $((CLIRUNS * 2)) "$work/all.list" | tee "$work/cli.all"
echo " b. CLIs, one process per file (sum of each file's best of $CLIRUNS; wall / CPU):"
cli_table "$CLIRUNS" "$work/md.list" | tee "$work/cli.perfile"
: > "$work/empty.md"
echo "$work/empty.md" > "$work/empty.list"
echo "    start-up alone (empty input, best of 20): $(cli_table 20 "$work/empty.list" | awk '{ printf "%s%s %.2f ms", (NR > 1 ? ", " : ""), $1, $2 }') wall"
echo " c. in process, per file (best of $RUNS passes):"
read -r M_MD _ < <("$bin/mconv-bench" corpus gfm html "$work/md.list" "$RUNS" | mconv_ns)
row "mconv" "$M_MD" "$mbytes"
if python3 -c 'import cmarkgfm' 2>/dev/null; then
    read -r T_CM _ _ < <(python3 "$here/peers.py" cmarkgfm "$work/md.list" "$RUNS")
    row "libcmark-gfm (cmarkgfm)" "$T_CM" "$mbytes" "$M_MD"
else
    echo "  (pip install cmarkgfm for libcmark-gfm in process)"
fi

echo "== BBCode -> HTML, 1,000 generated posts (no real BBCode corpus; in process)"
python3 "$root/Benchmarks/bbcode/gen_posts.py" 1000 > "$work/posts.txt"
mkdir "$work/posts"
python3 - "$work/posts.txt" "$work/posts" <<'EOF'
import sys
for i, post in enumerate(open(sys.argv[1], encoding="utf-8").read().split("\n\x1e\n")):
    open(f"{sys.argv[2]}/{i:04d}.bbcode", "w", encoding="utf-8").write(post)
EOF
ls "$work/posts/"* | LC_ALL=C sort > "$work/posts.list"
bbytes=$(bytes "$work/posts.list")
read -r M_BB _ < <("$bin/mconv-bench" corpus bbcode html "$work/posts.list" "$RUNS" | mconv_ns)
read -r T_BB _ _ < <(python3 "$here/peers.py" bbcode "$work/posts.list" "$PYRUNS")
row "mconv" "$M_BB" "$bbytes"
row "bbcode 1.1.0 (PyPI)" "$T_BB" "$bbytes" "$M_BB"

echo "== summary (target in brackets)"
awk -v a="$T_H2T" -v b="$T_MDF" -v m="$M_H2M" -v bb="$T_BB" -v mb="$M_BB" -v cm="${T_CM:-0}" -v mm="$M_MD" 'BEGIN {
    printf "  HTML -> Markdown  vs html2text   %7.1fx  [>= 15x]\n", a / m
    printf "  HTML -> Markdown  vs markdownify %7.1fx  [>= 35x]\n", b / m
    printf "  BBCode -> HTML    vs PyPI bbcode %7.1fx  [>= 20x]\n", bb / mb
}'
awk '{ printf "  Markdown -> HTML  vs cmark-gfm CLI, concatenated, %-14s %5.2fx wall, %5.2fx CPU  [>= 0.9x]\n", $1, $(NF - 3) + 0, $(NF - 1) + 0 }' <(tail -n +2 "$work/cli.all")
awk -v cm="${T_CM:-0}" -v mm="$M_MD" 'BEGIN { if (cm > 0) printf "  Markdown -> HTML  vs libcmark-gfm in process, per file (mconv-bench)   %5.2fx CPU\n", cm / mm }'
awk '{ printf "  Markdown -> HTML  vs cmark-gfm CLI, per file,     %-14s %5.2fx wall, %5.2fx CPU\n", $1, $(NF - 3) + 0, $(NF - 1) + 0 }' <(tail -n +2 "$work/cli.perfile")
