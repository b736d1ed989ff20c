import HTML5Parser
import MarkupAST
import MarkupConverter
import Testing

/// Safe HTML output (issue #19 item 5): every vector of `xss-vectors.txt` goes through its
/// reader into HTML without `unsafe` (the public `Converter`), and the output, parsed again
/// with HTML5Parser, holds no script-capable sink (`SinkFinder`). Text marked `KEEP` stays
/// visible. The HTML vectors (but the attribute x URL products) are also given to the other
/// readers as their input.
@Suite struct SafeHTMLOutputTests {
    /// One reader configuration: a `-f` name and its settings.
    struct Reader: CustomStringConvertible, Sendable {
        var name: String
        var values: [String: String] = [:]
        var description: String {
            ([name] + values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
                .joined(separator: " ")
        }
    }

    /// The vectors of each corpus section run through these readers.
    static let readers: [(section: String, readers: [Reader])] = [
        ("html", [Reader(name: "html"), Reader(name: "html", values: ["html-mode": "document"])]),
        ("markdown", [Reader(name: "markdown"), Reader(name: "commonmark")]),
        (
            "bbcode",
            [Reader(name: "bbcode"), Reader(name: "bbcode", values: ["bbcode-dialect": "classic"])]
        ),
        ("rangejson", [Reader(name: "rangejson")]),
        ("json", [Reader(name: "json")]),
        ("plain", [Reader(name: "plain")]),
    ]

