import MarkupAST

/// A small CSS selector over the AST: tag, `*`, `.class`, `#id`, `[attr]`, `[attr=v]`,
/// `[attr^=v]`, `[attr$=v]`, `[attr*=v]`, `[attr~=v]`, descendant (space) and child (`>`)
/// combinators, and `,` groups.
///
/// Nodes answer to their HTML names (`p`, `h1`, `blockquote`, `pre`, `ul`/`ol`, `li`,
/// `table`, `tr`, `td`/`th`, `hr`, `dl`/`dt`/`dd`, `a`, `img`, `strong`, `em`, `code`,
/// `del`, `u`, `sup`, `sub`, `mark`, `span`, or the source tag kept in `Attributes.tag`);
/// links expose `href`/`title`, images `src`/`alt`/`title`. List items, rows, cells and
/// definition parts come back as `.div` blocks tagged `li`, `tr`, `td`... so any match can
/// be rendered on its own with `StyledText(node:)`.
///
/// ```swift
/// let doc = try HTMLReader().read("<ul><li><a href='https://x.org'>x</a></li></ul>").document
/// let links = try MarkupSelector("a[href^=\"http\"]").select(in: doc)
/// let items = try MarkupSelector("ul > li").select(in: doc)
/// let strongInNotes = try MarkupSelector(".note strong").select(in: doc)
/// ```
public struct MarkupSelector: Hashable, Sendable {
    struct AttributeTest: Hashable, Sendable {
        enum Op: Hashable, Sendable { case exists, equals, prefix, suffix, contains, word }
        var name: String
        var op: Op
        var value: String
    }

    struct Compound: Hashable, Sendable {
        var tag: String?
        var ids: [String] = []
        var classes: [String] = []
        var attributes: [AttributeTest] = []
        /// The combinator linking this compound to the previous one: true for `>`.
        var child = false
    }

    /// Each group is a list of compounds, left to right.
    var groups: [[Compound]]

    /// Parses `text`; throws on syntax it does not support.
    public init(_ text: String) throws(SelectorError) {
        groups = try MarkupSelector.parse(text)
    }

    /// Every matching node in document order (a match inside a match is returned too).
    public func select(in document: Document) -> [MarkupNode] {
        var found: [MarkupNode] = []
        var chain: [Element] = []
        for b in document.blocks { visit(block: b, &chain, &found) }
        return found
    }

    /// The plain text of every match, in order.
    public func texts(in document: Document) -> [String] {
        select(in: document).map { MarkupStripper.plainText(of: $0) }
    }

    struct Element {
        var tag: String?
        var attributes: Attributes
        var extra: [Attribute]

        func value(_ name: String) -> String? {
            switch name {
            case "id": return attributes.id.isEmpty ? nil : attributes.id
            case "class":
                return attributes.classes.isEmpty
                    ? nil : attributes.classes.joined(separator: " ")
            case "style":
                return attributes.style.isEmpty ? nil : CSSDeclaration.serialize(attributes.style)
            default:
                for a in extra where a.name == name { return a.value }
                return attributes.value(of: name)
            }
        }
    }

    func matches(_ chain: [Element]) -> Bool {
        groups.contains { match($0, $0.count - 1, chain, chain.count - 1) }
    }

    func match(_ compounds: [Compound], _ ci: Int, _ chain: [Element], _ ei: Int) -> Bool {
        guard ei >= 0, matchCompound(compounds[ci], chain[ei]) else { return false }
        if ci == 0 { return true }
        if compounds[ci].child { return match(compounds, ci - 1, chain, ei - 1) }
        var j = ei - 1
        while j >= 0 {
            if match(compounds, ci - 1, chain, j) { return true }
            j -= 1
        }
        return false
    }

    func matchCompound(_ c: Compound, _ e: Element) -> Bool {
        if let tag = c.tag, tag != "*", e.tag != tag { return false }
        if c.tag == nil && e.tag == nil && c.ids.isEmpty && c.classes.isEmpty
            && c.attributes.isEmpty
        {
            return false
        }
        if e.tag == nil { return false }
        for id in c.ids where e.attributes.id != id { return false }
        for cl in c.classes where !e.attributes.classes.contains(cl) { return false }
        for t in c.attributes {
            guard let v = e.value(t.name) else { return false }
            switch t.op {
            case .exists: break
            case .equals: if v != t.value { return false }
            case .prefix: if t.value.isEmpty || !v.hasPrefix(t.value) { return false }
            case .suffix: if t.value.isEmpty || !v.hasSuffix(t.value) { return false }
            case .contains: if t.value.isEmpty || !v.contains(t.value) { return false }
            case .word:
                if !v.split(separator: " ").contains(Substring(t.value)) { return false }
            }
        }
        return true
    }

    // MARK: - Walk

