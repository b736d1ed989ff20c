import MarkupAST
import Testing

@Suite("CSS declarations")
struct CSSDeclarationTests {
    @Test("parses a list, keeping order, !important and skipping invalid entries")
    func parse() {
        let list = CSSDeclaration.parseList(
            "Color: red; ; bogus; font-weight:bold !important ; background: url('a;b.png'); :x")
        #expect(
            list == [
                CSSDeclaration(property: "color", value: "red"),
                CSSDeclaration(property: "font-weight", value: "bold", important: true),
                CSSDeclaration(property: "background", value: "url('a;b.png')"),
            ])
        #expect(
            CSSDeclaration.serialize(list)
                == "color: red; font-weight: bold !important; background: url('a;b.png')")
    }
}
