import MarkupAST

extension HTMLReader {
    /// `Normalize.blocks(blocks)`, rebuilding only the parts that change: normalizing is
    /// compositional (each block on its own, each inline list on its own) and the identity on
    /// normalized parts, and the lowering's tree is almost entirely normalized already.
    ///
    /// ```swift
    /// HTMLReader.normalized([.paragraph([.text("a"), .text("b")], .none)])
    /// // [.paragraph([.text("ab")], .none)]
    /// ```
    static func normalized(_ blocks: [Block]) -> [Block] {
        if isNormalized(blocks) { return blocks }
        var out: [Block] = []
        out.reserveCapacity(blocks.count)
        for block in blocks {
            let b = normalized(block)
            switch b {
            case .paragraph(let xs, let a) where xs.isEmpty && a.isEmpty: continue
            case .plain(let xs, let a) where xs.isEmpty && a.isEmpty: continue
            default: out.append(b)
            }
        }
        return out
    }

    /// One block normalized as `Normalize.blocks` does it (without the dropping of empty
    /// paragraphs, which the caller does).
    private static func normalized(_ block: Block) -> Block {
        switch block {
        case .paragraph(let xs, let a): return .paragraph(normalized(xs), a)
        case .plain(let xs, let a): return .plain(normalized(xs), a)
        case .heading(let l, let xs, let a): return .heading(level: l, normalized(xs), a)
        case .blockQuote(let bs, let a): return .blockQuote(normalized(bs), a)
        case .div(let bs, let a): return .div(normalized(bs), a)
        case .footnoteDefinition(let l, let bs, let a):
            return .footnoteDefinition(label: l, normalized(bs), a)
        case .list(var list):
            for i in list.items.indices where !isNormalized(list.items[i].blocks) {
                list.items[i].blocks = normalized(list.items[i].blocks)
            }
            return .list(list)
        case .definitionList(let items, let a):
            return .definitionList(
                items.map { item in
                    DefinitionItem(
                        term: normalized(item.term), definitions: item.definitions.map(normalized),
                        attributes: item.attributes)
                }, a)
        case .table(var table):
            table.caption = normalized(table.caption)
            func rows(_ rs: [TableRow]) -> [TableRow] {
                rs.map { r in
                    var r = r
                    for i in r.cells.indices where !isNormalized(r.cells[i].blocks) {
                        r.cells[i].blocks = normalized(r.cells[i].blocks)
                    }
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

    /// `Normalize.inlines(inlines)`, without a rebuild when nothing changes.
    static func normalized(_ inlines: [Inline]) -> [Inline] {
        isNormalized(inlines) ? inlines : Normalize.inlines(inlines)
    }

    /// Whether `Normalize.blocks` would return `blocks` unchanged: no empty text, no adjacent
    /// texts, no empty inline wrapper (other than links and images) without an id, no empty
    /// paragraph without attributes, at any depth. The lowering almost always produces such
    /// trees, so checking (no allocation) is much cheaper than rebuilding the tree.
    ///
    /// ```swift
    /// HTMLReader.isNormalized([.paragraph([.text("a"), .text("b")], .none)]) // false
    /// ```
    static func isNormalized(_ blocks: [Block]) -> Bool {
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
    static func isNormalized(_ inlines: [Inline]) -> Bool {
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
