import MarkupAST
import PlainTextFormat
import Testing

private func text(_ blocks: [Block], columns: Int? = nil) -> String {
    PlainTextWriter(options: PlainTextWriterOptions(columns: columns)).write(Document(blocks))
        .output
}

private func p(_ xs: Inline...) -> Block { .paragraph(xs, .none) }

private func item(_ s: String, _ more: Block...) -> ListItem {
    ListItem([.plain([.text(s)], .none)] + more)
}

@Test func blocksAreSeparatedByBlankLinesAndMarkupIsStripped() {
    let doc: [Block] = [
        .heading(level: 1, [.text("Title")], .none),
        p(
            .text("a "), .strong([.text("b")], .none), .text(" "), .code("c()", .none), .text(" "),
            .link([.text("docs")], Link("/d"), .none), .text(" "),
            .image([.text("cat")], Link("c.png"), .none)),
    ]
    #expect(text(doc) == "Title\n\na b c() docs cat\n")
}

@Test func bulletsByLevelAndNumbers() {
    let inner = Block.list(
        ListBlock(
            kind: .bullet, items: [item("c", .list(ListBlock(kind: .bullet, items: [item("d")])))]))
    let doc: [Block] = [
        .list(ListBlock(kind: .bullet, items: [item("a", inner), item("b")])),
        .list(ListBlock(kind: .ordered, start: 9, items: [item("nine"), item("ten")])),
    ]
    #expect(text(doc) == "• a\n  ◦ c\n    ▪ d\n• b\n\n9. nine\n10. ten\n")
}

@Test func looseListsAndTaskItems() {
    let doc: [Block] = [
        .list(
            ListBlock(
                kind: .bullet, tight: false,
                items: [
                    ListItem([.paragraph([.text("a")], .none)], task: false),
                    ListItem([.paragraph([.text("b")], .none)], task: true),
                ]))
    ]
    #expect(text(doc) == "• [ ] a\n\n• [x] b\n")
}

@Test func tableCellsAreTabSeparatedOneRowPerLine() {
    let c = { (s: String) in TableCell([.plain([.text(s)], .none)]) }
    let table = Table(
        columns: [.none, .none], head: [TableRow([c("a"), c("b")])],
        body: [TableRow([c("1"), c("2")])])
    #expect(text([.table(table)]) == "a\tb\n1\t2\n")
}

@Test func codeBlocksAreCopiedAndQuotesIndented() {
    let doc: [Block] = [
        .codeBlock(info: "swift", code: "let x = 1\n    y()\n", .none),
        .blockQuote([p(.text("q"))], .none),
    ]
    #expect(text(doc) == "let x = 1\n    y()\n\n  q\n")
}

@Test func breaksAndWrapping() {
    #expect(
        text([p(.text("one"), .softBreak, .text("two"), .lineBreak, .text("three"))])
            == "one\ntwo\nthree\n")
    let long = p(.text("The quick brown fox jumps over the lazy dog."))
    #expect(text([long], columns: 20) == "The quick brown fox\njumps over the lazy\ndog.\n")
    let list = Block.list(ListBlock(kind: .bullet, items: [ListItem([long])]))
    #expect(text([list], columns: 20) == "• The quick brown\n  fox jumps over the\n  lazy dog.\n")
}

@Test func rawHTMLBlocksKeepOnlyTheirVisibleText() {
    let doc: [Block] = [
        .rawBlock(
            format: "html", "<div>\n<b>a</b> &amp; b<!-- no -->\n<script>x()</script>\n</div>"),
        p(.text("c"), .rawInline(format: "html", "<br>"), .text("d")),
    ]
    #expect(text(doc) == "a & b\n\ncd\n")
}

@Test func footnotesDefinitionListsAndDivs() {
    let doc: [Block] = [
        p(.text("a"), .footnoteReference(label: "1")),
        .div(
            [
                .definitionList(
                    [DefinitionItem(term: [.text("T")], definitions: [[p(.text("D"))]])], .none)
            ], .none),
        .footnoteDefinition(label: "1", [p(.text("note"))], .none),
    ]
    #expect(text(doc) == "a[1]\n\nT\n    D\n\n[1] note\n")
}

@Test func deepNestingDoesNotOverflow() {
    var block = p(.text("deep"))
    for _ in 0..<1_500 { block = .blockQuote([block], .none) }
    let result = PlainTextWriter().write(Document([block]))
    #expect(result.output.hasSuffix("deep\n"))
    #expect(result.diagnostics.map(\.code) == [.lossyDepth])
}

@Test func deepMixedContainersAreFlattened() {
    var block = p(.text("deep"))
    for level in 0..<3_000 {
        switch level % 3 {
        case 0: block = .list(ListBlock(kind: .bullet, items: [ListItem([block])]))
        case 1:
            block = .definitionList(
                [DefinitionItem(term: [.text("t")], definitions: [[block]])], .none)
        default: block = .blockQuote([block], .none)
        }
    }
    let result = PlainTextWriter().write(Document([block]))
    #expect(result.output.hasSuffix("deep\n"))
    #expect(result.diagnostics.map(\.code) == [.lossyDepth])
}
