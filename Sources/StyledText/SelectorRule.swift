import MarkupAST

/// A stylesheet rule for a selector that is more than a lone name or class: a compound
/// (`p.lead`, `#intro`, `.note.warn`, `[lang=fr]`, `a[title^="Read"]`) or compounds joined by
/// descendant (a space) and child
/// (`>`) combinators (`.post p`, `ul > li a`). The last compound is the element styled; the
/// others are matched against its ancestors, nearest first (each part takes the nearest
/// ancestor that matches it, which is exact for descendant chains).
struct SelectorRule: Hashable, Sendable {
    /// An element on the way down: what a part is matched against.
    struct Element: Hashable, Sendable {
        var kind: ElementKind?
        var attributes: Attributes
    }

    /// At most this many compounds: longer selectors are reported as unsupported (matching
    /// costs a walk up the ancestors per part).
    static let maxParts = 8

    /// The compounds, left to right.
    var parts: [CompoundSelector]
    /// `child[i]` for `i >= 1`: whether `parts[i - 1]` must be the parent of `parts[i]` (`>`)
    /// rather than any ancestor.
    var child: [Bool]
    var rule: StyleRule

    /// CSS specificity as one number (ids, classes, tags), summed over the parts.
    var specificity: Int { parts.reduce(0) { $0 + $1.specificity } }

    /// The rule of `selector` (lower case, trimmed), nil when it is a lone name or class, or
    /// has a part that is not a compound, a name, a `.class`, an attribute test or `*`
    /// (pseudo-classes, `+` and `~` are not supported).
    init?(selector: String, rule: StyleRule) {
        var parts: [CompoundSelector] = []
        var child: [Bool] = []
        var pendingChild = false
        // Tokens split at spaces and around `>`, over the UTF-8 bytes (Foundation's
        // `replacingOccurrences` cost 50,000 instructions a selector).
        let utf8 = selector.utf8
        var start = utf8.startIndex
        var at = start
        func take(_ end: String.UTF8View.Index) -> Bool {
            defer { start = end }
            guard start < end else { return true }
            guard let part = CompoundSelector(Substring(selector[start..<end])) else {
                return false
            }
            parts.append(part)
            child.append(pendingChild)
            pendingChild = false
            return true
        }
        // Inside `[...]` (and its quotes) a space or `>` is part of an attribute test.
        var bracket = false
        var quote: UInt8 = 0
        while at < utf8.endIndex {
            let b = utf8[at]
            if quote != 0 {
                if b == quote { quote = 0 }
            } else if bracket {
                if b == 0x22 || b == 0x27 { quote = b } else if b == 0x5D { bracket = false }
            } else if b == 0x5B {
                bracket = true
            } else if b == 0x20 || b == 0x3E || b == 0x09 || b == 0x0A {
                guard take(at) else { return nil }
                if b == 0x3E {
                    guard !parts.isEmpty, !pendingChild else { return nil }
                    pendingChild = true
                }
                start = utf8.index(after: at)
            }
            at = utf8.index(after: at)
        }
        guard take(at) else { return nil }
        guard parts.count >= 2 || parts.first?.isCompound == true, parts.count <= Self.maxParts,
            !pendingChild
        else { return nil }
        (self.parts, self.child, self.rule) = (parts, child, rule)
    }

    /// Whether the element of `kind` with `attributes`, below `ancestors` (outermost first),
    /// is selected. Each ancestor looked at takes one step of `budget`; with none left the
    /// rule does not match (see `StyleResolver.matchBudget`).
    func matches(
        _ kind: ElementKind?, _ attributes: Attributes, ancestors: [Element], budget: inout Int
    ) -> Bool {
        // Through buffer pointers: the parts and ancestors are read in place, not copied out
        // (a copy of a part retained its names, a quarter of the matching).
        parts.withUnsafeBufferPointer { parts in
            ancestors.withUnsafeBufferPointer { ancestors in
                guard let last = parts.indices.last, parts[last].matches(kind, attributes) else {
                    return false
                }
                var i = ancestors.count - 1
                for p in stride(from: parts.count - 2, through: 0, by: -1) {
                    if child[p + 1] {
                        budget -= 1
                        guard i >= 0, parts[p].matches(ancestors[i].kind, ancestors[i].attributes)
                        else { return false }
                    } else {
                        while i >= 0
                            && !parts[p].matches(ancestors[i].kind, ancestors[i].attributes)
                        {
                            i -= 1
                            budget -= 1
                            if budget < 0 { return false }
                        }
                        guard i >= 0 else { return false }
                    }
                    if budget < 0 { return false }
                    i -= 1
                }
                return true
            }
        }
    }
}