    /// How a vector of the `html` section is given to another reader.
    static let htmlAsOtherInput: [(reader: Reader, wrap: @Sendable (String) -> String)] = [
        (Reader(name: "markdown"), { $0 }),
        (Reader(name: "bbcode"), { $0 }),
        (Reader(name: "plain"), { $0 }),
        (
            Reader(name: "rangejson"),
            { #"{"paragraphs":[{"type":"P","text":""# + XSSCorpus.jsonEscaped($0) + #""}]}"# }
        ),
        (
            Reader(name: "json"),
            { astJSON(#"{"type":"text","text":"\#(XSSCorpus.jsonEscaped($0))"}"#) }
        ),
        (
            Reader(name: "json"),
            {
                astJSON(
                    #"{"type":"raw_inline","format":"html","content":"\#(XSSCorpus.jsonEscaped($0))"}"#
                )
            }
        ),
        (
            Reader(name: "json"),
            {
                #"{"blocks":[{"type":"raw_block","format":"html","content":""#
                    + XSSCorpus.jsonEscaped($0) + #""}]}"#
            }
        ),
    ]

    /// AST JSON of one paragraph holding `inline`.
    static func astJSON(_ inline: String) -> String {
        #"{"blocks":[{"type":"paragraph","children":["# + inline + "]}]}"
    }

    @Test(arguments: readers.map(\.section))
    func noSinkInHTMLOutput(section: String) throws {
        let vectors = XSSCorpus.shared.vectors(section)
        #expect(vectors.count >= 10, "the corpus has too few \(section) vectors")
        var failures: [String] = []
        for reader in Self.readers.first(where: { $0.section == section })!.readers {
            let converter = try Self.converter(reader)
            for vector in vectors {
                failures += Self.check(
                    vector.input, vector.label, converter, reader, strictKeep: true)
            }
        }
        Self.record(failures)
    }

    @Test(arguments: htmlAsOtherInput.indices)
    func htmlVectorsAsOtherInput(index: Int) throws {
        let (reader, wrap) = Self.htmlAsOtherInput[index]
        let converter = try Self.converter(reader)
        var failures: [String] = []
        // The attribute x URL products are only about the HTML writer's attribute checks: as
        // text or raw HTML they add nothing but time.
        for vector in XSSCorpus.shared.vectors("html") where !vector.label.contains("ATTR=") {
            failures += Self.check(
                wrap(vector.input), vector.label, converter, reader, strictKeep: false)
        }
        Self.record(failures)
    }

    /// Ordinary URLs, styles and images stay (the suite would pass on a writer that drops
    /// everything, but this test would not).
    @Test func ordinaryMarkupIsKept() throws {
        let converter = try Converter(from: "html", to: "html")
        let input = """
            <a href="https://example.com/a?b=1" title="t">x</a><img src="data:image/png;base64,iVBORw0KGgo=" alt="y">\
            <img src="a.png" srcset="a.png 1x, https://example.com/b.png 2x" alt="z">\
            <span style="color: red; background: url(https://example.com/c.png)">s</span>\
            <q cite="https://example.com/q">q</q>
            """
        let output = try converter.convert(input).output
        #expect(
            output == """
                <p><a href="https://example.com/a?b=1" title="t">x</a><img src="data:image/png;base64,iVBORw0KGgo=" alt="y" />\
                <img src="a.png" alt="z" srcset="a.png 1x, https://example.com/b.png 2x" />\
                <span style="color: red; background: url(https://example.com/c.png)">s</span>\
                <span cite="https://example.com/q">“q”</span></p>

                """)
        #expect(SinkFinder.inspect(output).sinks.isEmpty)
    }

    /// The sink finder itself finds what a browser would run.
    @Test func sinkFinderFindsSinks() {
        let sinks = [
            #"<a href=" &#1;java&#9;script&colon;alert(1)">x</a>"#,
            #"<img src="x" srcset="a.png 1x, &#1;javascript:alert(1) 2x">"#,
            #"<img src="x" onerror="alert(1)">"#, #"<p style="b\65havior: url(x)">x</p>"#,
            #"<p style="background: url( 'data:text/html,x' )">x</p>"#,
            #"<p style="width: expr/**/ession(alert(1))">x</p>"#, "<svg></svg>",
            #"<iframe srcdoc="x"></iframe>"#, "<form></form>",
            "<template><script></script></template>",
            "<!--[if IE]>x<![endif]-->", #"<a href="data:image/svg+xml,x">x</a>"#, "a\u{0}b",
            #"<meta http-equiv="refresh" content="0">"#, "<textarea>x</textarea>",
        ]
        for html in sinks {
            #expect(!SinkFinder.inspect(html).sinks.isEmpty, "\(html)")
        }
        let safe = [
            #"<a href="java%09script:alert(1)">x</a>"#, #"<a href="%20javascript:x">x</a>"#,
            #"<img src="data:image/png;base64,AA" alt="x">"#, #"<p style="color: red">x</p>"#,
            #"<p title="javascript:alert(1)">x</p>"#, "<!-- raw HTML omitted -->",
        ]
        for html in safe {
            #expect(SinkFinder.inspect(html).sinks.isEmpty, "\(html)")
        }
    }

    /// One issue listing the first failures.
    static func record(_ failures: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        guard !failures.isEmpty else { return }
        let shown = failures.prefix(60).joined(separator: "\n")
        Issue.record(
            "\(failures.count) failures:\n\(shown)", sourceLocation: sourceLocation)
    }

    static func converter(_ reader: Reader) throws -> Converter {
        try Converter(
            from: reader.name, to: "html", settings: ConversionSettings(values: reader.values))
    }

    /// The failures of one conversion: its sinks, a conversion error, and `KEEP` lost (with
    /// `strictKeep`, always a failure; else only when no warning reports a loss).
    static func check(
        _ input: String, _ label: String, _ converter: Converter, _ reader: Reader, strictKeep: Bool
    ) -> [String] {
        let result: ConversionResult
        do {
            result = try converter.convert(input)
        } catch {
            // A refused input writes nothing, so it holds no sink; JSON vectors must parse.
            return reader.name == "json" || reader.name == "rangejson"
                ? ["\(label) [\(reader)]: \(error)"] : []
        }
        let report = SinkFinder.inspect(result.output)
        var failures = Set(report.sinks).sorted().map {
            "\(label) [\(reader)]: \($0)\n  input:  \(input.debugDescription)\n  output: \(result.output.debugDescription)"
        }
        if input.contains("KEEP") && !report.visibleText.contains("KEEP")
            && (strictKeep || !result.diagnostics.contains(where: \.isWarning))
        {
            failures.append(
                "\(label) [\(reader)]: KEEP lost\n  input:  \(input.debugDescription)\n  output: \(result.output.debugDescription)\n  diagnostics: \(result.diagnostics.map(\.code))"
            )
        }
        return failures
    }
}
