import HTML5Parser
import MarkupAST

/// Reads HTML documents and snippets into a `Document`, the way a browser renders them.
///
/// The input is parsed by `HTML5Parser` (as a fragment in a `<body>` context when it has no
/// `<html>`, `<head>`, `<body>` or doctype); what a browser does not show is taken out
/// (`HTMLReaderOptions.keepHidden`), and with `HTMLReaderOptions.mainContent` all but the
/// page's main content; then the DOM is lowered: whitespace collapsed as CSS
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
    /// A caller that hands the input over (`read(consume text)`) has it released once parsed,
    /// before the DOM is lowered.
    public func read(_ input: consuming String) throws(ReadError) -> ReadResult {
        // The pre-passes read the string's own UTF-8; a copy is made only when snippet
        // leniency has `<` to escape.
        var text = consume input
        let (isFragment, escaped, literalCount) = text.withUTF8 {
            bytes -> (Bool, [UInt8]?, Int) in
            let isFragment: Bool
            switch options.mode {
            case .automatic: isFragment = !HTMLReader.looksLikeDocument(bytes)
            case .document: isFragment = false
            case .fragment: isFragment = true
            }
            guard options.snippetLeniency ?? isFragment else { return (isFragment, nil, 0) }
            let literal = HTMLReader.literalTagOffsets(bytes, customTags: options.customTags)
            if literal.isEmpty { return (isFragment, nil, 0) }
            return (isFragment, HTMLReader.escapeLessThan(bytes, at: literal), literal.count)
        }
        var diagnostics: [Diagnostic] = []
        if literalCount > 0 {
            diagnostics.append(
                Diagnostic(
                    .note, .parseLiteralTag,
                    "\(literalCount) unknown tag(s) without attribute values or end tag"
                        + " kept as text"))
        }
        let parsing = HTMLParserOptions(
            maxDepth: options.maxDepth, collectErrors: options.parseErrorDiagnostics)
        var dom: HTMLDocument
        switch (isFragment, escaped) {
        case (true, let bytes?):
            dom = HTMLParser.parseFragment(bytes: bytes, context: "body", options: parsing)
        case (false, let bytes?):
            dom = HTMLParser.parseDocument(bytes: bytes, options: parsing)
        case (true, nil):
            dom = HTMLParser.parseFragment(text, context: "body", options: parsing)
        case (false, nil):
            dom = HTMLParser.parseDocument(text, options: parsing)
        }
        // The DOM holds copies of what it needs: the text goes before the lowering builds the
        // AST beside the DOM (the peak of a read).
        text = ""
        for error in dom.errors.prefix(10) {
            diagnostics.append(
                Diagnostic(
                    .note, .htmlParseError(error.code), "HTML parse error", line: error.line,
                    column: error.column))
        }
        if dom.errors.count > 10 {
            diagnostics.append(
                Diagnostic(.note, .parseErrors, "\(dom.errors.count - 10) more HTML parse errors"))
        }
        if !options.keepHidden {
            diagnostics += Self.removeInvisible(from: &dom, options: options)
        }
        var title: String?
        var pageText: HTMLPageByline.Found?
        var pageScripts: [Int32] = []
        if options.mainContent {
            // The byline is usually chrome that the selection takes out, and JSON-LD scripts
            // are outside the article: they are found first.
            if !dom.isFragment {
                pageText = HTMLPageByline.find(in: dom, author: true, published: true)
            }
            for i in dom.nodes.indices where dom.nodes[i].kind == .element {
                if dom.nodes[i].isHTMLElement("script"), HTMLReaderLowering.isJSONLD(dom.nodes[i]) {
                    pageScripts.append(Int32(i))
                }
            }
            if let fallback = MainContent.select(in: &dom) {
                diagnostics.append(fallback)
            } else {
                title = MainContent.title(dom)
            }
        }
        let lowering = HTMLReaderLowering(
            dom: dom, options: options, pageText: pageText, pageScripts: pageScripts)
        var document = lowering.run()
        diagnostics += lowering.diagnostics
        if let title { MainContent.addTitle(title, to: &document) }
        // The lowering builds normalized trees (`HTMLReaderInlineBuffer.build` appends the way
        // `Normalize` leaves lists, and empty paragraphs are never added), so the check that
        // `Normalize.document` would make (a walk over the whole tree) is made in debug
        // builds only, where every test reads through here.
        assert(
            Normalize.isNormalized(document.blocks),
            "HTMLReader built a tree that Normalize would change")
        return ReadResult(document: document, diagnostics: diagnostics)
    }
}
