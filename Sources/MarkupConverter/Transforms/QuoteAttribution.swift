import MarkupAST

/// Shows who is quoted: a block quote with an `author` (a BBCode `[quote="Al"]`) gets a first
/// paragraph such as "**Al** wrote:", for outputs that have no place for the author
/// (Markdown, plain and ANSI text, styled runs, range JSON); the `author` pair goes, the quote's
/// other attributes stay. With `keepsAuthor` (HTML output, which keeps the author as data for
/// the way back) the pair stays and the name is a `cite` span: "<cite>Al</cite> wrote:", the
/// paragraph the HTML reader recognises and leaves out when it reads the quote back.
///
/// `template` holds `%@` where the author goes (without one, the author follows the text); its
/// other text is written as it is, so an app can localise it. Quotes inside quotes get theirs
/// too. The CLI's `--quote-attribution TEMPLATE` sets it (`""` turns the transform off).
///
/// ```swift
/// var quote = Attributes(tag: "quote")
/// quote.set("author", "Al")
/// let doc = Document([.blockQuote([.paragraph([.text("hi")], .none)], quote)])
/// // blockquote {<quote> author="Al"} [paragraph "hi"]
/// QuoteAttribution(template: "%@ wrote:").apply(to: doc)
/// // blockquote {<quote>} [paragraph [strong "Al", text " wrote:"], paragraph "hi"]
/// ```
public struct QuoteAttribution: Sendable {
    /// The attribution with `%@` for the author.
    public var template: String
    /// Whether the quote keeps its `author` pair, the name written as a `cite` span.
    public var keepsAuthor: Bool

    /// The default template, "%@ wrote:" (as phpBB shows quotes).
    public static let defaultTemplate = "%@ wrote:"

    /// Creates the transform for `template` (`%@` stands for the author).
    public init(template: String = QuoteAttribution.defaultTemplate, keepsAuthor: Bool = false) {
        self.template = template
        self.keepsAuthor = keepsAuthor
    }

    /// `document` with an attribution paragraph at the start of each quote with an author.
    public func apply(to document: Document) -> Document {
        // (A read-only walk over the blocks first: most documents have no such quote, and
        // then nothing is copied.)
        var search = Search()
        _ = search.visit(document.blocks)
        guard search.found else { return document }
        var copy = document
        copy.blocks = document.blocks.map { block($0, depth: 0) }
        return copy
    }

    /// How deep containers are entered.
    static let maxDepth = 1_024

    /// Whether `block` is a quote with an author.
    static func isAuthored(_ block: Block) -> Bool {
        guard case .blockQuote(_, let a) = block, let author = a.value(of: "author") else {
            return false
        }
        return !author.isEmpty
    }

    /// Looks for a quote with an author, `maxDepth` levels down at most. (Its own visitor,
    /// not `containsBlock(where:)`: a predicate the walk cannot see into made it copy every
    /// block, retaining all it holds, to hand it over.)
    private struct Search: MarkupVisitor {
        var depthLeft = QuoteAttribution.maxDepth
        var found = false
        mutating func visit(_ blocks: [Block]) -> [Block]? {
            for i in blocks.indices where !found {
                if QuoteAttribution.isAuthored(blocks[i]) {
                    found = true
                } else if depthLeft > 0 && blocks[i].holdsBlocks {
                    depthLeft -= 1
                    _ = blocks[i].visitChildren(&self)
                    depthLeft += 1
                }
            }
            return nil
        }
    }

    /// `block` with its quotes (and those inside it) attributed.
    func block(_ block: Block, depth: Int) -> Block {
        switch block {
        case .paragraph, .plain, .heading, .codeBlock, .rawBlock, .thematicBreak: return block
        default: break
        }
        guard depth < Self.maxDepth else { return block }
        let mapped = block.mapChildren(block: { self.block($0, depth: depth + 1) }, inline: { $0 })
        guard Self.isAuthored(mapped), case .blockQuote(var blocks, var a) = mapped,
            let author = a.value(of: "author")
        else { return mapped }
        if !keepsAuthor { a.pairs.removeAll { $0.name == "author" } }
        blocks.insert(.paragraph(attribution(author), .none), at: 0)
        return .blockQuote(blocks, a)
    }

    /// The template's text around a strong author name.
    func attribution(_ author: String) -> [Inline] {
        // (No place for the author: after the text.)
        let (before, after) =
            template.range(of: "%@").map {
                (String(template[..<$0.lowerBound]), String(template[$0.upperBound...]))
            } ?? (template.isEmpty ? "" : template + " ", "")
        let name: Inline =
            keepsAuthor
            ? .span([.text(author)], Attributes(tag: "cite")) : .strong([.text(author)], .none)
        let parts: [Inline] = [.text(before), name, .text(after)]
        return parts.filter { $0 != .text("") }
    }
}
