import MarkupAST

/// Options of `HTMLReader` (the reader's owner extends it).
public struct HTMLReaderOptions: Hashable, Sendable {
    /// Resolve relative URLs against this base, when set.
    public var baseURL: String?
    /// Creates options.
    public init(baseURL: String? = nil) { self.baseURL = baseURL }
}

/// Reads HTML documents and snippets (placeholder body until the reader lands).
public struct HTMLReader: MarkupReader {
    /// The options.
    public var options: HTMLReaderOptions
    /// Creates a reader.
    public init(options: HTMLReaderOptions = HTMLReaderOptions()) { self.options = options }
    /// Reads HTML.
    public func read(_ input: String) throws(ReadError) -> ReadResult { ReadResult(document: Document()) }
}
