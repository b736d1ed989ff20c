import MarkupAST

/// Options of `PlainTextWriter`.
public struct PlainTextWriterOptions: Hashable, Sendable {
    /// Wrap at this many columns, or nil for no wrapping.
    public var columns: Int?
    /// Creates options.
    public init(columns: Int? = nil) { self.columns = columns }
}

/// Writes readable plain text (placeholder body until the writer lands).
public struct PlainTextWriter: MarkupWriter {
    /// The options.
    public var options: PlainTextWriterOptions
    /// Creates a writer.
    public init(options: PlainTextWriterOptions = PlainTextWriterOptions()) { self.options = options }
    /// Writes text.
    public func write(_ document: Document) -> WriteResult { WriteResult(output: "") }
}
