import MarkupAST
import Testing

@testable import StyledText

/// A document with what the run tables hold besides text: attachments (an image and a rule),
/// list markers with tab stops, a table row, a line break, a surrogate pair, raw markup.
let runTablesDocument = Document([
    .paragraph(
        [
            .text("a😀 "), .strong([.text("b")], .none), .lineBreak,
            .image([.text("cat")], Link("cat.png"), .none),
        ], .none),
    .thematicBreak(.none),
    .list(
        ListBlock(
            kind: .bullet,
            items: [
                ListItem([.plain([.text("one")], .none)]),
                ListItem([.plain([.text("two")], .none)]),
            ])),
    .table(
        Table(
            columns: [.none, .none],
            body: [
                TableRow([
                    TableCell([.plain([.text("x")], .none)]),
                    TableCell([.plain([.text("y")], .none)]),
                ])
            ])),
    .rawBlock(format: "html", "<x-raw></x-raw>"),
])

@Test func writerFormatsTheResolverTablesAsTheStyledText() {
    let written = StyledRunsWriter().write(runTablesDocument)
    #expect(
        written.output == """
            ¶ p after=16
              "a😀 "
              "b" weight=700
              "\\u{2028}"
              "\\u{FFFC}" image="cat.png"; alt="cat"
            ¶ hr after=16
              "\\u{FFFC}" rule
            ¶ li indent=40; first-indent=0; tabs=40
              "•\\tone"
            ¶ li after=16; indent=40; first-indent=0; tabs=40
              "•\\ttwo"
            ¶ tr tabs=24.8
              "x\\ty"

            """)
    #expect(written.diagnostics.map(\.message) == ["1 raw markup node omitted"])
    let styled = StyledText(runTablesDocument)
    #expect(StyledRunsWriter.format(styled) == written.output)
    #expect(styled.diagnostics == written.diagnostics)
}

@Test func listItemsShareTheirMarkerTabStops() {
    let styled = StyledText(runTablesDocument)
    let items = styled.paragraphs.filter { $0.kind == .listItem }
    #expect(items.map(\.style.tabStops) == [[TabStop(40)], [TabStop(40)]])
}

@Test func outputOfManyPiecesIsJoinedWhole() {
    // About 90 KB of lines: written in 32 KB pieces, joined into one String.
    let count = 2000
    let document = Document(
        (0..<count).map { .paragraph([.text("paragraph \($0) é 😀 \"q\"")], .none) })
    var expected = ""
    for i in 0..<count {
        expected += i == count - 1 ? "¶ p\n" : "¶ p after=16\n"
        expected += "  \"paragraph \(i) é 😀 \\\"q\\\"\"\n"
    }
    let output = StyledRunsWriter().write(document).output
    #expect(output.utf8.count > 2 * RunsOutput.pieceSize)
    #expect(output == expected)
    #expect(StyledRunsWriter.format(StyledText(document)) == expected)
}
