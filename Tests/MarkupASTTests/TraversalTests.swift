import Foundation
import MarkupAST
import Testing

@Suite("Traversal and coding")
struct TraversalTests {
    let doc = Document([
        .paragraph([.text("a "), .link([.emphasis([.text("b")], .none)], Link("/b"), .none)], .none),
        .table(Table(columns: [.left], body: [TableRow([TableCell([.plain([.link([.text("c")], Link("/c"), .none)], .none)])])])),
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
}
