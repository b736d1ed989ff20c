import MarkupAST

/// Shows who is quoted: a block quote with an `author` (a BBCode `[quote="Al"]`) gets a first
/// paragraph such as "**Al** wrote:", for outputs that have no place for the author
/// (Markdown, plain and ANSI text, styled runs, range JSON); the `author` pair goes, the quote's
/// other attributes stay.
///
/// `template` holds `%@` where the author goes (without one, the author follows the text); its
/// other text is written as it is, so an app can localise it. Quotes inside quotes get theirs
/// too. The CLI's `--quote-attribution TEMPLATE` sets it (`""` turns the transform off).
///
/// ```swift
/// // blockquote {<quote> author="Al"} [paragraph "hi"]
/// QuoteAttribution(template: "%@ wrote:").apply(to: doc)
/// // blockquote {<quote>} [paragraph [strong "Al", text " wrote:"], paragraph "hi"]
/// ```
public struct QuoteAttribution: Sendable {
    /// The attribution with `%@` for the author.
    public var template: String

    /// The default template, "%@ wrote:" (as phpBB shows quotes).
    public static let defaultTemplate = "%@ wrote:"

    /// Creates the transform for `template` (`%@` stands for the author).
    public init(template: String = QuoteAttribution.defaultTemplate) {
        self.template = template
    }

    /// `document` with an attribution paragraph at the start of each quote with an author.
    public func apply(to document: Document) -> Document {
        // (A read-only walk over the blocks first: most documents have no such quote, and
        // then nothing is copied.)
        guard document.blocks.contains(where: { Self.hasAuthoredQuote($0, depth: 0) }) else {
            return document
        }
        var copy = document
        copy.blocks = blocks(document.blocks, depth: 0)
        return copy
    }

    /// How deep containers are entered.
    static let maxDepth = 1_024

    func blocks(_ blocks: [Block], depth: Int) -> [Block] {
        guard depth < Self.maxDepth else { return blocks }
        return blocks.map { block($0, depth: depth) }
    }

    func block(_ block: Block, depth: Int) -> Block {
        switch block {
        case .blockQuote(let bs, var a):
            var inner = blocks(bs, depth: depth + 1)
            if let author = a.value(of: "author"), !author.isEmpty {
                a.pairs.removeAll { $0.name == "author" }
                inner.insert(.paragraph(attribution(author), .none), at: 0)
            }
            return .blockQuote(inner, a)
        case .list(var list):
            for i in list.items.indices {
                list.items[i].blocks = blocks(list.items[i].blocks, depth: depth + 1)
            }
            return .list(list)
        case .div(let bs, let a):
            return .div(blocks(bs, depth: depth + 1), a)
        case .table(var table):
            func rows(_ rows: [TableRow]) -> [TableRow] {
                rows.map { row in
                    var row = row
                    for i in row.cells.indices {
                        row.cells[i].blocks = blocks(row.cells[i].blocks, depth: depth + 1)
                    }
                    return row
                }
            }
            table.head = rows(table.head)
            table.body = rows(table.body)
            table.foot = rows(table.foot)
            return .table(table)
        case .definitionList(var items, let a):
            for i in items.indices {
                items[i].definitions = items[i].definitions.map { blocks($0, depth: depth + 1) }
            }
            return .definitionList(items, a)
        case .footnoteDefinition(let label, let bs, let a):
            return .footnoteDefinition(label: label, blocks(bs, depth: depth + 1), a)
        case .paragraph, .plain, .heading, .codeBlock, .rawBlock, .thematicBreak:
            return block
        }
    }

    /// Whether `block` is or holds a quote with an author.
    static func hasAuthoredQuote(_ block: Block, depth: Int) -> Bool {
        guard depth < maxDepth else { return false }
        func any(_ blocks: [Block]) -> Bool { blocks.contains { hasAuthoredQuote($0, depth: depth + 1) } }
        switch block {
        case .blockQuote(let bs, let a):
            return a.value(of: "author").map { !$0.isEmpty } ?? false || any(bs)
        case .list(let list):
            return list.items.contains { any($0.blocks) }
        case .div(let bs, _), .footnoteDefinition(_, let bs, _):
            return any(bs)
        case .table(let table):
            return (table.head + table.body + table.foot).contains { $0.cells.contains { any($0.blocks) } }
        case .definitionList(let items, _):
            return items.contains { $0.definitions.contains(where: any) }
        case .paragraph, .plain, .heading, .codeBlock, .rawBlock, .thematicBreak:
            return false
        }
    }

    /// The template's text around a strong author name.
    func attribution(_ author: String) -> [Inline] {
        guard let marker = template.range(of: "%@") else {
            // (No place for the author: after the text.)
            return template.isEmpty ? [.strong([.text(author)], .none)] : [.text(template + " "), .strong([.text(author)], .none)]
        }
        var out: [Inline] = []
        let before = template[..<marker.lowerBound]
        let after = template[marker.upperBound...]
        if !before.isEmpty { out.append(.text(String(before))) }
        out.append(.strong([.text(author)], .none))
        if !after.isEmpty { out.append(.text(String(after))) }
        return out
    }
}
