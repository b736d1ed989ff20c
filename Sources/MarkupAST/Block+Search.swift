extension Block {
    /// True when some inline inside this block satisfies `predicate` (as
    /// `Document.containsInline(where:)`, for one block): a walk in place that allocates
    /// nothing and stops at the first match.
    ///
    /// ```swift
    /// Block.paragraph([.rawInline(format: "html", "<b>")], .none)
    ///     .containsInline { if case .rawInline = $0 { true } else { false } }  // true
    /// ```
    public func containsInline(where predicate: (Inline) -> Bool) -> Bool {
        Document.block(self, containsInline: predicate)
    }

    /// True when this block or one inside it (quotes, list items, cells, definitions,
    /// captions, divs, footnotes), no deeper than `maxDepth` levels below it, satisfies
    /// `predicate`: a walk in place that allocates nothing and stops at the first match.
    ///
    /// ```swift
    /// Block.blockQuote([.thematicBreak(.none)], .none)
    ///     .containsBlock { if case .thematicBreak = $0 { true } else { false } }  // true
    /// ```
    public func containsBlock(maxDepth: Int = .max, where predicate: (Block) -> Bool) -> Bool {
        if predicate(self) { return true }
        guard maxDepth > 0 else { return false }
        func any(_ blocks: [Block]) -> Bool {
            for b in blocks where b.containsBlock(maxDepth: maxDepth - 1, where: predicate) { return true }
            return false
        }
        switch self {
        case .paragraph, .plain, .heading, .codeBlock, .rawBlock, .thematicBreak: return false
        case .blockQuote(let bs, _), .div(let bs, _), .footnoteDefinition(_, let bs, _): return any(bs)
        case .list(let list):
            for item in list.items where any(item.blocks) { return true }
            return false
        case .definitionList(let items, _):
            for item in items {
                for definition in item.definitions where any(definition) { return true }
            }
            return false
        case .table(let table):
            if any(table.caption) { return true }
            for rows in [table.head, table.body, table.foot] {
                for row in rows {
                    for cell in row.cells where any(cell.blocks) { return true }
                }
            }
            return false
        }
    }
}
