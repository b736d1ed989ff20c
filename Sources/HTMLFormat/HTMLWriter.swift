import MarkupAST

/// Writes HTML: for trees read from Markdown, byte for byte what cmark-gfm's HTML renderer
/// prints (same newlines, escaping, `language-` classes, table `align` attributes, footnote
/// section); for any other tree, one element per node with its attributes.
///
/// Safe by default like cmark-gfm: raw HTML is replaced by `<!-- raw HTML omitted -->`,
/// dangerous URLs are emptied, and `on*` attributes and script-capable tags are dropped, each
/// reported as a `lossy.*` diagnostic. `HTMLWriterOptions(unsafe: true)` keeps them.
/// The tree is walked with an explicit stack, so any nesting depth is safe.
///
/// ```swift
/// let doc = Document([.paragraph([.text("a<b "), .emphasis([.text("c")], .none)], .none)])
/// HTMLWriter().write(doc).output // "<p>a&lt;b <em>c</em></p>\n"
/// ```
public struct HTMLWriter: MarkupWriter {
    /// The options.
    public var options: HTMLWriterOptions

    /// Creates a writer.
    ///
    /// ```swift
    /// HTMLWriter(options: HTMLWriterOptions(unsafe: true))
    /// ```
    public init(options: HTMLWriterOptions = HTMLWriterOptions()) { self.options = options }

    /// Writes the document as an HTML fragment (no `<html>`/`<body>` wrapper), or as a whole
    /// document with `options.standalone`.
    ///
    /// ```swift
    /// HTMLWriter().write(Document([.thematicBreak(.none)])).output // "<hr />\n"
    /// ```
    public func write(_ document: Document) -> WriteResult {
        var renderer = Renderer(options: options)
        defer { renderer.deallocate() }
        if options.standalone { renderer.renderHead(document) }
        renderer.render(document)
        if options.standalone { renderer.renderTail() }
        return WriteResult(output: renderer.output, diagnostics: renderer.diagnostics)
    }
}
