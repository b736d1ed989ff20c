import MarkupAST

extension HTMLReaderLowering {
    /// Leaves out a quote's attribution line when the quote keeps its author as data: the
    /// first paragraph of a `<blockquote author="Al">` that holds `<cite>Al</cite>` (what the
    /// HTML writer adds to show the author, "<cite>Al</cite> wrote:") is that author shown,
    /// not content; the author attribute stays, so the quote reads back as it was written
    /// (BBCode `[quote="Al"]`, Markdown's own attribution line).
    static func dropAttribution(_ blocks: inout [Block], author attributes: Attributes) {
        guard !attributes.pairs.isEmpty, let author = attributes.value(of: "author"),
            !author.isEmpty, case .paragraph(let inlines, let a)? = blocks.first, a.isEmpty,
            inlines.contains(where: {
                if case .span(let name, let s) = $0, s.tag == "cite", s.pairs.isEmpty,
                    s.id.isEmpty, s.classes.isEmpty, s.style.isEmpty, name == [.text(author)]
                {
                    return true
                }
                return false
            })
        else { return }
        blocks.removeFirst()
    }
}
