#!/usr/bin/env bash
# Differential review: runs pandoc 3 and mconv on the html-to-markdown command cases and
# counts where their Markdown differs. For reviewing, not a gate.
#
# usage: conformance/compare-pandoc.sh [-v] [CASE_DIR]
#   -v         print each differing case (input, mconv, pandoc)
#   MCONV      mconv binary (default .build/release/mconv, else .build/debug/mconv)
#   PANDOC     pandoc binary (default: the one pip's pypandoc-binary ships)
# pandoc runs as `pandoc -f html -t gfm --wrap=none`; mconv with the case's own arguments.
# Cases with options pandoc lacks (--base-url, --custom-tag) and -t ast cases are skipped.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
verbose=0
if [[ "${1:-}" == "-v" ]]; then verbose=1; shift; fi
cases="${1:-$here/cases/html-to-markdown}"
if [[ -z "${MCONV:-}" ]]; then
  MCONV="$root/.build/release/mconv"
  [[ -x "$MCONV" ]] || MCONV="$root/.build/debug/mconv"
fi
if [[ -z "${PANDOC:-}" ]]; then
  PANDOC="$(python3 -c 'import pypandoc; print(pypandoc.get_pandoc_path())' 2>/dev/null || command -v pandoc || true)"
fi
[[ -x "$MCONV" ]] || { echo "compare-pandoc: no mconv at $MCONV (swift build first)" >&2; exit 2; }
[[ -n "$PANDOC" && -x "$PANDOC" ]] || { echo "compare-pandoc: pandoc not found (pip install pypandoc-binary)" >&2; exit 2; }
echo "pandoc: $("$PANDOC" --version | head -1)   mconv: $MCONV"

MCONV="$MCONV" PANDOC="$PANDOC" VERBOSE="$verbose" python3 - "$cases" <<'PY'
import os, re, subprocess, sys
folder = sys.argv[1]
mconv, pandoc, verbose = os.environ['MCONV'], os.environ['PANDOC'], os.environ['VERBOSE'] == '1'

def cases():
    for name in sorted(os.listdir(folder)):
        if not name.endswith('.md'):
            continue
        lines = open(os.path.join(folder, name), encoding='utf-8').read().split('\n')
        i = 0
        while i < len(lines):
            fence = lines[i]
            if re.fullmatch(r'`{3,}', fence) and i + 1 < len(lines) and lines[i + 1].startswith('% mconv'):
                args = lines[i + 1][2:].split()[1:]
                j = i + 2
                body = []
                while j < len(lines) and lines[j] != '^D':
                    body.append(lines[j]); j += 1
                j += 1
                expected = []
                while j < len(lines) and lines[j] != fence:
                    expected.append(lines[j]); j += 1
                yield name, i + 2, args, '\n'.join(body) + '\n', ('\n'.join(expected) + '\n') if expected else ''
                i = j + 1
            else:
                i += 1

same = differ = skipped = 0
pandoc_expected = mconv_expected = 0
for name, line, args, source, expected in cases():
    if args != ['-f', 'html', '-t', 'markdown']:
        skipped += 1
        continue
    ours = subprocess.run([mconv] + args + ['--quiet'], input=source.encode(), capture_output=True).stdout.decode()
    theirs = subprocess.run([pandoc, '-f', 'html', '-t', 'gfm', '--wrap=none'], input=source.encode(),
                            capture_output=True).stdout.decode()
    pandoc_expected += theirs == expected
    mconv_expected += ours == expected
    if ours == theirs:
        same += 1
        continue
    differ += 1
    if verbose:
        print(f'--- {name}:{line}\n{source}--- mconv\n{ours}--- pandoc\n{theirs}')
total = same + differ
print(f'{total} cases compared ({skipped} skipped): {same} identical, {differ} differ')
print(f'matching the expected output: mconv {mconv_expected}/{total}, pandoc {pandoc_expected}/{total}')
PY
