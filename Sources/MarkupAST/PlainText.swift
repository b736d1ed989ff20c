/// The plain-text extractor: the text of inlines or of a subtree without the markup, walked
/// without recursion (any depth). Text and code are copied; images give their description,
/// links their text; what the other leaves give is set here. Every plain-text view of the AST
/// (`Inline.plainText`, `Document.plainText`, alt text, the plain-text writer's lines, the
/// HTML writer's image descriptions) is one of these rules.
///
/// ```swift
/// PlainText().text(of: [.text("a"), .lineBreak, .strong([.text("b")], .none)]) // "a\nb"
/// PlainText(lineBreak: " ", rawInlines: true).text(of: [.rawInline(format: "html", "<b>")])
/// // "<b>"
/// ```
public struct PlainText: Hashable, Sendable {
    /// What a soft break gives.
    public var softBreak: String
    /// What a hard line break gives.
    public var lineBreak: String
    /// What follows the text of each block (containers too).
    public var blockEnd: String
    /// Whether raw inline markup is copied as text (else dropped).
    public var rawInlines: Bool
    /// Whether a footnote reference gives `[label]` (else nothing).
    public var footnoteReferences: Bool
    /// Whether a link without text gives its destination (else nothing).
    public var emptyLinksAsDestination: Bool

    /// Creates rules; the defaults are those of `Inline.plainText`.
    public init(
        softBreak: String = " ", lineBreak: String = "\n", blockEnd: String = "\n",
        rawInlines: Bool = false, footnoteReferences: Bool = false,
        emptyLinksAsDestination: Bool = false
    ) {
        self.softBreak = softBreak
        self.lineBreak = lineBreak
        self.blockEnd = blockEnd
        self.rawInlines = rawInlines
        self.footnoteReferences = footnoteReferences
        self.emptyLinksAsDestination = emptyLinksAsDestination
    }

    /// The text of `inlines`.
    public func text(of inlines: [Inline]) -> String {
        var out = ""
        append(inlines, to: &out)
        return out
    }

    /// The text of `node`: a block's code and inlines, each block followed by `blockEnd`.
    public func text(of node: MarkupNode) -> String {
        var out = ""
        switch node {
        case .block(let block): append([block], to: &out)
        case .inline(let inline): append([inline], to: &out)
        }
        return out
    }

    /// Appends the text of `inlines` to `out`; `raw` sees the format of each raw inline.
    public func append(
        _ inlines: [Inline], to out: inout String, raw: (String) -> Void = { _ in }
    ) {
        var stack: [ArraySlice<Inline>] = [inlines[...]]
        while !stack.isEmpty {
            guard let inline = stack[stack.count - 1].popFirst() else {
                stack.removeLast()
                continue
            }
            switch inline {
            case .text(let s), .code(let s, _): out += s
            case .softBreak: out += softBreak
            case .lineBreak: out += lineBreak
            case .rawInline(let format, let s):
                if rawInlines { out += s }
                raw(format)
            case .footnoteReference(let label):
                if footnoteReferences { out += "[\(label)]" }
            case .link(let xs, let link, _) where xs.isEmpty && emptyLinksAsDestination:
                out += link.destination
            default:
                stack.append(inline.children[...])
            }
        }
    }

    /// Appends the text of `blocks` to `out`: code blocks' code and every inline, each block
    /// (containers too, after their children) followed by `blockEnd`.
    public func append(_ blocks: [Block], to out: inout String) {
        var stack: [BlockText.Item] = blocks.reversed().map { .block($0) }
        var children = BlockText()
        while let item = stack.popLast() {
            switch item {
            case .end: out += blockEnd
            case .inlines(let xs): append(xs, to: &out)
            case .block(let block):
                if case .codeBlock(_, let code, _) = block { out += code }
                stack.append(.end)
                children.items.removeAll(keepingCapacity: true)
                _ = block.visitChildren(&children)
                stack.append(contentsOf: children.items.reversed())
            }
        }
    }
}

/// The children of a block as work items of `PlainText.append(_:to:)`.
private struct BlockText: MarkupVisitor {
    enum Item {
        case block(Block)
        case inlines([Inline])
        case end
    }
    var items: [Item] = []
    mutating func visit(_ blocks: [Block]) -> [Block]? {
        for b in blocks { items.append(.block(b)) }
        return nil
    }
    mutating func visit(_ inlines: [Inline]) -> [Inline]? {
        items.append(.inlines(inlines))
        return nil
    }
}

extension Inline {
    /// The plain text of the node: text, code and alt text, breaks as `\n` or space.
    public var plainText: String { PlainText().text(of: .inline(self)) }

    /// Appends the plain text of `inlines` to `out`.
    public static func appendPlainText(of inlines: [Inline], to out: inout String) {
        PlainText().append(inlines, to: &out)
    }
}

extension Document {
    /// The plain text of every inline in the document, blocks separated by newlines.
    public var plainText: String {
        var out = ""
        PlainText().append(blocks, to: &out)
        return out
    }
}
