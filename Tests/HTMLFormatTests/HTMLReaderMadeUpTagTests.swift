import HTMLFormat
import MarkupAST
import Testing

/// Snippet leniency: an unknown tag with no attribute value and no end tag is text, bare words
/// and all; a real custom element (an end tag, an attribute value, `customTags`) is not.
@Suite struct HTMLReaderMadeUpTagTests {
    func dump(_ html: String, _ options: HTMLReaderOptions = HTMLReaderOptions()) throws -> String {
        TreeDump.render(try HTMLReader(options: options).read(html).document)
    }

    @Test func bareWordsStayWithTheTag() throws {
        #expect(
            try dump("Buy 2 <get 1 free> today")
                == "paragraph\n  text \"Buy 2 <get 1 free> today\"\n")
        #expect(
            try dump("<Congratulations to all winners!>")
                == "paragraph\n  text \"<Congratulations to all winners!>\"\n")
        #expect(
            try dump("<p>a <my-icon large> b</p>") == "paragraph\n  text \"a <my-icon large> b\"\n")
    }

    @Test func theNoteCountsTheTags() throws {
        let result = try HTMLReader().read("<Hot> <get 1 free> <Congratulation!>")
        #expect(result.diagnostics.map(\.code) == [.parseLiteralTag])
        #expect(
            result.diagnostics.map(\.message)
                == ["3 unknown tag(s) without attribute values or end tag kept as text"])
    }

    @Test func knownNamesStayElements() throws {
        #expect(
            try dump("<p>Hi <b>x</b> <a b c></p>")
                == "paragraph\n  text \"Hi \"\n  strong {<b>}\n    text \"x\"\n")
    }

    @Test func anEndTagOrAValueMakesAnElement() throws {
        #expect(
            try dump("<p><spoiler open>x</spoiler> y <mention id=3>Bob</p>")
                == "paragraph\n  span {<spoiler> open=\"\"}\n    text \"x\"\n  text \" y \"\n"
                + "  span {<mention> #3}\n    text \"Bob\"\n")
        #expect(
            try dump("<x-card title=\"a\">hi")
                == "paragraph\n  span {<x-card> title=\"a\"}\n    text \"hi\"\n")
    }

    @Test func registeredTagsStayElements() throws {
        var options = HTMLReaderOptions()
        options.customTags = ["get"]
        #expect(
            try dump("a <get 1 free> b", options)
                == "paragraph\n  text \"a \"\n  span {<get> 1=\"\" free=\"\"}\n    text \"b\"\n")
    }

    @Test func leniencyOffReadsLikeABrowser() throws {
        var options = HTMLReaderOptions()
        options.snippetLeniency = false
        #expect(
            try dump("a <get 1 free> b", options)
                == "paragraph\n  text \"a \"\n  span {<get> 1=\"\" free=\"\"}\n    text \"b\"\n")
    }

    @Test func tagsInsideAMadeUpTagAreStillRead() throws {
        #expect(
            try dump("<p>x <get 1 <b>free</b>> y</p>")
                == "paragraph\n  text \"x <get 1 \"\n  strong {<b>}\n    text \"free\"\n"
                + "  text \"> y\"\n")
        #expect(try dump("<p>a <Vec<u8 x>> b</p>") == "paragraph\n  text \"a <Vec<u8 x>> b\"\n")
    }

    /// Many made-up tags sharing one `>`, or none: each is scanned once, not to the `>` again.
    @Test func manyOpenTagsAreReadInOnePass() throws {
        let shared = String(repeating: "<x y ", count: 20_000) + ">"
        let result = try HTMLReader().read(shared)
        #expect(result.diagnostics.first?.message.hasPrefix("20000 unknown tag(s)") == true)
        let unclosed = String(repeating: "<x y ", count: 20_000)
        #expect(try HTMLReader().read(unclosed).diagnostics.map(\.code) == [])
    }
}
