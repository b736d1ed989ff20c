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

    /// Normalizes a block list (recursively); returns `blocks` itself when it is already
    /// normalized.
    public static func blocks(_ blocks: [Block]) -> [Block] {
        if isNormalized(blocks) { return blocks }
        var out: [Block] = []
        out.reserveCapacity(blocks.count)
        for block in blocks {
            let normalized = normalizeBlock(block)
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

    /// Normalizes an inline list (recursively); returns `inlines` itself when it is already
    /// normalized.
    public static func inlines(_ inlines: [Inline]) -> [Inline] {
        if isNormalized(inlines) { return inlines }
        var out: [Inline] = []
        out.reserveCapacity(inlines.count)
        // Adjacent texts are joined in one growing String (appending in place keeps a long run
        // of pieces linear; rebuilding `previous + s` per piece would be quadratic).
        var pending = ""
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
                pending += s
                continue
            }
            if !pending.isEmpty {
                out.append(.text(pending))
                pending = ""
            }
            out.append(node)
        }
        if !pending.isEmpty { out.append(.text(pending)) }
        return out
    }

    /// Whether `Normalize.blocks` would return `blocks` unchanged: no empty text, no adjacent
    /// texts, no empty inline wrapper (other than links and images) without an id, no empty
    /// paragraph without attributes, at any depth. Readers almost always produce such trees,
    /// so checking (no allocation) is much cheaper than rebuilding; `blocks` and `inlines`
    /// check first and return their input when it is already normalized.
    ///
    /// ```swift
    /// Normalize.isNormalized([.paragraph([.text("a"), .text("b")], .none)]) // false
    /// ```
    public static func isNormalized(_ blocks: [Block]) -> Bool {
        for block in blocks {
            switch block {
            case .paragraph(let xs, let a), .plain(let xs, let a):
                if xs.isEmpty && a.isEmpty { return false }
                if !isNormalized(xs) { return false }
            case .heading(_, let xs, _):
                if !isNormalized(xs) { return false }
            case .blockQuote(let bs, _), .div(let bs, _), .footnoteDefinition(_, let bs, _):
                if !isNormalized(bs) { return false }
            case .list(let list):
                for item in list.items where !isNormalized(item.blocks) { return false }
            case .definitionList(let items, _):
                for item in items {
                    if !isNormalized(item.term) { return false }
                    for definition in item.definitions where !isNormalized(definition) {
                        return false
                    }
                }
            case .table(let table):
                if !isNormalized(table.caption) { return false }
                for rows in [table.head, table.body, table.foot] {
                    for row in rows {
                        for cell in row.cells where !isNormalized(cell.blocks) { return false }
                    }
                }
            case .codeBlock, .rawBlock, .thematicBreak:
                continue
            }
        }
        return true
    }

    /// Whether `Normalize.inlines` would return `inlines` unchanged.
    public static func isNormalized(_ inlines: [Inline]) -> Bool {
        var previousIsText = false
        for inline in inlines {
            switch inline {
            case .text(let s):
                if s.isEmpty || previousIsText { return false }
                previousIsText = true
                continue
            case .link(let xs, _, _), .image(let xs, _, _):
                if !isNormalized(xs) { return false }
            case .emphasis(let xs, let a), .strong(let xs, let a), .strikethrough(let xs, let a),
                .underline(let xs, let a), .sup(let xs, let a), .sub(let xs, let a),
                .highlight(let xs, let a), .span(let xs, let a):
                if xs.isEmpty && a.id.isEmpty { return false }
                if !isNormalized(xs) { return false }
            case .softBreak, .lineBreak, .code, .rawInline, .footnoteReference:
                break
            }
            previousIsText = false
        }
        return true
    }
}
