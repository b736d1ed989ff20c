#!/usr/bin/env python3
"""Diagnostics a user sees (issue #18 item 3): converts HTML files to Markdown with a release
mconv and reports the average standard error lines per file, how many pass --strict, and the
files that lose text (words of the page's body text missing from the Markdown) yet pass.
Words that only hidden elements hold (what `--keep-hidden` adds to the output) do not count:
mconv drops what a browser does not show on purpose, with an info note.

usage: measure.py MCONV FILE...   (e.g. Benchmarks/corpus/pages/*.html and Debian's docs)
"""
import html.parser
import re
import subprocess
import sys

WORD = re.compile(r"[^\W_]{3,}")


class Text(html.parser.HTMLParser):
    """The words of the text a browser shows (no head, script, style, template)."""

    SKIP = {"head", "script", "style", "template", "title", "noscript"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.skip = 0
        self.words = set()

    def handle_starttag(self, tag, attrs):
        if tag in self.SKIP:
            self.skip += 1

    def handle_endtag(self, tag):
        if tag in self.SKIP and self.skip:
            self.skip -= 1

    def handle_data(self, data):
        if not self.skip:
            self.words.update(w.lower() for w in WORD.findall(data))


def word_set(output):
    return {w.lower() for w in WORD.findall(output.decode("utf-8", "replace"))}


def run(mconv, args):
    return subprocess.run([mconv] + args, capture_output=True)


def main():
    mconv, files = sys.argv[1], sys.argv[2:]
    lines = strict_pass = 0
    silent_losses = []
    for path in files:
        default = run(mconv, ["-t", "markdown", path])
        lines += default.stderr.decode("utf-8", "replace").count("\n")
        strict = run(mconv, ["-t", "markdown", "--strict", path])
        passed = strict.returncode == 0
        strict_pass += passed
        raw = open(path, "rb").read().decode("utf-8", "replace")
        parser = Text()
        parser.feed(raw)
        out = word_set(default.stdout)
        missing = parser.words - out
        if missing:
            missing -= word_set(run(mconv, ["-t", "markdown", "--keep-hidden", path]).stdout) - out
        if passed and missing:
            silent_losses.append((path, sorted(missing)[:8], len(missing)))
    n = len(files)
    print(f"{n} files: {lines} stderr lines by default ({lines / n:.2f} per file);"
          f" {strict_pass} pass --strict; {len(silent_losses)} pass --strict with words missing")
    for path, words, count in silent_losses:
        print(f"  {path}: {count} words missing, e.g. {' '.join(words)}")


main()
