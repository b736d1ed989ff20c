import HTMLFormat
import MarkupAST
import Testing

private func metadata(_ html: String) throws -> [String: String] {
    try HTMLReader().read(html).document.metadata
}

@Test func headGivesTheDocumentedKeysOnly() throws {
    let page = """
        <html lang="en"><head><title> A   page </title>
        <meta name="description" content="D"><meta name="viewport" content="width=1">
        <meta name="generator" content="G"><meta name="Keywords" content="k">
        <link rel="canonical" href="https://x.org/p"></head><body><p>x</p></body></html>
        """
    #expect(
        try metadata(page) == [
            "title": "A page", "description": "D", "keywords": "k", "lang": "en",
            "url": "https://x.org/p",
        ])
}

@Test func metadataValuesHaveTheirWhiteSpaceCollapsed() throws {
    // Tabs, runs of spaces, spaces at the ends and non-ASCII white space (no-break and
    // ideographic spaces) all become single spaces; a value already collapsed stays as it is.
    let page = """
        <meta name="description" content="a\tb  c">
        <meta name="author" content=" Ann\u{00A0}\u{00A0}Lee ">
        <meta name="keywords" content="x\u{3000}y"><meta property="og:site_name" content="A site">
        """
    #expect(
        try metadata(page) == [
            "description": "a b c", "author": "Ann Lee", "keywords": "x y", "site_name": "A site",
        ])
}

@Test func openGraphAndTwitterWinOverMetaNameAndTitle() throws {
    let page = """
        <title>T | Site</title><meta name="description" content="plain">
        <meta name="twitter:description" content="tw"><meta name="twitter:title" content="tt">
        <meta name="title" property="og:title" content="og">
        <meta property="og:site_name" content="S">
        <meta property="article:author" content="https://fb.com/x">
        <meta property="article:published_time" content="2024-01-02">
        """
    #expect(
        try metadata(page) == [
            "title": "og", "description": "tw", "site_name": "S", "published": "2024-01-02",
        ])
}

@Test func jsonLDArticleWinsAndResolvesGraphReferences() throws {
    let page = """
        <meta property="og:title" content="og"><p>x</p>
        <script type="application/ld+json">[{"@type": "WebSite", "name": "Site"},
        {"@type": ["BlogPosting"], "name": "Post", "author": "Ann",
         "image": ["https://x.org/1.png", "https://x.org/2.png"], "inLanguage": "fr"}]</script>
        <script type="application/ld+json">{"@graph": [{"@type": "WebPage", "name": "Page",
         "author": {"@id": "#b"}}, {"@id": "#b", "@type": "Person", "name": "Bea"}]}</script>
        """
    #expect(
        try metadata(page) == [
            "title": "Post", "author": "Ann", "image": "https://x.org/1.png", "lang": "fr",
            "site_name": "Site",
        ])
}

@Test func htmlLangWinsAndInvalidJSONLDIsANote() throws {
    let page = """
        <html lang="de"><head><script type="application/ld+json">{"headline": </script>
        <script type=" Application/LD+JSON "> {"@type": "Article", "inLanguage": "en"}</script>
        </head></html>
        """
    let result = try HTMLReader().read(page)
    #expect(result.document.metadata == ["lang": "de"])
    #expect(
        result.diagnostics.filter { $0.code == .parseMetadata }.map(\.severity) == [.note])
    // A read JSON-LD script is not counted as a dropped <script>.
    #expect(!result.diagnostics.contains { $0.message.contains("<script>") })
}

@Test func jsonLDStringsDecodeEscapesAndNumbersAreSkipped() throws {
    let page = #"""
        <script type="application/ld+json">{"@graph": [
        {"@type": "NewsArticle", "wordCount": -12.5e+3, "isFree": true, "x": null,
         "headline": "Caf\u00e9 \"A\"\t\/ \ud83d\ude00", "keywords": ["a", 1, "b"],
         "author": [{"name": "Ann"}, {"@id": "#p"}], "publisher": {"@id": "#o"}},
        {"@id": "#p", "name": "Bob"}, {"@id": "#o", "name": "Org"}]}
        </script>
        """#
    #expect(
        try metadata(page) == [
            "title": "Caf\u{E9} \"A\" / \u{1F600}", "keywords": "a, b", "author": "Ann, Bob",
            "site_name": "Org",
        ])
}

@Test(arguments: [
    #"{"a": 01}"#, #"{"a": "\ud800"}"#, #"{"a": "\udc00x"}"#, #"{"a": "\q"}"#, "{\"a\": \"\t\"}",
    #"{"a": 1,}"#, #"[1] 2"#, #"{"a" 1}"#, #"{"a": tru}"#, #"{"a": 1."#, #"{"a": -}"#,
    String(repeating: "[", count: 513) + String(repeating: "]", count: 513),
])
func invalidJSONLDIsANote(_ json: String) throws {
    let page = "<script type=\"application/ld+json\">\(json)</script><p>x</p>"
    let result = try HTMLReader().read(page)
    #expect(result.document.metadata == [:])
    #expect(
        result.diagnostics.filter { $0.code == .parseMetadata }.map(\.severity) == [.note])
}

@Test func jsonLDNestingUpToTheCapIsRead() throws {
    let nested = String(repeating: "[", count: 511) + String(repeating: "]", count: 511)
    let page = """
        <script type="application/ld+json">{"@type": "Article", "headline": "H", "x": \(nested)}
        </script>
        """
    #expect(try metadata(page) == ["title": "H"])
}

@Test func standaloneHTMLWritesAHeadFromTheMetadata() {
    let doc = Document(
        [.heading(level: 2, [.text("Head "), .emphasis([.text("line")], .none)], .none)],
        metadata: ["lang": "en\"", "author": "A&B", "published": "2024"])
    let options = HTMLWriterOptions(standalone: true, stylesheets: ["s.css?a=1&b=<2>"])
    #expect(
        HTMLWriter(options: options).write(doc).output == """
            <!DOCTYPE html>
            <html lang="en&quot;">
            <head>
            <meta charset="utf-8" />
            <title>Head line</title>
            <meta name="author" content="A&amp;B" />
            <link rel="stylesheet" href="s.css?a=1&amp;b=&lt;2&gt;" />
            </head>
            <body>
            <h2>Head <em>line</em></h2>
            </body>
            </html>

            """)
    // A fragment without `standalone`, whatever the metadata.
    #expect(HTMLWriter().write(doc).output == "<h2>Head <em>line</em></h2>\n")
}
