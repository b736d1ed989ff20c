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

    /// Only a select's first `<selectedcontent>` takes a copy of the selected option, copied as
    /// it was: filling every one, each copied the ones filled before it inside the option (the
    /// tree doubled per element; 319 bytes found by the html-styled fuzz target took 17 GB).
    @Test func selectedContentIsFilledOnceFromTheOptionAsItWas() {
        let many = String(repeating: "<selectedcontent></selectedcontent>", count: 40)
        let doc = HTMLParser.parseFragment("<select><option>x\(many)</option></select>")
        let select = doc.children(of: doc.root).first!
        #expect(
            doc.outerHTML(of: select)
                == "<select><option>x<selectedcontent>x\(many)</selectedcontent>"
                + String(repeating: "<selectedcontent></selectedcontent>", count: 39)
                + "</option></select>")
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
