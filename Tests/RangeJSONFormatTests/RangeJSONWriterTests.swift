import MarkupAST
import Testing

@testable import RangeJSONFormat

@Suite struct RangeJSONWriterTests {
    /// A tag that only groups or shows its content (`<section>`, `<center>`, `<details>`) is
    /// info; a custom tag warns.
    @Test func groupingTagsAreInfo() {
        let doc = Document([
            .div([.paragraph([.text("a")], .none)], Attributes(tag: "section")),
            .div([.paragraph([.text("b")], .none)], Attributes(tag: "center")),
            .div([.paragraph([.text("c")], .none)], Attributes(tag: "details")),
            .div([.paragraph([.text("d")], .none)], Attributes(tag: "my-box")),
        ])
        #expect(
            RangeJSONWriter().write(doc).diagnostics == [
                Diagnostic(.info, .lossyDiv, "container section written as its content"),
                Diagnostic(.info, .lossyDiv, "container center written as its content"),
                Diagnostic(.info, .lossyDiv, "container details written as its content"),
                Diagnostic(.warning, .lossyDiv, "container my-box written as its content"),
            ])
    }

    /// A div's class, id, data-* or style is a presentational loss (info); a title warns.
    @Test func divClassesAndIDsAreInfo() {
        let doc = Document([
            .div([.paragraph([.text("a")], .none)], Attributes(id: "d", classes: ["box"])),
            .div(
                [.paragraph([.text("b")], .none)],
                Attributes(classes: ["k"], pairs: [Attribute(name: "title", value: "t")])),
            .div(
                [.paragraph([.text("c")], .none)],
                Attributes(classes: ["k"], pairs: [Attribute(name: "data-x", value: "1")])),
            .div(
                [.paragraph([.text("d")], .none)],
                Attributes(
                    pairs: [Attribute(name: "data-x", value: "1")],
                    style: [CSSDeclaration(property: "color", value: "red")])),
        ])
        let result = RangeJSONWriter().write(doc)
        #expect(
            result.diagnostics == [
                Diagnostic(.info, .lossyDiv, "class and id of a div dropped"),
                Diagnostic(.warning, .lossyDiv, "class and title of a div dropped"),
                Diagnostic(.info, .lossyDiv, "class and data-x of a div dropped"),
                Diagnostic(.info, .lossyDiv, "container div written as its content"),
            ])
    }

    @Test func nestedStructuresDegrade() {
        let inner = ListBlock(kind: .bullet, items: [ListItem([.plain([.text("b")], .none)])])
        let table = Table(
            columns: [.none], body: [TableRow([TableCell([.plain([.text("c")], .none)])])])
        let doc = Document([
            .list(
                ListBlock(
                    kind: .ordered,
                    items: [
                        ListItem([.plain([.text("a")], .none), .list(inner)]),
                        ListItem([
                            .blockQuote([.paragraph([.text("q")], .none)], .none), .table(table),
                        ]),
                    ]))
        ])
        let result = RangeJSONWriter().write(doc)
        #expect(
            result.output == """
                {"paragraphs":[
                {"type":"OLI","text":"a"},
                {"type":"ULI","text":"b"},
                {"type":"BQ","text":"q"},
                {"type":"P","text":"c"}
                ]}

                """)
        #expect(
            result.diagnostics.map(\.code) == [
                .lossyNestedList, .lossyListQuote, .lossyTable, .lossyListTable,
            ])
    }

    @Test func utf16AndScalarOffsets() {
        let doc = Document([.paragraph([.text("😀 "), .strong([.text("x")], .none)], .none)])
        #expect(RangeJSONWriter().write(doc).output.contains(#""start":3,"end":4"#))
        #expect(RangeJSONWriter(offsets: .scalar).write(doc).output.contains(#""start":2,"end":3"#))
    }

    /// range JSON -> AST -> range JSON is identical after canonical ordering.
    @Test(arguments: RangeJSONSamples.all)
    func roundTripIsIdentical(_ sample: String) throws {
        let read = try RangeJSONReader().read(sample)
        let written = RangeJSONWriter().write(read.document)
        #expect(written.diagnostics.isEmpty)
        #expect(try canonical(sample) == canonical(written.output))
    }

    /// Paragraph objects with markups sorted canonically (by start, longer first, type).
    private func canonical(_ json: String) throws -> [String] {
        guard case .array(let paragraphs)? = try JSONValue.parse(json)["paragraphs"] else {
            return []
        }
        return paragraphs.map { p -> String in
            guard case .object(var members) = p else { return p.serialized }
            if let i = members.firstIndex(where: { $0.0 == "markups" }),
                case .array(let ms) = members[i].1
            {
                let sorted = ms.sorted { a, b in
                    let ka = (a["start"]?.int ?? 0, -(a["end"]?.int ?? 0), a["type"]?.string ?? "")
                    let kb = (b["start"]?.int ?? 0, -(b["end"]?.int ?? 0), b["type"]?.string ?? "")
                    return ka < kb
                }
                members[i].1 = .array(sorted)
            }
            return JSONValue.object(members.sorted { $0.0 < $1.0 }).serialized
        }
    }
}

enum RangeJSONSamples {
    static let all: [String] = [
        #"{"paragraphs":[{"type":"H1","text":"Title"},{"type":"P","text":"Hello bold world","markups":[{"type":"EM","start":11,"end":16},{"type":"STRONG","start":6,"end":10}]}]}"#,
        #"{"paragraphs":[{"type":"P","text":"0123456789abcdefghijk","markups":[{"type":"STRONG","start":0,"end":10},{"type":"EM","start":7,"end":21}]}]}"#,
        #"{"paragraphs":[{"type":"P","text":"a😀b😀c","markups":[{"type":"A","start":0,"end":7,"href":"https://x.org","title":"X"},{"type":"CODE","start":1,"end":3}]}]}"#,
        #"{"paragraphs":[{"type":"ULI","text":"a"},{"type":"ULI","text":"b"},{"type":"OLI","text":"c"},{"type":"BQ","text":"q"},{"type":"PQ","text":"p"}]}"#,
        #"{"paragraphs":[{"type":"PRE","text":"x = 1\ny = 2","lang":"py"},{"type":"HR","text":""},{"type":"IMG","text":"cap","src":"a.png","metadata":{"id":"a.png","width":1,"height":2}}]}"#,
        #"{"paragraphs":[{"type":"P","text":"u s b p m k","markups":[{"type":"U","start":0,"end":1},{"type":"S","start":2,"end":3},{"type":"SUB","start":4,"end":5},{"type":"SUP","start":6,"end":7},{"type":"MARK","start":8,"end":9},{"type":"SPAN","start":10,"end":11,"attributes":{"tag":"kbd","class":"k","data-x":"1","style":"color: red"}}]}]}"#,
        #"{"paragraphs":[{"type":"P","text":"abcdef","markups":[{"type":"CODE","start":0,"end":6},{"type":"STRONG","start":2,"end":4}]},{"type":"IFRAME","text":"v","href":"https://v"},{"type":"MIXTAPE_EMBED","text":"m","href":"https://m"}]}"#,
        #"{"paragraphs":[{"type":"P","text":"line one\nline two","markups":[{"type":"STRONG","start":5,"end":13}]}]}"#,
    ]
}
