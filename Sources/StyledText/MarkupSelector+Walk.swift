import MarkupAST

extension MarkupSelector {
    /// The element name a selector matches `block` by: its source tag, else its HTML name
    /// (`p`, `h2`, `blockquote`, `pre`, `ul`/`ol`, `dl`, `table`, `hr`, `div`, `section`); nil
    /// for `.plain` and raw blocks.
    ///
    /// ```swift
    /// MarkupSelector.elementName(of: .heading(level: 2, [.text("a")], .none))  // "h2"
    /// ```
    public static func elementName(of block: Block) -> String? {
        let tag = block.attributes.tag
        switch block {
        case .paragraph: return tag ?? "p"
        case .plain, .rawBlock: return tag
        case .heading(let level, _, _): return "h\(level)"
        case .blockQuote: return "blockquote"
        case .codeBlock: return "pre"
        case .list(let l): return l.kind == .ordered ? "ol" : "ul"
        case .definitionList: return "dl"
        case .table: return "table"
        case .thematicBreak: return "hr"
        case .div: return tag ?? "div"
        case .footnoteDefinition: return tag ?? "section"
        }
    }

    /// The element name a selector matches `inline` by (`a`, `img`, `strong`, `em`, `code`,
    /// `del`, `u`, `sup`, `sub`, `mark`, `span`, or the source tag); nil for text, breaks,
    /// raw HTML and footnote references.
    ///
    /// ```swift
    /// MarkupSelector.elementName(of: .strong([.text("a")], .none))  // "strong"
    /// ```
    public static func elementName(of inline: Inline) -> String? {
        let tag = inline.attributes.tag
        switch inline {
        case .text, .softBreak, .lineBreak, .rawInline, .footnoteReference: return nil
        case .code: return tag ?? "code"
        case .emphasis: return tag ?? "em"
        case .strong: return tag ?? "strong"
        case .strikethrough: return tag ?? "del"
        case .underline: return tag ?? "u"
        case .sup: return "sup"
        case .sub: return "sub"
        case .highlight: return "mark"
        case .link: return "a"
        case .image: return "img"
        case .span: return tag ?? "span"
        }
    }

    /// The walk of `select`: the element chain from the root, the element siblings before
    /// each element of the chain, and the matches.
    struct Walk {
        let selector: MarkupSelector
        /// Whether the inside of a match is skipped.
        let outermost: Bool
        /// Whether the selector has structural pseudo-classes (else positions are not counted).
        let usesPositions: Bool
        var chain: [Element] = []
        /// `levels[i]`: the element siblings before `chain[i]` (then, past the chain, those
        /// of the children being visited).
        var levels: [[Element]] = [[]]
        var found: [MarkupNode] = []

        init(selector: MarkupSelector, outermost: Bool) {
            self.selector = selector
            self.outermost = outermost
            usesPositions = selector.groups.joined().contains {
                !$0.positions.isEmpty || $0.nots.contains { !$0.positions.isEmpty }
            }
        }

        /// Pushes `element`; true when its children are to be visited.
        mutating func enter(_ element: Element, _ node: @autoclosure () -> MarkupNode) -> Bool {
            chain.append(element)
            if levels.count < chain.count + 1 { levels.append([]) }
            guard selector.matches(chain, levels) else { return true }
            found.append(node())
            return !outermost
        }

        /// Pops the element entered last; it becomes a sibling of what follows.
        mutating func leave() {
            let element = chain.removeLast()
            levels.removeSubrange((chain.count + 1)...)
            if element.tag != nil { levels[chain.count].append(element) }
        }

        /// Visits sibling blocks (the document's, or a container's).
        mutating func visit(blocks: [Block]) {
            let positions = positions(blocks.map(MarkupSelector.elementName(of:)))
            for (b, p) in zip(blocks, positions) { visit(block: b, p) }
        }

