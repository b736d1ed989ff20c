import MarkupAST
import MarkupConverter
import Testing

/// No raw NUL byte in HTML output from any reader (issue #19 item 3): U+FFFD, as HTML
/// parsers read it, with a `lossy.nul` diagnostic.
@Suite struct NULOutputTests {
    @Test(arguments: [
        ("bbcode", "[b]a\u{0}b[/b]", "<p><strong>a\u{FFFD}b</strong></p>\n"),
        ("plain", "a\u{0}b", "<p>a\u{FFFD}b</p>\n"),
        ("rangejson", #"{"paragraphs":[{"type":"P","text":"a\u0000b"}]}"#, "<p>a\u{FFFD}b</p>\n"),
    ])
    func nulBecomesReplacementCharacter(format: String, input: String, html: String) throws {
        let result = try Converter(from: format, to: "html").convert(input)
        #expect(result.output == html)
        #expect(!result.output.utf8.contains(0))
        #expect(result.diagnostics.map(\.code) == [.lossyNUL])
        #expect(result.isLossy)
    }
}
