import MarkupAST
import MarkupConverter
import Testing

/// Documents nested past the readers' depth limits still convert to every output, and their
/// text survives (nothing is dropped silently).
@Suite("Deep nesting")
struct DeepNestingTests {
    func convert(_ input: String, from: String = "html", to: String) throws -> ConversionResult {
        try Converter(from: from, to: to).convert(input)
    }

    @Test("JSON: a document deeper than JSON nests is flattened, with lossy.depth, and reads back")
    func deepJSON() throws {
        for opener in ["<blockquote>", "<ul><li>", "<table><tr><td>", "<b>", "<div>"] {
            let html = String(repeating: opener, count: 300) + "xyzzy"
            let json = try convert(html, to: "json")
            #expect(json.diagnostics.map(\.code) == [.lossyDepth], "\(opener)")
            let back = try Converter(from: "json", to: "plain").convert(json.output)
            #expect(back.output.contains("xyzzy"), "\(opener)")
        }
    }

    @Test("JSON: a document within the limit is written whole, without diagnostics")
    func shallowJSON() throws {
        let html = String(repeating: "<blockquote>", count: 100) + "<p><b>x</b></p>"
        let json = try convert(html, to: "json")
        #expect(json.diagnostics.isEmpty)
        let back = try Converter(from: "json", to: "html").convert(json.output)
        #expect(back.output.contains("<p><b>x</b></p>"))
        #expect(back.output.components(separatedBy: "<blockquote>").count == 101)
    }

    @Test("text inside tables nested past the parser's depth limit is kept")
    func deepTables() throws {
        for count in [127, 128, 200, 2000] {
            let html = String(repeating: "<table><tr><td>", count: count) + "xyzzy"
            for output in ["plain", "markdown", "html"] {
                #expect(try convert(html, to: output).output.contains("xyzzy"), "\(count) \(output)")
            }
        }
    }

    @Test("plain text under thousands of nested quotes")
    func deepQuotesPlain() throws {
        let html = String(repeating: "<blockquote>", count: 5000) + "xyzzy"
        let result = try convert(html, to: "plain")
        #expect(result.output.hasSuffix("xyzzy\n"))
    }
}
