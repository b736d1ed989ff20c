import MarkupAST

/// Turns CSS-styled spans into semantic inlines for targets that cannot carry spans.
///
/// `font-weight: bold|bolder|600-900` -> `.strong`, `font-style: italic|oblique` -> `.emphasis`,
/// `text-decoration: underline` -> `.underline`, `text-decoration: line-through` -> `.strikethrough`,
/// `vertical-align: super|sub` -> `.sup`/`.sub`. The span itself stays (with its other styles)
/// inside the new wrappers, so writers that drop spans keep the meaning.
///
/// Only the path from the root to each styled span is rebuilt; every other block, list item,
/// table cell and inline is shared with the input document (one walk, linear in its size).
///
/// ```swift
/// let bold = Attributes(style: [CSSDeclaration(property: "font-weight", value: "bold")])
/// let doc = Document([.paragraph([.span([.text("a")], bold)], .none)])
/// PromoteStyles.apply(to: doc)
/// // span{style="font-weight: bold"} [text "a"]  ->  strong [span{...} [text "a"]]
/// ```
public enum PromoteStyles {
    /// Applies the promotion to every span in `document`.
    public static func apply(to document: Document) -> Document {
        var promoter = Promoter()
        guard let blocks = promoter.visit(document.blocks) else { return document }
        var copy = document
        copy.blocks = blocks
        return copy
    }

}

/// The walk of `PromoteStyles`: spans promoted children first; a list is copied at its first
/// change only (`Block.visitChildren` rebuilds only the nodes whose lists changed).
private struct Promoter: MarkupVisitor {
    mutating func visit(_ blocks: [Block]) -> [Block]? {
        blocks.rewritten { $0.visitChildren(&self) }
    }

    mutating func visit(_ inlines: [Inline]) -> [Inline]? {
        inlines.rewritten { inline in
            let children = inline.visitChildren(&self)
            guard case .span = inline else { return children }
            return (children ?? inline).withPromotedStyles() ?? children
        }
    }
}
