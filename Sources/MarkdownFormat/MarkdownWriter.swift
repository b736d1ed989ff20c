import MarkupAST

/// Writes CommonMark / GFM (placeholder body until the writer lands).
public struct MarkdownWriter: MarkupWriter {
    /// The options.
    public var options: MarkdownWriterOptions
    /// Creates a writer.
    public init(options: MarkdownWriterOptions = MarkdownWriterOptions()) { self.options = options }
    /// Writes Markdown.
    public func write(_ document: Document) -> WriteResult { WriteResult(output: "") }
}
