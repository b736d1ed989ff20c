import HTMLFormat
import MarkupAST
import Testing

/// Long runs of inline elements that each hold text (issue #19): the reader merges them into
/// one text run or one wrapper, in place. Building them by copying the run so far on every
/// merge made these inputs quadratic. Speed is measured by benchmarks; these check the trees.
@Suite struct HTMLReaderLongRunTests {
    let count = 20_000
    var run: String { String(repeating: "x", count: count) }

    func blocks(_ html: String, _ options: HTMLReaderOptions = HTMLReaderOptions()) throws
        -> [Block]
    {
        try HTMLReader(options: options).read(html).document.blocks
    }

    func dump(_ html: String, _ options: HTMLReaderOptions) throws -> String {
        TreeDump.render(try HTMLReader(options: options).read(html).document)
    }

    @Test("<b>x</b> x N: one strong holding one run")
    func mergedStrongs() throws {
        let html = String(repeating: "<b>x</b>", count: count)
        let strong = Inline.strong([.text(run)], Attributes(tag: "b"))
        #expect(try blocks(html) == [.paragraph([strong], .none)])
    }

    @Test("<a href=x>x x N: each link closes the one before; one link holding one run")
    func mergedLinks() throws {
        let html = String(repeating: "<a href=x>x", count: count)
        #expect(try blocks(html) == [.paragraph([.link([.text(run)], Link("x"), .none)], .none)])
    }

    @Test("<span>x x N: spans nest to the depth limit, the rest of the text is one run")
    func spansPastTheDepthLimit() throws {
        let html = String(repeating: "<span>x", count: count)
        let read = try blocks(html, HTMLReaderOptions(maxDepth: 64))
        guard read.count == 1, case .paragraph(var level, _) = read[0] else {
            Issue.record("not one paragraph: \(read.count) blocks")
            return
        }
        // Level by level: a text and a span, then the deepest span's single run.
        var levels = 0
        var text = 0
        var last = 0
        while !level.isEmpty {
            #expect(level.count <= 2)
            var next: [Inline] = []
            for inline in level {
                if case .text(let s) = inline {
                    text += s.utf8.count
                    last = s.utf8.count
                } else {
                    next += inline.children
                }
            }
            level = next
            levels += 1
        }
        #expect(text == count)
        #expect(levels < 64)
        #expect(last > count - 64)
    }

    @Test("exact trees past a small depth limit")
    func smallDepthLimit() throws {
        let options = HTMLReaderOptions(maxDepth: 5)
        let spans = try dump(String(repeating: "<span>x", count: 8), options)
        #expect(
            spans == """
                paragraph
                  span
                    text "x"
                    span
                      text "x"
                      span
                        text "xxxxxx"

                """)
        // Nested bolds draw nothing more than one: one strong (the depth limit is not reached).
        let bolds = try dump(String(repeating: "<b>x", count: 8), options)
        #expect(
            bolds == """
                paragraph
                  strong {<b>}
                    text "xxxxxxxx"

                """)
        let sups = try dump(String(repeating: "<sup>x", count: 8), options)
        #expect(
            sups == """
                paragraph
                  superscript
                    text "x"
                    superscript
                      text "x"
                      superscript
                        text "xxxxxx"

                """)
        let tableThenSups = try dump("<table>" + String(repeating: "<sup>x", count: 8), options)
        #expect(
            tableThenSups == """
                paragraph
                  superscript
                    text "x"
                    superscript
                      text "xxxxxxx"

                """)
    }

    @Test("<table> then <b>x x N: the bold runs are moved out of the table, text kept")
    func fosteredBolds() throws {
        let html = "<table>" + String(repeating: "<b>x", count: count)
        let text = try HTMLReader().read(html).document.plainText
        #expect(text.filter { $0 != "\n" } == run)
    }
}
