import Foundation
import MarkupAST
import MarkupConverter
import Testing

@testable import StyledText

/// `-t styled` of an HTML snippet.
private func styledHTML(_ html: String) throws -> String {
    try Converter(from: "html", to: "styled").convert(html).output
}

/// The document the HTML reader makes of a snippet.
private func document(_ html: String) throws -> Document {
    try Converter(from: "html", to: "plain").convert(html).document
}

/// `-t ansi` (no colour) of an HTML snippet.
private func ansiHTML(_ html: String) throws -> String {
    ANSIWriter(color: false, stylesheet: .standard).render(StyledText(try document(html)))
}

private func cell(_ s: String, _ a: ColumnAlignment = .none, header: Bool = false) -> TableCell {
    TableCell([.plain([.text(s)], .none)], header: header, alignment: a)
}

@Test func rightAlignedCellsGetRightStopsAtTheColumnsRightEdge() throws {
    let html = """
        <table><tr><th>Name</th><th align="right">Qty</th></tr>\
        <tr><td>Apples</td><td align="right">3</td></tr>\
        <tr><td>Kiwis</td><td align="right">120</td></tr></table>
        """
    // "Qty" starts at 68.8 (the widest first cell, 52.8, plus a 16-point gap) and the
    // widest second cell ("Qty", bold) is 26.4 wide: the right stop is at 95.2.
    #expect(
        try styledHTML(html) == """
            ¶ tr tabs=95.2:right
              "Name" weight=700
              "\\t"
              "Qty" weight=700
            ¶ tr tabs=95.2:right
              "Apples\\t3"
            ¶ tr tabs=95.2:right
              "Kiwis\\t120"

            """)
    #expect(try ansiHTML(html) == "Name    Qty\nApples    3\nKiwis   120\n")
}

@Test func centredHeaderCellsGetCentreStops() throws {
    let html = """
        <table><tr><th>Item</th><th align="center">Count</th></tr>\
        <tr><td>a</td><td>1</td></tr><tr><td>bbbbbbbb</td><td>100000</td></tr></table>
        """
    // A column's alignment comes from `<col>` or its first row (as in HTML and Markdown
    // output): every second cell is centred; the first column stays left. In a terminal the
    // padding is split, the extra column on the right.
    let s = StyledText(try document(html))
    let stops = s.paragraphs.map { $0.style.tabStops ?? [] }
    #expect(stops.count == 3)
    #expect(Set(stops).count == 1)
    #expect(stops[0].map(\.alignment) == [.center])
    #expect(try ansiHTML(html) == "Item      Count\na           1\nbbbbbbbb  100000\n")
}

@Test func cssTextAlignOnACellWinsOverItsAlignAttribute() throws {
    let html = """
        <table><tr><td>a</td><td align="center" style="text-align: right">b</td></tr>\
        <tr><td>c</td><td>dddd</td></tr></table>
        """
    let s = StyledText(try document(html))
    #expect(s.paragraphs[0].style.tabStops?.map(\.alignment) == [.right])
    // Stylesheet rules count as the cell's CSS too.
    let sheet = Stylesheet.standard.adding(css: ".n { text-align: center }")
    let doc = try document(
        "<table><tr><td>a</td><td class=n align=right>b</td></tr></table>")
    #expect(
        StyledText(doc, stylesheet: sheet).paragraphs[0].style.tabStops?.map(\.alignment)
            == [.center])
}

@Test func anAlignedFirstCellStartsItsRowWithATab() throws {
    let html =
        #"<table><tr><td align="right">7</td><td>x</td></tr><tr><td>1234</td><td>y</td></tr></table>"#
    #expect(
        try styledHTML(html) == """
            ¶ tr tabs=35.2:right,51.2
              "\\t7\\tx"
            ¶ tr tabs=35.2:right,51.2
              "\\t1234\\ty"

            """)
    #expect(try ansiHTML(html) == "   7  x\n1234  y\n")
}

@Test func mixedColumnsAndCellsThatDifferFromTheirColumn() {
    // Column 1 is right-aligned; the second row's cell says center; column 2 is centred.
    let t = Table(
        columns: [.left, .right, .center],
        head: [
            TableRow([cell("Name", header: true), cell("N", header: true), cell("C", header: true)])
        ],
        body: [
            TableRow([cell("alpha"), cell("x", .center), cell("mid")]),
            TableRow([cell("b"), cell("12345"), cell("z", .left)]),
        ])
    let s = StyledText(Document([.table(t)]))
    let stops = s.paragraphs.map { $0.style.tabStops ?? [] }
    #expect(
        stops.map { $0.map(\.alignment) } == [
            [.right, .center], [.center, .center], [.right, .left],
        ])
    // Column 1 starts where column 2's left stop says, minus its width and the gap: the
    // right stop is that column's right edge, the centre stop its middle.
    let start1 = stops[2][0].location - 44  // "12345" is 44 points wide
    #expect(stops[1][0].location == start1 + 22)
    #expect(stops[2][1].alignment == .left)
    #expect(stops[0][1].location > stops[0][0].location)
    let ansi = ANSIWriter(color: false, stylesheet: .standard).render(s)
    #expect(ansi == "Name       N   C\nalpha    x    mid\nb      12345  z\n")
}

@Test func leftAlignedTablesKeepLeftStops() {
    let t = Table(columns: [.none, .left], body: [TableRow([cell("a"), cell("b")])])
    let s = StyledText(Document([.table(t)]))
    #expect(s.string == "a\tb")
    #expect(s.paragraphs[0].style.tabStops == [TabStop(24.8)])
}

@Test func tabStopsDecodeFromPlainNumbers() throws {
    let decoded = try JSONDecoder().decode(
        [TabStop].self, from: Data(#"[40,{"location":80,"alignment":"right"}]"#.utf8))
    #expect(decoded == [40, TabStop(80, alignment: .right)])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let encoded = String(decoding: try encoder.encode(decoded), as: UTF8.self)
    #expect(encoded == #"[40,{"alignment":"right","location":80}]"#)
}
