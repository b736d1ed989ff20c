import MarkupAST

/// Writes the resolved styled runs, one per line (placeholder body until StyledText lands).
public struct StyledRunsWriter: MarkupWriter {
    /// Creates a writer.
    public init() {}
    /// Writes the runs.
    public func write(_ document: Document) -> WriteResult { WriteResult(output: "") }
}
