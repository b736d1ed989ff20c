import MarkdownFormat
import MarkupAST
import Testing

@Test(arguments: [
    ("1. not a list", "1\\. not a list\n"),
    ("2) paren", "2\\) paren\n"),
    ("# not a heading", "\\# not a heading\n"),
    ("#hashtag", "#hashtag\n"),
    ("- not an item", "\\- not an item\n"),
    ("+ plus", "\\+ plus\n"),
    ("> not a quote", "\\> not a quote\n"),
    ("***", "\\***\n"),
    ("===", "\\===\n"),
    ("a * b", "a * b\n"),
    ("2*3*4", "2\\*3\\*4\n"),
    ("snake_case_name", "snake_case_name\n"),
    ("_under_", "\\_under\\_\n"),
    ("a <b> tag, 3 < 4", "a \\<b> tag, 3 < 4\n"),
    ("if a<b then", "if a<b then\n"),
    ("<div without a close", "\\<div without a close\n"),
    // Line tabulation after a tag name also starts an HTML block (found by the round-trip fuzz
    // target: the `<dir>` after it became an element).
    ("<div\u{0B}x <dir>", "\\<div\u{0B}x \\<dir>\n"),
    ("&amp; and AT&T", "\\&amp; and AT&T\n"),
    ("see [1] and [a](b)", "see [1] and \\[a](b)\n"),
    // Brackets pair up inside a link's text: the outer `[` is the one `](` would close.
    ("[a[b]c](/u)", "\\[a[b]c](/u)\n"),
    ("[a[b](c)d] x", "\\[a\\[b](c)d] x\n"),
    ("C:\\path\\file", "C:\\path\\file\n"),
    ("back\\*slash", "back\\\\\\*slash\n"),
    ("tick ` here", "tick \\` here\n"),
    ("~5 km", "\\~5 km\n"),
    ("a | b", "a | b\n"),
    ("http://example.com", "http\\://example.com\n"),
    ("www.example.com", "www\\.example.com\n"),
    ("  lead and trail  ", "&#32; lead and trail &#32;\n"),
    ("line\nfeed", "line&#10;feed\n"),
])
func escapesTextOnlyWhereItWouldBeMarkup(text: String, expected: String) {
    let doc = Document([MW.p(MW.t(text))])
    #expect(MW.md(doc.blocks) == expected)
    #expect(MW.roundTrips(doc, MW.preserve))
}

@Test func referenceBegunInOneInlineAndEndedInTheNextIsEscaped() {
    // `<dfn>` has no Markdown form: its text joins the text before it in the output.
    let split = [MW.p(MW.t("&#"), .span([MW.t("x41;")], Attributes(tag: "dfn")))]
    #expect(MW.md(split) == "\\&#x41;\n")
    let named = [MW.p(MW.t("AT&am"), .span([MW.t("p;T")], Attributes(tag: "dfn")))]
    #expect(MW.md(named) == "AT\\&amp;T\n")
    // Markup that follows cannot continue a reference: no escape.
    let strong = [MW.p(MW.t("R&"), .strong([MW.t("D")], .none))]
    #expect(MW.md(strong) == "R&**D**\n")
}

@Test func intrawordEmphasisUsesAsterisks() {
    var options = MarkdownWriterOptions()
    options.emphasisDelimiter = .underscore
    options.strongDelimiter = .underscores
    let doc = [
        MW.p(
            MW.t("un"), .emphasis([MW.t("frig")], .none), MW.t("believable "),
            .strong([MW.t("whole")], .none))
    ]
    #expect(MW.md(doc, options) == "un*frig*believable __whole__\n")
}

@Test func emphasisThatDelimitersCannotExpressFallsBackToRawHTML() {
    // `a*"b"*` would not open: the run is preceded by a letter and followed by punctuation.
    let doc = [MW.p(MW.t("a"), .emphasis([MW.t("\"b\"")], .none))]
    #expect(MW.md(doc) == "a<em>\"b\"</em>\n")
}

@Test func emphasisMovesEdgeSpacesOutside() {
    let doc = [MW.p(MW.t("a"), .strong([MW.t(" b ")], .none), MW.t("c"))]
    #expect(MW.md(doc) == "a **b** c\n")
}

@Test func nestedEmphasisKeepsItsShape() {
    let doc = Document([
        MW.p(
            .emphasis([.emphasis([MW.t("x")], .none)], .none), MW.t(" "),
            .strong([.emphasis([MW.t("y")], .none)], .none), MW.t(" "),
            .emphasis([.strong([MW.t("z")], .none)], .none))
    ])
    #expect(MW.md(doc.blocks) == "*_x_* **_y_** ***z***\n")
    #expect(MW.roundTrips(doc, MW.preserve))
}

