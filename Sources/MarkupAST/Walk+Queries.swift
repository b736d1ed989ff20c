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
        blocks.contains { $0.containsInline(where: predicate) }
    }

    /// Rewrites every block bottom-up (children first) with `transform`.
    ///
    /// ```swift
    /// let doc = Document([.heading(level: 1, [.text("Title")], .none)])
    /// let flat = doc.mapBlocks { block in
    ///     if case .heading(_, let xs, let a) = block { return .paragraph(xs, a) }
    ///     return block
    /// }
    /// flat.blocks  // [.paragraph([.text("Title")], .none)]
    /// ```
    public func mapBlocks(_ transform: (Block) -> Block) -> Document {
        withoutActuallyEscaping(transform) { transform in
            var rewrite = Rewrite(block: transform, inline: nil)
            return Document(rewrite.visit(blocks) ?? blocks, metadata: metadata)
        }
    }

    /// Rewrites every inline bottom-up (children first) with `transform`, in every block.
    public func mapInlines(_ transform: (Inline) -> Inline) -> Document {
        withoutActuallyEscaping(transform) { transform in
            var rewrite = Rewrite(block: nil, inline: transform)
            return Document(rewrite.visit(blocks) ?? blocks, metadata: metadata)
        }
    }

    /// Every node (blocks and inlines, pre-order) for which `predicate` holds.
    ///
    /// ```swift
    /// let doc = Document([.paragraph([.link([.text("a")], Link("/a"), .none)], .none)])
    /// doc.query { if case .inline(.link) = $0 { true } else { false } }.count  // 1
    /// ```
    public func query(_ predicate: (MarkupNode) -> Bool) -> [MarkupNode] {
        withoutActuallyEscaping(predicate) { predicate in
            var query = Query(predicate: predicate)
            _ = query.visit(blocks)
            return query.found
        }
    }
}

extension Block {
    /// The inline content of a block, for a writer that can put only inlines at some place: a
    /// paragraph's, plain block's or heading's inlines, a code block's text as inline code, and
    /// for any other block the inline content of its child blocks, one after another.
    package var flattenedInlines: [Inline] {
        switch self {
        case .paragraph(let xs, _), .plain(let xs, _), .heading(_, let xs, _): return xs
        case .codeBlock(_, let code, _): return [.code(code, .none)]
        default:
            var out: [Inline] = []
            for case .block(let b) in children { out += b.flattenedInlines }
            return out
        }
    }

    /// True when some inline inside this block satisfies `predicate` (as
    /// `Document.containsInline(where:)`, for one block): a walk in place that allocates
    /// nothing and stops at the first match.
    ///
    /// ```swift
    /// Block.paragraph([.rawInline(format: "html", "<b>")], .none)
    ///     .containsInline { if case .rawInline = $0 { true } else { false } }  // true
    /// ```
    public func containsInline(where predicate: (Inline) -> Bool) -> Bool {
        withoutActuallyEscaping(predicate) { predicate in
            var search = InlineSearch(predicate: predicate)
            _ = visitChildren(&search)
            return search.found
        }
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
        withoutActuallyEscaping(predicate) { predicate in
            var search = BlockSearch(predicate: predicate, depthLeft: maxDepth)
            search.check(self)
            return search.found
        }
    }

    /// The leaf blocks under `self` (containers opened: quotes, divs, footnote definitions,
    /// list items, definitions, whose terms become paragraphs), in order, without recursion:
    /// what writers render past their depth limits. Tables stay whole unless `openingTables`,
    /// which opens their caption and cells too.
    ///
    /// ```swift
    /// let a = Block.paragraph([.text("a")], .none)
    /// Block.blockQuote([.blockQuote([a], .none)], .none).leafBlocks()
    /// // [.paragraph([.text("a")], .none)]
    /// ```
    public func leafBlocks(openingTables: Bool = false) -> [Block] {
        var result: [Block] = []
        var stack: [Block] = [self]
        var children = ChildBlocks()
        while let block = stack.popLast() {
            var opens = block.holdsBlocks
            if case .table = block { opens = openingTables }
            guard opens else {
                result.append(block)
                continue
            }
            children.blocks.removeAll(keepingCapacity: true)
            _ = block.visitChildren(&children)
            stack.append(contentsOf: children.blocks.reversed())
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

/// Stops at the first inline that satisfies `predicate`.
private struct InlineSearch: MarkupVisitor {
    let predicate: (Inline) -> Bool
    var found = false
    mutating func visit(_ blocks: [Block]) -> [Block]? {
        for b in blocks {
            _ = b.visitChildren(&self)
            if found { break }
        }
        return nil
    }
    mutating func visit(_ inlines: [Inline]) -> [Inline]? {
        for x in inlines {
            if predicate(x) { found = true } else { _ = x.visitChildren(&self) }
            if found { break }
        }
        return nil
    }
}

/// Stops at the first block that satisfies `predicate`, `depthLeft` levels down at most.
private struct BlockSearch: MarkupVisitor {
    let predicate: (Block) -> Bool
    var depthLeft: Int
    var found = false
    mutating func check(_ block: Block) {
        if predicate(block) {
            found = true
        } else if depthLeft > 0 && block.holdsBlocks {
            depthLeft -= 1
            _ = block.visitChildren(&self)
            depthLeft += 1
        }
    }
    mutating func visit(_ blocks: [Block]) -> [Block]? {
        for b in blocks {
            check(b)
            if found { break }
        }
        return nil
    }
}

/// Applies `block` and `inline` bottom-up (a nil one: that kind is kept, and for inlines not
/// entered).
private struct Rewrite: MarkupVisitor {
    let block: ((Block) -> Block)?
    let inline: ((Inline) -> Inline)?
    mutating func visit(_ blocks: [Block]) -> [Block]? {
        blocks.map { b in
            let rebuilt = b.visitChildren(&self) ?? b
            return block?(rebuilt) ?? rebuilt
        }
    }
    mutating func visit(_ inlines: [Inline]) -> [Inline]? {
        guard let inline else { return nil }
        return inlines.map { inline($0.visitChildren(&self) ?? $0) }
    }
}

/// Collects matching nodes in pre-order.
private struct Query: MarkupVisitor {
    let predicate: (MarkupNode) -> Bool
    var found: [MarkupNode] = []
    mutating func visit(_ blocks: [Block]) -> [Block]? {
        for b in blocks {
            if predicate(.block(b)) { found.append(.block(b)) }
            _ = b.visitChildren(&self)
        }
        return nil
    }
    mutating func visit(_ inlines: [Inline]) -> [Inline]? {
        for x in inlines {
            if predicate(.inline(x)) { found.append(.inline(x)) }
            _ = x.visitChildren(&self)
        }
        return nil
    }
}

/// The child blocks of a container, definition terms as paragraphs.
private struct ChildBlocks: MarkupVisitor {
    var blocks: [Block] = []
    mutating func visit(_ bs: [Block]) -> [Block]? {
        blocks += bs
        return nil
    }
    mutating func visit(_ xs: [Inline]) -> [Inline]? {
        blocks.append(.paragraph(xs, .none))
        return nil
    }
}
