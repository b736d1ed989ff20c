#!/usr/bin/env bash
# Gathers the article corpus: Benchmarks/articles/pages/NAME.html (gitignored), real pages whose
# expected article text is committed in expected/NAME.txt (see README.md for how each was made).
#
# Sources, all pinned:
#   - news pages (many languages and scripts) shipped in newspaper4k's source distribution
#     (`pip download --no-binary :all: --no-deps newspaper4k==0.9.6`);
#   - documentation pages from Debian packages (`apt-get download PKG=VERSION`, `dpkg-deb -x`;
#     nothing is installed; run `apt-get update` once first);
#   - blog posts, forum threads and shop product pages from formasaurus 0.10.0's training pages
#     (formasaurus/data/html/N.html, real pages saved in 2015-2016, re-encoded as UTF-8; the URL of
#     each is in formasaurus/data/index.json), and an Ask OpenStack question page from perceval
#     1.6.1's test data (tests/data/askbot).
# Deliberately not used: trafilatura's evaluation data and Mozilla Readability's test pages (or
# packages bundling them): they are kept for blind checks.
#
# Usage: Benchmarks/articles/gather.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache="$here/cache"
mkdir -p "$cache" "$here/pages"

# NAME  SOURCE  PATH-IN-SOURCE
read -r -d '' SELECTION <<'LIST' || true
news-arabic pypi:newspaper4k==0.9.6 tests/data/html/arabic_article.html
news-article-with-br pypi:newspaper4k==0.9.6 tests/data/html/article_with_br.html
news-article-with-divs pypi:newspaper4k==0.9.6 tests/data/html/article_with_divs.html
news-burmese pypi:newspaper4k==0.9.6 tests/data/html/burmese_article.html
news-chinese pypi:newspaper4k==0.9.6 tests/data/html/chinese_article.html
news-chinese-001 pypi:newspaper4k==0.9.6 tests/data/html/chinese_article_001.html
news-chinese-002 pypi:newspaper4k==0.9.6 tests/data/html/chinese_article_002.html
news-cleveland pypi:newspaper4k==0.9.6 tests/data/html/cleveland.com1.html
news-cnn-001 pypi:newspaper4k==0.9.6 tests/data/html/cnn_001.html
news-cnn-002 pypi:newspaper4k==0.9.6 tests/data/html/cnn_002.html
news-cnn-article pypi:newspaper4k==0.9.6 tests/data/html/cnn_article.html
news-cnn-nlp pypi:newspaper4k==0.9.6 tests/data/html/cnn_test_nlp.html
news-fox13 pypi:newspaper4k==0.9.6 tests/data/html/fox13now_001.html
news-japanese pypi:newspaper4k==0.9.6 tests/data/html/japanese_article.html
news-japanese-2 pypi:newspaper4k==0.9.6 tests/data/html/japanese_article2.html
news-latvian pypi:newspaper4k==0.9.6 tests/data/html/latvian_article.html
news-spanish pypi:newspaper4k==0.9.6 tests/data/html/spanish_article.html
news-thai pypi:newspaper4k==0.9.6 tests/data/html/thai_article.html
news-time pypi:newspaper4k==0.9.6 tests/data/html/time_001.html
news-video-02 pypi:newspaper4k==0.9.6 tests/data/html/video_article_02.html
news-wired pypi:newspaper4k==0.9.6 tests/data/html/wired_001.html
news-yna-korean pypi:newspaper4k==0.9.6 tests/data/html/yna_co_kr.html
handbook-en deb:debian-handbook=11.20220922 usr/share/doc/debian-handbook/html/en-US/sect.apt-cache.html
handbook-ja deb:debian-handbook=11.20220922 usr/share/doc/debian-handbook/html/ja-JP/sect.syslog.html
handbook-zh deb:debian-handbook=11.20220922 usr/share/doc/debian-handbook/html/zh-CN/sect.shell-environment.html
handbook-ru deb:debian-handbook=11.20220922 usr/share/doc/debian-handbook/html/ru-RU/sect.hostname-name-service.html
handbook-fr deb:debian-handbook=11.20220922 usr/share/doc/debian-handbook/html/fr-FR/sect.searching-packages.html
handbook-de deb:debian-handbook=11.20220922 usr/share/doc/debian-handbook/html/de-DE/sect.setup-apt-package-repository.html
handbook-ar deb:debian-handbook=11.20220922 usr/share/doc/debian-handbook/html/ar-MA/sect.administration-interfaces.html
handbook-ko deb:debian-handbook=11.20220922 usr/share/doc/debian-handbook/html/ko-KR/sect.graphical-desktops.html
python-bisect deb:python3.11-doc=3.11.2-6+deb12u9 usr/share/doc/python3.11/html/library/bisect.html
python-textwrap deb:python3.11-doc=3.11.2-6+deb12u9 usr/share/doc/python3.11/html/library/textwrap.html
python-zlib deb:python3.11-doc=3.11.2-6+deb12u9 usr/share/doc/python3.11/html/library/zlib.html
python-sorting deb:python3.11-doc=3.11.2-6+deb12u9 usr/share/doc/python3.11/html/howto/sorting.html
python-json deb:python3.11-doc=3.11.2-6+deb12u9 usr/share/doc/python3.11/html/library/json.html
git-mv deb:git-doc=1:2.39.5-0+deb12u3 usr/share/doc/git/html/git-mv.html
git-clean deb:git-doc=1:2.39.5-0+deb12u3 usr/share/doc/git/html/git-clean.html
gitignore deb:git-doc=1:2.39.5-0+deb12u3 usr/share/doc/git/html/gitignore.html
reference-ja deb:debian-reference-ja=2.100 usr/share/debian-reference/ch01.ja.html
reference-zh deb:debian-reference-zh-cn=2.100 usr/share/debian-reference/ch02.zh-cn.html
blog-soccercpa-es pypi:formasaurus==0.10.0 formasaurus/data/html/845.html
blog-copyright-trolls pypi:formasaurus==0.10.0 formasaurus/data/html/92.html
blog-photography-tips pypi:formasaurus==0.10.0 formasaurus/data/html/398.html
forum-mitbbs-zh pypi:formasaurus==0.10.0 formasaurus/data/html/718.html
forum-xentax-phpbb pypi:formasaurus==0.10.0 formasaurus/data/html/114.html
forum-ask-openstack pypi:perceval==1.6.1 tests/data/askbot/html_148_comments_answer_2_openstack.html
shop-mindfactory-de pypi:formasaurus==0.10.0 formasaurus/data/html/714.html
shop-spinkat-ru pypi:formasaurus==0.10.0 formasaurus/data/html/853.html
shop-micromania-fr pypi:formasaurus==0.10.0 formasaurus/data/html/709.html
LIST

