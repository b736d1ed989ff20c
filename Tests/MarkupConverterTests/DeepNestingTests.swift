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
        // (`<b>` inside `<b>` is one strong: `<sup>` nests.)
        for opener in ["<blockquote>", "<ul><li>", "<table><tr><td>", "<sup>", "<div>"] {
            let html = String(repeating: opener, count: 300) + "xyzzy"
            let json = try convert(html, to: "json")
            // Past the HTML parser's limit too: the elements it attached side by side, empty.
            let flattened: [DiagnosticCode] = opener == "<ul><li>" ? [.parseDropped] : []
            #expect(json.diagnostics.map(\.code) == flattened + [.lossyDepth], "\(opener)")
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
                #expect(
                    try convert(html, to: output).output.contains("xyzzy"), "\(count) \(output)")
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

/// Past the HTML parser's depth limit the elements nested deeper are attached side by side,
/// empty (issue #19). Each used to become an empty block at the deepest level, which costs a
/// line of hundreds of quote markers or indents per level in Markdown (19 MB for 10,000
/// quotes); they are flattened into the text instead.
@Suite("Deep nesting: linear output")
struct DeepNestingOutputTests {
    @Test("Markdown of N nested quotes does not grow with N past the limit; the text is kept")
    func quotesToMarkdown() throws {
        let converter = try Converter(from: "html", to: "markdown")
        var sizes: [Int] = []
        for count in [1_000, 4_000] {
            let html = String(repeating: "<blockquote>", count: count) + "xyzzy"
            let output = try converter.convert(html).output
            #expect(output.hasSuffix("> xyzzy\n"))
            sizes.append(output.utf8.count)
        }
        #expect(sizes[0] == sizes[1])
        #expect(sizes[1] < 2_000)
    }

    @Test("lists and quotes with text at each level: output linear with a small factor")
    func textAtEachLevel() throws {
        let converter = try Converter(from: "html", to: "markdown")
        for opener in ["<blockquote>y", "<blockquote><p>y", "<ul><li>y", "<ol><li>y", "<dl><dd>y"] {
            var sizes: [Int] = []
            for count in [1_000, 4_000] {
                let html = String(repeating: opener, count: count) + "xyzzy"
                let output = try converter.convert(html).output
                #expect(output.contains("xyzzy"), "\(opener)")
                #expect(output.filter { $0 == "y" }.count == count + 2, "\(opener)")
                sizes.append(output.utf8.count)
            }
            // 3,000 more levels, all past the limit: a few bytes each.
            #expect(sizes[1] - sizes[0] < 3_000 * 4, "\(opener)")
        }
    }

    @Test("the flattened elements are reported")
    func reported() throws {
        let html = String(repeating: "<blockquote>", count: 600) + "x"
        let result = try Converter(from: "html", to: "markdown").convert(html)
        #expect(
            result.diagnostics.map(\.message).contains(
                "dropped 90 block elements nested past the depth limit"))
    }
}
