import MarkupAST

/// Options of `HTMLWriter` (the writer's owner extends it).
public struct HTMLWriterOptions: Hashable, Sendable {
    /// Keep raw HTML and unsafe URLs (cmark-gfm's `--unsafe`).
    public var unsafe: Bool
    /// Creates options.
    public init(unsafe: Bool = false) { self.unsafe = unsafe }
}

/// Writes HTML (placeholder body until the writer lands).
public struct HTMLWriter: MarkupWriter {
    /// The options.
    public var options: HTMLWriterOptions
    /// Creates a writer.
    public init(options: HTMLWriterOptions = HTMLWriterOptions()) { self.options = options }
    /// Writes HTML.
    public func write(_ document: Document) -> WriteResult { WriteResult(output: "") }
}
