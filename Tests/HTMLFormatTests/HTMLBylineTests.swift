import HTMLFormat
import MarkupAST
import Testing

/// The author and published date the HTML reader finds in a page's text
/// (`Formats/metadata.md`, "From the page text").
private func byline(
    _ body: String, head: String = "", keepHidden: Bool = false, mainContent: Bool = false
) throws -> [String: String] {
    var options = HTMLReaderOptions()
    options.keepHidden = keepHidden
    options.mainContent = mainContent
    let page = "<!DOCTYPE html><html><head>\(head)</head><body>\(body)</body></html>"
    let metadata = try HTMLReader(options: options).read(page).document.metadata
    return metadata.filter { $0.key == "author" || $0.key == "published" }
}

@Test func authorLinkAndBylineClassGiveTheAuthor() throws {
    #expect(
        try byline(#"<p>Posted by <a rel="author" href="/u/ann">Ann Lee</a></p><p>Text.</p>"#)
            == ["author": "Ann Lee"])
    #expect(try byline(#"<div class="byline">  By   Ann Lee </div>"#) == ["author": "Ann Lee"])
    #expect(try byline(#"<span id="by-line">by: Bo Chen</span>"#) == ["author": "Bo Chen"])
    #expect(try byline(#"<address class="author">Ann Lee</address>"#) == ["author": "Ann Lee"])
    // A label, a cut at "|" and at " (".
    #expect(
        try byline(#"<p class="autor"><b>Eva Ruiz</b> | Palma | 08/01/2014</p>"#)
            == ["author": "Eva Ruiz"])
    #expect(
        try byline(#"<div class="info authors">Autori: Anna Ūdre (editor)</div>"#)
            == ["author": "Anna Ūdre"])
}

@Test func microdataAuthorsAreJoinedAndNameElementsPreferred() throws {
    let microdata = """
        <p itemprop="author" itemscope><span itemprop="name">Ann Lee</span>, Staff</p>
        <meta itemprop="datePublished" content="2024-05-01T10:00:00Z">
        """
    #expect(
        try byline(microdata) == ["author": "Ann Lee", "published": "2024-05-01T10:00:00Z"])
    // Several names in one byline (images, "and", ", CNN" are not names).
    let names = """
        <div class="byline"><div class="byline__images"><a class="byline__image-link"
        href="/p/a"><img alt="A"></a></div><div class="byline__names">By
        <a class="byline__link" href="/p/a"><span class="byline__name">Ann Lee</span></a> and
        <a class="byline__link" href="/p/b"><span class="byline__name">Bo Chen</span></a>,
        CNN</div></div>
        """
    #expect(try byline(names) == ["author": "Ann Lee, Bo Chen"])
    let repeated = """
        <p class="byline">By <span class="author">Ann Lee</span> and
        <span class="author">Ann Lee</span></p>
        """
    #expect(try byline(repeated) == ["author": "Ann Lee"])
}

@Test func notANameIsNoAuthor() throws {
    // A digit, more than 100 characters, or a whole article named after its author.
    #expect(try byline(#"<span class="author">Updated 4:48 PM</span>"#) == [:])
    let long = String(repeating: "Name ", count: 21)
    #expect(try byline(#"<span class="author">\#(long)</span>"#) == [:])
    let article = String(repeating: "<p>A sentence of the article text here.</p>", count: 12)
    #expect(
        try byline(
            #"<article class="node author-ann"><span class="field-name">Tags</span>\#(article)</article>"#
        ) == [:])
}

@Test func theBylineInsideTheArticleWins() throws {
    let page = """
        <div class="top"><a rel="author" href="/about">Site Owner</a></div>
        <article><h1>T</h1><p class="byline">By Ann Lee</p><p>Text.</p></article>
        """
    #expect(try byline(page) == ["author": "Ann Lee"])
    // Without one in the article, the first anywhere.
    #expect(
        try byline(#"<div><a rel="author" href="/u">Site Owner</a></div><article>x</article>"#)
            == ["author": "Site Owner"])
}

