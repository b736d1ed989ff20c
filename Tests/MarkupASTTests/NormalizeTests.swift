import MarkupAST
import Testing

@Suite("Normalize")
struct NormalizeTests {
    @Test("adjacent text merges, empty wrappers and text go")
    func mergesText() {
        let inlines: [Inline] = [.text("a"), .text(""), .text("b"), .strong([], .none), .emphasis([.text("c"), .text("d")], .none)]
        #expect(Normalize.inlines(inlines) == [.text("ab"), .emphasis([.text("cd")], .none)])
    }

    @Test("empty links and anchors with ids are kept")
    func keepsMeaningfulEmpties() {
        let anchor = Inline.span([], Attributes(id: "top"))
        let link = Inline.link([], Link("/x"), .none)
        #expect(Normalize.inlines([anchor, link]) == [anchor, link])
    }

    @Test("empty paragraphs are dropped, nested blocks normalized")
    func blocks() {
        let doc = Document([
            .paragraph([], .none),
            .blockQuote([.paragraph([.text("x"), .text("y")], .none)], .none),
        ])
        #expect(Normalize.document(doc) == Document([.blockQuote([.paragraph([.text("xy")], .none)], .none)]))
    }
}
