#!/usr/bin/env python3
"""Diagnostics a user sees (issue #18 item 3): converts HTML files to Markdown with a release
mconv and reports the average standard error lines per file, how many pass --strict, and the
files that lose text (words of the page's body text missing from the Markdown) yet pass.
Words that only hidden elements hold (what `--keep-hidden` adds to the output) do not count:
mconv drops what a browser does not show on purpose, with an info note. Nor does the label of a
<button> inside a <pre> (the "copy" button of the Node.js API pages, in every code block):
mconv drops a code block's buttons on purpose, with an info note (Formats/html.md), as page
chrome rather than content; counted, 45 Node.js pages of Debian's nodejs-doc would be listed.
The page's text is read in its charset (<meta charset> or http-equiv, else UTF-8). A word
counts as kept when the Markdown holds it anywhere, inside a longer word too: text split by an
inline tag comes out joined (`3.0<span>pl1</span>` is "3.0pl1"), and a run of CJK text is one
"word" on the page but split by the emphasis marks Markdown puts inside it.

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
        self.pre = 0
        self.words = set()

    def skipped(self, tag):
        return tag in self.SKIP or tag == "button" and self.pre

    def handle_starttag(self, tag, attrs):
        if tag == "pre":
            self.pre += 1
        if self.skipped(tag):
            self.skip += 1

    def handle_endtag(self, tag):
        if self.skipped(tag) and self.skip:
            self.skip -= 1
        if tag == "pre" and self.pre:
            self.pre -= 1

    def handle_data(self, data):
        if not self.skip:
            self.words.update(w.lower() for w in WORD.findall(data))


def page_text(raw):
    """The page's bytes decoded in its declared charset (else UTF-8)."""
    head = raw[:4096].decode("ascii", "replace").lower()
    found = re.search(r"<meta[^>]*charset\s*=\s*[\"']?([-\w]+)", head)
    try:
        return raw.decode(found.group(1) if found else "utf-8", "replace")
    except LookupError:
        return raw.decode("utf-8", "replace")


def missing_from(words, output):
    """The words that the output does not hold, whole or inside a longer word."""
    text = output.decode("utf-8", "replace").lower()
    candidates = words - {w.lower() for w in WORD.findall(text)}
    return {w for w in candidates if w not in text}


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
        parser = Text()
        parser.feed(page_text(open(path, "rb").read()))
        missing = missing_from(parser.words, default.stdout)
        if missing:  # words only hidden elements hold
            missing = missing_from(
                missing, run(mconv, ["-t", "markdown", "--keep-hidden", path]).stdout)
        if passed and missing:
            silent_losses.append((path, sorted(missing)[:8], len(missing)))
    n = len(files)
    print(f"{n} files: {lines} stderr lines by default ({lines / n:.2f} per file);"
          f" {strict_pass} pass --strict; {len(silent_losses)} pass --strict with words missing")
    for path, words, count in silent_losses:
        print(f"  {path}: {count} words missing, e.g. {' '.join(words)}")


main()
