import Foundation
import MarkupAST
import Testing

@Suite("Traversal and coding")
struct TraversalTests {
    let doc = Document([
        .paragraph(
            [.text("a "), .link([.emphasis([.text("b")], .none)], Link("/b"), .none)], .none),
        .table(
            Table(
                columns: [.left],
                body: [
                    TableRow([TableCell([.plain([.link([.text("c")], Link("/c"), .none)], .none)])])
                ])),
    ])

    @Test("query finds nodes in cells too, in document order")
    func query() {
        let links = doc.query { if case .inline(.link) = $0 { true } else { false } }
        let targets = links.compactMap { node -> String? in
            if case .inline(.link(_, let l, _)) = node { return l.destination }
            return nil
        }
        #expect(targets == ["/b", "/c"])
    }

    @Test("mapInlines rewrites bottom-up everywhere")
    func mapInlines() {
        let upper = doc.mapInlines { inline in
            if case .text(let s) = inline { return .text(s.uppercased()) }
            return inline
        }
        #expect(upper.plainText == "A B\nC\n\n")
    }

    @Test("mapBlocks rewrites blocks")
    func mapBlocks() {
        let d = Document([.blockQuote([.heading(level: 1, [.text("h")], .none)], .none)])
        let out = d.mapBlocks { b in
            if case .heading(_, let xs, let a) = b { return .paragraph(xs, a) }
            return b
        }
        #expect(out == Document([.blockQuote([.paragraph([.text("h")], .none)], .none)]))
    }

    @Test("JSON round trip, empty attributes encode as {}")
    func codable() throws {
        let data = try JSONEncoder().encode(doc)
        #expect(try JSONDecoder().decode(Document.self, from: data) == doc)
        let attrs = String(decoding: try JSONEncoder().encode(Attributes.none), as: UTF8.self)
        #expect(attrs == "{}")
    }

    @Test("containsInline looks inside table cells and links, and says false when absent")
    func containsInline() {
        #expect(doc.containsInline { if case .emphasis = $0 { true } else { false } })
        #expect(doc.containsInline { $0 == .text("c") })
        #expect(!doc.containsInline { if case .strong = $0 { true } else { false } })
    }

    @Test("attributes: empty parts compare and hash equal however they were made")
    func attributesEquality() {
        var a = Attributes(id: "x")
        a.id = ""
        #expect(a == Attributes.none)
        #expect(a.isEmpty)
        #expect(a.hashValue == Attributes().hashValue)
        var b = Attributes()
        b.set("data-k", "1")
        b.classes.append("c")
        #expect(b == Attributes(classes: ["c"], pairs: [Attribute(name: "data-k", value: "1")]))
        #expect(b.value(of: "data-k") == "1")
    }
}
