import HTMLFormat
import MarkupAST

/// Reads the raw HTML a document holds (Markdown's HTML blocks and inline tags) into nodes,
/// for targets that would otherwise drop it (BBCode, range JSON, plain text, styled text).
///
/// Each block that is raw HTML or holds raw HTML inlines is written as HTML (the raw pieces
/// as they are) and read back with `HTMLReader` as a fragment, which also applies its safety
/// rules (scripts and styles stay raw, and their writers drop them with a diagnostic). Every
/// other block is kept as it is; containers (quotes, list items, cells, divs) are entered.
///
/// ```swift
/// let doc = try MarkdownReader().read("H<sub>2</sub>O").document
/// // paragraph [text "H", raw "<sub>", text "2", raw "</sub>", text "O"]
/// ReadRawHTML.apply(to: doc)
/// // paragraph [text "H", sub [text "2"], text "O"]
/// ```
public enum ReadRawHTML {
    /// `document` with its raw HTML read.
    public static func apply(to document: Document) -> Document {
        var walk = Walk()
        guard let blocks = walk.visit(document.blocks) else { return document }
        var copy = document
        copy.blocks = blocks
        return copy
    }

    /// How deep containers are entered (deeper raw HTML stays raw).
    static let maxDepth = 256

    /// Reads the raw HTML in block lists, entering containers (not table captions) down to
    /// `maxDepth`; a list is copied from its first changed block only.
    private struct Walk: MarkupVisitor {
        static var visitsParts: Bool { true }
        var depth = 0
        /// Whether each part entered is a caption, innermost last.
        var captions: [Bool] = []

        mutating func visit(_ blocks: [Block]) -> [Block]? {
            guard depth < maxDepth, captions.last != true else { return nil }
            return blocks.spliced { self.block($0) }
        }

        mutating func enter(_ part: BlockPart) { captions.append(part == .caption) }
        mutating func leave() { captions.removeLast() }

        /// What `block` becomes once its raw HTML is read, or nil when it holds none.
        mutating func block(_ block: Block) -> [Block]? {
            switch block {
            case .rawBlock(let format, _):
                return isHTML(format) ? read([block]) : nil
            case .paragraph, .heading:
                return holdsRawHTML(block) ? read([block]) : nil
            case .plain(let xs, let a):
                guard holdsRawHTML(block) else { return nil }
                // (A list item's or cell's text: it stays `.plain` when it reads as one
                // paragraph.)
                let read = read([.paragraph(xs, a)])
                guard read.count == 1, case .paragraph(let ys, let b) = read[0] else { return read }
                return [.plain(ys, b)]
            case .codeBlock, .thematicBreak:
                return nil
            case .blockQuote, .div, .footnoteDefinition, .list, .definitionList, .table:
                depth += 1
                defer { depth -= 1 }
                return block.visitChildren(&self).map { [$0] }
            }
        }
    }

    /// `blocks` written as HTML with their raw pieces and read back as a fragment.
    static func read(_ blocks: [Block]) -> [Block] {
        let html = HTMLWriter(options: HTMLWriterOptions(unsafe: true, tagfilter: false))
            .write(Document(blocks)).output
        let options = HTMLReaderOptions(mode: .fragment)
        guard let read = try? HTMLReader(options: options).read(html) else { return blocks }
        return read.document.blocks
    }

    /// Whether the inlines of a paragraph, heading or `.plain` hold raw HTML.
    static func holdsRawHTML(_ block: Block) -> Bool {
        block.containsInline { if case .rawInline(let f, _) = $0 { isHTML(f) } else { false } }
    }

    static func isHTML(_ format: String) -> Bool { format.lowercased() == "html" }
}
