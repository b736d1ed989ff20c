#!/usr/bin/env python3
"""Best-of-N parse times (ms, thread CPU time, as html5-bench measures) of selectolax (lexbor backend) and lxml.html on one file.

Usage: peers.py FILE [RUNS]  -> prints "selectolax MS" and "lxml MS" lines.
Both parse from bytes into a full DOM, as html5-bench does.
"""
import sys
import time

from lxml import html as lxml_html
from selectolax.lexbor import LexborHTMLParser

path = sys.argv[1]
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
data = open(path, "rb").read()


def best(fn):
    b = float("inf")
    for _ in range(runs):
        t0 = time.thread_time_ns()
        fn()
        b = min(b, time.thread_time_ns() - t0)
    return b / 1e6


print("selectolax %.3f" % best(lambda: LexborHTMLParser(data)))
print("lxml %.3f" % best(lambda: lxml_html.document_fromstring(data)))
