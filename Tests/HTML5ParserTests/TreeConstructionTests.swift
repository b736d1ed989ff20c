import HTML5Parser
import Testing

@Suite struct TreeConstructionTests {
    @Test func misnestedFormattingUsesAdoptionAgency() {
        let doc = HTMLParser.parseFragment("<b>a<i>b</b>c</i>")
        #expect(
            doc.treeDump() == """
                | <b>
                |   "a"
                |   <i>
                |     "b"
                | <i>
                |   "c"

                """)
    }

    @Test func unclosedParagraphsCloseEachOther() {
        let doc = HTMLParser.parseDocument("<p>one<p>two<div>three</div>")
        #expect(
            doc.treeDump() == """
                | <html>
                |   <head>
                |   <body>
                |     <p>
                |       "one"
                |     <p>
                |       "two"
                |     <div>
                |       "three"

                """)
        #expect(doc.quirksMode == .quirks)
    }

    @Test func listItemsWithoutEndTags() {
        let doc = HTMLParser.parseFragment("<ul><li>one<li>two</ul>", context: "div")
        #expect(
            doc.treeDump() == """
                | <ul>
                |   <li>
                |     "one"
                |   <li>
                |     "two"

                """)
    }

    @Test func tableGetsImpliedBodyAndFosterParentedText() {
        let doc = HTMLParser.parseFragment("<table>x<tr><td>a<td>b</table>")
        #expect(
            doc.treeDump() == """
                | "x"
                | <table>
                |   <tbody>
                |     <tr>
                |       <td>
                |         "a"
                |       <td>
                |         "b"

                """)
    }

    @Test func fragmentInRowContext() {
        let doc = HTMLParser.parseFragment("<td>x<td>y", context: "tr")
        #expect(
            doc.treeDump() == """
                | <td>
                |   "x"
                | <td>
                |   "y"

                """)
    }

    @Test func foreignContentAdjustsNames() {
        let doc = HTMLParser.parseFragment(
            "<svg viewbox='0 0 1 1'><foreignobject><p>hi</p></foreignobject><a xlink:href='#x'/></svg>"
        )
        #expect(
            doc.treeDump() == """
                | <svg svg>
                |   viewBox="0 0 1 1"
                |   <svg foreignObject>
                |     <p>
                |       "hi"
                |   <svg a>
                |     xlink href="#x"

                """)
    }

    @Test func templateContentsAreSeparate() {
        let doc = HTMLParser.parseFragment("<template><li>a</template>")
        #expect(
            doc.treeDump() == """
                | <template>
                |   content
                |     <li>
                |       "a"

                """)
        let template = doc.children(of: doc.root).first!
        #expect(doc[template].firstChild == nil)
        #expect(doc.templateContents(of: template) != nil)
    }

    @Test func preDropsLeadingNewline() {
        let doc = HTMLParser.parseFragment("<pre>\nx\n</pre>")
        #expect(doc.innerHTML(of: doc.root) == "<pre>x\n</pre>")
    }

    @Test func depthIsCappedFor100000NestedDivs() {
        let input = String(repeating: "<div>", count: 100_000) + "x"
        let doc = HTMLParser.parseDocument(input)
        var maxDepth = 0
        var work: [(HTMLNodeID, Int)] = [(doc.root, 0)]
        while let (id, depth) = work.popLast() {
            maxDepth = max(maxDepth, depth)
            for c in doc.children(of: id) { work.append((c, depth + 1)) }
        }
        #expect(maxDepth == 512)  // <html> is depth 1; deeper divs and the text attach at 512
        #expect(doc.nodes.count == 100_000 + 4 + 1)
        #expect(doc.errors.contains { $0.code == "nesting-too-deep" })
    }

    @Test func depthLimitIsConfigurable() {
        let doc = HTMLParser.parseFragment(
            "<div><div><div><div>x</div></div></div></div><p>y",
            options: HTMLParserOptions(maxDepth: 3))
        #expect(
            doc.treeDump() == """
                | <div>
                |   <div>
                |   <div>
                |   <div>
                |   "x"
                | <p>
                |   "y"

                """)
    }

    @Test func manyUnclosedFormattingElementsStayBounded() {
        let doc = HTMLParser.parseDocument(String(repeating: "<b>x", count: 20_000))
        #expect(doc.textContent(of: doc.root).utf8.count == 20_000)
    }
}
