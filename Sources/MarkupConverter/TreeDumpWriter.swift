import MarkupAST

/// Writes the `TreeDump` of the document (`mconv -t ast`).
///
/// ```swift
/// TreeDumpWriter().write(Document([.paragraph([.text("a")], .none)])).output
/// // "paragraph\n  text \"a\"\n"
/// ```
public struct TreeDumpWriter: MarkupWriter {
    /// Creates a writer.
    public init() {}

    /// Dumps the document.
    public func write(_ document: Document) -> WriteResult {
        WriteResult(output: TreeDump.render(document))
    }
}
