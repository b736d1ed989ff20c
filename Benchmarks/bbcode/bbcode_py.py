#!/usr/bin/env python3
"""Times the PyPI `bbcode` package on the posts from gen_posts.py: best total of RUNS.

Usage: bbcode_py.py POSTS_FILE [RUNS]    prints nanoseconds for all posts (best run)
"""
import sys
import time

import bbcode

posts = open(sys.argv[1], encoding="utf-8").read().split("\n\x1e\n")
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
parser = bbcode.Parser()
best = None
for _ in range(runs):
    start = time.perf_counter_ns()
    for p in posts:
        parser.format(p)
    t = time.perf_counter_ns() - start
    best = t if best is None or t < best else best
print(best)
