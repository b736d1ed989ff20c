#!/usr/bin/env python3
"""The smallest main-thread stack (ulimit -s, in KB) on which an mconv binary converts HTML
nested LEVELS deep (default 1500, past the 512-level depth cap) into each output format.

    Benchmarks/stack-depth.py .build/debug/mconv
    Benchmarks/stack-depth.py .build-asan/debug/mconv --max 4096

A binary search per shape and output over 16 KB .. --max KB; "> MAX" means it failed even
there. The figure to watch is the column maximum against 512 KB (iOS secondary threads,
Swift test threads), for debug and AddressSanitizer builds (whose frames are larger).
"""
import argparse
import os
import subprocess
import sys
import tempfile

OUTPUTS = ["markdown", "gfm", "html", "plain", "bbcode", "styled", "json", "ast", "rangejson"]


def shapes(levels):
    return {
        "em": "<em>" * levels + "x",
        "em-words": "<em>a " * levels + "x",
        "span": "<span>" * levels + "x",
        "b-a": '<b>a<a href="u">' * levels + "x",
        "mixed": "<em><span><u><sup><strong><s>" * (levels // 6) + "x",
        "blockquote": "<blockquote>" * levels + "x",
        "ul-li": "<ul><li>" * levels + "x",
        "mixed-blocks": "<blockquote><ol><li><div>" * (levels // 3) + "x",
    }


def runs(binary, path, output, kb):
    command = f'ulimit -s {kb} && exec "{binary}" -f html -t {output} "{path}" > /dev/null 2>&1'
    return subprocess.run(["bash", "-c", command]).returncode == 0


def smallest(binary, path, output, most):
    if not runs(binary, path, output, most):
        return None
    low, high = 16, most  # high runs
    while high - low > 8:
        middle = (low + high) // 2
        if runs(binary, path, output, middle):
            high = middle
        else:
            low = middle
    return high


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("--levels", type=int, default=1500)
    parser.add_argument("--max", type=int, default=2048)
    parser.add_argument("--outputs", default=",".join(OUTPUTS))
    args = parser.parse_args()
    outputs = args.outputs.split(",")
    binary = os.path.abspath(args.binary)
    print("stack KB needed".ljust(14) + "".join(o.rjust(10) for o in outputs))
    with tempfile.TemporaryDirectory() as folder:
        for name, text in shapes(args.levels).items():
            path = os.path.join(folder, name + ".html")
            with open(path, "w") as f:
                f.write(text)
            cells = []
            for output in outputs:
                kb = smallest(binary, path, output, args.max)
                cells.append((f"> {args.max}" if kb is None else str(kb)).rjust(10))
            print(name.ljust(14) + "".join(cells), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
