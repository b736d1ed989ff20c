import MarkupAST
import MarkupConverter
import Testing

/// Markdown's raw HTML is read into nodes for outputs that would drop it.
@Suite("Raw HTML of Markdown into other formats")
struct ReadRawHTMLTests {
    @Test("inline tags and an HTML table become BBCode")
    func toBBCode() throws {
        let markdown = """
            H<sub>2</sub>O is *wet*.

            <table><tr><td>a</td><td>b</td></tr></table>

            - item <b>bold</b>
            """
        let result = try Converter(from: "gfm", to: "bbcode").convert(markdown)
        #expect(
            result.output == """
                H[sub]2[/sub]O is [i]wet[/i].
                [table]
                [tr][td]a[/td][td]b[/td][/tr]
                [/table]
                [list]
                [*]item [b]bold[/b]
                [/list]

                """)
    }

    @Test("plain text keeps the text of HTML blocks")
    func toPlain() throws {
        let result = try Converter(from: "markdown", to: "plain").convert(
            "<div>\n<p>kept</p>\n</div>\n")
        #expect(result.output == "kept\n")
    }

    @Test("JSON, HTML and Markdown output keep the raw HTML as it is")
    func keptRaw() throws {
        let markdown = "H<sub>2</sub>O\n"
        let json = try Converter(from: "gfm", to: "json").convert(markdown).document
        #expect(
            json.blocks == [
                .paragraph(
                    [
                        .text("H"), .rawInline(format: "html", "<sub>"), .text("2"),
                        .rawInline(format: "html", "</sub>"), .text("O"),
                    ], .none)
            ])
        #expect(try Converter(from: "gfm", to: "markdown").convert(markdown).output == markdown)
    }

    @Test("the transform leaves documents without raw HTML as they are")
    func untouched() {
        let doc = Document([.paragraph([.text("a & b")], .none)])
        #expect(ReadRawHTML.apply(to: doc) == doc)
    }
}
