import MarkupAST

/// The part of a selector that names one element: a tag or none, classes, an id and
/// attribute tests, all of which the element must pass (`p`, `.note`, `p.lead`, `#intro`,
/// `span#price.sale`, `[lang=fr]`, `div[data-theme]`, `a[title^="Read"]`; `*` names any
/// element). `SelectorRule` joins them with combinators.
struct CompoundSelector: Hashable, Sendable {
    /// The tag, when the selector names one.
    var tag: String?
    /// The element kind the tag names (`p`, `strong`, `li` ...), as for a tag-only rule.
    var kind: ElementKind?
    var classes: [String]
    var id: String?
    /// The attribute tests (`[name]`, `[name=value]` ...), values compared without case.
    var attributeTests: [AttributeTest] = []

    /// CSS specificity as one number: ids, then classes and attribute tests, then the tag.
    var specificity: Int {
        (id == nil ? 0 : 1 << 20) + (classes.count + attributeTests.count) << 8
            + (tag == nil ? 0 : 1)
    }

    /// Whether the part names more than a lone name or class (which `Stylesheet.tags`,
    /// `defaults` and `classes` hold): an id, two classes, a name with classes, or an
    /// attribute test.
    var isCompound: Bool {
        id != nil || classes.count > 1 || tag != nil && !classes.isEmpty
            || !attributeTests.isEmpty
    }

    /// The part `text` (lower case): a compound, a lone name, `.class`, `#id`, an attribute
    /// test or `*`; nil when it is none of these.
    init?(_ text: Substring) {
        if text == "*" {
            (tag, kind, classes, id) = (nil, nil, [], nil)
            return
        }
        guard let parts = CompoundSelector.parts(of: text),
            parts.tag != nil || !parts.classes.isEmpty || parts.id != nil
                || !parts.tests.isEmpty
        else { return nil }
        self.tag = parts.tag
        self.kind = parts.tag.flatMap { Stylesheet.kindNames[$0] }
        self.classes = parts.classes
        self.id = parts.id
        self.attributeTests = parts.tests
    }

    /// The name, classes, id and attribute tests of a compound selector (`*` may stand for
    /// the name), nil when it is not one. Names are ASCII letters, digits, `-`, `_` and any
    /// non-ASCII character; read as UTF-8 bytes (by `Character` it cost 20,000 instructions a
    /// selector).
    static func parts(of selector: Substring) -> (
        tag: String?, classes: [String], id: String?, tests: [AttributeTest]
    )? {
        let bytes = Array(selector.utf8)
        /// The name starting at `start` and where it ends.
        func name(from start: Int) -> (String, Int) {
            var end = start
            while end < bytes.count && isNameByte(bytes[end]) { end += 1 }
            return (String(decoding: bytes[start..<end], as: UTF8.self), end)
        }
        var (tag, at) = name(from: 0)
        if tag.isEmpty, bytes.first == 0x2A, bytes.count > 1 { at = 1 }  // `*[x]`, `*.c`
        var classes: [String] = []
        var id: String? = nil
        var tests: [AttributeTest] = []
        while at < bytes.count {
            switch bytes[at] {
            case 0x2E, 0x23:  // "." or "#"
                let (part, end) = name(from: at + 1)
                guard !part.isEmpty else { return nil }
                if bytes[at] == 0x2E {
                    classes.append(part)
                } else {
                    guard id == nil || id == part else { return nil }
                    id = part
                }
                at = end
            case 0x5B:  // "["
                guard let (test, end) = AttributeTest.parse(bytes, from: at) else { return nil }
                tests.append(test)
                at = end
            default:
                return nil
            }
        }
        return (tag.isEmpty ? nil : tag, classes, id, tests)
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
        for test in attributeTests where !test.matches(attributes) { return false }
        guard let tag else { return true }
        if let k = self.kind { return kind == k }
        // A name without a kind: the element's own tag, or a plain div or span.
        if let own = attributes.tag { return own == tag }
        return kind == nil && (tag == "div" || tag == "span")
    }
}
