import HTMLFormat
import MarkupAST
import Testing

/// The parser gives elements whose attributes are written alike one shared attribute list, and
/// the reader keeps what it read from a list for its repeats. The attributes read must still
/// depend on the element: its tag, and the attributes its node takes for itself (a link's
/// `href`).
@Suite struct HTMLReaderSharedAttributeListsTests {
    @Test("one attribute list on <em>, <i>, <a> and <span>: each element's own attributes")
    func sameListOtherElements() throws {
        let list = #"class="x" href="/u""#
        let html =
            "<p><em \(list)>1</em><i \(list)>2</i><a \(list)>3</a><span \(list)>4</span>"
            + "<em \(list)>5</em><i \(list)>6</i><a \(list)>7</a><span \(list)>8</span></p>"
        let read = try HTMLReader().read(html).document.blocks
        let pair = [Attribute(name: "href", value: "/u")]
        let em = Attributes(classes: ["x"], pairs: pair)
        let i = Attributes(tag: "i", classes: ["x"], pairs: pair)
        let span = Attributes(classes: ["x"], pairs: pair)
        let link = Attributes(classes: ["x"])
        func inlines(_ n: Int) -> [Inline] {
            [
                .emphasis([.text("\(n)")], em), .emphasis([.text("\(n + 1)")], i),
                .link([.text("\(n + 2)")], Link("/u"), link),
                .span([.text("\(n + 3)")], span),
            ]
        }
        #expect(read == [.paragraph(inlines(1) + inlines(5), .none)])
    }
}
