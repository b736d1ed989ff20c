/// A walk over the AST one level at a time: the one place that says which children each kind
/// of node has.
///
/// ``Block/visitChildren(_:)`` and ``Inline/visitChildren(_:)`` hand a visitor each list of
/// direct children in document order, with ``enter(_:)`` / ``leave()`` around the parts that
/// group them if ``visitsParts`` (list items, terms, definitions, captions, table sections,
/// rows, cells), and
/// rebuild the node from the lists the visitor replaces. Search, leaves, `Normalize`,
/// `TreeDump`, `children` / `mapChildren` and `PlainText` are visitors. A visitor recurses by
/// calling `visitChildren` on the nodes it is given, or keeps its own stack.
///
/// ```swift
/// // Counts the texts in paragraphs, not in quotes.
/// struct Texts: MarkupVisitor {
///     var count = 0
///     mutating func visit(_ inlines: [Inline]) -> [Inline]? {
///         for x in inlines {
///             if case .text = x { count += 1 } else { _ = x.visitChildren(&self) }
///         }
///         return nil
///     }
/// }
/// let doc = Document([.paragraph([.text("a"), .strong([.text("b")], .none)], .none)])
/// var texts = Texts()
/// for block in doc.blocks { _ = block.visitChildren(&texts) }
/// texts.count  // 2
/// ```
public protocol MarkupVisitor {
    /// Visits a list of child blocks; returns their replacement, or nil to keep them.
    mutating func visit(_ blocks: [Block]) -> [Block]?
    /// Visits a list of child inlines; returns their replacement, or nil to keep them.
    mutating func visit(_ inlines: [Inline]) -> [Inline]?
    /// A part that groups children begins (its children follow, then `leave()`).
    mutating func enter(_ part: BlockPart)
    /// The part entered last ends.
    mutating func leave()
    /// Whether `enter` and `leave` are called (false: the parts are not even built).
    static var visitsParts: Bool { get }
}

extension MarkupVisitor {
    /// Keeps the blocks and does not look inside.
    @inlinable public mutating func visit(_ blocks: [Block]) -> [Block]? { nil }
    /// Keeps the inlines and does not look inside.
    @inlinable public mutating func visit(_ inlines: [Inline]) -> [Inline]? { nil }
    /// Ignores the part.
    @inlinable public mutating func enter(_ part: BlockPart) {}
    /// Ignores the end of a part.
    @inlinable public mutating func leave() {}
    /// Parts are skipped.
    @inlinable public static var visitsParts: Bool { false }

    @inlinable mutating func enterPart(_ part: @autoclosure () -> BlockPart) {
        if Self.visitsParts { enter(part()) }
    }

    @inlinable mutating func leavePart() {
        if Self.visitsParts { leave() }
    }
}

/// A part of a block that groups its children (what a tree dump shows as its own line).
public enum BlockPart: Hashable, Sendable {
    /// A list item: its blocks follow.
    case item(task: Bool?, Attributes)
    /// A definition list term: its inlines follow.
    case term(Attributes)
    /// One definition of the term before it: its blocks follow.
    case definition
    /// A table caption (only when not empty): its blocks follow.
    case caption
    /// The head, body or foot rows of a table (only when not empty): rows follow.
    case section(TableSection)
    /// A table row: cells follow.
    case row(Attributes)
    /// A table cell: its blocks follow.
    case cell(TableCell)
}

/// The row groups of a table.
public enum TableSection: String, Hashable, Sendable {
    case head
    case body
    case foot
}

extension Block {
    /// Hands `visitor` the direct children in document order; a copy with the lists it
    /// replaced, or nil when it replaced none (leaves always give nil).
    @inlinable
    public func visitChildren<V: MarkupVisitor>(_ visitor: inout V) -> Block? {
        switch self {
        case .paragraph(let xs, let a): return visitor.visit(xs).map { .paragraph($0, a) }
        case .plain(let xs, let a): return visitor.visit(xs).map { .plain($0, a) }
        case .heading(let level, let xs, let a):
            return visitor.visit(xs).map { .heading(level: level, $0, a) }
        case .blockQuote(let bs, let a): return visitor.visit(bs).map { .blockQuote($0, a) }
        case .div(let bs, let a): return visitor.visit(bs).map { .div($0, a) }
        case .footnoteDefinition(let label, let bs, let a):
            return visitor.visit(bs).map { .footnoteDefinition(label: label, $0, a) }
        case .codeBlock, .rawBlock, .thematicBreak: return nil
        case .list(var list):
            var changed = false
            for i in list.items.indices {
                visitor.enterPart(.item(task: list.items[i].task, list.items[i].attributes))
                if let bs = visitor.visit(list.items[i].blocks) {
                    list.items[i].blocks = bs
                    changed = true
                }
                visitor.leavePart()
            }
            return changed ? .list(list) : nil
        case .definitionList(var items, let a):
            var changed = false
            for i in items.indices {
                visitor.enterPart(.term(items[i].attributes))
                if let xs = visitor.visit(items[i].term) {
                    items[i].term = xs
                    changed = true
                }
                visitor.leavePart()
                for j in items[i].definitions.indices {
                    visitor.enterPart(.definition)
                    if let bs = visitor.visit(items[i].definitions[j]) {
                        items[i].definitions[j] = bs
                        changed = true
                    }
                    visitor.leavePart()
                }
            }
            return changed ? .definitionList(items, a) : nil
        case .table(var table):
            var changed = false
            if !table.caption.isEmpty {
                visitor.enterPart(.caption)
                if let bs = visitor.visit(table.caption) {
                    table.caption = bs
                    changed = true
                }
                visitor.leavePart()
            }
            // (Each section by name: a key path and an array of sections per table cost
            // more than the walk of a small table.)
            changed = Block.visit(&table.head, .head, &visitor) || changed
            changed = Block.visit(&table.body, .body, &visitor) || changed
            changed = Block.visit(&table.foot, .foot, &visitor) || changed
            return changed ? .table(table) : nil
        }
    }

