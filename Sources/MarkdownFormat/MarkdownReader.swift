import MarkupAST

#if CMarkGFM
    import CCmarkGFM
#endif

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
/// (as cmark-gfm orders them). With the `frontmatter` extension a leading YAML block is read
/// into `Document.metadata` (``FrontMatter``). Nesting deeper than `maxDepth` is flattened into the deepest
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

    /// Reads Markdown; never throws (every input is valid Markdown) when the package is built
    /// with its `CMarkGFM` trait (the default), always throws without it.
    ///
    /// ```swift
    /// try MarkdownReader().read("*a*").document.blocks
    /// // [.paragraph([.emphasis([.text("a")], .none)], .none)]
    /// ```
    public func read(_ input: String) throws(ReadError) -> ReadResult {
        #if CMarkGFM
            let maxDepth = maxDepth
            // Front matter is read here; cmark-gfm sees blank lines in its place.
            let front = extensions.contains(.frontmatter) ? FrontMatter.read(input) : nil
            let skipping = (front?.byteCount ?? 0, front?.lineCount ?? 0)
            return Self.CmarkParsing.withDocument(input, extensions: extensions, skipping: skipping)
            {
                root in
                var builder = TreeBuilder(maxDepth: maxDepth)
                var document = builder.build(root)
                // The builder emits the normalized form directly (see `TreeBuilder`).
                var diagnostics = (front?.diagnostics ?? []) + builder.diagnostics
                if let front { document.metadata = front.metadata }
                let nuls = Self.nulCount(input)
                if nuls > 0 {
                    let places = nuls == 1 ? "1 place" : "\(nuls) places"
                    diagnostics.insert(
                        Diagnostic(.warning, .inputNUL, "NUL replaced with U+FFFD (\(places))"),
                        at: 0)
                }
                return ReadResult(document: document, diagnostics: diagnostics)
            }
        #else
            throw ReadError(Self.unavailableMessage)
        #endif
    }

    /// Whether this build reads Markdown: the package was built with its `CMarkGFM` trait
    /// (on by default), which links the cmark-gfm C library.
    ///
    /// ```swift
    /// MarkdownReader.isAvailable // true in a default build
    /// ```
    public static var isAvailable: Bool {
        #if CMarkGFM
            true
        #else
            false
        #endif
    }

    /// What reading Markdown without the `CMarkGFM` trait says.
    public static let unavailableMessage =
        "Markdown input needs the mconv package trait 'CMarkGFM' (cmark-gfm), which this build "
        + "leaves out: enable it (it is on by default; `traits: [\"CMarkGFM\"]` on the "
        + "package dependency) and install cmark-gfm (brew install cmark-gfm; apt-get install "
        + "libcmark-gfm-dev libcmark-gfm-extensions-dev)"

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
