import HTMLFormat
import MarkupAST
import Testing

/// `HTMLReaderOptions.mainContent`: the scoring decisions on small pages, exact outputs.
@Suite struct MainContentTests {
    func read(_ html: String) throws -> (String, [DiagnosticCode]) {
        var options = HTMLReaderOptions()
        options.mainContent = true
        let result = try HTMLReader(options: options).read(html)
        let codes = result.diagnostics.map(\.code).filter { $0 != .parseDropped }
        return (TreeDump.render(result.document), codes)
    }

    static let newsPage = """
        <html><head><title>Rain in Spain - The Daily</title></head><body>
        <nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
        <div class="page">
         <div id="story" class="article-body">
          <h1>Rain in Spain</h1>
          <p>The rain in Spain falls mainly on the plain, the forecasters said on Monday.</p>
          <ul class="share"><li><a href="/s/fb">Facebook</a></li><li><a href="/s/tw">X</a></li></ul>
          <p>Farmers welcomed the rain, which ended a dry spell, but roads were flooded.</p>
          <div class="byline">By A. Writer</div>
          <form><p>Your comment</p><textarea></textarea><button>Send</button></form>
         </div>
         <aside class="sidebar"><h2>Most read</h2><ul><li><a href="/1">One story, with
          words</a></li><li><a href="/2">Another story, with words</a></li></ul></aside>
        </div>
        <footer>Copyright The Daily, all rights reserved, since 1900.</footer>
        </body></html>
        """

