import MarkupAST

/// Reads CommonMark / GFM through cmark-gfm (placeholder body until the reader lands).
public struct MarkdownReader: MarkupReader {
    /// The syntax extensions to enable.
    public var extensions: MarkdownExtensions

    /// Creates a reader; GFM extensions by default.
    public init(extensions: MarkdownExtensions = .gfm) { self.extensions = extensions }

    /// Reads Markdown.
    public func read(_ input: String) throws(ReadError) -> ReadResult {
        ReadResult(document: Document())
    }
}
