import HTML5Parser
import Testing

@Suite struct SerializerTests {
    @Test func innerHTMLEscapesTextAndAttributes() {
        let doc = HTMLParser.parseFragment(
            "<p class='a\"b'>1 &lt; 2 &amp;&nbsp;<br>x<style>a>b</style>")
        #expect(
            doc.innerHTML(of: doc.root)
                == "<p class=\"a&quot;b\">1 &lt; 2 &amp;&nbsp;<br>x<style>a>b</style></p>")
    }

    @Test func outerHTMLOfAnElement() {
        let doc = HTMLParser.parseFragment("<ul><li>a<li>b</ul>")
        let ul = doc.children(of: doc.root).first!
        #expect(doc.outerHTML(of: ul) == "<ul><li>a</li><li>b</li></ul>")
    }

    @Test func treeDumpOfDoctypeAndComments() {
        let doc = HTMLParser.parseDocument("<!DOCTYPE html><!--c--><title>t</title>")
        #expect(
            doc.treeDump() == """
                | <!DOCTYPE html>
                | <!-- c -->
                | <html>
                |   <head>
                |     <title>
                |       "t"
                |   <body>

                """)
        #expect(doc.quirksMode == .noQuirks)
    }
}