    @Test func theArticleWithoutChromeAroundOrInside() throws {
        let (dump, codes) = try read(Self.newsPage)
        // The byline leaves the text for the metadata.
        #expect(
            dump == """
                meta author="A. Writer"
                meta title="Rain in Spain - The Daily"
                div {#story .article-body}
                  heading 1
                    text "Rain in Spain"
                  paragraph
                    text "The rain in Spain falls mainly on the plain, the forecasters said on Monday."
                  paragraph
                    text "Farmers welcomed the rain, which ended a dry spell, but roads were flooded."

                """)
        #expect(codes == [])
    }

    @Test func siblingParagraphsJoinAndTheTitleComesFirst() throws {
        let html = """
            <html><head><meta property="og:title" content="A post"></head><body>
            <div class="post"><p>The first part of the post has a sentence or two, long enough
            to count.</p><p>And a second paragraph, also with enough words, with commas, too.</p>
            </div><div class="ad">Buy things</div>
            <p>A continuation paragraph outside the container, with more than eighty characters.</p>
            <div class="comments"><p><a href="/u/1">user1</a>: nice!</p></div></body></html>
            """
        let (dump, codes) = try read(html)
        #expect(
            dump == """
                meta title="A post"
                heading 1
                  text "A post"
                div {.post}
                  paragraph
                    text "The first part of the post has a sentence or two, long enough to count."
                  paragraph
                    text "And a second paragraph, also with enough words, with commas, too."
                paragraph
                  text "A continuation paragraph outside the container, with more than eighty characters."

                """)
        #expect(codes == [])
    }

    @Test func cjkTextCountsByCharacters() throws {
        let html = """
            <html><head><title>東京の天気</title></head><body>
            <div class="menu"><a href="/">トップ</a><a href="/a">経済</a><a href="/b">政治</a></div>
            <div class="main"><p>東京では今朝から強い雨が降り続いており、気象庁は大雨警報を発表しました。</p>
            <p>専門家によると、この雨は明日の午後まで続く見込みで、浸水に注意が必要です。</p></div>
            <div class="related"><h3>関連記事</h3><ul><li><a href="/c">大阪の天気</a></li></ul></div>
            </body></html>
            """
        let (dump, codes) = try read(html)
        #expect(
            dump == """
                meta title="東京の天気"
                heading 1
                  text "東京の天気"
                div {.main}
                  paragraph
                    text "東京では今朝から強い雨が降り続いており、気象庁は大雨警報を発表しました。"
                  paragraph
                    text "専門家によると、この雨は明日の午後まで続く見込みで、浸水に注意が必要です。"

                """)
        #expect(codes == [])
    }

    @Test func codeBlocksAndTablesStay() throws {
        let html = """
            <body><div class="sidebar"><a href="/a">API</a> <a href="/b">Guide</a></div>
            <div role="main"><h1>bisect</h1><p>This module provides support for keeping a list in
            sorted order, without sorting the list after each insertion. For long lists of items
            with expensive comparisons, this can be an improvement over the more common way.</p>
            <pre>bisect.insort(a, x)</pre>
            <table><tr><th>Name</th><th>Use</th></tr><tr><td>insort</td><td>insert</td></tr></table>
            <div class="toolbar"><a href="/edit">Edit this page</a></div></div></body>
            """
        let (dump, _) = try read(html)
        #expect(
            dump == """
                div {role="main"}
                  heading 1
                    text "bisect"
                  paragraph
                    text "This module provides support for keeping a list in sorted order, without sorting the list after each insertion. For long lists of items with expensive comparisons, this can be an improvement over the more common way."
                  code_block info="" "bisect.insort(a, x)\\n"
                  table columns=none,none
                    head
                      row
                        th
                          plain
                            text "Name"
                        th
                          plain
                            text "Use"
                    body
                      row
                        td
                          plain
                            text "insort"
                        td
                          plain
                            text "insert"

                """)
    }

    @Test func aPageWithoutAnArticleIsConvertedWholeWithANote() throws {
        let html = """
            <html><head><title>Links</title></head><body><ul><li><a href="/a">First</a></li>
            <li><a href="/b">Second</a></li></ul><p><a href="/c">More links</a></p></body></html>
            """
        let (dump, codes) = try read(html)
        #expect(codes == [.selectNoMainContent])
        #expect(dump.contains("text \"First\"") && dump.contains("text \"More links\""))
        #expect(!dump.contains("heading"))
    }

    @Test func tiedBlocksFallBack() throws {
        let paragraph =
            "<p>Exactly the same words, in the same order, make the same score here.</p>"
        let html = "<body><div>\(paragraph)</div><section>\(paragraph)</section></body>"
        let (_, codes) = try read(html)
        #expect(codes == [.selectNoMainContent])
    }

    @Test func theWholeThreadNotItsLongestPost() throws {
        func post(_ user: String, _ text: String, _ box: String = "") -> String {
            """
            <table class="tablebg"><tr><td class="profile">\(user)<br>Posts: 12</td>
            <td><div class="postbody">\(text)</div>\(box)</td></tr></table>
            """
        }
        let answer =
            "They are half floats, two bytes each, after a header of sixteen bytes. Search the "
            + "dump for the repeating pattern, then count the stride, and check the first values "
            + "against the bounding box, which is stored just before them."
        let posts = [
            post("alice", "How do I find the vertices in a chunk file, please?"),
            post("bob", answer),
            post("alice", "Thanks, that worked: the stride is twelve bytes."),
            // A short post with its comment box stays; the box goes.
            post(
                "carol", "Nice work, post the script when it is done, please.",
                "<form><textarea></textarea><button>Comment</button></form>"),
        ]
        let html = """
            <html><head><title>Half floats - Forum</title></head><body>
            <div id="menu"><a href="/">Board index</a> <a href="/faq">FAQ</a></div>
            <div id="pagecontent"><h2>Half floats</h2>
            \(posts.joined(separator: "\n"))
            </div>
            <footer>Powered by a forum, all times are UTC, since 2001.</footer>
            </body></html>
            """
        // Every post without its author box: not only the longest post's.
        func postDump(_ text: String) -> String {
            """
              table columns=none {.tablebg}
                body
                  row
                    td
                      div {.postbody}
                        plain
                          text "\(text)"

            """
        }
        let (dump, codes) = try read(html)
        let expected =
            "meta title=\"Half floats - Forum\"\ndiv {#pagecontent}\n  heading 2\n"
            + "    text \"Half floats\"\n"
            + postDump("How do I find the vertices in a chunk file, please?")
            + postDump(answer)
            + postDump("Thanks, that worked: the stride is twelve bytes.")
            + postDump("Nice work, post the script when it is done, please.")
        #expect(dump == expected)
        #expect(codes == [])
    }

    @Test func aPostWithoutItsHeaderLineAuthorBoxAndSignature() throws {
        let html = """
            <html><head><title>Half floats</title></head><body><div class="post">
            <div class="userinfo"><a href="/u/bob">bob</a> Rank: veteran</div>
            <div>&nbsp;<b>Posted:</b> Wed Jun 11, 2014 12:07 pm</div>
            <div><a href="/p/2"><img src="/icon.gif" alt=""></a><b>Posted:</b> Jun 12</div>
            <div class="postbody">They are half floats, two bytes each, after a header of sixteen
            bytes.<br>Search the dump for the repeating pattern, then count the stride, and check
            the first values against the bounding box.<br><br>--<br>bob's tools: example.org</div>
            <div class="postbody"><br>_________________<br>Hail to the hex editor!</div>
            </div></body></html>
            """
        let (dump, codes) = try read(html)
        #expect(
            dump == """
                meta title="Half floats"
                heading 1
                  text "Half floats"
                div {.post}
                  div {.postbody}
                    paragraph
                      text "They are half floats, two bytes each, after a header of sixteen bytes."
                      linebreak
                      text "Search the dump for the repeating pattern, then count the stride, and check the first values against the bounding box."
                  div {.postbody}

                """)
        #expect(codes == [])
    }

    @Test func aProductWithoutItsRatingsAndReviews() throws {
        let html = """
            <html><head><title>Reversible sleeve</title></head><body><div id="product">
            <h1>Reversible sleeve</h1>
            <div class="rating"><span class="stars">4 of 5 stars</span> (12 reviews)</div>
            <p>The sleeve can be worn on either side and keeps the notebook safe from dust, knocks
            and scratches. Turn it inside out to change its colour from black to red.</p>
            <div id="reviews"><p>Write your own review of this product, and win a voucher.</p>
            <p>5 stars (0%)</p><p>4 stars (0%)</p></div>
            </div></body></html>
            """
        let (dump, codes) = try read(html)
        #expect(
            dump == """
                meta title="Reversible sleeve"
                div {#product}
                  heading 1
                    text "Reversible sleeve"
                  paragraph
                    text "The sleeve can be worn on either side and keeps the notebook safe from dust, knocks and scratches. Turn it inside out to change its colour from black to red."

                """)
        #expect(codes == [])
    }

    @Test func aPageWideWrapperDoesNotWinByItsClassWordsAlone() throws {
        // `div#page` scores higher than the text's parents only by its class word: the
        // text's container wins, without the menu and the notes around it.
        let html = """
            <html><head><title>Sleeve</title></head><body><div id="page">
            <ul><li><a href="/1">Hardware</a></li><li><a href="/2">Software</a></li>
            <li><a href="/3">Notebooks</a></li></ul>
            <div class="box"><div class="inner">
            <p>It comes in black, red, blue, green, grey, white, yellow, pink, orange, brown, and gold.</p>
            <p>It fits notebooks of twelve, thirteen, fourteen, fifteen, sixteen, or seventeen inches, old, new, thin, or thick.</p>
            <p>It keeps out dust, rain, sand, knocks, scratches, coffee, crumbs, cats, dogs, and children.</p>
            </div></div>
            <div>All prices include tax. <a href="/ship">Shipping</a></div>
            </div></body></html>
            """
        let (dump, codes) = try read(html)
        #expect(
            dump == """
                meta title="Sleeve"
                heading 1
                  text "Sleeve"
                div {.box}
                  div {.inner}
                    paragraph
                      text "It comes in black, red, blue, green, grey, white, yellow, pink, orange, brown, and gold."
                    paragraph
                      text "It fits notebooks of twelve, thirteen, fourteen, fifteen, sixteen, or seventeen inches, old, new, thin, or thick."
                    paragraph
                      text "It keeps out dust, rain, sand, knocks, scratches, coffee, crumbs, cats, dogs, and children."

                """)
        #expect(codes == [])
    }

    @Test func aCallForReadersSubmissionsGoes() throws {
        let html = """
            <html><head><title>Starting out</title></head><body><div class="liner">
            <p>Experience has taught that there is no magic formula: be creative, both in your
            photography and in your business, and work out what fits your style best.</p>
            <p>Work hard, practice persistence, keep a folder of your projects and a time sheet,
            and the money will follow, sooner or later, for sure.</p>
            <div id="c2_invitation_1" class="c2_invitation"><h2>Feedback</h2>
            <p>What other visitors have said. Click below to see their contributions.</p>
            <div id="c2_invitation_1_submission_block"><p><a href="/stock.html">Stock photos</a>
            Reader post: I bought a course, and it paid off. It took a year, though.</p></div>
            </div></div></body></html>
            """
        let (dump, codes) = try read(html)
        #expect(
            dump == """
                meta title="Starting out"
                heading 1
                  text "Starting out"
                div {.liner}
                  paragraph
                    text "Experience has taught that there is no magic formula: be creative, both in your photography and in your business, and work out what fits your style best."
                  paragraph
                    text "Work hard, practice persistence, keep a folder of your projects and a time sheet, and the money will follow, sooner or later, for sure."

                """)
        #expect(codes == [])
    }

    @Test func aPostWithoutItsMailStyleHeaderLines() throws {
        let html = """
            <html><head><title>Cola prices</title></head><body><div class="thread"><p>
            From: alice (Alice), Board: Food<br>Subject: Cola prices<br>Site: Example BBS (Wed
            Jan 27 2016)<br><br>Cola has cost the same for twenty years, while every other drink
            went up, which is why the local brands, one after another, closed.<br><br>
            Note: this is only my view.</p></div></body></html>
            """
        let (dump, codes) = try read(html)
        #expect(
            dump == """
                meta title="Cola prices"
                heading 1
                  text "Cola prices"
                div {.thread}
                  paragraph
                    text "Cola has cost the same for twenty years, while every other drink went up, which is why the local brands, one after another, closed."
                    linebreak
                    linebreak
                    text "Note: this is only my view."

                """)
        #expect(codes == [])
    }

    @Test func aLinkShowingItsAddressIsAReferenceNotNavigation() throws {
        let html = """
            <html><head><title>Logs</title></head><body><div class="answer">
            <p>The logs of every service are in the log directory, one file per service, and the
            dashboard writes its own, elsewhere, as the web server says.</p>
            <p>See <a href="http://docs.example.org/ops/logging.html">http://docs.example.org/ops/logging.html</a></p>
            <p><a href="/q/2">How do I rotate the logs of the compute service?</a></p>
            </div></body></html>
            """
        let (dump, codes) = try read(html)
        // The link to another question goes; the reference stays.
        #expect(
            dump == """
                meta title="Logs"
                heading 1
                  text "Logs"
                div {.answer}
                  paragraph
                    text "The logs of every service are in the log directory, one file per service, and the dashboard writes its own, elsewhere, as the web server says."
                  paragraph
                    text "See "
                    link "http://docs.example.org/ops/logging.html"
                      text "http://docs.example.org/ops/logging.html"

                """)
        #expect(codes == [])
    }
}
