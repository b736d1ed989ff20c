extension Document {
    /// True when some inline anywhere in the document (inside every kind of block, table cell,
    /// list item, definition and link text) satisfies `predicate`. Walks the tree in place,
    /// allocating nothing, and stops at the first match: the cheap test before a rewrite pass.
    ///
    /// ```swift
    /// let doc = Document([.paragraph([.text("a"), .strong([.text("b")], .none)], .none)])
    /// doc.containsInline { if case .strong = $0 { true } else { false } }  // true
    /// ```
    public func containsInline(where predicate: (Inline) -> Bool) -> Bool {
        for block in blocks where Document.block(block, containsInline: predicate) { return true }
        return false
    }

    static func block(_ block: Block, containsInline predicate: (Inline) -> Bool) -> Bool {
        func blocks(_ xs: [Block]) -> Bool {
            for x in xs where Document.block(x, containsInline: predicate) { return true }
            return false
        }
        func inlines(_ xs: [Inline]) -> Bool {
            for x in xs where Document.inline(x, contains: predicate) { return true }
            return false
        }
        switch block {
        case .paragraph(let xs, _), .plain(let xs, _), .heading(_, let xs, _): return inlines(xs)
        case .blockQuote(let bs, _), .div(let bs, _), .footnoteDefinition(_, let bs, _): return blocks(bs)
        case .codeBlock, .rawBlock, .thematicBreak: return false
        case .list(let list):
            for item in list.items where blocks(item.blocks) { return true }
            return false
        case .definitionList(let items, _):
            for item in items {
                if inlines(item.term) { return true }
                for definition in item.definitions where blocks(definition) { return true }
            }
            return false
        case .table(let table):
            if blocks(table.caption) { return true }
            for rows in [table.head, table.body, table.foot] {
                for row in rows {
                    for cell in row.cells where blocks(cell.blocks) { return true }
                }
            }
            return false
        }
    }

    static func inline(_ inline: Inline, contains predicate: (Inline) -> Bool) -> Bool {
        if predicate(inline) { return true }
        switch inline {
        case .text, .softBreak, .lineBreak, .code, .rawInline, .footnoteReference: return false
        case .emphasis(let xs, _), .strong(let xs, _), .strikethrough(let xs, _), .underline(let xs, _),
            .sup(let xs, _), .sub(let xs, _), .highlight(let xs, _), .span(let xs, _),
            .link(let xs, _, _), .image(let xs, _, _):
            for x in xs where Document.inline(x, contains: predicate) { return true }
            return false
        }
    }
}
