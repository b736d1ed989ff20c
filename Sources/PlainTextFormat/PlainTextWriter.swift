import MarkupAST

/// Options of `PlainTextWriter`.
///
/// ```swift
/// PlainTextWriterOptions(columns: 60) // wrap paragraphs at 60 columns
/// ```
public struct PlainTextWriterOptions: Hashable, Sendable {
    /// Wrap paragraphs at this many columns, or nil for no wrapping (soft breaks stay
    /// line breaks).
    public var columns: Int?
    /// Creates options.
    public init(columns: Int? = nil) { self.columns = columns }
}

/// Writes readable plain text: the markup is stripped, the structure stays visible.
///
/// Blocks are separated by a blank line; bullets are `•` (nested `◦`, then `▪`), ordered items
/// keep their numbers, nested content is indented under its marker, table cells are
/// tab-separated one row per line, links are their text, images their alt text, code blocks
/// are copied as they are. For an HTML-sourced document this is a stripper close to a
/// browser's `innerText`, list markers and table cells included.
///
/// ```swift
/// let doc = Document([.paragraph([.text("See "), .link([.text("docs")], Link("/d"), .none)], .none),
///                     .list(ListBlock(kind: .bullet, items: [ListItem([.plain([.text("a")], .none)])]))])
/// PlainTextWriter().write(doc).output // "See docs\n\n• a\n"
/// ```
public struct PlainTextWriter: MarkupWriter {
    /// The options.
    public var options: PlainTextWriterOptions

    /// Creates a writer.
    public init(options: PlainTextWriterOptions = PlainTextWriterOptions()) {
        self.options = options
    }

    /// Writes text; the output ends with one newline unless it is empty.
    public func write(_ document: Document) -> WriteResult {
        let renderer = Renderer(columns: options.columns)
        renderer.renderBlocks(document.blocks, tight: false, listLevel: 0)
        return WriteResult(output: renderer.out, diagnostics: renderer.diagnostics)
    }
}
