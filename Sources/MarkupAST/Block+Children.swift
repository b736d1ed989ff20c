extension Block {
    /// The node's attributes (`.none` for `.rawBlock`).
    public var attributes: Attributes {
        switch self {
        case .paragraph(_, let a), .plain(_, let a), .heading(_, _, let a), .blockQuote(_, let a),
            .codeBlock(_, _, let a), .definitionList(_, let a), .thematicBreak(let a),
            .div(_, let a), .footnoteDefinition(_, _, let a):
            return a
        case .list(let list): return list.attributes
        case .table(let table): return table.attributes
        case .rawBlock: return .none
        }
    }

    /// Direct children, blocks and inlines, in document order.
    ///
    /// ```swift
    /// Block.blockQuote([.paragraph([.text("a")], .none)], .none).children.count // 1
    /// ```
    public var children: [MarkupNode] {
        var result: [MarkupNode] = []
        _ = mapChildren(
            block: { result.append(.block($0)); return $0 },
            inline: { result.append(.inline($0)); return $0 })
        return result
    }

    /// A copy whose direct child blocks and inlines are replaced by `block` and `inline`.
    ///
    /// The primitive every traversal builds on: it visits children in document order
    /// (list items, table cells, definitions, captions included) and rebuilds the node.
    public func mapChildren(
        block: (Block) -> Block, inline: (Inline) -> Inline
    ) -> Block {
        switch self {
        case .paragraph(let xs, let a): return .paragraph(xs.map(inline), a)
        case .plain(let xs, let a): return .plain(xs.map(inline), a)
        case .heading(let level, let xs, let a): return .heading(level: level, xs.map(inline), a)
        case .blockQuote(let bs, let a): return .blockQuote(bs.map(block), a)
        case .codeBlock, .rawBlock, .thematicBreak: return self
        case .list(var list):
            list.items = list.items.map { item in
                var item = item
                item.blocks = item.blocks.map(block)
                return item
            }
            return .list(list)
        case .definitionList(let items, let a):
            return .definitionList(
                items.map { item in
                    var item = item
                    item.term = item.term.map(inline)
                    item.definitions = item.definitions.map { $0.map(block) }
                    return item
                }, a)
        case .table(var table):
            table.caption = table.caption.map(block)
            func rows(_ rows: [TableRow]) -> [TableRow] {
                rows.map { row in
                    var row = row
                    row.cells = row.cells.map { cell in
                        var cell = cell
                        cell.blocks = cell.blocks.map(block)
                        return cell
                    }
                    return row
                }
            }
            table.head = rows(table.head)
            table.body = rows(table.body)
            table.foot = rows(table.foot)
            return .table(table)
        case .div(let bs, let a): return .div(bs.map(block), a)
        case .footnoteDefinition(let label, let bs, let a):
            return .footnoteDefinition(label: label, bs.map(block), a)
        }
    }
}

/// Either kind of node, for generic walks and queries.
public enum MarkupNode: Hashable, Sendable {
    case block(Block)
    case inline(Inline)
}
