import HTML5Parser
import Testing

@Suite struct TokenizerTests {
    @Test func namedReferencesLongestMatchAndLegacyRules() {
        let doc = HTMLParser.parseFragment("&notit; &amp &ampx &copy2 <a href='?a=1&copy=2&amp;b'>")
        #expect(
            doc.treeDump() == """
                | "¬it; & &x ©2 "
                | <a>
                |   href="?a=1&copy=2&b"

                """)
    }

    @Test func numericReferencesUseTheReplacementTable() {
        let (tokens, errors) = HTMLTokenizer.tokenize("&#x80;&#0;&#xD800;&#x110000;&#65")
        #expect(tokens == [.characters("€\u{FFFD}\u{FFFD}\u{FFFD}A")])
        #expect(
            errors.map(\.code) == [
                "control-character-reference", "null-character-reference",
                "surrogate-character-reference",
                "character-reference-outside-unicode-range",
                "missing-semicolon-after-character-reference",
            ])
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        let bytes: [UInt8] = Array("<p>a".utf8) + [0xFF, 0xE2, 0x82] + Array("b".utf8) + [0xC3]
        let doc = HTMLParser.parseDocument(bytes: bytes)
        #expect(doc.textContent(of: doc.root) == "a\u{FFFD}\u{FFFD}b\u{FFFD}")
        #expect(doc.errors.filter { $0.code == "invalid-utf-8" }.count == 3)
    }

    @Test func carriageReturnsBecomeLineFeedsWithoutErrorCollection() {
        // A String's bytes are valid UTF-8: without error collection only its carriage
        // returns are looked for (the runs between them copied whole); with it every byte is
        // checked. Both give the same tree.
        let input = "\r<p title='a\r\nb'>x\r\r\ny\rz</p>\r\n\u{E9}\r"
        let quick = HTMLParser.parseFragment(
            input, options: HTMLParserOptions(collectErrors: false))
        let checked = HTMLParser.parseFragment(
            input, options: HTMLParserOptions(collectErrors: true))
        #expect(quick.treeDump() == checked.treeDump())
        #expect(quick.textContent(of: quick.root) == "\nx\n\ny\nz\n\u{E9}\n")
        let p = quick[quick.children(of: quick.root).first { quick[$0].kind == .element }!]
        #expect(p.attribute("title") == "a\nb")
        let clean = HTMLParser.parseFragment(
            "a\u{E9}b", options: HTMLParserOptions(collectErrors: false))
        #expect(clean.textContent(of: clean.root) == "a\u{E9}b")
    }

    @Test func nulIsDroppedInTextAndReplacedInAttributes() {
        let doc = HTMLParser.parseFragment("a\u{0}b<p title='x\u{0}y'>")
        #expect(
            doc.treeDump() == """
                | "ab"
                | <p>
                |   title="x\u{FFFD}y"

                """)
        #expect(doc.errors.filter { $0.code == "unexpected-null-character" }.count == 3)
    }

    @Test func oneMegabyteAttributeValueIsKept() {
        let value = String(repeating: "v", count: 1_000_000)
        let doc = HTMLParser.parseFragment("<a title=\"\(value)\">x</a>")
        let a = doc[doc.children(of: doc.root).first!]
        #expect(a.attribute("title")?.utf8.count == 1_000_000)
    }

    @Test func repeatedAttributeListsKeepTheirOwnValues() {
        // Equal lists are built once and shared; an SVG element's adjusted copy, a list that
        // only splits the same bytes differently and a long list (never kept) stay apart.
        // 30,000 distinct lists (more than the cache keeps) are read in between, then the
        // first ones again.
        let long = String(repeating: "l", count: 130)
        let distinct = (0..<30_000).map { "<b class=\"item-\($0)-of-a-longer-list-of-items\">" }
            .joined()
        let repeated =
            "<i class=x title=y></i><i class=x title=y></i><svg viewbox=1></svg>"
            + "<i class=xt itle=y></i><i class=x title=y></i><svg viewbox=1></svg>"
            + "<i title=\(long)></i><i title=\(long)></i>"
        let doc = HTMLParser.parseFragment(repeated + distinct + repeated, context: "div")
        let lists = doc.nodes.filter { $0.name == "i" || $0.name == "svg" }.map {
            $0.attributes.map { "\($0.name)=\($0.value)" }
        }
        let expected = [
            ["class=x", "title=y"], ["class=x", "title=y"], ["viewBox=1"],
            ["class=xt", "itle=y"], ["class=x", "title=y"], ["viewBox=1"],
            ["title=" + long], ["title=" + long],
        ]
        #expect(lists == expected + expected)
        let classes = doc.nodes.compactMap { $0.name == "b" ? $0.attribute("class") : nil }
        #expect(classes == (0..<30_000).map { "item-\($0)-of-a-longer-list-of-items" })
    }

    @Test func unterminatedConstructsAtEndOfInput() {
        #expect(HTMLTokenizer.tokenize("<!-- open").tokens == [.comment(" open")])
        #expect(HTMLTokenizer.tokenize("<a href='x").tokens == [])
        #expect(HTMLTokenizer.tokenize("<a href='x").errors.map(\.code) == ["eof-in-tag"])
        #expect(HTMLParser.parseDocument("<!DOCTYPE html PUBLIC \"x").quirksMode == .quirks)
    }

    @Test func crlfIsNormalisedAndErrorsArePlaced() {
        let doc = HTMLParser.parseDocument("<!DOCTYPE html>\r\n<p>a\r\nb</x>")
        #expect(doc.textContent(of: doc.root) == "a\nb")
        let e = doc.errors.first { $0.code == "unexpected-end-tag" }
        #expect(e?.line == 3 && e?.column == 2)
    }

    @Test func rawTextAndRCDATAStates() {
        let doc = HTMLParser.parseFragment(
            "<title>a<b>&amp;</title><script>if (a<b) x('</p>')</script>")
        #expect(
            doc.treeDump() == """
                | <title>
                |   "a<b>&"
                | <script>
                |   "if (a<b) x('</p>')"

                """)
    }
}