fetch() {  # SOURCE -> directory with the unpacked source
    local source=$1 dir
    case $source in
    pypi:*)
        local spec=${source#pypi:}
        dir="$cache/pypi-${spec//[^A-Za-z0-9._-]/_}"
        if [ ! -d "$dir" ]; then
            mkdir -p "$dir.tmp"
            pip download --no-binary :all: --no-deps -q "$spec" -d "$dir.tmp" >&2
            tar xzf "$dir.tmp"/*.tar.gz -C "$dir.tmp"
            mv "$dir.tmp"/*/ "$dir"
            rm -rf "$dir.tmp"
        fi
        ;;
    deb:*)
        local spec=${source#deb:}
        dir="$cache/deb-${spec//[^A-Za-z0-9._-]/_}"
        if [ ! -d "$dir" ]; then
            mkdir -p "$dir.tmp"
            (cd "$dir.tmp" && apt-get download "$spec" >&2)
            dpkg-deb -x "$dir.tmp"/*.deb "$dir"
            rm -rf "$dir.tmp"
        fi
        ;;
    esac
    echo "$dir"
}

count=0
while read -r name source path; do
    [ -n "$name" ] || continue
    dir=$(fetch "$source")
    cp "$dir/$path" "$here/pages/$name.html"
    count=$((count + 1))
done <<<"$SELECTION"
echo "gather.sh: $count pages in $here/pages"
