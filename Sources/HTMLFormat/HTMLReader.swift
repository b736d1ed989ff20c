import HTML5Parser
import MarkupAST

/// Reads HTML documents and snippets into a `Document`, the way a browser renders them.
///
/// The input is parsed by `HTML5Parser` (as a fragment in a `<body>` context when it has no
/// `<html>`, `<head>`, `<body>` or doctype), then lowered: whitespace collapsed as CSS
/// `white-space: normal` does, inline content beside blocks wrapped in implicit paragraphs,
/// each element mapped to its node (see `Formats/html.md`). Never throws on malformed markup.
///
/// ```swift
/// let result = try HTMLReader().read("<p>Hello <b>world</b></p>")
/// // paragraph [text "Hello ", strong {<b>} [text "world"]]
/// ```
public struct HTMLReader: MarkupReader {
    /// The options.
    public var options: HTMLReaderOptions

    /// Creates a reader, e.g. `HTMLReader(options: HTMLReaderOptions(baseURL: "https://a.b/"))`.
    public init(options: HTMLReaderOptions = HTMLReaderOptions()) { self.options = options }

    /// Reads HTML; never throws (malformed markup is recovered from, with diagnostics).
    public func read(_ input: String) throws(ReadError) -> ReadResult {
        var bytes = Array(input.utf8)
        let isFragment: Bool
        switch options.mode {
        case .automatic: isFragment = !HTMLReader.looksLikeDocument(bytes)
        case .document: isFragment = false
        case .fragment: isFragment = true
        }
        var diagnostics: [Diagnostic] = []
        if options.snippetLeniency ?? isFragment {
            let literal = HTMLReader.literalTagOffsets(bytes, customTags: options.customTags)
            if !literal.isEmpty {
                bytes = HTMLReader.escapeLessThan(bytes, at: literal)
                diagnostics.append(
                    Diagnostic(
                        .note, "parse.literal-tag",
                        "\(literal.count) unknown tag(s) without attributes or end tag kept as text"))
            }
        }
        let parserOptions = HTMLParserOptions(
            maxDepth: options.maxDepth, collectErrors: options.parseErrorDiagnostics)
        let dom =
            isFragment
            ? HTMLParser.parseFragment(bytes: bytes, context: "body", options: parserOptions)
            : HTMLParser.parseDocument(bytes: bytes, options: parserOptions)
        for error in dom.errors.prefix(10) {
            diagnostics.append(
                Diagnostic(
                    .note, "parse." + error.code, "HTML parse error", line: error.line,
                    column: error.column))
        }
        if dom.errors.count > 10 {
            diagnostics.append(
                Diagnostic(.note, "parse.errors", "\(dom.errors.count - 10) more HTML parse errors"))
        }
        let lowering = HTMLReaderLowering(dom: dom, options: options)
        let document = lowering.run()
        diagnostics += lowering.diagnostics
        return ReadResult(document: Normalize.document(document), diagnostics: diagnostics)
    }
}
