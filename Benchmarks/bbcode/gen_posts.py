#!/usr/bin/env python3
"""Deterministic forum posts in BBCode, separated by a line holding only \x1e.

Usage: gen_posts.py [COUNT] [messy] > posts.txt      (default 1000)

With `messy`, about a third of the posts get a misnested pair (`[b]a [i]b[/b] c[/i]`), an
unclosed `[b]` or a stray `[/i]` (recovery paths of the reader).
"""
import random
import sys

WORDS = ("the quick brown fox jumps over lazy dog forum thread reply patch build server "
         "release version driver update works fine for me thanks again issue crash log "
         "settings config install linux windows game level boss item drop rate").split()


def sentence(r, n=None):
    n = n or r.randint(6, 16)
    words = [r.choice(WORDS) for _ in range(n)]
    out = []
    for w in words:
        k = r.random()
        if k < 0.05:
            w = f"[b]{w}[/b]"
        elif k < 0.08:
            w = f"[i]{w}[/i]"
        elif k < 0.10:
            w = f"[u]{w}[/u]"
        elif k < 0.11:
            w = f"[color=#{r.randint(0, 0xFFFFFF):06x}]{w}[/color]"
        elif k < 0.12:
            w = f"[url=https://example.com/t/{r.randint(1, 99999)}]{w}[/url]"
        elif k < 0.125:
            w = f"https://example.org/p/{r.randint(1, 9999)}"
        out.append(w)
    s = " ".join(out)
    return s[0].upper() + s[1:] + r.choice([".", ".", "!", "?"])


def post(r):
    parts = []
    if r.random() < 0.4:
        parts.append(f'[quote="{r.choice(["alice", "bob", "Carol D"])}" post_id={r.randint(1, 10**6)}]'
                     + sentence(r) + " " + sentence(r) + "[/quote]")
    for _ in range(r.randint(1, 4)):
        parts.append(" ".join(sentence(r) for _ in range(r.randint(1, 4))))
    k = r.random()
    if k < 0.25:
        parts.append("[list]\n" + "".join(f"[*]{sentence(r, 5)}\n" for _ in range(r.randint(2, 5))) + "[/list]")
    elif k < 0.4:
        parts.append("[code]\n" + "\n".join(f"line {i}: x = [{i}] <tag> & more" for i in range(r.randint(2, 6))) + "\n[/code]")
    elif k < 0.5:
        parts.append(f"[size=150][b]{sentence(r, 4)}[/b][/size]\n[img]https://example.com/i/{r.randint(1, 999)}.png[/img]")
    return "\n\n".join(parts)


def messy(r, text):
    k = r.random()
    if k < 0.12:
        return text + " [b]bold [i]both[/b] italic[/i] end."
    if k < 0.24:
        return text + " [b]never closed"
    if k < 0.33:
        return text + " stray[/i] close."
    return text


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    is_messy = len(sys.argv) > 2 and sys.argv[2] == "messy"
    r = random.Random(42)
    posts = [post(r) for _ in range(count)]
    if is_messy:
        posts = [messy(r, p) for p in posts]
    sys.stdout.write("\n\x1e\n".join(posts) + "\n")


main()
