import MarkdownFormat
import MarkupAST
import Testing

private func blocks(_ markdown: String, _ extensions: MarkdownExtensions = .gfm) -> [Block] {
    (try? MarkdownReader(extensions: extensions).read(markdown).document.blocks) ?? []
}

@Test func readsHeadingsParagraphsAndInlines() {
    #expect(
        blocks("# Hi *there*\n\na **b** `c`  \nd\ne\n")
            == [
                .heading(level: 1, [.text("Hi "), .emphasis([.text("there")], .none)], .none),
                .paragraph(
                    [
                        .text("a "), .strong([.text("b")], .none), .text(" "), .code("c", .none),
                        .lineBreak, .text("d"), .softBreak, .text("e"),
                    ], .none),
            ])
}

@Test func mergesAdjacentTextRuns() {
    // cmark splits text at `[`, `!` and entities; the reader returns one run.
    #expect(blocks("a [b &amp; c! d\n") == [.paragraph([.text("a [b & c! d")], .none)])
}

@Test func tightListItemsHoldPlainBlocks() {
    let list = ListBlock(
        kind: .bullet, tight: true,
        items: [ListItem([.plain([.text("a")], .none)]), ListItem([.plain([.text("b")], .none)])])
    #expect(blocks("- a\n- b\n") == [.list(list)])
}

@Test func looseListItemsHoldParagraphs() {
    let list = ListBlock(
        kind: .ordered, start: 3, delimiter: .parenthesis, tight: false,
        items: [
            ListItem([.paragraph([.text("a")], .none)]),
            ListItem([.paragraph([.text("b")], .none)]),
        ])
    #expect(blocks("3) a\n\n4) b\n") == [.list(list)])
}

@Test func taskItemsCarryTheirCheckedState() {
    let list = ListBlock(
        kind: .bullet,
        items: [
            ListItem([.plain([.text("todo")], .none)], task: false),
            ListItem([.plain([.text("done")], .none)], task: true),
            ListItem([.plain([.text("plain")], .none)]),
        ])
    #expect(blocks("- [ ] todo\n- [x] done\n- plain\n") == [.list(list)])
    // Without the extension the brackets are text.
    #expect(
        blocks("- [x] done\n", .commonmark)
            == [
                .list(
                    ListBlock(
                        kind: .bullet, items: [ListItem([.plain([.text("[x] done")], .none)])]))
            ])
}

@Test func tablesKeepAlignmentsHeadAndBody() {
    let table = Table(
        columns: [.left, .center, .none],
        head: [
            TableRow([
                TableCell([.plain([.text("a")], .none)], header: true),
                TableCell([.plain([.text("b|c")], .none)], header: true),
                TableCell([.plain([.text("d")], .none)], header: true),
            ])
        ],
        body: [
            TableRow([
                TableCell([.plain([.strong([.text("1")], .none)], .none)]),
                TableCell([]),
                TableCell([]),
            ])
        ])
    #expect(blocks("| a | b\\|c | d |\n|:--|:-:|---|\n| **1** |\n") == [.table(table)])
    #expect(
        blocks("| a |\n|---|\n", .commonmark) == [
            .paragraph([.text("| a |"), .softBreak, .text("|---|")], .none)
        ])
}

@Test func readsStrikethroughAutolinksAndRawHTML() {
    #expect(
        blocks("~~x~~ www.example.com <b>y</b>\n")
            == [
                .paragraph(
                    [
                        .strikethrough([.text("x")], .none), .text(" "),
                        .link([.text("www.example.com")], Link("http://www.example.com"), .none),
                        .text(" "), .rawInline(format: "html", "<b>"), .text("y"),
                        .rawInline(format: "html", "</b>"),
                    ], .none)
            ])
    #expect(blocks("<div>\nhi\n</div>\n") == [.rawBlock(format: "html", "<div>\nhi\n</div>\n")])
    #expect(
        blocks("<https://a.b/c>\n", .commonmark)
            == [.paragraph([.link([.text("https://a.b/c")], Link("https://a.b/c"), .none)], .none)])
}

@Test func readsCodeBlocksWithTheirInfoString() {
    #expect(
        blocks("```swift title=\"a\"\nlet x = 1\n```\n\n    indented\n")
            == [
                .codeBlock(info: "swift title=\"a\"", code: "let x = 1\n", .none),
                .codeBlock(info: "", code: "indented\n", .none),
            ])
}

@Test func readsLinksAndImagesWithTitles() {
    #expect(
        blocks("[a](/u \"T\") ![*b*](/i.png)\n")
            == [
                .paragraph(
                    [
                        .link([.text("a")], Link("/u", title: "T"), .none), .text(" "),
                        .image([.emphasis([.text("b")], .none)], Link("/i.png"), .none),
                    ], .none)
            ])
}

@Test func footnotesGetTheirDefinitionLabelsInReferenceOrder() {
    let markdown = "a[^x] b[^Yy] c[^x] d[^none]\n\n[^yy]: why\n\n[^x]: ex\n\n[^unused]: u\n"
    #expect(
        blocks(markdown, [.footnotes])
            == [
                .paragraph(
                    [
                        .text("a"), .footnoteReference(label: "x"), .text(" b"),
                        .footnoteReference(label: "yy"), .text(" c"),
                        .footnoteReference(label: "x"),
                        .text(" d[^none]"),
                    ], .none),
                .footnoteDefinition(label: "x", [.paragraph([.text("ex")], .none)], .none),
                .footnoteDefinition(label: "yy", [.paragraph([.text("why")], .none)], .none),
            ])
    // Without the footnotes extension the definition is a link reference definition.
    #expect(
        blocks("a[^x]\n\n[^x]: ex\n", .gfm)
            == [.paragraph([.text("a"), .link([.text("^x")], Link("ex"), .none)], .none)])
}

