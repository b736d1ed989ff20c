import MarkupAST

/// A small CSS selector over the AST: tag, `*`, `.class`, `#id`, `[attr]`, `[attr=v]`,
/// `[attr^=v]`, `[attr$=v]`, `[attr*=v]`, `[attr~=v]`, `:not(A, B)` (simple selectors), the
/// structural pseudo-classes (`:first-child`, `:last-child`, `:only-child`,
/// `:nth-child(An+B)`, `:nth-last-child()`, and their `-of-type` forms; `odd` and `even`
/// too), the descendant (space), child (`>`), next-sibling (`+`) and later-sibling (`~`)
/// combinators, and `,` groups. Siblings are elements only (text between them does not
/// count).
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
        /// `:not(...)`: compounds none of which may match.
        var nots: [Compound] = []
        /// `:first-child`, `:nth-of-type(2n+1)`...: where among its siblings the element is.
        var positions: [PositionTest] = []
        /// The combinator linking this compound to the previous one.
        var combinator = Combinator.descendant
    }

    enum Combinator: Hashable, Sendable { case descendant, child, adjacent, sibling }

    /// A structural pseudo-class: the element is the `a`n+`b`th (n = 0, 1, 2...) of its
    /// element siblings, or of those with its name (`ofType`), counted from the last one
    /// (`fromEnd`) or the first.
    struct PositionTest: Hashable, Sendable {
        var a: Int
        var b: Int
        var fromEnd = false
        var ofType = false

        func matches(_ p: Position) -> Bool {
            let index =
                ofType
                ? (fromEnd ? p.typeCount - p.typeIndex + 1 : p.typeIndex)
                : (fromEnd ? p.count - p.index + 1 : p.index)
            guard a != 0 else { return index == b }
            let steps = index - b
            return steps % a == 0 && steps / a >= 0
        }
    }

    /// Where an element is among its element siblings (from 1), and among those of its name.
    struct Position: Sendable {
        var index = 1
        var count = 1
        var typeIndex = 1
        var typeCount = 1
    }

    /// Each group is a list of compounds, left to right.
    var groups: [[Compound]]

    /// Parses `text`; throws on syntax it does not support.
    public init(_ text: String) throws(SelectorError) {
        groups = try MarkupSelector.parse(text)
    }

    /// Every matching node in document order (a match inside a match is returned too).
    public func select(in document: Document) -> [MarkupNode] {
        var walk = Walk(selector: self, outermost: false)
        walk.visit(blocks: document.blocks)
        return walk.found
    }

    /// The matches not inside another match, in document order: the subtrees to keep.
    ///
    /// ```swift
    /// let doc = try HTMLReader().read("<div class=a><p class=a>x</p></div>").document
    /// try MarkupSelector(".a").select(in: doc).count  // 2
    /// try MarkupSelector(".a").outermostMatches(in: doc).count  // 1
    /// ```
    public func outermostMatches(in document: Document) -> [MarkupNode] {
        var walk = Walk(selector: self, outermost: true)
        walk.visit(blocks: document.blocks)
        return walk.found
    }

    /// The plain text of every match, in order.
    public func texts(in document: Document) -> [String] {
        select(in: document).map { MarkupStripper.plainText(of: $0) }
    }

    struct Element {
        var tag: String?
        var attributes: Attributes
        var extra: [Attribute]
        var position = Position()

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

    /// Whether the last element of `chain` matches; `levels[i]` holds the element siblings
    /// before `chain[i]`.
    func matches(_ chain: [Element], _ levels: [[Element]]) -> Bool {
        groups.contains { match($0, $0.count - 1, chain, levels, chain.count - 1, nil) }
    }

    /// Whether `compounds[...ci]` matches at `chain[ei]` (`sibling` nil) or at its earlier
    /// sibling `levels[ei][sibling]`.
    func match(
        _ compounds: [Compound], _ ci: Int, _ chain: [Element], _ levels: [[Element]], _ ei: Int,
        _ sibling: Int?
    ) -> Bool {
        guard ei >= 0 else { return false }
        let element = sibling.map { levels[ei][$0] } ?? chain[ei]
        guard matchCompound(compounds[ci], element) else { return false }
        if ci == 0 { return true }
        let before = sibling ?? (ei < levels.count ? levels[ei].count : 0)
        switch compounds[ci].combinator {
        case .child: return match(compounds, ci - 1, chain, levels, ei - 1, nil)
        case .descendant:
            return (0..<ei).reversed().contains {
                match(compounds, ci - 1, chain, levels, $0, nil)
            }
        case .adjacent:
            return before > 0 && match(compounds, ci - 1, chain, levels, ei, before - 1)
        case .sibling:
            return (0..<before).reversed().contains {
                match(compounds, ci - 1, chain, levels, ei, $0)
            }
        }
    }

    func matchCompound(_ c: Compound, _ e: Element) -> Bool {
        if let tag = c.tag, tag != "*", e.tag != tag { return false }
        if c.tag == nil && e.tag == nil && c.ids.isEmpty && c.classes.isEmpty
            && c.attributes.isEmpty && c.nots.isEmpty && c.positions.isEmpty
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
        for n in c.nots where matchCompound(n, e) { return false }
        for p in c.positions where !p.matches(e.position) { return false }
        return true
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
