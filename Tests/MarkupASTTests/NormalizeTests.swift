import MarkupAST
import Testing

@Suite("Normalize")
struct NormalizeTests {
    @Test("adjacent text merges, empty wrappers and text go")
    func mergesText() {
        let inlines: [Inline] = [
            .text("a"), .text(""), .text("b"), .strong([], .none),
            .emphasis([.text("c"), .text("d")], .none),
        ]
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
        #expect(
            Normalize.document(doc)
                == Document([.blockQuote([.paragraph([.text("xy")], .none)], .none)]))
    }

    @Test(
        "an already normalized list comes back unchanged; a long run of pieces joins into one text")
    func checkFirstAndLongRuns() {
        let normal: [Inline] = [.text("a"), .strong([.text("b")], .none), .lineBreak, .text("c")]
        #expect(Normalize.isNormalized(normal))
        #expect(Normalize.inlines(normal) == normal)
        let pieces =
            [Inline](repeating: .text("ab"), count: 50_000) + [.softBreak, .text(""), .text("z")]
        #expect(!Normalize.isNormalized(pieces))
        #expect(
            Normalize.inlines(pieces) == [
                .text(String(repeating: "ab", count: 50_000)), .softBreak, .text("z"),
            ])
    }
}