        mutating func visit(block b: Block, _ position: Position) {
            guard chain.count < StyleResolver.depthLimit else { return }
            if case .rawBlock = b { return }
            let a = b.attributes
            defer { leave() }
            let element = Element(
                tag: MarkupSelector.elementName(of: b), attributes: a, extra: [],
                position: position)
            guard enter(element, .block(b)) else { return }
            switch b {
            case .paragraph(let xs, _), .plain(let xs, _), .heading(_, let xs, _):
                visit(inlines: xs)
            case .blockQuote(let bs, _), .div(let bs, _), .footnoteDefinition(_, let bs, _):
                visit(blocks: bs)
            case .codeBlock, .rawBlock, .thematicBreak: break
            case .list(let l):
                let positions = positions(l.items.map { _ in "li" })
                for (item, p) in zip(l.items, positions) {
                    visitContainer(item.blocks, item.attributes, tag: "li", p)
                }
            case .definitionList(let items, _):
                let names = items.flatMap { ["dt"] + $0.definitions.map { _ in "dd" } }
                var positions = positions(names)[...]
                for item in items {
                    var ta = item.attributes
                    ta.tag = "dt"
                    let term = Element(
                        tag: "dt", attributes: ta, extra: [], position: positions.removeFirst())
                    if enter(term, .block(.plain(item.term, ta))) { visit(inlines: item.term) }
                    leave()
                    for d in item.definitions {
                        visitContainer(d, Attributes(), tag: "dd", positions.removeFirst())
                    }
                }
            case .table(let t):
                let rows = t.head + t.body + t.foot
                let positions = positions(
                    t.caption.map(MarkupSelector.elementName(of:)) + rows.map { _ in "tr" })
                for (x, p) in zip(t.caption, positions) { visit(block: x, p) }
                for (row, p) in zip(rows, positions.dropFirst(t.caption.count)) {
                    let cellBlocks: [Block] = row.cells.map { cell in
                        var ca = cell.attributes
                        ca.tag = cell.header ? "th" : "td"
                        return .div(cell.blocks, ca)
                    }
                    visitContainer(cellBlocks, row.attributes, tag: "tr", p)
                }
            }
        }

        /// Where each element among `names` (nil: not an element) is among the elements, and
        /// among those of its name.
        func positions(_ names: [String?]) -> [Position] {
            guard usesPositions else { return Array(repeating: Position(), count: names.count) }
            var totals: [String: Int] = [:]
            var count = 0
            for case let name? in names {
                count += 1
                totals[name, default: 0] += 1
            }
            var seen: [String: Int] = [:]
            var index = 0
            return names.map { name in
                guard let name else { return Position() }
                index += 1
                seen[name, default: 0] += 1
                return Position(
                    index: index, count: count, typeIndex: seen[name]!, typeCount: totals[name]!)
            }
        }

        /// Visits `blocks` as a `.div` whose attributes are `attributes` tagged `tag` (list
        /// items, rows, definitions).
        mutating func visitContainer(
            _ blocks: [Block], _ attributes: Attributes, tag: String, _ position: Position
        ) {
            var a = attributes
            a.tag = tag
            defer { leave() }
            let element = Element(tag: tag, attributes: a, extra: [], position: position)
            guard enter(element, .block(.div(blocks, a))) else { return }
            visit(blocks: blocks)
        }

        /// Visits sibling inlines.
        mutating func visit(inlines: [Inline]) {
            // Most inlines are text: the positions are worked out when an element is there.
            guard inlines.contains(where: { MarkupSelector.elementName(of: $0) != nil }) else {
                return
            }
            let positions = positions(inlines.map(MarkupSelector.elementName(of:)))
            for (x, p) in zip(inlines, positions) { visit(inline: x, p) }
        }

        mutating func visit(inline x: Inline, _ position: Position) {
            guard chain.count < StyleResolver.depthLimit,
                let tag = MarkupSelector.elementName(of: x)
            else { return }
            var extra: [Attribute] = []
            switch x {
            case .link(_, let l, _):
                extra = [Attribute(name: "href", value: l.destination)]
                if !l.title.isEmpty { extra.append(Attribute(name: "title", value: l.title)) }
            case .image(let xs, let l, _):
                var alt = ""
                Inline.appendPlainText(of: xs, to: &alt)
                extra = [
                    Attribute(name: "src", value: l.destination),
                    Attribute(name: "alt", value: alt),
                ]
                if !l.title.isEmpty { extra.append(Attribute(name: "title", value: l.title)) }
            default: break
            }
            defer { leave() }
            let element = Element(
                tag: tag, attributes: x.attributes, extra: extra, position: position)
            guard enter(element, .inline(x)) else { return }
            visit(inlines: x.children)
        }
    }
}