@Test func smartPunctuationIsOffByDefault() {
    #expect(blocks("\"a\" -- b...\n") == [.paragraph([.text("\"a\" -- b...")], .none)])
    #expect(
        blocks("\"a\" -- b...\n", [.smart]) == [
            .paragraph([.text("\u{201C}a\u{201D} \u{2013} b\u{2026}")], .none)
        ])
}

@Test func deepBlockQuotesAreFlattenedWithADiagnostic() throws {
    let depth = 100_000
    let markdown = String(repeating: "> ", count: depth) + "deep\n"
    let result = try MarkdownReader().read(markdown)
    #expect(result.diagnostics.map(\.code) == [.parseDepthLimit])
    var levels = 0
    var current = result.document.blocks
    while case .blockQuote(let inner, _)? = current.first {
        levels += 1
        current = inner
    }
    #expect(levels == 512)
    #expect(current == [.paragraph([.text("deep")], .none)])
}

@Test func deepListsAndEmphasisAreFlattened() throws {
    let lists = try MarkdownReader().read(String(repeating: "- ", count: 20_000) + "x\n")
    #expect(lists.diagnostics.map(\.code) == [.parseDepthLimit])
    let emphasis = try MarkdownReader().read(
        String(repeating: "*a ", count: 2_000) + String(repeating: " b*", count: 2_000) + "\n")
    #expect(emphasis.diagnostics.map(\.code) == [.parseDepthLimit])
    #expect(emphasis.document.plainText.hasPrefix("a a a"))
}

@Test func smallDepthLimitKeepsParagraphsApart() throws {
    let result = try MarkdownReader(maxDepth: 2).read("> > > a\n> > >\n> > > b\n")
    #expect(
        result.document.blocks
            == [
                .blockQuote(
                    [
                        .blockQuote(
                            [.paragraph([.text("a")], .none), .paragraph([.text("b")], .none)],
                            .none)
                    ], .none)
            ])
}

@Test func concurrentReadsWithDifferentExtensionsAgree() async {
    let text = "~~s~~ www.a.com | x |\n\n| a |\n|---|\n| b |\n"
    let gfm = blocks(text, .gfm)
    let plain = blocks(text, .commonmark)
    let results = await withTaskGroup(of: Bool.self) { group in
        for index in 0..<64 {
            group.addTask {
                index % 2 == 0 ? blocks(text, .gfm) == gfm : blocks(text, .commonmark) == plain
            }
        }
        var all: [Bool] = []
        for await ok in group { all.append(ok) }
        return all
    }
    #expect(results.allSatisfy { $0 })
    #expect(gfm != plain)
}

/// A chunk of mixed GFM repeated past the size from which cmark parses into its arena.
private let largeChunk =
    "Text *em* **strong** ~~del~~ `code` [link](http://x.y/ \"t\") www.a.com &amp; <b>raw</b>\n\n"
    + "- [x] done\n- item\n\n> quote\n\n| a | b |\n|---|:-:|\n| 1 | *2* |\n\n```swift\nlet a = 1\n```\n\n"
private let largeCount = 300_000 / largeChunk.utf8.count + 1

@Test func largeInputsReadLikeSmallOnes() {
    let small = blocks(largeChunk)
    #expect(!small.isEmpty)
    let large = blocks(String(repeating: largeChunk, count: largeCount))
    #expect(large == Array([[Block]](repeating: small, count: largeCount).joined()))
}

@Test func largeInputsKeepFootnoteLabels() {
    let count = 12_000
    var markdown = ""
    for index in 0..<count {
        markdown += "p\(index)[^n\(index)]\n\n[^n\(index)]: note \(index)\n\n"
    }
    #expect(markdown.utf8.count > 256 * 1024)
    let read = blocks(markdown, [.footnotes])
    #expect(read.count == 2 * count)
    #expect(read[0] == .paragraph([.text("p0"), .footnoteReference(label: "n0")], .none))
    #expect(
        read[count + 7]
            == .footnoteDefinition(label: "n7", [.paragraph([.text("note 7")], .none)], .none))
}

@Test func concurrentLargeAndSmallReadsAgree() async {
    let large = String(repeating: largeChunk, count: largeCount)
    let expectedLarge = blocks(large)
    let expectedSmall = blocks(largeChunk, .commonmark)
    let results = await withTaskGroup(of: Bool.self) { group in
        for index in 0..<4 {
            group.addTask {
                index % 2 == 0
                    ? blocks(large) == expectedLarge
                    : blocks(largeChunk, .commonmark) == expectedSmall
            }
        }
        var all: [Bool] = []
        for await ok in group { all.append(ok) }
        return all
    }
    #expect(results.allSatisfy { $0 })
}

@Test func aReplacementCharacterCmarkCutsInTwoIsReadAsOne() {
    // cmark-gfm writes U+FFFD for the NUL, then ends the footnote-like text in the middle of
    // it (its own HTML output has the bytes EF BF); the reader repairs the cut (found by
    // fuzz-markdown-html).
    #expect(
        blocks("[^~~\0ne\\\ntwo\\\nthree\nAis~~1]\n", [.gfm, .footnotes])
            == [.paragraph([.text("[^~~\u{FFFD}]")], .none)])
}
