extension Block {
    /// The leaf blocks under `self` (containers opened: quotes, divs, footnote definitions,
    /// list items, definitions, whose terms become paragraphs), in order, without recursion:
    /// what writers render past their depth limits. Tables stay whole unless `openingTables`,
    /// which opens their caption and cells too.
    ///
    /// ```swift
    /// Block.blockQuote([.blockQuote([.paragraph([.text("a")], .none)], .none)], .none).leafBlocks()
    /// // [.paragraph([.text("a")], .none)]
    /// ```
    public func leafBlocks(openingTables: Bool = false) -> [Block] {
        var result: [Block] = []
        var stack: [Block] = [self]
        while let block = stack.popLast() {
            switch block {
            case .blockQuote(let bs, _), .div(let bs, _), .footnoteDefinition(_, let bs, _):
                stack.append(contentsOf: bs.reversed())
            case .list(let list):
                for item in list.items.reversed() { stack.append(contentsOf: item.blocks.reversed()) }
            case .definitionList(let items, _):
                for item in items.reversed() {
                    for d in item.definitions.reversed() { stack.append(contentsOf: d.reversed()) }
                    stack.append(.paragraph(item.term, .none))
                }
            case .table(let table) where openingTables:
                for row in table.allRows.reversed() {
                    for cell in row.cells.reversed() { stack.append(contentsOf: cell.blocks.reversed()) }
                }
                stack.append(contentsOf: table.caption.reversed())
            case .paragraph, .plain, .heading, .codeBlock, .rawBlock, .table, .thematicBreak:
                result.append(block)
            }
        }
        return result
    }
}

extension Inline {
    /// The leaf inlines under `self` (containers opened; images as their description),
    /// in order, without recursion.
    ///
    /// ```swift
    /// Inline.strong([.emphasis([.text("a")], .none), .lineBreak], .none).leafInlines
    /// // [.text("a"), .lineBreak]
    /// ```
    public var leafInlines: [Inline] {
        var result: [Inline] = []
        var stack: [Inline] = [self]
        while let inline = stack.popLast() {
            if inline.isContainer {
                stack.append(contentsOf: inline.children.reversed())
            } else {
                result.append(inline)
            }
        }
        return result
    }
}
