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

    /// Writes Markdown; the output ends with one newline unless it is empty.
    public func write(_ document: Document) -> WriteResult {
        let renderer = Renderer(options: options)
        renderer.renderDocument(document)
        return WriteResult(output: renderer.outputString(), diagnostics: renderer.diagnostics)
    }
}
