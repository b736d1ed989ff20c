import MarkupAST

/// Reads BBCode into a `Document`.
///
/// Tags are case-insensitive and come from the `dialect`. Unknown tags and stray close tags
/// stay text; unclosed tags close at the end of their block (`parse.unclosed-tag`);
/// misnested formatting is closed and reopened; a blank line starts a paragraph, a single
/// newline is a line break. Nesting deeper than `maxDepth` is kept as text.
///
/// ```swift
/// let result = try BBCodeReader().read("[b]Bold[i]Both[/b]Italic[/i]")
/// // paragraph
/// //   strong
/// //     text "Bold"
/// //     emphasis
/// //       text "Both"
/// //   emphasis
/// //     text "Italic"
/// ```
public struct BBCodeReader: MarkupReader {
    /// The tag table and size scale.
    public var dialect: BBCodeDialect
    /// Whether bare `http://`, `https://`, `ftp://` and `www.` URLs in text become links.
    public var autolink: Bool
    /// The deepest tag nesting kept; deeper tags stay text (`parse.depth-limit`).
    public var maxDepth: Int

    /// Creates a phpBB reader with autolinking.
    public init() {
        self.init(dialect: .phpBB)
    }

    /// Creates a reader for `dialect`.
    ///
    /// ```swift
    /// BBCodeReader(dialect: .classic, autolink: false)
    /// ```
    public init(dialect: BBCodeDialect, autolink: Bool = true, maxDepth: Int = 512) {
        self.dialect = dialect
        self.autolink = autolink
        self.maxDepth = max(2, maxDepth)
    }

    /// Reads BBCode; throws only for an input of 4 GiB or more (token offsets are 32-bit).
    public func read(_ input: String) throws(ReadError) -> ReadResult {
        guard input.utf8.count < Int(UInt32.max) else {
            throw ReadError("BBCode input of 4 GiB or more is not supported")
        }
        var builder = BBCodeTreeBuilder(reader: self)
        // (The tokens and the tokenizer's arrays are freed before the lowering.)
        // The bytes are read in place, with the 0 that `withCString` puts after them (a
        // native string has it already: no copy of the input).
        let count = input.utf8.count
        let root = input.withCString { cString in
            cString.withMemoryRebound(to: UInt8.self, capacity: count + 1) { start in
                let bytes = UnsafeBufferPointer(start: start, count: count)
                var tokenizer = BBCodeTokenizer(dialect: dialect)
                tokenizer.tokenize(bytes)
                builder.diagnostics = tokenizer.diagnostics
                let root = builder.build(&tokenizer, bytes)
                tokenizer.deallocate()
                return root
            }
        }
        var lowering = BBCodeLowering(
            diagnostics: builder.diagnostics, blockLeaves: builder.blockLeaves,
            mayNeedNormalize: builder.mayNeedNormalize)
        let blocks = lowering.blocks(root.takeChildren(), compact: false)
        var diagnostics = lowering.diagnostics
        if diagnostics.count > 1 {
            diagnostics.sort { ($0.line ?? 0, $0.column ?? 0) < ($1.line ?? 0, $1.column ?? 0) }
        }
        // The lowering builds normalized blocks (see `BBCodeLowering`).
        return ReadResult(document: Document(blocks), diagnostics: diagnostics)
    }
}
