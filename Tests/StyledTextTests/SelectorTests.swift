import MarkupAST
import Testing

@testable import StyledText

let selectorDocument = Document([
    .div(
        [
            .paragraph(
                [
                    .strong([.text("in note")], .none),
                    .link([.text("ext")], Link("https://a.org"), .none),
                    .link([.text("int")], Link("/local"), .none),
                ], .none)
        ], Attributes(tag: "div", id: "main", classes: ["note"])),
    .list(
        ListBlock(
            kind: .bullet,
            items: [
                ListItem([
                    .plain([.text("one")], .none),
                    .list(
                        ListBlock(
                            kind: .bullet, items: [ListItem([.plain([.text("deep")], .none)])])),
                ]),
                ListItem(
                    [.plain([.strong([.text("two")], .none)], .none)],
                    attributes: Attributes(classes: ["x"])),
            ])),
    .paragraph(
        [.strong([.text("outside")], .none), .image([.text("pic")], Link("p.png"), .none)], .none),
])

@Test func selectByAttributePrefix() throws {
    let links = try MarkupSelector("a[href^=\"http\"]").select(in: selectorDocument)
    #expect(links == [.inline(.link([.text("ext")], Link("https://a.org"), .none))])
}

@Test func selectChildCombinator() throws {
    let items = try MarkupSelector("ul > li").texts(in: selectorDocument)
    #expect(items == ["one\n•\tdeep", "deep", "two"])
    let top = try MarkupSelector("body > ul > li, ul > li.x").texts(in: selectorDocument)
    #expect(top == ["two"])
}

@Test func selectDescendantWithClassAndId() throws {
    #expect(try MarkupSelector(".note strong").texts(in: selectorDocument) == ["in note"])
    #expect(try MarkupSelector("#main a").texts(in: selectorDocument) == ["ext", "int"])
    #expect(try MarkupSelector("li strong").texts(in: selectorDocument) == ["two"])
    #expect(try MarkupSelector("img[alt=pic]").texts(in: selectorDocument) == ["pic"])
    #expect(try MarkupSelector("p > strong").texts(in: selectorDocument).count == 2)
}

@Test func selectorErrors() {
    #expect(throws: SelectorError.self) { try MarkupSelector("a[href") }
    #expect(throws: SelectorError.self) { try MarkupSelector("> a") }
    #expect(throws: SelectorError.self) { try MarkupSelector("a,") }
}

@Test func selectedSubtreeRendersAlone() throws {
    let node = try #require(try selectorDocument.select("#main").first)
    let s = StyledText(node: node)
    #expect(s.string == "in noteextint")
    #expect(s.runs.first?.style.fontWeight == 700)
}

@Test func stripperGivesPlainText() {
    #expect(
        MarkupStripper.plainText(of: selectorDocument)
            == "in noteextint\n•\tone\n◦\tdeep\n•\ttwo\noutsidepic")
}
