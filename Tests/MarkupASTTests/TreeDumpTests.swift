import MarkupAST
import Testing

@Suite("TreeDump")
struct TreeDumpTests {
    @Test("dumps blocks, inlines and attributes")
    func dump() {
        var attrs = Attributes(tag: "x-card", id: "a", classes: ["b"])
        attrs.set("data-n", "1")
        attrs.style = [CSSDeclaration(property: "color", value: "red")]
        let doc = Document([
            .heading(level: 2, [.text("T\"i\n")], .none),
            .div(
                [
                    .paragraph(
                        [
                            .strong([.text("s")], .none), .lineBreak,
                            .link([.text("l")], Link("/u", title: "t"), .none),
                        ], .none)
                ], attrs),
            .list(
                ListBlock(
                    kind: .ordered, start: 3, tight: false,
                    items: [ListItem([.plain([.text("i")], .none)], task: true)])),
        ])
        #expect(
            TreeDump.render(doc) == """
                heading 2
                  text "T\\"i\\n"
                div {<x-card> #a .b data-n="1" style="color: red"}
                  paragraph
                    strong
                      text "s"
                    linebreak
                    link "/u" title="t"
                      text "l"
                ordered_list start=3 loose
                  item [x]
                    plain
                      text "i"

                """)
    }
}
