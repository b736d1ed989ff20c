import MarkupAST

/// Turns CSS-styled spans into semantic inlines for targets that cannot carry spans.
///
/// `font-weight: bold|bolder|600-900` -> `.strong`, `font-style: italic|oblique` -> `.emphasis`,
/// `text-decoration: underline` -> `.underline`, `text-decoration: line-through` -> `.strikethrough`,
/// `vertical-align: super|sub` -> `.sup`/`.sub`. The span itself stays (with its other styles)
/// inside the new wrappers, so writers that drop spans keep the meaning.
///
/// ```swift
/// PromoteStyles.apply(to: doc)
/// // span{style="font-weight: bold"} [text "a"]  ->  strong [span{...} [text "a"]]
/// ```
public enum PromoteStyles {
    /// Applies the promotion to every span in `document`.
    public static func apply(to document: Document) -> Document {
        let hasStyledSpan = document.containsInline { inline in
            if case .span(_, let attributes) = inline, !attributes.style.isEmpty { return true }
            return false
        }
        guard hasStyledSpan else { return document }
        return document.mapInlines { inline in
            guard case .span(let children, let attributes) = inline, !attributes.style.isEmpty else {
                return inline
            }
            var node = inline
            _ = children
            var wrappers: [([Inline]) -> Inline] = []
            if let weight = attributes.styleValue("font-weight")?.lowercased() {
                if weight == "bold" || weight == "bolder" || (Int(weight).map { $0 >= 600 } ?? false) {
                    wrappers.append { .strong($0, .none) }
                }
            }
            if let style = attributes.styleValue("font-style")?.lowercased(),
                style.hasPrefix("italic") || style.hasPrefix("oblique")
            {
                wrappers.append { .emphasis($0, .none) }
            }
            let decoration = (attributes.styleValue("text-decoration")
                ?? attributes.styleValue("text-decoration-line") ?? "").lowercased()
            if decoration.contains("underline") { wrappers.append { .underline($0, .none) } }
            if decoration.contains("line-through") { wrappers.append { .strikethrough($0, .none) } }
            if let align = attributes.styleValue("vertical-align")?.lowercased() {
                if align == "super" { wrappers.append { .sup($0, .none) } }
                if align == "sub" { wrappers.append { .sub($0, .none) } }
            }
            for wrap in wrappers { node = wrap([node]) }
            return node
        }
    }
}
