/// The canonical form readers return and round-trip checks compare.
///
/// Merges adjacent `.text` runs, removes empty text, drops empty inline wrappers (emphasis,
/// strong, span ... with no children and no id) and empty paragraphs.
///
/// ```swift
/// Normalize.inlines([.text("a"), .text("b"), .strong([], .none)]) // [.text("ab")]
/// ```
public enum Normalize {
    /// Normalizes a whole document.
    public static func document(_ document: Document) -> Document {
        var copy = document
        copy.blocks = blocks(document.blocks)
        return copy
    }

    /// Normalizes a block list (recursively).
    public static func blocks(_ blocks: [Block]) -> [Block] {
        var out: [Block] = []
        out.reserveCapacity(blocks.count)
        for block in blocks {
            let b = block.mapChildren(block: { $0 }, inline: { $0 })
            let normalized = normalizeBlock(b)
            switch normalized {
            case .paragraph(let xs, let a) where xs.isEmpty && a.isEmpty: continue
            case .plain(let xs, let a) where xs.isEmpty && a.isEmpty: continue
            default: out.append(normalized)
            }
        }
        return out
    }

    private static func normalizeBlock(_ block: Block) -> Block {
        switch block {
        case .paragraph(let xs, let a): return .paragraph(inlines(xs), a)
        case .plain(let xs, let a): return .plain(inlines(xs), a)
        case .heading(let l, let xs, let a): return .heading(level: l, inlines(xs), a)
        case .blockQuote(let bs, let a): return .blockQuote(blocks(bs), a)
        case .div(let bs, let a): return .div(blocks(bs), a)
        case .footnoteDefinition(let l, let bs, let a):
            return .footnoteDefinition(label: l, blocks(bs), a)
        case .list(var list):
            for i in list.items.indices { list.items[i].blocks = blocks(list.items[i].blocks) }
            return .list(list)
        case .definitionList(let items, let a):
            return .definitionList(
                items.map { item in
                    DefinitionItem(
                        term: inlines(item.term), definitions: item.definitions.map(blocks),
                        attributes: item.attributes)
                }, a)
        case .table(var table):
            table.caption = blocks(table.caption)
            func rows(_ rs: [TableRow]) -> [TableRow] {
                rs.map { r in
                    var r = r
                    for i in r.cells.indices { r.cells[i].blocks = blocks(r.cells[i].blocks) }
                    return r
                }
            }
            table.head = rows(table.head)
            table.body = rows(table.body)
            table.foot = rows(table.foot)
            return .table(table)
        case .codeBlock, .rawBlock, .thematicBreak: return block
        }
    }

    /// Normalizes an inline list (recursively).
    public static func inlines(_ inlines: [Inline]) -> [Inline] {
        var out: [Inline] = []
        out.reserveCapacity(inlines.count)
        for inline in inlines {
            var node = inline
            if node.isContainer {
                node = node.withChildren(Normalize.inlines(node.children))
                switch node {
                case .link, .image: break
                default:
                    if node.children.isEmpty && node.attributes.id.isEmpty { continue }
                }
            }
            if case .text(let s) = node {
                if s.isEmpty { continue }
                if case .text(let previous)? = out.last {
                    out[out.count - 1] = .text(previous + s)
                    continue
                }
            }
            out.append(node)
        }
        return out
    }
}
