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
        guard let blocks = blocks(document.blocks, depth: 0) else { return document }
        var copy = document
        copy.blocks = blocks
        return copy
    }

    /// How deep containers are entered (deeper raw HTML stays raw).
    static let maxDepth = 256

    /// `blocks` with their raw HTML read, or nil when none holds any (nothing is copied).
    static func blocks(_ blocks: [Block], depth: Int) -> [Block]? {
        guard depth < maxDepth else { return nil }
        var out: [Block]?
        for (index, block) in blocks.enumerated() {
            guard let read = self.block(block, depth: depth) else {
                out?.append(block)
                continue
            }
            if out == nil { out = Array(blocks[..<index]) }
            out!.append(contentsOf: read)
        }
        return out
    }

    /// What `block` becomes once its raw HTML is read, or nil when it holds none.
    static func block(_ block: Block, depth: Int) -> [Block]? {
        switch block {
        case .rawBlock(let format, _):
            return isHTML(format) ? read([block]) : nil
        case .paragraph, .heading:
            return holdsRawHTML(block) ? read([block]) : nil
        case .plain(let xs, let a):
            guard holdsRawHTML(block) else { return nil }
            // (A list item's or cell's text: it stays `.plain` when it reads as one paragraph.)
            let read = read([.paragraph(xs, a)])
            if read.count == 1, case .paragraph(let ys, let b) = read[0] { return [.plain(ys, b)] }
            return read
        case .blockQuote(let bs, let a):
            return blocks(bs, depth: depth + 1).map { [.blockQuote($0, a)] }
        case .div(let bs, let a):
            return blocks(bs, depth: depth + 1).map { [.div($0, a)] }
        case .footnoteDefinition(let label, let bs, let a):
            return blocks(bs, depth: depth + 1).map { [.footnoteDefinition(label: label, $0, a)] }
        case .list(var list):
            var changed = false
            for i in list.items.indices {
                guard let read = blocks(list.items[i].blocks, depth: depth + 1) else { continue }
                list.items[i].blocks = read
                changed = true
            }
            return changed ? [.list(list)] : nil
        case .definitionList(var items, let a):
            var changed = false
            for i in items.indices {
                for j in items[i].definitions.indices {
                    guard let read = blocks(items[i].definitions[j], depth: depth + 1) else { continue }
                    items[i].definitions[j] = read
                    changed = true
                }
            }
            return changed ? [.definitionList(items, a)] : nil
        case .table(var table):
            var changed = false
            func rows(_ rows: inout [TableRow]) {
                for r in rows.indices {
                    for c in rows[r].cells.indices {
                        guard let read = blocks(rows[r].cells[c].blocks, depth: depth + 1) else { continue }
                        rows[r].cells[c].blocks = read
                        changed = true
                    }
                }
            }
            rows(&table.head)
            rows(&table.body)
            rows(&table.foot)
            return changed ? [.table(table)] : nil
        case .codeBlock, .thematicBreak:
            return nil
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
