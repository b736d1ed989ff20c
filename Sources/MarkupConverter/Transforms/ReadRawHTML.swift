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
/// // Markdown: "H<sub>2</sub>O" is paragraph [text "H", raw "<sub>", text "2", raw "</sub>", text "O"]
/// ReadRawHTML.apply(to: doc)
/// // paragraph [text "H", sub [text "2"], text "O"]
/// ```
public enum ReadRawHTML {
    /// `document` with its raw HTML read.
    public static func apply(to document: Document) -> Document {
        guard document.blocks.contains(where: holdsRawHTML) else { return document }
        var copy = document
        copy.blocks = blocks(document.blocks, depth: 0)
        return copy
    }

    /// How deep containers are entered (deeper raw HTML stays raw).
    static let maxDepth = 256

    static func blocks(_ blocks: [Block], depth: Int) -> [Block] {
        guard depth < maxDepth, blocks.contains(where: holdsRawHTML) else { return blocks }
        var out: [Block] = []
        out.reserveCapacity(blocks.count)
        for block in blocks {
            guard holdsRawHTML(block) else {
                out.append(block)
                continue
            }
            switch block {
            case .rawBlock:
                out += read([block])
            case .paragraph, .heading:
                out += read([block])
            case .plain(let xs, let a):
                // (A list item's or cell's text: it stays `.plain` when it reads as one
                // paragraph.)
                let read = read([.paragraph(xs, a)])
                if read.count == 1, case .paragraph(let ys, let b) = read[0] {
                    out.append(.plain(ys, b))
                } else {
                    out += read
                }
            case .blockQuote(let bs, let a):
                out.append(.blockQuote(self.blocks(bs, depth: depth + 1), a))
            case .list(var list):
                for i in list.items.indices {
                    list.items[i].blocks = self.blocks(list.items[i].blocks, depth: depth + 1)
                }
                out.append(.list(list))
            case .definitionList(var items, let a):
                for i in items.indices {
                    items[i].definitions = items[i].definitions.map {
                        self.blocks($0, depth: depth + 1)
                    }
                }
                out.append(.definitionList(items, a))
            case .table(var table):
                func rows(_ rows: [TableRow]) -> [TableRow] {
                    rows.map { row in
                        var row = row
                        for i in row.cells.indices {
                            row.cells[i].blocks = self.blocks(row.cells[i].blocks, depth: depth + 1)
                        }
                        return row
                    }
                }
                table.head = rows(table.head)
                table.body = rows(table.body)
                table.foot = rows(table.foot)
                out.append(.table(table))
            case .div(let bs, let a):
                out.append(.div(self.blocks(bs, depth: depth + 1), a))
            case .footnoteDefinition(let label, let bs, let a):
                out.append(.footnoteDefinition(label: label, self.blocks(bs, depth: depth + 1), a))
            case .codeBlock, .thematicBreak:
                out.append(block)
            }
        }
        return out
    }

    /// `blocks` written as HTML with their raw pieces and read back as a fragment.
    static func read(_ blocks: [Block]) -> [Block] {
        let html = HTMLWriter(options: HTMLWriterOptions(unsafe: true, tagfilter: false))
            .write(Document(blocks)).output
        var options = HTMLReaderOptions(mode: .fragment)
        options.parallelThreshold = nil
        guard let read = try? HTMLReader(options: options).read(html) else { return blocks }
        return read.document.blocks
    }

    /// Whether `block` is raw HTML or holds some (in its inlines or in its blocks).
    static func holdsRawHTML(_ block: Block) -> Bool {
        switch block {
        case .rawBlock(let format, _):
            return isHTML(format)
        case .paragraph(let xs, _), .plain(let xs, _), .heading(_, let xs, _):
            return xs.contains(where: holdsRawHTML)
        case .blockQuote(let bs, _), .div(let bs, _), .footnoteDefinition(_, let bs, _):
            return bs.contains(where: holdsRawHTML)
        case .list(let list):
            return list.items.contains { $0.blocks.contains(where: holdsRawHTML) }
        case .definitionList(let items, _):
            return items.contains { $0.definitions.contains { $0.contains(where: holdsRawHTML) } }
        case .table(let table):
            return (table.head + table.body + table.foot).contains {
                $0.cells.contains { $0.blocks.contains(where: holdsRawHTML) }
            }
        case .codeBlock, .thematicBreak:
            return false
        }
    }

    static func holdsRawHTML(_ inline: Inline) -> Bool {
        if case .rawInline(let format, _) = inline { return isHTML(format) }
        return inline.isContainer && inline.children.contains(where: holdsRawHTML)
    }

    static func isHTML(_ format: String) -> Bool { format.lowercased() == "html" }
}
