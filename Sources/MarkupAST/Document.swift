/// A whole document: the blocks every reader produces and every writer consumes.
///
/// ```swift
/// let doc = Document([.paragraph([.text("Hi")], .none)])
/// doc.blocks.count // 1
/// ```
public struct Document: Hashable, Sendable, Codable {
    /// The top-level blocks.
    public var blocks: [Block]
    /// Document metadata (HTML `<title>` as "title", `<meta name>` pairs ...).
    public var metadata: [String: String]

    /// Creates a document.
    public init(_ blocks: [Block] = [], metadata: [String: String] = [:]) {
        self.blocks = blocks
        self.metadata = metadata
    }
}