@Test func chromeAndHiddenElementsGiveNoByline() throws {
    let comments = """
        <div class="comments"><span class="comment-author">Troll</span>
        <time datetime="2024-06-01">June 1</time></div>
        <nav><a rel="author" href="/u">Nav Name</a></nav>
        <aside><span class="byline">By Side Bar</span></aside>
        """
    #expect(try byline(comments) == [:])
    let hidden = #"<p class="byline" style="display:none">By Ann Lee</p>"#
    #expect(try byline(hidden) == [:])
    #expect(try byline(hidden, keepHidden: true) == ["author": "Ann Lee"])
}

@Test func datesByRank() throws {
    // Marked published wins over an earlier <time> in the article.
    let marked = """
        <article><time datetime="2024-06-02">June 2</time>
        <span class="published">Published May 1, 2024</span></article>
        """
    #expect(try byline(marked) == ["published": "2024-05-01"])
    #expect(
        try byline(#"<article><time pubdate datetime="2024-05-01T09:00">x</time></article>"#)
            == ["published": "2024-05-01T09:00"])
    // A <time> in the article wins over one in the page header; updated dates do not count.
    let article = """
        <header><time datetime="2024-12-25">Today</time></header>
        <article><span class="date updated">June 3, 2024</span>
        <time datetime="2024-05-01">May 1</time></article>
        """
    #expect(try byline(article) == ["published": "2024-05-01"])
    // A date class outside the article and a byline is not the article's date ...
    #expect(try byline(#"<div id="date-box">Mon, 25 Dec 2023</div><p>x</p>"#) == [:])
    // ... but a <time> anywhere is, last.
    #expect(
        try byline(#"<div><time datetime="2024-05-01">May 1</time></div>"#)
            == ["published": "2024-05-01"])
    // A date in the byline's text.
    let text = """
        <div id="Byline">By <span class="author vcard">Ann Lee</span> on December 27, 2014
        at 12:06 PM, updated <span class="updated">December 28, 2014</span></div>
        """
    #expect(try byline(text) == ["author": "Ann Lee", "published": "2014-12-27"])
}

@Test func datesWrittenInText() throws {
    let cases = [
        "Posted Thu, 14 May 2020 17:55 UTC": "2020-05-14",
        "Submitted on Mon, 2019-01-21 13:49": "2019-01-21",
        "Sept. 3rd, 2021": "2021-09-03",
        "3rd of May": nil,
        "2018年6月18日 10:01": "2018-06-18",
        "2019년 8월 20일": "2019-08-20",
        "03.01.2021": "2021-01-03",
        "2021/1/3": "2021-01-03",
        "May 32, 2024": nil,
        "08/01/2014": nil,
    ]
    for (text, expected) in cases {
        let got = try byline(#"<article><span class="date">\#(text)</span></article>"#)
        #expect(got["published"] == expected, "\(text)")
    }
}

@Test func metaAndJSONLDComeBeforeThePageText() throws {
    let body = #"<p class="byline">By Ann Lee</p><time datetime="2024-05-01">May 1</time>"#
    #expect(
        try byline(body, head: #"<meta name="author" content="Desk">"#)
            == ["author": "Desk", "published": "2024-05-01"])
    let jsonLD = """
        <script type="application/ld+json">{"@type": "NewsArticle",
        "datePublished": "2023-01-02"}</script>
        """
    #expect(try byline(body + jsonLD) == ["author": "Ann Lee", "published": "2023-01-02"])
    // A fragment is not a page: no byline is looked for.
    #expect(
        try HTMLReader().read(#"<p class="byline">By Ann Lee</p>"#).document.metadata == [:])
}

@Test func mainContentKeepsTheBylineAndJSONLDOfThePage() throws {
    let prose = String(
        repeating: "<p>The article says many things, in long sentences, about the matter.</p>",
        count: 6)
    let page = """
        <div class="byline">By Ann Lee</div><div class="post-body">\(prose)</div>
        <footer><script type="application/ld+json">{"@type": "Article",
        "datePublished": "2023-01-02"}</script></footer>
        """
    let metadata = try byline(page, mainContent: true)
    #expect(metadata == ["author": "Ann Lee", "published": "2023-01-02"])
}
