/// The canonical form readers return and round-trip checks compare.
///
/// Merges adjacent `.text` runs, removes empty text, drops empty inline wrappers (emphasis,
/// strong, span ... with no children and no id) and empty paragraphs.
///
/// ```swift
/// Normalize.inlines([.text("a"), .text("b"), .strong([], .none)]) // [.text("ab")]
/// ```
public enum Normalize {
    /// Normalizes a whole document.
    public static func document(_ document: Document) -> Document {
        var copy = document
        copy.blocks = blocks(document.blocks)
        return copy
    }

    /// Normalizes a block list (at any depth); returns `blocks` itself when it is already
    /// normalized.
    public static func blocks(_ blocks: [Block]) -> [Block] {
        var normalizer = Normalizer(checkOnly: false)
        return normalizer.visit(blocks) ?? blocks
    }

    /// Normalizes an inline list (at any depth); returns `inlines` itself when it is already
    /// normalized.
    public static func inlines(_ inlines: [Inline]) -> [Inline] {
        var normalizer = Normalizer(checkOnly: false)
        return normalizer.visit(inlines) ?? inlines
    }

    /// Whether `Normalize.blocks` would return `blocks` unchanged: no empty text, no adjacent
    /// texts, no empty inline wrapper (other than links and images) without an id, no empty
    /// paragraph without attributes, at any depth. A walk that allocates nothing and stops at
    /// the first difference (`Normalize` itself copies nothing up to there either).
    ///
    /// ```swift
    /// Normalize.isNormalized([.paragraph([.text("a"), .text("b")], .none)]) // false
    /// ```
    public static func isNormalized(_ blocks: [Block]) -> Bool {
        var checker = Normalizer(checkOnly: true)
        _ = checker.visit(blocks)
        return checker.normal
    }

    /// Whether `Normalize.inlines` would return `inlines` unchanged.
    public static func isNormalized(_ inlines: [Inline]) -> Bool {
        var checker = Normalizer(checkOnly: true)
        _ = checker.visit(inlines)
        return checker.normal
    }
}

/// One pass of `Normalize`: a list is copied only from its first child that changes (before
/// that, nothing is allocated), so an already normalized tree costs one walk. `checkOnly`
/// stops at the first change instead, with `normal` false.
private struct Normalizer: MarkupVisitor {
    let checkOnly: Bool
    var normal = true
    /// Whether the inline list visited last is empty once normalized.
    var emptied = false

    mutating func visit(_ blocks: [Block]) -> [Block]? {
        var out: [Block]?
        for index in blocks.indices {
            let changed = blocks[index].visitChildren(&self)
            if !normal { return nil }
            if out == nil && changed == nil && !Self.isEmptyParagraph(blocks[index]) { continue }
            let block = changed ?? blocks[index]
            let dropped = Self.isEmptyParagraph(block)
            if out == nil {
                guard changed != nil || dropped else { continue }
                if checkOnly {
                    normal = false
                    return nil
                }
                out = Array(blocks[..<index])
                out!.reserveCapacity(blocks.count)
            }
            if !dropped { out!.append(block) }
        }
        return out
    }

    mutating func visit(_ inlines: [Inline]) -> [Inline]? {
        var out: [Inline]?
        // Adjacent texts are joined in one growing String (appending in place keeps a long run
        // of pieces linear; rebuilding `previous + s` per piece would be quadratic).
        var pending = ""
        var previousIsText = false
        for index in inlines.indices {
            emptied = false
            let changed = inlines[index].visitChildren(&self)
            if !normal { return nil }
            if out == nil && changed == nil && !emptied {
                // (Unchanged: only the text rules can differ.)
                guard case .text(let s) = inlines[index] else {
                    previousIsText = false
                    continue
                }
                if !s.isEmpty && !previousIsText {
                    previousIsText = true
                    continue
                }
            }
            let node = changed ?? inlines[index]
            var dropped = false
            if emptied {
                switch node {
                case .link, .image: break
                default: dropped = node.attributes.id.isEmpty
                }
            }
            if out == nil {
                var differs = changed != nil || dropped
                if case .text(let s) = node {
                    differs = differs || s.isEmpty || previousIsText
                    previousIsText = true
                } else {
                    previousIsText = false
                }
                guard differs else { continue }
                if checkOnly {
                    normal = false
                    return nil
                }
                var prefix = Array(inlines[..<index])
                prefix.reserveCapacity(inlines.count)
                if case .text(let s)? = prefix.last {
                    pending = s
                    prefix.removeLast()
                }
                out = prefix
            }
            if dropped { continue }
            if case .text(let s) = node {
                pending += s
                continue
            }
            if !pending.isEmpty {
                out!.append(.text(pending))
                pending = ""
            }
            out!.append(node)
        }
        guard var result = out else {
            emptied = inlines.isEmpty
            return nil
        }
        if !pending.isEmpty { result.append(.text(pending)) }
        emptied = result.isEmpty
        return result
    }

    static func isEmptyParagraph(_ block: Block) -> Bool {
        switch block {
        case .paragraph(let xs, let a), .plain(let xs, let a): return xs.isEmpty && a.isEmpty
        default: return false
        }
    }
}
