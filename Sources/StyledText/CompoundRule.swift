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

    /// CSS specificity as one number: ids, then classes, then the tag.
    var specificity: Int { (id == nil ? 0 : 1 << 20) + classes.count << 8 + (tag == nil ? 0 : 1) }

    /// The compound rule of `selector` (lower case, trimmed), nil when it is not one: a name
    /// or nothing, then one or more `.class` and `#id` parts, and more than a lone `.class`
    /// (which `Stylesheet.classes` holds).
    init?(selector: Substring, rule: StyleRule) {
        func isName(_ c: Character) -> Bool {
            c.isLetter || c.isNumber || c == "-" || c == "_"
        }
        var rest = selector[...]
        let name = rest.prefix(while: isName)
        rest = rest.dropFirst(name.count)
        var classes: [String] = []
        var id: String? = nil
        while let mark = rest.first, mark == "." || mark == "#" {
            let part = rest.dropFirst().prefix(while: isName)
            guard !part.isEmpty else { return nil }
            rest = rest.dropFirst(part.count + 1)
            if mark == "." {
                classes.append(String(part))
            } else {
                guard id == nil || id == String(part) else { return nil }
                id = String(part)
            }
        }
        guard rest.isEmpty, id != nil || classes.count > 1 || !name.isEmpty && !classes.isEmpty
        else { return nil }
        self.tag = name.isEmpty ? nil : String(name)
        self.kind = tag.flatMap { Stylesheet.kindNames[$0] }
        self.classes = classes
        self.id = id
        self.rule = rule
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
