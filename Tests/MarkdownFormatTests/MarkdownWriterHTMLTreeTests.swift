import MarkdownFormat
import MarkupAST
import Testing

private func tagged(_ tag: String) -> Attributes { Attributes(tag: tag) }

private func cell(_ s: String, header: Bool = false, colspan: Int = 1) -> TableCell {
    TableCell([.plain([.text(s)], .none)], header: header, colspan: colspan)
}

private var noRaw: MarkdownWriterOptions {
    var o = MarkdownWriterOptions()
    o.rawHTML = false
    return o
}

@Test func inlineElementsWithoutMarkdownSyntaxBecomeRawHTML() {
    let doc = [
        MW.p(
            MW.t("H"), .sub([MW.t("2")], .none), MW.t("O x"), .sup([MW.t("2")], .none),
            MW.t(" "), .highlight([MW.t("m")], .none), MW.t(" "), .underline([MW.t("u")], .none),
            MW.t(" "), .span([MW.t("Ctrl")], tagged("kbd")))
    ]
    let result = MW.write(doc)
    #expect(
        result.output == "H<sub>2</sub>O x<sup>2</sup> <mark>m</mark> <u>u</u> <kbd>Ctrl</kbd>\n")
    #expect(result.diagnostics.isEmpty)
}

@Test func withoutRawHTMLTheyBecomeTextWithDiagnostics() {
    let doc = [
        MW.p(
            MW.t("H"), .sub([MW.t("2")], .none), MW.t("O "), .underline([MW.t("u")], .none),
            MW.t(" "), .strikethrough([MW.t("s")], .none))
    ]
    var o = noRaw
    o.extensions = .commonmark
    let result = MW.write(doc, o)
    #expect(result.output == "H2O u s\n")
    #expect(MW.codes(result) == [.lossySubscript, .lossyUnderline, .lossyStrikethrough])
}

@Test func expressibleTablesArePipeTablesWithBreaksAsBr() {
    let table = Table(
        columns: [.none, .none],
        head: [TableRow([cell("a", header: true), cell("b", header: true)])],
        body: [
            TableRow([TableCell([.plain([.text("1"), .lineBreak, .text("2")], .none)]), cell("3")])
        ])
    #expect(MW.md([.table(table)]) == "| a      | b   |\n| ------ | --- |\n| 1<br>2 | 3   |\n")
}

@Test func tablesWithSpansUseTheFallbackPolicy() {
    let table = Table(
        columns: [.none, .none],
        head: [TableRow([cell("wide", header: true, colspan: 2)])],
        body: [TableRow([cell("1"), cell("2")])])
    let html = MW.write([.table(table)])
    #expect(
        html.output
            == "<table>\n<thead>\n<tr>\n<th colspan=\"2\">wide</th>\n</tr>\n</thead>\n<tbody>\n<tr>\n<td>1</td>\n<td>2</td>\n</tr>\n</tbody>\n</table>\n"
    )
    #expect(html.diagnostics.isEmpty)
    let pipe = MW.write([.table(table)], noRaw)
    #expect(pipe.output == "| wide |     |\n| ---- | --- |\n| 1    | 2   |\n")
    #expect(MW.codes(pipe) == [.lossyTableSpan])
    var forced = MarkdownWriterOptions()
    forced.tables = .pipe
    #expect(MW.write([.table(table)], forced).output == pipe.output)
}

@Test func rawHTMLTablesNeverContainABlankLine() {
    let table = Table(
        columns: [.none],
        head: [
            TableRow([
                TableCell([
                    .codeBlock(info: "", code: "a\n\nb\n", .none), .paragraph([.text("p")], .none),
                ])
            ])
        ])
    let out = MW.md([.table(table)])
    #expect(!out.contains("\n\n"))
    #expect(out.contains("<pre><code>a\n&#10;b\n</code></pre>"))
}

@Test func commonmarkProfileWritesTablesThroughTheFallback() {
    let table = Table(
        columns: [.none], head: [TableRow([cell("a", header: true)])], body: [TableRow([cell("1")])]
    )
    var o = MarkdownWriterOptions(extensions: .commonmark)
    #expect(MW.md([.table(table)], o).hasPrefix("<table>\n"))
    o.rawHTML = false
    let result = MW.write([.table(table)], o)
    #expect(result.output == "| a   |\n| --- |\n| 1   |\n")
    #expect(MW.codes(result) == [.lossyTable])
}

@Test func unknownSpansAndDivsKeepContentAndReportAttributes() {
    var styled = Attributes(tag: "x-card", classes: ["card"])
    styled.style = [CSSDeclaration(property: "color", value: "red")]
    let doc: [Block] = [
        .div([MW.p(MW.t("in div"))], styled),
        .div([MW.p(.span([MW.t("plain span")], tagged("x-tag")))], tagged("section")),
    ]
    let result = MW.write(doc)
    #expect(result.output == "in div\n\nplain span\n")
    #expect(MW.codes(result) == [.lossyAttributes])
}

