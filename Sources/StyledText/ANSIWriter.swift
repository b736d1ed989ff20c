import MarkupAST

/// Renders to a terminal with ANSI escapes (placeholder body until StyledText lands).
public struct ANSIWriter: MarkupWriter {
    /// Whether to emit colour and style escapes.
    public var color: Bool
    /// Creates a writer.
    public init(color: Bool = true) { self.color = color }
    /// Writes ANSI text.
    public func write(_ document: Document) -> WriteResult { WriteResult(output: "") }
}
