import HTMLFormat
import MarkupAST
import MarkupConverter
import StyledText
import Testing

@Test func unwrapElementsLeavesOtherNodesShared() {
    let doc = Document([
        .paragraph([.text("a"), .link([.strong([.text("b")], .none)], Link("/b"), .none)], .none),
        .paragraph([.text("c")], .none),
    ])
    let links = UnwrapElements(links: true).apply(to: doc)
    #expect(links.blocks[0] == .paragraph([.text("a"), .strong([.text("b")], .none)], .none))
    #expect(links.blocks[1] == doc.blocks[1])
    #expect(UnwrapElements().apply(to: doc) == doc)
}

@Test func stripMatchesSourceTagsAndKinds() {
    let doc = Document([
        .div(
            [.heading(level: 2, [.emphasis([.text("t")], Attributes(tag: "i"))], .none)],
            Attributes(tag: "section")),
        .paragraph([.code("x", .none), .image([.text("alt")], Link("i.png"), .none)], .none),
    ])
    let stripped = UnwrapElements(tags: ["section", "h2", "em", "code", "img"]).apply(to: doc)
    #expect(
        stripped.blocks == [
            .paragraph([.text("t")], .none), .paragraph([.text("x"), .text("alt")], .none),
        ])
    let images = UnwrapElements(images: true).apply(to: doc)
    #expect(images.blocks[1] == .paragraph([.code("x", .none)], .none))
}

@Test func selectSubtreesWarnsWithoutMatch() throws {
    let doc = try HTMLReader().read("<ul><li>a</li><li class=x>b</li></ul><p>c</p>").document
    let (kept, none) = try SelectSubtrees("li.x, p").apply(to: doc)
    #expect(kept.blocks.count == 2)
    #expect(none == [])
    let (empty, diagnostics) = try SelectSubtrees("table").apply(to: doc)
    #expect(empty.blocks == [])
    #expect(diagnostics.map(\.code) == [.selectNoMatch])
    #expect(diagnostics.first?.severity == .warning)
    #expect(throws: SelectorError.self) { try SelectSubtrees("p >") }
}
