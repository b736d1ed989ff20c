import MarkupAST

/// Reads BBCode (placeholder body until the reader lands).
public struct BBCodeReader: MarkupReader {
    /// Creates a reader.
    public init() {}
    /// Reads BBCode.
    public func read(_ input: String) throws(ReadError) -> ReadResult { ReadResult(document: Document()) }
}
