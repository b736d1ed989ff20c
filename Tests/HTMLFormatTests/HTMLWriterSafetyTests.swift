import HTMLFormat
import MarkupAST
import Testing

/// Safe HTML output (issue #19 items 3 and 5): no raw NUL byte, no CSS property that runs
/// code (`behavior`, `-moz-binding`, `expression(`), however it is spelled, and the sinks the
/// XSS corpus found (`Tests/SafetyTests`): each is a case here.
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

    /// A paragraph holding one span with these attribute pairs, written safely.
    private func writeSpan(_ pairs: [(String, String)], tag: String? = nil) -> WriteResult {
        let attributes = Attributes(
            tag: tag, pairs: pairs.map { Attribute(name: $0.0, value: $0.1) })
        return HTMLWriter().write(Document([.paragraph([.span([.text("x")], attributes)], .none)]))
    }

    @Test func everyURLOfAURLListIsChecked() {
        for (name, list) in [
            ("srcset", "a.png 1x, javascript:alert(1) 2x"),
            ("srcset", "a.png 1x,\u{1}javascript:x"),
            ("imagesrcset", "a.png 1x, data:text/html,x 2x"),
            ("ping", "https://a.example/ javascript:x"),
            ("archive", "a.jar vbscript:x"),
        ] {
            let result = writeSpan([(name, list)], tag: "img")
            #expect(result.output == "<p><img />x</p>\n", "\(name)=\(list)")
            #expect(result.diagnostics.map(\.code) == [.lossyUnsafeURL], "\(name)=\(list)")
        }
        let kept = writeSpan([("srcset", "a.png 1x, data:image/png;base64,AA 2x")], tag: "img")
        #expect(kept.output == "<p><img srcset=\"a.png 1x, data:image/png;base64,AA 2x\" />x</p>\n")
        #expect(kept.diagnostics.isEmpty)
    }

    @Test func moreURLAttributesAreChecked() {
        for name in ["classid", "archive", "icon", "imagesrcset", "profile"] {
            let result = writeSpan([(name, " JavaScript:alert(1)")])
            #expect(result.output == "<p><span>x</span></p>\n", "\(name)")
            #expect(result.diagnostics.map(\.code) == [.lossyUnsafeURL], "\(name)")
        }
    }

    @Test func formAndIsindexAreNotWritten() {
        for tag in ["form", "FORM", "isindex"] {
            let result = writeSpan([], tag: tag)
            #expect(result.output == "<p><span>x</span></p>\n", "\(tag)")
            #expect(result.diagnostics.map(\.code) == [.lossyUnsafeTag], "\(tag)")
        }
    }

    @Test func styleURLsOtherThanHTTPAndRasterImagesAreRemoved() {
        let unsafe = [
            CSSDeclaration(property: "background", value: "url(data:text/html,x)"),
            CSSDeclaration(property: "background", value: "URL( \"data:image/svg+xml,x\" )"),
            CSSDeclaration(property: "background", value: "url(x-evil:alert(1))"),
            CSSDeclaration(property: "background", value: "url(file:///etc/passwd)"),
            CSSDeclaration(property: "background", value: "\\75rl(data:text/html,x)"),
            // A value or a property that smuggles in a declaration of its own.
            CSSDeclaration(property: "color", value: "red; behavior : url(x.htc)"),
            CSSDeclaration(property: "width: expression(alert(1))", value: "red"),
            CSSDeclaration(property: "background: url(javascript", value: "alert(1))"),
            CSSDeclaration(property: "@import url(https", value: "//a.example/x.css)"),
        ]
        for declaration in unsafe {
            let attributes = Attributes(style: [
                declaration, CSSDeclaration(property: "color", value: "red"),
            ])
            let result = HTMLWriter().write(
                Document([.paragraph([.span([.text("x")], attributes)], .none)]))
            #expect(
                result.output == "<p><span style=\"color: red\">x</span></p>\n", "\(declaration)")
            #expect(result.diagnostics.map(\.code) == [.lossyUnsafeStyle], "\(declaration)")
        }
        let safe = [
            "url(https://a.example/a.png)", "url('//a.example/a.png')", "url(a.png?x:y)",
            "url(data:image/png;base64,AA)", "url(HTTP://a.example/a.png)",
        ]
        for value in safe {
            let attributes = Attributes(style: [
                CSSDeclaration(property: "background", value: value)
            ])
            let result = HTMLWriter().write(
                Document([.paragraph([.span([.text("x")], attributes)], .none)]))
            #expect(result.diagnostics.isEmpty, "\(value)")
            #expect(result.output.contains(value), "\(value)")
        }
    }
}
