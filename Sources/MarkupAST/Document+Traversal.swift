extension Document {
    /// Rewrites every block bottom-up (children first) with `transform`.
    ///
    /// ```swift
    /// let doc = Document([.heading(level: 1, [.text("T")], .none)])
    /// let plain = doc.mapBlocks { block in
    ///     if case .heading(_, let xs, let a) = block { return .paragraph(xs, a) }
    ///     return block
    /// }
    /// plain.blocks // [.paragraph([.text("T")], .none)]
    /// ```
    public func mapBlocks(_ transform: (Block) -> Block) -> Document {
        var copy = self
        copy.blocks = blocks.map { Document.mapBlock($0, transform) }
        return copy
    }

    /// Rewrites every inline bottom-up (children first) with `transform`, in every block.
    public func mapInlines(_ transform: (Inline) -> Inline) -> Document {
        var copy = self
        copy.blocks = blocks.map { Document.mapInlines(in: $0, transform) }
        return copy
    }

    /// Every node (blocks and inlines, pre-order) for which `predicate` holds.
    ///
    /// ```swift
    /// let doc = Document([.paragraph([.link([.text("a")], Link("/a"), .none)], .none)])
    /// doc.query { if case .inline(.link) = $0 { true } else { false } }.count // 1
    /// ```
    public func query(_ predicate: (MarkupNode) -> Bool) -> [MarkupNode] {
        var found: [MarkupNode] = []
        func visit(_ node: MarkupNode) {
            if predicate(node) { found.append(node) }
            switch node {
            case .block(let block): for child in block.children { visit(child) }
            case .inline(let inline): for child in inline.children { visit(.inline(child)) }
            }
        }
        for block in blocks { visit(.block(block)) }
        return found
    }

    /// The plain text of every inline in the document, blocks separated by newlines.
    public var plainText: String {
        var out = ""
        func visit(_ block: Block) {
            for child in block.children {
                switch child {
                case .block(let b): visit(b)
                case .inline(let i): Inline.appendPlainText(of: [i], to: &out)
                }
            }
            if case .codeBlock(_, let code, _) = block { out += code }
            out += "\n"
        }
        for block in blocks { visit(block) }
        return out
    }

    static func mapBlock(_ block: Block, _ transform: (Block) -> Block) -> Block {
        transform(block.mapChildren(block: { mapBlock($0, transform) }, inline: { $0 }))
    }

    static func mapInlines(in block: Block, _ transform: (Inline) -> Inline) -> Block {
        block.mapChildren(
            block: { mapInlines(in: $0, transform) },
            inline: { mapInline($0, transform) })
    }

    static func mapInline(_ inline: Inline, _ transform: (Inline) -> Inline) -> Inline {
        guard inline.isContainer else { return transform(inline) }
        return transform(inline.withChildren(inline.children.map { mapInline($0, transform) }))
    }
}
