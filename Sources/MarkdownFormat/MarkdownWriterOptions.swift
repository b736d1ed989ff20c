/// Options of `MarkdownWriter` (placeholder: the writer's owner extends it).
public struct MarkdownWriterOptions: Hashable, Sendable {
    /// What the writer may emit; without `.table` tables go through the fallback.
    public var extensions: MarkdownExtensions
    /// Creates options.
    public init(extensions: MarkdownExtensions = .gfm) { self.extensions = extensions }
}
