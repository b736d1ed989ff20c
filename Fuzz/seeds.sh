#!/usr/bin/env bash
# Builds the seed corpora into Fuzz/seeds/<format>/{cases,suites}/ (gitignored), one file per
# input named by its SHA-1, for html, markdown, bbcode, rangejson and json (the AST JSON
# format). cases/ is what mconv's own conformance cases hold (small: the smoke runs use it
# alone); suites/ the upstream suites.
#
# Sources:
#   - conformance/cases/**/*.md: the input of every `% mconv -f FORMAT ...` case, and the
#     expected output of cases written `-t html`, `-t markdown`, `-t bbcode`, `-t rangejson`;
#   - ../shared/conformance (or $MCONV_CONFORMANCE_DATA): CommonMark/GFM spec examples
#     (markdown, and their HTML), html5lib tokenizer inputs and tree-construction #data;
#   - json: the AST JSON of the (small) inputs, written by an mconv binary when one is found
#     ($MCONV, else ../.build/{debug,release}/mconv); without one only a few built-in seeds.
#
# Usage: Fuzz/seeds.sh [OUTDIR]   (default Fuzz/seeds; rebuilt from scratch)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="${1:-$here/seeds}"
data="${MCONV_CONFORMANCE_DATA:-$root/../shared/conformance}"
mconv="${MCONV:-}"
if [ -z "$mconv" ]; then
    for candidate in "$root/.build/debug/mconv" "$root/.build/release/mconv"; do
        if [ -x "$candidate" ]; then mconv="$candidate"; break; fi
    done
fi
rm -rf "$out"
for fmt in html markdown bbcode rangejson json; do mkdir -p "$out/$fmt/cases" "$out/$fmt/suites"; done

if ! command -v python3 >/dev/null 2>&1; then
    echo "seeds: no python3: empty seed folders (the fuzzers start from nothing)" >&2
    exit 0
fi
python3 - "$root/conformance/cases" "$data" "$out" <<'PY'
import glob, hashlib, json, os, re, sys

cases_dir, data, out = sys.argv[1:4]
counts = {}

seen = set()

def seed(fmt, text, kind="cases"):
    if fmt not in ("html", "markdown", "bbcode", "rangejson", "json") or not text.strip():
        return
    try:  # bytes read undecoded come back as they were; lone surrogates become (bad) UTF-8
        raw = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        raw = text.encode("utf-8", "surrogatepass")
    name = hashlib.sha1(raw).hexdigest()
    if (fmt, name) in seen:
        return
    seen.add((fmt, name))
    path = os.path.join(out, fmt, kind, name)
    if not os.path.exists(path):
        with open(path, "wb") as f:
            f.write(raw)
        counts[fmt] = counts.get(fmt, 0) + 1

def base(name):
    # `gfm+footnotes` -> markdown; aliases as FormatRegistry spells them.
    name = re.split(r"[+-]", name, maxsplit=1)[0] if not name.startswith("-") else name
    return {"md": "markdown", "gfm": "markdown", "commonmark": "markdown", "cm": "markdown",
            "htm": "html", "xhtml": "html", "bb": "bbcode", "medium": "rangejson"}.get(name, name)

# Command cases: ``` fence, `% mconv ARGS`, input lines, `^D`, expected output, ``` fence.
for path in sorted(glob.glob(os.path.join(cases_dir, "**", "*.md"), recursive=True)):
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        if lines[i].startswith("% mconv") and i > 0 and lines[i - 1].startswith("```"):
            args = lines[i].split()[2:]
            j = i + 1
            while j < len(lines) and lines[j] != "^D":
                j += 1
            k = j + 1
            while k < len(lines) and not lines[k].startswith("```"):
                k += 1
            source, target = "html", None
            for a, b in zip(args, args[1:]):
                if a in ("-f", "--from"): source = base(b)
                if a in ("-t", "--to"): target = base(b)
            seed(source, "\n".join(lines[i + 1:j]) + "\n")
            if target in ("html", "markdown", "bbcode", "rangejson"):
                seed(target, "\n".join(lines[j + 1:k]) + "\n")
            i = k
        i += 1

# CommonMark / GFM spec examples.
for path in sorted(glob.glob(os.path.join(data, "commonmark", "*.json"))):
    for example in json.load(open(path, encoding="utf-8")):
        seed("markdown", example.get("markdown", ""), "suites")
        seed("html", example.get("html", ""), "suites")

# html5lib tokenizer inputs (the doubleEscaped ones hold \uXXXX escapes as text).
for path in sorted(glob.glob(os.path.join(data, "html5lib-tests", "tokenizer", "*.test"))):
    for test in json.load(open(path, encoding="utf-8")).get("tests", []):
        text = test.get("input", "")
        if test.get("doubleEscaped"):
            text = re.sub(r"\\u([0-9a-fA-F]{4})", lambda m: chr(int(m.group(1), 16)), text)
        seed("html", text, "suites")

# html5lib tree-construction: the #data section of each test.
for path in sorted(glob.glob(os.path.join(data, "html5lib-tests", "tree-construction", "*.dat"))):
    text = open(path, encoding="utf-8", errors="surrogateescape").read()
    for block in re.findall(r"(?:^|\n)#data\n(.*?)\n#errors", text, flags=re.S):
        seed("html", block, "suites")

# A few AST JSON seeds that need no binary.
seed("json", '{"blocks":[],"metadata":{}}')
seed("json", '{"version":1,"blocks":[{"type":"plain","children":[{"type":"text","text":"a"}]}]}')

print("seeds:", ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
PY

# AST JSON of every case input (the json front end has no cases of its own).
if [ -n "$mconv" ]; then
    n=0
    for fmt in html markdown bbcode rangejson; do
        for f in "$out/$fmt"/cases/* "$out/$fmt"/suites/*; do
            [ -f "$f" ] || continue
            # Small inputs only, the cases' first; the first 80 in cases/, the rest in suites/.
            [ "$(wc -c <"$f")" -le 2000 ] || continue
            n=$((n + 1))
            [ "$n" -le 150 ] || break 2
            if json="$("$mconv" -f "$fmt" -t json "$f" 2>/dev/null)"; then
                sum="$(printf '%s' "$json" | sha1sum | cut -c1-40)"
                kind=suites
                [ "$n" -gt 80 ] || kind=cases
                printf '%s' "$json" >"$out/json/$kind/$sum"
            fi
        done
    done
    echo "seeds: json $(find "$out/json" -type f | wc -l) (AST JSON written by $mconv)"
else
    echo "seeds: no mconv binary found (set MCONV or build the package): json has built-in seeds only"
fi