@Test func definitionListsAreRawHTMLOrBoldTerms() {
    let dl: [Block] = [
        .definitionList(
            [DefinitionItem(term: [MW.t("Term")], definitions: [[.plain([MW.t("Def")], .none)]])],
            .none)
    ]
    #expect(MW.md(dl) == "<dl>\n<dt>Term</dt>\n<dd>Def</dd>\n</dl>\n")
    let result = MW.write(dl, noRaw)
    #expect(result.output == "**Term**\n\nDef\n")
    #expect(MW.codes(result) == [.lossyDefinitionList])
}

@Test func imagesKeepTitlesAndSizeOnlyWhenAsked() {
    var a = Attributes()
    a.set("width", "10")
    let doc = [MW.p(.image([MW.t("A")], Link("a.png", title: "T"), a))]
    let plain = MW.write(doc)
    #expect(plain.output == "![A](a.png \"T\")\n")
    #expect(MW.codes(plain) == [.lossyImageSize])
    var o = MarkdownWriterOptions()
    o.imageSizeAsHTML = true
    #expect(MW.md(doc, o) == "<img src=\"a.png\" alt=\"A\" title=\"T\" width=\"10\" />\n")
}

@Test func taskItemsFootnotesAndTheirFallbacks() {
    let list = Block.list(
        ListBlock(kind: .bullet, items: [ListItem([.plain([MW.t("done")], .none)], task: true)]))
    #expect(MW.md([list]) == "- [x] done\n")
    let cm = MW.write([list], MarkdownWriterOptions(extensions: .commonmark))
    #expect(cm.output == "- \\[x] done\n")
    #expect(MW.codes(cm) == [.lossyTask])
    let notes: [Block] = [
        MW.p(MW.t("a"), .footnoteReference(label: "1")),
        .footnoteDefinition(label: "1", [MW.p(MW.t("note"))], .none),
    ]
    #expect(
        MW.md(notes, MarkdownWriterOptions(extensions: [.footnotes])) == "a[^1]\n\n[^1]: note\n")
}

@Test func rawHTMLIsPassedThroughOrReported() {
    let doc: [Block] = [
        .rawBlock(format: "html", "<div>\nx\n</div>\n"),
        MW.p(MW.t("a "), .rawInline(format: "html", "<b>"), MW.t("b")),
    ]
    #expect(MW.md(doc) == "<div>\nx\n</div>\n\na <b>b\n")
    let result = MW.write(doc, noRaw)
    #expect(result.output == "a b\n")
    #expect(MW.codes(result) == [.lossyRawHTML, .lossyRawHTML])
}

@Test func deepNestingIsFlattenedNotRecursed() {
    var block = MW.p(MW.t("deep"))
    var inline = MW.t("x")
    for _ in 0..<1_500 {
        block = .blockQuote([block], .none)
        inline = .emphasis([inline], .none)
    }
    let result = MW.write([block, MW.p(inline)])
    #expect(result.output.hasPrefix(String(repeating: "> ", count: 512) + "deep\n\n"))
    let last = result.output.split(separator: "\n").last ?? ""
    #expect(last.hasPrefix("*_*_") && last.hasSuffix("_*_*") && last.contains("x"))
    #expect(last.count == 1 + 2 * 512)
    #expect(MW.codes(result).contains(.lossyDepth))
}

@Test func deepMixedContainersAreFlattenedWithoutRecursion() {
    var block = MW.p(MW.t("deep"))
    for level in 0..<3_000 {
        switch level % 4 {
        case 0: block = .list(ListBlock(kind: .bullet, items: [ListItem([block])]))
        case 1: block = .div([block], .none)
        case 2:
            block = .definitionList(
                [DefinitionItem(term: [MW.t("t")], definitions: [[block]])], .none)
        default: block = .blockQuote([block], .none)
        }
    }
    for options in [MarkdownWriterOptions(), noRaw] {
        let result = MW.write([block], options)
        #expect(result.output.contains("deep"))
        #expect(MW.codes(result).contains(.lossyDepth))
    }
}

@Test func aCellAlignedAgainstItsColumnIsAnInfo() {
    // The pipe table shows the column's alignment; a cell's own is presentational.
    let table = Table(
        columns: [.left],
        head: [TableRow([cell("a", header: true)])],
        body: [TableRow([TableCell([.plain([.text("1")], .none)], alignment: .right)])])
    let result = MW.write([.table(table)])
    #expect(result.output == "| a   |\n| :-- |\n| 1   |\n")
    #expect(
        result.diagnostics == [
            Diagnostic(
                .info, .lossyTableAlignment, "cell alignment that differs from its column dropped")
        ])
}
