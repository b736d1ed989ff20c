import CCmarkGFM
import MarkupAST

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads CommonMark / GFM through cmark-gfm into a `Document`.
///
/// The text is parsed by libcmark-gfm with the selected syntax extensions, then the cmark tree
/// is walked with `cmark_iter` (no recursion) and lowered to the AST: tight list paragraphs
/// become `.plain`, raw HTML becomes `.rawBlock(format: "html", ...)` / `.rawInline`, table
/// rows become `Table.head` / `Table.body` with one `.plain` per cell, footnote references
/// carry the label of their definition, and the definitions come last in reference order
/// (as cmark-gfm orders them). Nesting deeper than `maxDepth` is flattened into the deepest
/// allowed container with a `parse.depth-limit` diagnostic.
///
/// ```swift
/// let result = try MarkdownReader().read("# Hi\n\n- [x] done\n")
/// result.document.blocks
/// // [.heading(level: 1, [.text("Hi")], .none),
/// //  .list(ListBlock(kind: .bullet, items: [ListItem([.plain([.text("done")], .none)], task: true)]))]
/// ```
public struct MarkdownReader: MarkupReader {
    /// The syntax extensions to enable (`.smart` turns on smart punctuation).
    public var extensions: MarkdownExtensions
    /// The deepest container nesting kept; deeper containers are flattened (default 512).
    public var maxDepth: Int

    /// Creates a reader; GFM extensions by default.
    ///
    /// ```swift
    /// MarkdownReader(extensions: [.table, .footnotes])
    /// ```
    public init(extensions: MarkdownExtensions = .gfm, maxDepth: Int = 512) {
        self.extensions = extensions
        self.maxDepth = max(2, maxDepth)
    }

    /// Reads Markdown; never throws (every input is valid Markdown).
    ///
    /// ```swift
    /// try MarkdownReader().read("*a*").document.blocks
    /// // [.paragraph([.emphasis([.text("a")], .none)], .none)]
    /// ```
    public func read(_ input: String) throws(ReadError) -> ReadResult {
        let maxDepth = maxDepth
        return Self.CmarkParsing.withDocument(input, extensions: extensions) { root in
            var builder = TreeBuilder(maxDepth: maxDepth)
            let document = builder.build(root)
            // The builder emits the normalized form directly (see `TreeBuilder`).
            var diagnostics = builder.diagnostics
            let nuls = Self.nulCount(input)
            if nuls > 0 {
                let places = nuls == 1 ? "1 place" : "\(nuls) places"
                diagnostics.insert(
                    Diagnostic(.warning, .inputNUL, "NUL replaced with U+FFFD (\(places))"), at: 0)
            }
            return ReadResult(document: document, diagnostics: diagnostics)
        }
    }

    /// How many NUL characters `text` holds (cmark-gfm reads each as U+FFFD).
    static func nulCount(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            guard var p = bytes.baseAddress.map(UnsafeRawPointer.init) else { return 0 }
            let end = p + bytes.count
            var count = 0
            while p < end, let found = memchr(p, 0, end - p) {
                count += 1
                p = UnsafeRawPointer(found) + 1
            }
            return count
        }
    }
}
