import MarkupAST

/// The part of a selector that names one element: a tag or none, classes and an id, all of
/// which the element must have (`p`, `.note`, `p.lead`, `#intro`, `span#price.sale`; `*`
/// names any element). `SelectorRule` joins them with combinators.
struct CompoundSelector: Hashable, Sendable {
    /// The tag, when the selector names one.
    var tag: String?
    /// The element kind the tag names (`p`, `strong`, `li` ...), as for a tag-only rule.
    var kind: ElementKind?
    var classes: [String]
    var id: String?

    /// CSS specificity as one number: ids, then classes, then the tag.
    var specificity: Int { (id == nil ? 0 : 1 << 20) + classes.count << 8 + (tag == nil ? 0 : 1) }

    /// Whether the part names more than a lone name or class (which `Stylesheet.tags`,
    /// `defaults` and `classes` hold): an id, two classes, or a name with classes.
    var isCompound: Bool { id != nil || classes.count > 1 || tag != nil && !classes.isEmpty }

    /// The part `text` (lower case): a compound, a lone name, `.class`, `#id` or `*`; nil
    /// when it is none of these.
    init?(_ text: Substring) {
        if text == "*" {
            (tag, kind, classes, id) = (nil, nil, [], nil)
            return
        }
        guard let (tag, classes, id) = CompoundSelector.parts(of: text),
            tag != nil || !classes.isEmpty || id != nil
        else { return nil }
        self.tag = tag
        self.kind = tag.flatMap { Stylesheet.kindNames[$0] }
        self.classes = classes
        self.id = id
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
