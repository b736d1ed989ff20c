import MarkupAST

/// Writes BBCode (placeholder body until the writer lands).
public struct BBCodeWriter: MarkupWriter {
    /// Creates a writer.
    public init() {}
    /// Writes BBCode.
    public func write(_ document: Document) -> WriteResult { WriteResult(output: "") }
}
