import MarkupAST
import MarkupConverter
import Testing

/// Severities (issue #18 item 3): presentational losses every converter makes are `info`
/// and not lossy; content losses are warnings.
@Suite("Diagnostic severities")
struct DiagnosticSeverityTests {
    func convert(_ html: String) throws -> ConversionResult {
        try Converter(from: "html", to: "markdown").convert(html)
    }

    @Test("severities order info < note < warning < error")
    func order() {
        #expect(Diagnostic.Severity.info < .note && Diagnostic.Severity.note < .warning)
        #expect(Diagnostic.Severity.warning < .error)
        #expect(!Diagnostic(.info, .lossyAttributes, "").isLossy)
        #expect(Diagnostic(.warning, .lossyAttributes, "").isLossy)
        #expect(!Diagnostic(.note, .lossyRaw, "").isLossy)
    }

    @Test("class, id, style, lang and data-* are info, counted and named")
    func presentational() throws {
        let result = try convert(
            #"<p class="a" id="b">x</p><p lang="en" style="color: red">y</p>"#
                + #"<h2 class="c" data-n="1">z</h2>"#)
        #expect(
            result.diagnostics == [
                Diagnostic(
                    .info, .lossyAttributes,
                    "class, id, style, data-* and lang of 3 elements dropped (first <p>)")
            ])
        #expect(!result.isLossy)
    }

    @Test("event handlers, srcset and an image size are info")
    func browserOnly() throws {
        let result = try convert(
            #"<p><a href="/x" onclick="f()">l</a> <img src="i.png" width="3" srcset="j.png 2x">"#)
        #expect(
            result.diagnostics == [
                Diagnostic(
                    .info, .lossyImageSize,
                    "image size dropped (use image size as HTML to keep it)"),
                Diagnostic(
                    .info, .lossyAttributes, "onclick and srcset of 2 elements dropped (first <a>)"),
            ])
        #expect(!result.isLossy)
    }

    @Test("title and colspan-like attributes are warnings naming them")
    func contentBearing() throws {
        let result = try convert(
            #"<p>a <abbr title="t">b</abbr> <q cite="u" class="k">c</q></p>"#)
        #expect(
            result.diagnostics.filter { $0.severity == .warning }
                == [
                    Diagnostic(
                        .warning, .lossyAttributes,
                        "cite and title of 2 elements dropped"
                            + " (first <abbr>)")
                ])
        #expect(result.isLossy)
    }

    @Test("a dropped <style>, <script> or comment is info; a dropped <svg> a note")
    func dropped() throws {
        let result = try convert(
            "<style>a{}</style><script>x</script><!-- c --><svg></svg><p>t</p>")
        let severities = Dictionary(
            uniqueKeysWithValues: result.diagnostics.map { ($0.message, $0.severity) })
        #expect(severities["dropped 1 <style> elements"] == .info)
        #expect(severities["dropped 1 <script> elements"] == .info)
        #expect(severities["dropped 1 comments"] == .info)
        #expect(severities["dropped 1 <svg> elements"] == .note)
        #expect(!result.isLossy)
    }

    @Test("a dropped element with text is a warning that fails --strict")
    func droppedText() throws {
        let result = try convert(
            "<p>t</p><svg><text>label</text></svg><select><option>one</option></select>")
        #expect(
            result.diagnostics.filter { $0.severity == .warning }.map(\.message) == [
                "dropped 1 <select> elements with text", "dropped 1 <svg> elements with text",
            ])
        #expect(result.isLossy)
    }
}
