import MarkupAST

/// Writes CommonMark or GFM, chosen by `options.extensions`, in pure Swift.
///
/// Escaping is minimal and correct: the output read back by cmark-gfm (with the same
/// extensions) gives the same tree after `Normalize` (with `wrap: .preserve`; the default
/// `wrap: .none` turns soft breaks into spaces). What the profile cannot express is written
/// through a documented fallback (raw HTML when allowed) and reported as a `lossy.*`
/// diagnostic; nothing is dropped silently.
///
/// ```swift
/// let doc = Document([.paragraph([.text("1. not a list *really*"),
///                                 .strong([.text("bold")], .none)], .none)])
/// MarkdownWriter().write(doc).output // "1\\. not a list \\*really\\***bold**\n"
/// ```
public struct MarkdownWriter: MarkupWriter {
    /// The options.
    public var options: MarkdownWriterOptions

    /// Creates a writer.
    public init(options: MarkdownWriterOptions = MarkdownWriterOptions()) { self.options = options }

    /// Writes Markdown; the output ends with one newline unless it is empty. A standalone
    /// writer starts with the metadata as front matter (``FrontMatter/write(_:)``).
    ///
    /// ```swift
    /// let options = MarkdownWriterOptions(extensions: .frontmatter, standalone: true)
    /// let doc = Document([.paragraph([.text("Hi")], .none)], metadata: ["title": "T"])
    /// MarkdownWriter(options: options).write(doc).output // "---\ntitle: T\n---\n\nHi\n"
    /// ```
    public func write(_ document: Document) -> WriteResult {
        let renderer = Renderer(options: options)
        renderer.renderDocument(document)
        var output = renderer.outputString()
        var diagnostics = renderer.diagnostics
        if options.standalone && !document.metadata.isEmpty {
            if options.extensions.contains(.frontmatter) {
                let front = FrontMatter.write(document.metadata)
                output = front.text + (output.isEmpty || front.text.isEmpty ? "" : "\n") + output
                diagnostics = front.diagnostics + diagnostics
            } else {
                diagnostics.insert(
                    Diagnostic(
                        .info, .lossyMetadata,
                        "metadata not written: this Markdown has no front matter "
                            + "(add the frontmatter extension)"), at: 0)
            }
        }
        return WriteResult(output: output, diagnostics: diagnostics)
    }
}