    /// Visits the rows of one section of a table; whether a cell changed.
    @usableFromInline
    static func visit<V: MarkupVisitor>(
        _ rows: inout [TableRow], _ section: TableSection, _ visitor: inout V
    ) -> Bool {
        guard !rows.isEmpty else { return false }
        var changed = false
        visitor.enterPart(.section(section))
        for r in rows.indices {
            visitor.enterPart(.row(rows[r].attributes))
            for c in rows[r].cells.indices {
                visitor.enterPart(.cell(rows[r].cells[c]))
                if let bs = visitor.visit(rows[r].cells[c].blocks) {
                    rows[r].cells[c].blocks = bs
                    changed = true
                }
                visitor.leavePart()
            }
            visitor.leavePart()
        }
        visitor.leavePart()
        return changed
    }

    /// Whether the kind holds blocks (quotes, lists, definition lists, tables, divs, footnote
    /// definitions); paragraphs, headings, code, raw blocks and rules hold none.
    @inlinable public var holdsBlocks: Bool {
        switch self {
        case .paragraph, .plain, .heading, .codeBlock, .rawBlock, .thematicBreak: return false
        case .blockQuote, .list, .definitionList, .table, .div, .footnoteDefinition: return true
        }
    }

    /// Direct children, blocks and inlines, in document order.
    ///
    /// ```swift
    /// Block.blockQuote([.paragraph([.text("a")], .none)], .none).children.count // 1
    /// ```
    public var children: [MarkupNode] {
        var collect = ChildNodes()
        _ = visitChildren(&collect)
        return collect.nodes
    }

    /// A copy whose direct child blocks and inlines are replaced by `block` and `inline`.
    public func mapChildren(
        block: (Block) -> Block, inline: (Inline) -> Inline
    ) -> Block {
        withoutActuallyEscaping(block) { block in
            withoutActuallyEscaping(inline) { inline in
                var mapper = ChildMapper(block: block, inline: inline)
                return visitChildren(&mapper) ?? self
            }
        }
    }
}

extension Inline {
    /// Hands `visitor` the children of a container; a copy with the list it replaced, or nil
    /// when it kept it (leaves always give nil and call nothing).
    @inlinable
    public func visitChildren<V: MarkupVisitor>(_ visitor: inout V) -> Inline? {
        switch self {
        case .emphasis(let xs, let a): return visitor.visit(xs).map { .emphasis($0, a) }
        case .strong(let xs, let a): return visitor.visit(xs).map { .strong($0, a) }
        case .strikethrough(let xs, let a): return visitor.visit(xs).map { .strikethrough($0, a) }
        case .underline(let xs, let a): return visitor.visit(xs).map { .underline($0, a) }
        case .sup(let xs, let a): return visitor.visit(xs).map { .sup($0, a) }
        case .sub(let xs, let a): return visitor.visit(xs).map { .sub($0, a) }
        case .highlight(let xs, let a): return visitor.visit(xs).map { .highlight($0, a) }
        case .link(let xs, let l, let a): return visitor.visit(xs).map { .link($0, l, a) }
        case .image(let xs, let l, let a): return visitor.visit(xs).map { .image($0, l, a) }
        case .span(let xs, let a): return visitor.visit(xs).map { .span($0, a) }
        case .text, .softBreak, .lineBreak, .code, .rawInline, .footnoteReference: return nil
        }
    }

    /// The child inlines of a container, empty for leaves.
    ///
    /// ```swift
    /// Inline.strong([.text("a")], .none).children // [.text("a")]
    /// ```
    public var children: [Inline] {
        var collect = InlineChildren()
        _ = visitChildren(&collect)
        return collect.inlines ?? []
    }

    /// A copy with its children replaced (leaves are returned unchanged).
    public func withChildren(_ xs: [Inline]) -> Inline {
        var replace = InlineChildren(inlines: xs)
        return visitChildren(&replace) ?? self
    }

    /// Whether the node can hold children.
    public var isContainer: Bool {
        var probe = InlineChildren()
        _ = visitChildren(&probe)
        return probe.inlines != nil
    }
}

/// Either kind of node, for generic walks and queries.
public enum MarkupNode: Hashable, Sendable {
    case block(Block)
    case inline(Inline)
}

/// Collects the direct children of a block.
private struct ChildNodes: MarkupVisitor {
    var nodes: [MarkupNode] = []
    mutating func visit(_ blocks: [Block]) -> [Block]? {
        for b in blocks { nodes.append(.block(b)) }
        return nil
    }
    mutating func visit(_ inlines: [Inline]) -> [Inline]? {
        for x in inlines { nodes.append(.inline(x)) }
        return nil
    }
}

/// Maps every direct child.
private struct ChildMapper: MarkupVisitor {
    let block: (Block) -> Block
    let inline: (Inline) -> Inline
    mutating func visit(_ blocks: [Block]) -> [Block]? { blocks.map(block) }
    mutating func visit(_ inlines: [Inline]) -> [Inline]? { inlines.map(inline) }
}

/// Reads the children of an inline container (`inlines` nil: a leaf), or replaces them with
/// `inlines` when it starts with some.
private struct InlineChildren: MarkupVisitor {
    var inlines: [Inline]?
    mutating func visit(_ xs: [Inline]) -> [Inline]? {
        if let inlines { return inlines }
        inlines = xs
        return nil
    }
}
