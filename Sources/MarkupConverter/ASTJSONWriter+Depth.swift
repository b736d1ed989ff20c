import MarkupAST

extension ASTJSONWriter {
    /// How deep the JSON may nest before the AST below is flattened. Foundation's JSON coders
    /// stop at 512 levels; a flattened container adds at most about ten more.
    static let maxJSONDepth = 480

    /// JSON levels a block adds around its children, with room to spare: `{"children": [` is
    /// two, a list's `{"items": [{"children": [` four, a table's
    /// `{"body": [{"cells": [{"children": [` six.
    private static func jsonCost(_ block: Block) -> Int {
        switch block {
        case .list, .definitionList: return 6
        case .table: return 8
        default: return 3
        }
    }

    /// `document` with what would nest deeper than `maxJSONDepth` JSON levels opened: there a
    /// container block becomes a `.div` of its leaf blocks (paragraphs, headings, code, raw
    /// blocks, breaks; list items, quotes, definitions and table cells opened, in order) and
    /// an inline container a `.span` of its leaf inlines. Text is kept; the structure below the
    /// limit is not. Recursion is bounded by the limit; the flattening uses explicit stacks.
    ///
    /// ```swift
    /// // 300 nested quotes around "x": 159 quotes, then a div holding the paragraph "x"
    /// ASTJSONWriter.limitingDepth(doc)
    /// ```
    static func limitingDepth(_ document: Document) -> Document {
        var copy = document
        copy.blocks = document.blocks.map { limit($0, depth: 2) }
        return copy
    }

    private static func limit(_ block: Block, depth: Int) -> Block {
        let inner = depth + jsonCost(block)
        if inner > maxJSONDepth {
            switch block {
            case .codeBlock, .rawBlock, .thematicBreak: return block
            default: return .div(leafBlocks(of: block), block.attributes)
            }
        }
        return block.mapChildren(
            block: { limit($0, depth: inner) }, inline: { limit($0, depth: inner) })
    }

    private static func limit(_ inline: Inline, depth: Int) -> Inline {
        guard inline.isContainer else { return inline }
        let inner = depth + 3
        if inner > maxJSONDepth {
            return .span(leafInlines(of: inline.children), inline.attributes)
        }
        return inline.withChildren(inline.children.map { limit($0, depth: inner) })
    }

    /// The leaf blocks under `block` (tables opened too), their inlines flattened.
    private static func leafBlocks(of block: Block) -> [Block] {
        block.leafBlocks(openingTables: true).map { leaf in
            switch leaf {
            case .paragraph(let xs, let a): return .paragraph(leafInlines(of: xs), a)
            case .plain(let xs, let a): return .plain(leafInlines(of: xs), a)
            case .heading(let level, let xs, let a):
                return .heading(level: level, leafInlines(of: xs), a)
            default: return leaf
            }
        }
    }

    /// The leaf inlines under `inlines`, in order, adjacent texts joined (as `Normalize`
    /// leaves them).
    private static func leafInlines(of inlines: [Inline]) -> [Inline] {
        Normalize.inlines(inlines.flatMap(\.leafInlines))
    }
}