@Test func emphasisInsideEmphasisIsWrittenAsItsContent() {
    // Its own `*` would close the outer run (`*ab*cd**`).
    let em = [MW.p(.emphasis([MW.t("ab"), .emphasis([MW.t("cd")], .none)], .none), MW.t(" e"))]
    #expect(MW.md(em) == "*abcd* e\n")
    let strong = [MW.p(.strong([MW.t("a"), .strong([MW.t("b")], .none), MW.t("c")], .none))]
    #expect(MW.md(strong) == "**abc**\n")
    // Thousands of such levels: the depth limit still counts them.
    var deep: Inline = .text("x")
    for _ in 0..<5_000 { deep = .emphasis([MW.t("a"), deep], .none) }
    #expect(MW.md([MW.p(deep)]).hasSuffix("x*\n"))
}

@Test func codeSpansUseLongerDelimitersAndPadding() {
    let doc = Document([
        MW.p(
            .code("a`b", .none), MW.t(" "), .code("`x`", .none), MW.t(" "),
            .code(" padded ", .none))
    ])
    #expect(MW.md(doc.blocks) == "``a`b`` `` `x` `` `  padded  `\n")
    #expect(MW.roundTrips(doc, MW.preserve))
}

@Test func fencesAreLongerThanBacktickRunsInTheCode() {
    let doc = Document([.codeBlock(info: "md", code: "```\nx\n```\n", .none)])
    #expect(MW.md(doc.blocks) == "````md\n```\nx\n```\n````\n")
    #expect(MW.roundTrips(doc, MW.preserve))
}

@Test func pipesAreEscapedInTableCells() {
    let cell = { (s: String) in TableCell([.plain([.text(s)], .none)]) }
    let th = { (s: String) in TableCell([.plain([.text(s)], .none)], header: true) }
    let table = Table(
        columns: [.left, .right],
        head: [TableRow([th("a"), th("b")])],
        body: [TableRow([cell("x|y"), TableCell([.plain([.code("p|q", .none)], .none)])])])
    let doc = Document([.table(table)])
    #expect(MW.md(doc.blocks) == "| a    | b      |\n| :--- | -----: |\n| x\\|y | `p\\|q` |\n")
    #expect(MW.roundTrips(doc, MW.preserve))
}

@Test func linkDestinationsAndTitles() {
    let doc = Document([
        MW.p(
            .link([MW.t("a")], Link("/with space"), .none), MW.t(" "),
            .link([MW.t("b")], Link("/p(1)", title: "say \"hi\""), .none), MW.t(" "),
            .link([MW.t("https://x.org")], Link("https://x.org"), .none), MW.t(" "),
            .link([MW.t("me@x.org")], Link("mailto:me@x.org"), .none), MW.t(" "),
            .link([MW.t("[c]")], Link(""), .none), MW.t(" "),
            .link([MW.t("d")], Link("/q(1"), .none))
    ])
    // Balanced parentheses stay bare; unbalanced ones need `<...>`.
    #expect(
        MW.md(doc.blocks)
            == "[a](</with space>) [b](/p(1) \"say \\\"hi\\\"\") <https://x.org> <me@x.org> [\\[c\\]](<>) [d](</q(1>)\n"
    )
    #expect(MW.roundTrips(doc, MW.preserve))
}

@Test func bangBeforeALinkStaysText() {
    let doc = Document([MW.p(MW.t("Wow!"), .link([MW.t("l")], Link("/u"), .none))])
    #expect(MW.md(doc.blocks) == "Wow\\![l](/u)\n")
    #expect(MW.roundTrips(doc, MW.preserve))
}

@Test func hardBreaksAndHeadingsEndingInHash() {
    let doc = Document([
        .heading(level: 2, [MW.t("Number #")], .none),
        MW.p(MW.t("a"), .lineBreak, MW.t("b")),
    ])
    #expect(MW.md(doc.blocks) == "## Number \\#\n\na\\\nb\n")
    #expect(MW.roundTrips(doc, MW.preserve))
}

@Test(arguments: [
    "# H *e* `c`\n\nPara with **strong**, [link](/u \"t\") and ![img](/i.png).\n",
    "- a\n- b\n  1. c\n  2. d\n\n> quote\n> > nested\n",
    "1. one\n\n   two\n2. three\n\n- x\n\n* y\n",
    "| a | b |\n|:-:|--:|\n| `\\|` | x\\|y |\n",
    "~~strike~~ and ~x~ and *a ~ b*\n\n- [ ] todo\n- [x] done\n",
    "Text <span>raw</span> and\n\n<div>\nblock\n</div>\n",
    "a\\\nb\nc  \nd\n\n***\n\n    indented\n",
    "foo*bar*baz __x__ ***y*** **_z_**\n",
    "[a]: /url\n\n[a] and [b][a] and ![c][a]\n",
    "\\# \\- \\+ \\> 1\\. \\*\\* \\_\\_ \\[x](y) \\<b> \\&amp; \\`x\\`\n",
])
func markdownRoundTripsThroughTheReader(markdown: String) throws {
    let doc = try MarkdownReader().read(markdown).document
    #expect(MW.roundTrips(doc, MW.preserve))
}

