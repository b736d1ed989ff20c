/// Entry points of the WHATWG HTML parser: UTF-8 in, ``HTMLDocument`` out. Never fails:
/// malformed markup is recovered exactly as browsers do and reported in
/// ``HTMLDocument/errors``.
///
/// ```swift
/// let doc = HTMLParser.parseDocument("<b>a<i>b</b>c</i>")
/// print(doc.treeDump())
/// // | <html>
/// // |   <head>
/// // |   <body>
/// // |     <b>
/// // |       "a"
/// // ...
/// let frag = HTMLParser.parseFragment("<li>one<li>two", context: "ul")
/// Array(frag.children(of: frag.root)).count // 2
/// ```
public enum HTMLParser {
    /// Parses a whole document.
    ///
    /// ```swift
    /// HTMLParser.parseDocument("<title>x</title>").documentElement // <html>
    /// ```
    public static func parseDocument(_ input: String, options: HTMLParserOptions = .init())
        -> HTMLDocument
    {
        var input = input
        return input.withUTF8 {
            parse(bytes: $0, context: nil, options: options, validUTF8: true)
        }
    }

    /// Parses a whole document from UTF-8 bytes (invalid sequences become U+FFFD).
    ///
    /// ```swift
    /// HTMLParser.parseDocument(bytes: Array("<p>x".utf8))
    /// ```
    public static func parseDocument(bytes: [UInt8], options: HTMLParserOptions = .init())
        -> HTMLDocument
    {
        bytes.withUnsafeBufferPointer { parse(bytes: $0, context: nil, options: options) }
    }

    /// Parses a snippet as the children of a `context` element (the HTML fragment parsing
    /// algorithm, as `innerHTML` does). The result's ``HTMLDocument/root`` is a fragment.
    ///
    /// `context` is a tag name; prefix it with `svg ` or `math ` for a foreign context
    /// (`"svg path"`), as the html5lib tests do.
    ///
    /// ```swift
    /// let f = HTMLParser.parseFragment("<td>x", context: "tr")
    /// f[f.children(of: f.root).first!].name // "td"
    /// ```
    public static func parseFragment(
        _ input: String, context: String = "body", options: HTMLParserOptions = .init()
    ) -> HTMLDocument {
        var input = input
        return input.withUTF8 {
            parse(bytes: $0, context: context, options: options, validUTF8: true)
        }
    }

    /// Parses a UTF-8 snippet as the children of a `context` element.
    ///
    /// ```swift
    /// HTMLParser.parseFragment(bytes: Array("a<b>b".utf8), context: "div")
    /// ```
    public static func parseFragment(
        bytes: [UInt8], context: String = "body", options: HTMLParserOptions = .init()
    ) -> HTMLDocument {
        bytes.withUnsafeBufferPointer { parse(bytes: $0, context: context, options: options) }
    }

    static func parse(
        bytes: UnsafeBufferPointer<UInt8>, context: String?, options: HTMLParserOptions,
        validUTF8: Bool = false
    ) -> HTMLDocument {
        let input = InputStream.prepare(
            bytes, collectErrors: options.collectErrors, validUTF8: validUTF8)
        // The tree builder is built in place inside the tokenizer (not copied in).
        var tokenizer = Tokenizer(
            input: input,
            sink: TreeBuilder(
                sink: DOMBuilder(isFragment: context != nil, inputSize: input.count),
                options: options, inputSize: input.count),
            collectErrors: options.collectErrors)
        if let context {
            if context.utf8.count >= 4 && context.hasPrefix("svg ") {
                tokenizer.sink.prepareFragment(
                    contextName: String(context.dropFirst(4)), namespace: .svg)
            } else if context.utf8.count >= 5 && context.hasPrefix("math ") {
                tokenizer.sink.prepareFragment(
                    contextName: String(context.dropFirst(5)), namespace: .mathml)
            } else {
                tokenizer.sink.prepareFragment(contextName: context, namespace: .html)
            }
        }
        if let state = tokenizer.sink.initialTokenizerState { tokenizer.state = state }
        tokenizer.run()
        tokenizer.freeBuffers()
        tokenizer.sink.freeTables()
        tokenizer.sink.finishFragment()
        var doc = tokenizer.sink.finish()
        if options.collectErrors {
            let total = input.errors.count + tokenizer.errors.count + tokenizer.sink.errors.count
            if total > 0 {
                var errs: [RawError] = []
                errs.reserveCapacity(total)
                if !input.errors.isEmpty { errs.append(contentsOf: input.errors) }
                if !tokenizer.errors.isEmpty { errs.append(contentsOf: tokenizer.errors) }
                if !tokenizer.sink.errors.isEmpty { errs.append(contentsOf: tokenizer.sink.errors) }
                // Stable sort: skipping it when already in order changes nothing.
                if zip(errs, errs.dropFirst()).contains(where: { $0.offset > $1.offset }) {
                    errs.sort { $0.offset < $1.offset }
                }
                doc.errors = input.locate(errs)
            }
        }
        return doc
    }
}
