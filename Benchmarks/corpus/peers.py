#!/usr/bin/env python3
"""In-process timings of mconv's Python (and C) peers over a list of corpus files.

Usage: peers.py MODE FILELIST RUNS
  MODE html2text | markdownify   HTML -> Markdown (each with its defaults)
  MODE cmarkgfm                  Markdown -> HTML through libcmark-gfm (PyPI cmarkgfm, in process),
                                 the GFM extensions as `cmark-gfm -e table -e strikethrough
                                 -e autolink -e tagfilter -e tasklist`
  MODE bbcode                    BBCode -> HTML (PyPI bbcode); FILELIST names one post per file

Files are read and decoded before the clock starts; one pass converts every file once; prints
"BEST_NS MEDIAN_NS FAILED" for the best and median of RUNS passes. The clock is this thread's CPU
time, as mconv-bench's (MCONV_BENCH_WALL=1: wall time for both). A file the peer raises on
counts as failed (its time up to the error still counts). MCONV_BENCH_PERFILE=1: prints
"BEST_NS PATH" per file instead.
"""
import os
import sys
import time

mode, listing, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
paths = [p for p in open(listing, encoding="utf-8").read().split("\n") if p]
texts = [open(p, encoding="utf-8").read() for p in paths]
clock = time.perf_counter_ns if os.environ.get("MCONV_BENCH_WALL") == "1" else time.thread_time_ns
sys.setrecursionlimit(20000)  # markdownify recurses once per nesting level

if mode == "html2text":
    import html2text
    convert = html2text.html2text
elif mode == "markdownify":
    import markdownify
    convert = markdownify.markdownify
elif mode == "cmarkgfm":
    import cmarkgfm
    extensions = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]
    def convert(text):
        return cmarkgfm.markdown_to_html_with_extensions(text, extensions=extensions)
elif mode == "bbcode":
    import bbcode
    convert = bbcode.Parser().format
else:
    sys.exit(f"peers.py: unknown mode {mode}")

if os.environ.get("MCONV_BENCH_PERFILE") == "1":
    # "BEST_NS PATH" per file, each file timed on its own (-1: the peer raised).
    for path, text in zip(paths, texts):
        best = None
        for _ in range(runs):
            start = clock()
            try:
                convert(text)
            except Exception:  # noqa: BLE001
                best = -1
                break
            t = clock() - start
            best = t if best is None else min(best, t)
        print(best, path)
    sys.exit(0)

times = []
failed = 0
for _ in range(runs):
    failed = 0
    start = clock()
    for text in texts:
        try:
            convert(text)
        except Exception:  # noqa: BLE001
            failed += 1
    times.append(clock() - start)
times.sort()
print(times[0], times[len(times) // 2], failed)
