#!/usr/bin/env bash
# HTML -> Markdown throughput: mconv vs pandoc 3 (pypandoc-binary), markdownify and html2text,
# measured side by side in one run on the same 1.2 MB page; plus 300-byte snippets in-process.
# Needs: pip install pypandoc-binary markdownify html2text. Prints ratios (peer time / mconv time).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
python3 "$root/Benchmarks/gen_article.py" "$work/page.html" 1200000
python3 "$root/Benchmarks/gen_article.py" --snippets "$work/snippets.txt" 200
(cd "$root" && swift build -c release --product mconv-bench >/dev/null && swift build -c release --product mconv >/dev/null)
bin=$(cd "$root" && swift build -c release --show-bin-path)
mconv="$bin/mconv"
# MCONV_STATIC=1: time a CLI linked with --static-swift-stdlib (built in .build-static), the
# way a Linux release binary would ship; start-up drops from ~8 ms to ~4.5 ms.
if [ "${MCONV_STATIC:-0}" = 1 ]; then
    (cd "$root" && swift build -c release --product mconv --static-swift-stdlib --scratch-path "$root/.build-static" >/dev/null)
    mconv="$root/.build-static/release/mconv"
fi
echo "== in-process (mconv-bench)"
"$bin/mconv-bench" convert html markdown "$work/page.html" 10
"$bin/mconv-bench" stages html markdown "$work/page.html" 10
"$bin/mconv-bench" snippets html markdown "$work/snippets.txt" 20
"$bin/mconv-bench" snippet-stages html markdown "$work/snippets.txt" 10
echo "== peers (best of 3, whole conversion, process start excluded for Python peers)"
python3 "$here/peers.py" "$work/page.html" "$mconv"
rm -rf "$work"
