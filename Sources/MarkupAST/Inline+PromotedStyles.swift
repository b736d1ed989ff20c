/// The semantic inlines inline CSS can imply: what style promotion wraps a span in
/// (``Inline/withPromotedStyles()``), innermost first in the order of the members.
///
/// ```swift
/// CSSDeclaration(property: "text-decoration", value: "underline line-through").impliedInlines
/// // [.underline, .strikethrough]
/// ```
package struct ImpliedInlines: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// `.strong`
    package static let strong = ImpliedInlines(rawValue: 1 << 0)
    /// `.emphasis`
    package static let emphasis = ImpliedInlines(rawValue: 1 << 1)
    /// `.underline`
    package static let underline = ImpliedInlines(rawValue: 1 << 2)
    /// `.strikethrough`
    package static let strikethrough = ImpliedInlines(rawValue: 1 << 3)
    /// `.sup`
    package static let sup = ImpliedInlines(rawValue: 1 << 4)
    /// `.sub`
    package static let sub = ImpliedInlines(rawValue: 1 << 5)
}

extension CSSDeclaration {
    /// The semantic inlines this declaration implies, the one rule of style promotion:
    /// `font-weight: bold|bolder|600-900` -> strong, `font-style: italic|oblique` -> emphasis,
    /// `text-decoration(-line)` holding `underline` -> underline and `line-through` ->
    /// strikethrough, `vertical-align: super|sub` -> sup/sub; empty for anything else. A writer
    /// inside those inlines loses nothing when it drops such a declaration.
    package var impliedInlines: ImpliedInlines {
        let value = self.value.lowercased()
        switch property {
        case "font-weight":
            let bold =
                value == "bold" || value == "bolder" || (Int(value).map { $0 >= 600 } ?? false)
            return bold ? .strong : []
        case "font-style":
            return value.hasPrefix("italic") || value.hasPrefix("oblique") ? .emphasis : []
        case "text-decoration", "text-decoration-line":
            var implied = ImpliedInlines()
            if Self.contains(value, "underline") { implied.insert(.underline) }
            if Self.contains(value, "line-through") { implied.insert(.strikethrough) }
            return implied
        case "vertical-align":
            return value == "super" ? .sup : value == "sub" ? .sub : []
        default:
            return []
        }
    }

    /// Whether this declaration sets the text decoration lines: `text-decoration` (the
    /// shorthand) or `text-decoration-line`.
    package var setsLines: Bool {
        property == "text-decoration" || property == "text-decoration-line"
    }

    /// Whether the lines this declaration sets draw nothing: it names no underline, overline
    /// or line-through (`none`, or a shorthand naming only a colour or a line style).
    package var drawsNoLine: Bool {
        let value = self.value.lowercased()
        return !Self.contains(value, "underline") && !Self.contains(value, "overline")
            && !Self.contains(value, "line-through")
    }

    /// The index in `style` of the declaration whose lines apply: the last one that
    /// `setsLines`, unless an earlier one is `!important` and it is not; nil when none sets
    /// them. The others are overridden: a writer dropping them loses nothing.
    ///
    /// ```swift
    /// let style = CSSDeclaration.parseList("text-decoration: underline; text-decoration-line: line-through")
    /// CSSDeclaration.lineIndex(in: style)  // 1
    /// ```
    package static func lineIndex(in style: [CSSDeclaration]) -> Int? {
        var winner: Int?
        for (index, declaration) in style.enumerated() where declaration.setsLines {
            if declaration.wins(over: winner.map { style[$0] }) { winner = index }
        }
        return winner
    }

    /// Whether this declaration, coming after `earlier` (of the same property), takes its
    /// place: unless `earlier` is `!important` and this one is not.
    fileprivate func wins(over earlier: CSSDeclaration?) -> Bool {
        earlier?.important != true || important
    }

    /// Whether `text` holds the ASCII `needle`, compared byte by byte in the UTF-8 (an ASCII
    /// byte never sits inside a multi-byte sequence).
    private static func contains(_ text: String, _ needle: StaticString) -> Bool {
        let bytes = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        let utf8 = text.utf8
        var start = utf8.startIndex
        while start != utf8.endIndex {
            if utf8[start...].starts(with: bytes) { return true }
            start = utf8.index(after: start)
        }
        return false
    }
}

extension Inline {
    /// For a `.span` whose inline CSS implies semantic inlines, the span wrapped in them
    /// (`font-weight: bold|bolder|600-900` -> `.strong`, `font-style: italic|oblique` ->
    /// `.emphasis`, `text-decoration(-line): underline` -> `.underline`, `line-through` ->
    /// `.strikethrough`, `vertical-align: super|sub` -> `.sup`/`.sub`, innermost first in that
    /// order); nil for anything else. The span stays inside with all its styles, so writers
    /// that drop spans keep the meaning. What the `PromoteStyles` transform applies to every
    /// span, and the HTML reader while it builds spans (`HTMLReaderOptions.promoteStyles`).
    ///
    /// ```swift
    /// let span = Inline.span([.text("a")], Attributes(style: [CSSDeclaration(property: "font-weight", value: "bold")]))
    /// span.withPromotedStyles() // .strong([span], .none)
    /// ```
    public func withPromotedStyles() -> Inline? {
        guard case .span(_, let attributes) = self, !attributes.style.isEmpty else { return nil }
        // One pass over the declarations (the last of a property wins, as in CSS, unless an
        // earlier one is `!important` and it is not; the `text-decoration` shorthand and
        // `text-decoration-line` both set the lines, so the later of them wins).
        var weight: CSSDeclaration?
        var fontStyle: CSSDeclaration?
        var line: CSSDeclaration?
        var align: CSSDeclaration?
        func cascade(_ winner: inout CSSDeclaration?, _ declaration: CSSDeclaration) {
            if declaration.wins(over: winner) { winner = declaration }
        }
        for declaration in attributes.style {
            switch declaration.property {
            case "font-weight": cascade(&weight, declaration)
            case "font-style": cascade(&fontStyle, declaration)
            case "text-decoration", "text-decoration-line": cascade(&line, declaration)
            case "vertical-align": cascade(&align, declaration)
            default: break
            }
        }
        var implied = ImpliedInlines()
        if let weight { implied.formUnion(weight.impliedInlines) }
        if let fontStyle { implied.formUnion(fontStyle.impliedInlines) }
        if let line { implied.formUnion(line.impliedInlines) }
        if let align { implied.formUnion(align.impliedInlines) }
        if implied.isEmpty { return nil }
        var node = self
        if implied.contains(.strong) { node = .strong([node], .none) }
        if implied.contains(.emphasis) { node = .emphasis([node], .none) }
        if implied.contains(.underline) { node = .underline([node], .none) }
        if implied.contains(.strikethrough) { node = .strikethrough([node], .none) }
        if implied.contains(.sup) { node = .sup([node], .none) }
        if implied.contains(.sub) { node = .sub([node], .none) }
        return node
    }
}
