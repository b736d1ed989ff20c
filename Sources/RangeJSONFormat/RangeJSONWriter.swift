import MarkupAST

/// Writes Medium-style range JSON (placeholder body until the writer lands).
public struct RangeJSONWriter: MarkupWriter {
    /// Creates a writer.
    public init() {}
    /// Writes range JSON.
    public func write(_ document: Document) -> WriteResult { WriteResult(output: "") }
}
