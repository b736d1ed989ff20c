import MarkupAST
import Testing

@Suite struct MarkupTextTests {
    @Test func rolesBuildInlines() {
        let url = "https://example.com"
        let s: MarkupText = "Learn \("more", .role("important")) at \("our site", .link(url))"
        #expect(
            s.inlines == [
                .text("Learn "), .span([.text("more")], Attributes(tag: "important")),
                .text(" at "),
                .link([.text("our site")], Link(url), .none),
            ])
        #expect(s.description == "Learn more at our site")
    }

    @Test func interpolatedValuesAreText() {
        let name = "<b>Bob</b> **x**"
        let s: MarkupText = "Hi \(name, .strong, .emphasis)!"
        #expect(
            s.inlines == [
                .text("Hi "), .emphasis([.strong([.text("<b>Bob</b> **x**")], .none)], .none),
                .text("!"),
            ])
    }

    @Test func plainInterpolationAndNesting() {
        let count = 3
        let inner: MarkupText = "\("Ctrl", .role("kbd"))+\("C", .code)"
        let s: MarkupText = "\(count) items, press \(inner, .role("shortcut"))"
        #expect(
            TreeDump.render(s.inlines) == """
                text "3 items, press "
                span {<shortcut>}
                  span {<kbd>}
                    text "Ctrl"
                  text "+"
                  code "C"

                """)
    }

    @Test func literalAndConcatenation() {
        let a: MarkupText = "plain"
        let b: MarkupText = " \("bold", .strong)"
        #expect((a + b).inlines == [.text("plain "), .strong([.text("bold")], .none)])
        #expect(a.document == Document([.paragraph([.text("plain")], .none)]))
    }
}
