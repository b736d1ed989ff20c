#!/usr/bin/env bash
# BBCode -> HTML on 1,000 generated forum posts: mconv (Converter(BBCodeReader, HTMLWriter):
# reader, Document, writer; release, in process) vs the PyPI `bbcode` package (in process),
# best of RUNS each, same run; then "messy" posts (a third misnested, unclosed or with a stray
# close tag) both ways.
# Then range JSON -> Markdown throughput in MB/s of paragraph text.
# Usage: Benchmarks/bbcode/bench.sh [POSTS] [RUNS]      (defaults: 1000, 5)
# Needs: python3 -m pip install bbcode
set -euo pipefail
cd "$(dirname "$0")"
POSTS=${1:-1000}
RUNS=${2:-5}
python3 -c 'import bbcode' 2>/dev/null || { echo "bench.sh: pip install bbcode first" >&2; exit 1; }

BUILD_LOG=$(mktemp)
if ! swift build -c release --scratch-path .build >"$BUILD_LOG" 2>&1; then
    tail -20 "$BUILD_LOG" >&2
    echo "bench.sh: the release build failed (log above)" >&2
    exit 1
fi
rm -f "$BUILD_LOG"
BIN=.build/release/bbcode-bench
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

python3 gen_posts.py "$POSTS" > "$WORK/posts.txt"
BYTES=$(wc -c < "$WORK/posts.txt")
T_PY=$(python3 bbcode_py.py "$WORK/posts.txt" "$RUNS")
T_MC=$("$BIN" html "$WORK/posts.txt" "$RUNS" 2>/dev/null)
awk -v n="$POSTS" -v b="$BYTES" -v p="$T_PY" -v m="$T_MC" 'BEGIN {
    printf "BBCode -> HTML, %d posts, %d bytes\n", n, b
    printf "PyPI bbcode : %9.2f ms\n", p / 1e6
    printf "mconv       : %9.2f ms\n", m / 1e6
    printf "ratio       : %9.1fx\n", p / m
}'
python3 gen_posts.py "$POSTS" messy > "$WORK/messy.txt"
T_PY_M=$(python3 bbcode_py.py "$WORK/messy.txt" "$RUNS")
T_MC_M=$("$BIN" html "$WORK/messy.txt" "$RUNS" 2>/dev/null)
awk -v p="$T_PY_M" -v m="$T_MC_M" 'BEGIN {
    printf "messy posts : PyPI %.2f ms, mconv %.2f ms (%.1fx)\n", p / 1e6, m / 1e6, p / m
}'

"$BIN" gen-rangejson 4000000 > "$WORK/doc.json"
# (A run takes some 50 ms: best of 4 x RUNS, as the posts runs are best of RUNS over 1,000 posts.)
read -r T_RJ TEXT JSONB < <("$BIN" rangejson-md "$WORK/doc.json" $((4 * RUNS)))
awk -v t="$T_RJ" -v x="$TEXT" -v j="$JSONB" 'BEGIN {
    printf "range JSON -> Markdown: %d bytes JSON, %d bytes text, %.2f ms, %.1f MB/s of text (%.1f MB/s of JSON)\n", j, x, t / 1e6, x / (t / 1e9) / 1e6, j / (t / 1e9) / 1e6
}'
