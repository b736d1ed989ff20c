import HTMLFormat
import MarkupAST
import Testing

/// Safe HTML output (issue #19 items 3 and 5): no raw NUL byte, and no CSS property that
/// runs code (`behavior`, `-moz-binding`, `expression(`), however it is spelled.
@Suite struct HTMLWriterSafetyTests {
    @Test func nulIsWrittenAsReplacementCharacter() {
        let document = Document([
            .paragraph([.text("a\u{0}b"), .code("c\u{0}", .none)], .none),
            .codeBlock(info: "", code: "\u{0}\n", .none),
        ])
        let result = HTMLWriter().write(document)
        #expect(!result.output.utf8.contains(0))
        #expect(
            result.output
                == "<p>a\u{FFFD}b<code>c\u{FFFD}</code></p>\n<pre><code>\u{FFFD}\n</code></pre>\n")
        #expect(result.diagnostics.map(\.code) == [.lossyNUL])
        #expect(result.diagnostics.first?.message.contains("3 times") == true)
        #expect(HTMLWriter().write(Document([.paragraph([.text("ab")], .none)])).diagnostics == [])
    }

    @Test func scriptingStylePropertiesAreRemoved() {
        let styles = [
            "behavior:url(x.htc)", "-ms-behavior: url(x.htc)", "BEHAVIOR: url(x.htc)",
            "-moz-binding: url(x.xml#a)", "width: expression(alert(1))",
            "width: expr/**/ession(alert(1))", "width: e\\78pression(alert(1))",
        ]
        for style in styles {
            let attributes = Attributes(style: CSSDeclaration.parseList(style + "; color: red"))
            let span = Inline.span([.text("x")], attributes)
            let result = HTMLWriter().write(Document([.paragraph([span], .none)]))
            #expect(result.output == "<p><span style=\"color: red\">x</span></p>\n", "\(style)")
            #expect(result.diagnostics.map(\.code) == [.lossyUnsafeStyle], "\(style)")
        }
        // A property spelled with an escape (which `parseList` drops, but the AST may hold).
        let escaped = Attributes(style: [CSSDeclaration(property: "b\\65havior", value: "url(x)")])
        let span = Inline.span([.text("x")], escaped)
        let written = HTMLWriter().write(Document([.paragraph([span], .none)]))
        #expect(written.output == "<p><span>x</span></p>\n")
        #expect(written.diagnostics.map(\.code) == [.lossyUnsafeStyle])
        let safe = Attributes(style: CSSDeclaration.parseList("background: url(a/b.png)"))
        let output = HTMLWriter().write(Document([.paragraph([.span([.text("x")], safe)], .none)]))
        #expect(output.diagnostics.isEmpty)
        #expect(output.output.contains("url(a/b.png)"))
    }
}
