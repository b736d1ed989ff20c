import MarkupAST
import MarkupConverter
import Testing

/// Tables whose spans or ragged rows describe a huge grid convert to output that grows with
/// the input, not with the grid.
@Suite("Table size bounds")
struct TableSizeTests {
    /// 374 KB of HTML: 500 rows of 20 cells with `colspan=1000 rowspan=65534`.
    static let spanBomb =
        "<table><tr><th>h</th></tr>"
        + String(
            repeating: "<tr>"
                + String(repeating: "<td colspan=1000 rowspan=65534>x</td>", count: 20) + "</tr>",
            count: 500) + "</table>"

    @Test("a span bomb: every output stays within a few times the input, with lossy.table-span")
    func spanBomb() throws {
        let input = Self.spanBomb
        for (output, extra) in [
            ("markdown", [String]()), ("markdown", ["--tables=pipe"]), ("styled", []),
            ("plain", []), ("html", []), ("bbcode", []), ("rangejson", []),
        ] {
            var settings = ConversionSettings()
            if !extra.isEmpty { settings.values["tables"] = "pipe" }
            let result = try Converter(from: "html", to: output, settings: settings).convert(input)
            #expect(result.output.utf8.count < 4 * input.utf8.count, "\(output) \(extra)")
            #expect(result.output.contains("x"), "\(output)")
            if !extra.isEmpty {
                #expect(result.diagnostics.map(\.code).contains(.lossyTableSpan))
                let lines = result.output.split(separator: "\n")
                #expect(lines.count == 502)
                #expect(lines[2] == String(repeating: "| x   ", count: 20) + "|")
            }
        }
    }

    @Test("one very wide cell over many rows: the pipe table is written unpadded")
    func wideCell() throws {
        let input =
            "<table><tr><th>" + String(repeating: "w", count: 100_000) + "</th></tr>"
            + String(repeating: "<tr><td>y</td></tr>", count: 10_000) + "</table>"
        let result = try Converter(from: "html", to: "markdown").convert(input)
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 10_002)
        #expect(lines[1] == "| --- |")
        #expect(lines[2] == "| y |")
        #expect(result.output.utf8.count < 2 * input.utf8.count)
    }

    @Test("a small table with one long cell is still padded")
    func paddedSmall() throws {
        let input = "<table><tr><th>long header</th></tr><tr><td>y</td></tr></table>"
        let result = try Converter(from: "html", to: "markdown").convert(input)
        #expect(result.output == "| long header |\n| ----------- |\n| y           |\n")
    }

    @Test("a ragged table (one row of 10,000 cells): short rows stay short")
    func ragged() throws {
        let input =
            "<table><tr>" + String(repeating: "<th>h</th>", count: 10_000) + "</tr>"
            + String(repeating: "<tr><td>y</td></tr>", count: 10_000) + "</table>"
        let markdown = try Converter(from: "html", to: "markdown").convert(input)
        #expect(markdown.output.utf8.count < 2 * input.utf8.count)
        #expect(markdown.output.split(separator: "\n")[2] == "| y |")
        let styled = try Converter(from: "html", to: "styled").convert(input)
        #expect(styled.output.utf8.count < 4 * input.utf8.count)
    }

    @Test("BBCode: a colspan past Int's range neither crashes nor widens the table past 1000")
    func bbcodeOverflow() throws {
        let input =
            "[table][tr][td colspan=9223372036854775807]a[/td][td colspan=9223372036854775807]b[/td][/tr][/table]"
        let html = try Converter(from: "bbcode", to: "html").convert(input)
        #expect(html.output.contains("<td colspan=\"1000\">a</td>"))
        let json = try Converter(from: "bbcode", to: "json").convert(input)
        #expect(json.output.utf8.count < 100_000)
    }
}