@Test func quoteAttributesAreReportedWhenDropped() {
    // A BBCode quote's author has no Markdown form: said, not dropped silently.
    let quote = Block.blockQuote(
        [MW.p(MW.t("hi"))],
        Attributes(tag: "quote", pairs: [Attribute(name: "author", value: "Al")]))
    let result = MW.write([quote])
    #expect(result.output == "> hi\n")
    #expect(MW.codes(result) == [.lossyAttributes])
    #expect(MW.codes(MW.write([.blockQuote([MW.p(MW.t("hi"))], .none)])).isEmpty)
}

/// A nested list whose first item is empty cannot interrupt the item's text: `1.` would stay
/// paragraph text and a bare `-` would underline it as a heading (found by the HTML round-trip
/// fuzz target). It gets a blank line first, as a list starting at 3 does.
@Test func nestedListWithAnEmptyFirstItemFollowsABlankLine() {
    for kind in [ListKind.bullet, .ordered] {
        let nested = ListBlock(
            kind: kind, items: [ListItem([]), ListItem([.plain([MW.t("x")], .none)])])
        let outer = ListBlock(
            kind: .bullet, items: [ListItem([.plain([MW.t("e")], .none), .list(nested)])])
        let marker = kind == .bullet ? ["-", "-"] : ["1.", "2."]
        #expect(MW.md([.list(outer)]) == "- e\n\n  \(marker[0])\n  \(marker[1]) x\n")
    }
    let filled = ListBlock(kind: .bullet, items: [ListItem([.plain([MW.t("y")], .none)])])
    let outer = ListBlock(
        kind: .bullet, items: [ListItem([.plain([MW.t("e")], .none), .list(filled)])])
    #expect(MW.md([.list(outer)]) == "- e\n  - y\n")
}

/// A line break in a link title is written as `&#10;`: the line after it could start a block
/// (`<h3>`, a blank line) that ends the paragraph and the link, and an ATX heading or a table
/// row cannot hold it (found by the HTML round-trip fuzz target).
@Test func lineBreaksInLinkTitlesAreCharacterReferences() {
    let link = Inline.link([MW.t("x")], Link("/u", title: "a\n<h3>b\n\nc"), .none)
    #expect(MW.md([MW.p(link)]) == "[x](/u \"a&#10;<h3>b&#10;&#10;c\")\n")
    #expect(MW.md([.heading(level: 1, [link], .none)]) == "# [x](/u \"a&#10;<h3>b&#10;&#10;c\")\n")
    #expect(MW.roundTrips(Document([MW.p(link)]), MarkdownWriterOptions()))
}

/// A backslash before punctuation or the end of a link title is written as `&#92;&#92;`: with
/// `\\` before the closing quote, cmark-gfm's longest-match title scan runs on to a later quote
/// of the line and the link is lost (found by the HTML round-trip fuzz target).
@Test func backslashesInLinkTitlesAreCharacterReferences() {
    let link = Inline.link([MW.t("go")], Link("/x", title: "a\\b \\* c\\"), .none)
    let doc = Document([MW.p(link, MW.t(" and \"q\""))])
    #expect(MW.md(doc.blocks) == "[go](/x \"a\\b &#92;&#92;* c&#92;&#92;\") and \"q\"\n")
    #expect(MW.roundTrips(doc, MarkdownWriterOptions()))
}

/// Text before a soft or hard line break is escaped as text that more text follows, not as
/// the end of the paragraph: a `[` left open may pair with a `](` after the break, a `<` may
/// begin a tag that goes on past it, and a `\` before it would make a line end a hard break
/// (found by the Markdown round-trip fuzz target). A `]` before a break closes no link.
@Test func textBeforeALineBreakIsEscapedAsTextThatGoesOn() {
    let link = Document([MW.p(MW.t("See [1)"), .softBreak, MW.t("b](#x)"))])
    #expect(MW.md(link.blocks) == "See \\[1) b](#x)\n")
    #expect(MW.md(link.blocks, MW.preserve) == "See \\[1)\nb](#x)\n")
    let definition = Document([MW.p(MW.t("["), .softBreak, MW.t("[foo]: /u"))])
    #expect(MW.md(definition.blocks) == "\\[ \\[foo]: /u\n")
    let tag = Document([MW.p(MW.t("x <a"), .softBreak, MW.t("b> y"))])
    #expect(MW.md(tag.blocks) == "x \\<a b> y\n")
    let backslash = Document([MW.p(MW.t("a\\"), .lineBreak, MW.t("b"))])
    #expect(MW.md(backslash.blocks) == "a\\\\\\\nb\n")
    let closed = Document([MW.p(MW.t("[a]"), .softBreak, MW.t("(b)"))])
    #expect(MW.md(closed.blocks) == "[a] (b)\n")
    // Soft breaks are written as spaces by default: the tree comes back with line ends kept.
    for doc in [link, definition, tag, backslash, closed] {
        #expect(MW.roundTrips(doc, MW.preserve))
    }
}
