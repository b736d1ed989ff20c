import MarkupAST

/// Reads Medium-style range JSON (placeholder body until the reader lands).
public struct RangeJSONReader: MarkupReader {
    /// Creates a reader.
    public init() {}
    /// Reads range JSON.
    public func read(_ input: String) throws(ReadError) -> ReadResult { ReadResult(document: Document()) }
}
