import MarkupAST

/// A stylesheet rule whose selector names one element by several parts, all of which the
/// element must have: a tag or none, classes, an id (`p.lead`, `.note.warning`, `#intro`,
/// `span#price.sale`). Combinators (`a b`, `a > b`) are not selectors of one element and are
/// not compound rules.
struct CompoundRule: Hashable, Sendable {
    /// The tag, when the selector names one.
    var tag: String?
    /// The element kind the tag names (`p`, `strong`, `li` ...), as for a tag-only rule.
    var kind: ElementKind?
    var classes: [String]
    var id: String?
    var rule: StyleRule
    /// Where the rule came in the stylesheet (for equal specificity, the later wins).
    var order = 0

    /// CSS specificity as one number: ids, then classes, then the tag.
    var specificity: Int { (id == nil ? 0 : 1 << 20) + classes.count << 8 + (tag == nil ? 0 : 1) }

    /// The compound rule of `selector` (lower case, trimmed), nil when it is not one: a name
    /// or nothing, then one or more `.class` and `#id` parts, and more than a lone `.class`
    /// (which `Stylesheet.classes` holds).
    init?(selector: Substring, rule: StyleRule) {
        guard let (tag, classes, id) = CompoundRule.parts(of: selector),
            id != nil || classes.count > 1 || tag != nil && !classes.isEmpty
        else { return nil }
        self.init(tag: tag, classes: classes, id: id, rule: rule)
    }

    /// One part of a selector with combinators: a compound, or a lone name, `.class` or `*`.
    init?(part: Substring) {
        if part == "*" {
            self.init(tag: nil, classes: [], id: nil, rule: StyleRule())
            return
        }
        guard let (tag, classes, id) = CompoundRule.parts(of: part),
            tag != nil || !classes.isEmpty || id != nil
        else { return nil }
        self.init(tag: tag, classes: classes, id: id, rule: StyleRule())
    }

    private init(tag: String?, classes: [String], id: String?, rule: StyleRule) {
        self.tag = tag
        self.kind = tag.flatMap { Stylesheet.kindNames[$0] }
        self.classes = classes
        self.id = id
        self.rule = rule
    }

    /// The name, classes and id of a compound selector, nil when it is not one. Names are
    /// ASCII letters, digits, `-`, `_` and any non-ASCII character; read as UTF-8 bytes (by
    /// `Character` it cost 20,000 instructions a selector).
    static func parts(of selector: Substring) -> (String?, [String], String?)? {
        let bytes = Array(selector.utf8)
        /// The name starting at `start` and where it ends.
        func name(from start: Int) -> (String, Int) {
            var end = start
            while end < bytes.count && isNameByte(bytes[end]) { end += 1 }
            return (String(decoding: bytes[start..<end], as: UTF8.self), end)
        }
        let (tag, start) = name(from: 0)
        var at = start
        var classes: [String] = []
        var id: String? = nil
        while at < bytes.count, bytes[at] == 0x2E || bytes[at] == 0x23 {  // "." or "#"
            let (part, end) = name(from: at + 1)
            guard !part.isEmpty else { return nil }
            if bytes[at] == 0x2E {
                classes.append(part)
            } else {
                guard id == nil || id == part else { return nil }
                id = part
            }
            at = end
        }
        guard at == bytes.count else { return nil }
        return (tag.isEmpty ? nil : tag, classes, id)
    }

    /// Whether `b` may be part of a name in a selector: an ASCII letter, digit, `-`, `_`, or a
    /// byte of a non-ASCII character.
    static func isNameByte(_ b: UInt8) -> Bool {
        (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b >= 0x30 && b <= 0x39 || b == 0x2D
            || b == 0x5F || b >= 0x80
    }

    /// Whether `s` is a name (see `isNameByte`), not empty.
    static func isName(_ s: Substring) -> Bool {
        !s.isEmpty && s.utf8.allSatisfy(isNameByte)
    }

    /// Whether an element of `kind` with `attributes` has every part.
    func matches(_ kind: ElementKind?, _ attributes: Attributes) -> Bool {
        if let id, attributes.id != id { return false }
        if !classes.isEmpty {
            let own = attributes.classes
            for c in classes where !own.contains(c) { return false }
        }
        guard let tag else { return true }
        if let k = self.kind { return kind == k }
        // A name without a kind: the element's own tag, or a plain div or span.
        if let own = attributes.tag { return own == tag }
        return kind == nil && (tag == "div" || tag == "span")
    }
}