    func visit(block b: Block, _ chain: inout [Element], _ found: inout [MarkupNode]) {
        guard chain.count < StyleResolver.depthLimit else { return }
        let a = b.attributes
        var tag: String? = a.tag
        switch b {
        case .paragraph: tag = tag ?? "p"
        case .plain: break
        case .heading(let level, _, _): tag = "h\(level)"
        case .blockQuote: tag = "blockquote"
        case .codeBlock: tag = "pre"
        case .rawBlock: return
        case .list(let l): tag = l.kind == .ordered ? "ol" : "ul"
        case .definitionList: tag = "dl"
        case .table: tag = "table"
        case .thematicBreak: tag = "hr"
        case .div: tag = tag ?? "div"
        case .footnoteDefinition: tag = tag ?? "section"
        }
        chain.append(Element(tag: tag, attributes: a, extra: []))
        defer { chain.removeLast() }
        if matches(chain) { found.append(.block(b)) }
        switch b {
        case .paragraph(let xs, _), .plain(let xs, _), .heading(_, let xs, _):
            for x in xs { visit(inline: x, &chain, &found) }
        case .blockQuote(let bs, _), .div(let bs, _), .footnoteDefinition(_, let bs, _):
            for x in bs { visit(block: x, &chain, &found) }
        case .codeBlock, .rawBlock, .thematicBreak: break
        case .list(let l):
            for item in l.items {
                var ia = item.attributes
                ia.tag = "li"
                visitContainer(.div(item.blocks, ia), tag: "li", item.blocks, &chain, &found)
            }
        case .definitionList(let items, _):
            for item in items {
                var ta = item.attributes
                ta.tag = "dt"
                chain.append(Element(tag: "dt", attributes: ta, extra: []))
                if matches(chain) { found.append(.block(.plain(item.term, ta))) }
                for x in item.term { visit(inline: x, &chain, &found) }
                chain.removeLast()
                for d in item.definitions {
                    visitContainer(.div(d, Attributes(tag: "dd")), tag: "dd", d, &chain, &found)
                }
            }
        case .table(let t):
            for x in t.caption { visit(block: x, &chain, &found) }
            for row in t.head + t.body + t.foot {
                var ra = row.attributes
                ra.tag = "tr"
                let cellBlocks: [Block] = row.cells.map { cell in
                    var ca = cell.attributes
                    ca.tag = cell.header ? "th" : "td"
                    return .div(cell.blocks, ca)
                }
                chain.append(Element(tag: "tr", attributes: ra, extra: []))
                if matches(chain) { found.append(.block(.div(cellBlocks, ra))) }
                for cb in cellBlocks { visit(block: cb, &chain, &found) }
                chain.removeLast()
            }
        }
    }

    func visitContainer(
        _ node: Block, tag: String, _ blocks: [Block], _ chain: inout [Element],
        _ found: inout [MarkupNode]
    ) {
        chain.append(Element(tag: tag, attributes: node.attributes, extra: []))
        if matches(chain) { found.append(.block(node)) }
        for x in blocks { visit(block: x, &chain, &found) }
        chain.removeLast()
    }

    func visit(inline x: Inline, _ chain: inout [Element], _ found: inout [MarkupNode]) {
        guard chain.count < StyleResolver.depthLimit else { return }
        let a = x.attributes
        var extra: [Attribute] = []
        let tag: String
        switch x {
        case .text, .softBreak, .lineBreak, .rawInline, .footnoteReference: return
        case .code: tag = a.tag ?? "code"
        case .emphasis: tag = a.tag ?? "em"
        case .strong: tag = a.tag ?? "strong"
        case .strikethrough: tag = a.tag ?? "del"
        case .underline: tag = a.tag ?? "u"
        case .sup: tag = "sup"
        case .sub: tag = "sub"
        case .highlight: tag = "mark"
        case .link(_, let l, _):
            tag = "a"
            extra = [Attribute(name: "href", value: l.destination)]
            if !l.title.isEmpty { extra.append(Attribute(name: "title", value: l.title)) }
        case .image(let xs, let l, _):
            tag = "img"
            var alt = ""
            Inline.appendPlainText(of: xs, to: &alt)
            extra = [
                Attribute(name: "src", value: l.destination), Attribute(name: "alt", value: alt),
            ]
            if !l.title.isEmpty { extra.append(Attribute(name: "title", value: l.title)) }
        case .span: tag = a.tag ?? "span"
        }
        chain.append(Element(tag: tag, attributes: a, extra: extra))
        defer { chain.removeLast() }
        if matches(chain) { found.append(.inline(x)) }
        for c in x.children { visit(inline: c, &chain, &found) }
    }
}

/// A selector the parser does not accept; the message names the place.
public struct SelectorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

extension Document {
    /// The nodes matching a CSS selector (see `MarkupSelector`).
    ///
    /// ```swift
    /// let doc = try HTMLReader().read("<a href='https://x.org'>x</a> <a href='/y'>y</a>").document
    /// try doc.select("a[href^=http]").count // 1
    /// ```
    public func select(_ selector: String) throws(SelectorError) -> [MarkupNode] {
        try MarkupSelector(selector).select(in: self)
    }
}
