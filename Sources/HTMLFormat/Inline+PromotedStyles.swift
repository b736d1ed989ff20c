import MarkupAST

extension Inline {
    /// For a `.span` whose inline CSS implies semantic inlines, the span wrapped in them
    /// (`font-weight: bold|bolder|600-900` -> `.strong`, `font-style: italic|oblique` ->
    /// `.emphasis`, `text-decoration(-line): underline` -> `.underline`, `line-through` ->
    /// `.strikethrough`, `vertical-align: super|sub` -> `.sup`/`.sub`, outermost first in that
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
        // One pass over the declarations (the last of a property wins, as in CSS).
        var weight: String?
        var fontStyle: String?
        var decoration: String?
        var decorationLine: String?
        var align: String?
        for declaration in attributes.style {
            switch declaration.property {
            case "font-weight": weight = declaration.value
            case "font-style": fontStyle = declaration.value
            case "text-decoration": decoration = declaration.value
            case "text-decoration-line": decorationLine = declaration.value
            case "vertical-align": align = declaration.value
            default: break
            }
        }
        guard
            weight != nil || fontStyle != nil || decoration != nil || decorationLine != nil
                || align != nil
        else { return nil }
        var node = self
        var wrapped = false
        func wrap(_ make: ([Inline]) -> Inline) {
            node = make([node])
            wrapped = true
        }
        if let weight = weight?.lowercased() {
            if weight == "bold" || weight == "bolder" || (Int(weight).map { $0 >= 600 } ?? false) {
                wrap { .strong($0, .none) }
            }
        }
        if let style = fontStyle?.lowercased(),
            style.hasPrefix("italic") || style.hasPrefix("oblique")
        {
            wrap { .emphasis($0, .none) }
        }
        let line = (decoration ?? decorationLine ?? "").lowercased()
        if line.firstRange(ofASCII: "underline") != nil { wrap { .underline($0, .none) } }
        if line.firstRange(ofASCII: "line-through") != nil { wrap { .strikethrough($0, .none) } }
        if let align = align?.lowercased() {
            if align == "super" { wrap { .sup($0, .none) } }
            if align == "sub" { wrap { .sub($0, .none) } }
        }
        return wrapped ? node : nil
    }
}
