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
# The CLI is timed twice, both figures printed: as `swift build -c release` links it (Swift
# runtime and Foundation as shared libraries: ~8 ms of dynamic loading at start-up) and as a
# Linux release binary ships, `make release` (a static, fixed-address executable: no dynamic
# loading, no start-up relocations; built in .build-static; ~1 ms start-up). MCONV_STATIC=0
# skips the static build and its row.
binaries=("dynamic=$mconv")
if [ "${MCONV_STATIC:-1}" != 0 ]; then
    make -C "$root" release >/dev/null
    binaries=("static=$root/.build-static/release/mconv" "${binaries[@]}")
fi
echo "== in-process (mconv-bench)"
"$bin/mconv-bench" convert html markdown "$work/page.html" 10
"$bin/mconv-bench" stages html markdown "$work/page.html" 10
"$bin/mconv-bench" snippets html markdown "$work/snippets.txt" 20
"$bin/mconv-bench" snippet-stages html markdown "$work/snippets.txt" 10
echo "== peers (whole conversion; mconv CLI best of 7 including process start, static and dynamic"
echo "   build; pandoc best of 1 as a process; Python peers in-process, interpreter start excluded)"
python3 "$here/peers.py" "$work/page.html" "${binaries[@]}"
rm -rf "$work"
