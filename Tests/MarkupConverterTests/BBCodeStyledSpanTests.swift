import MarkupAST
import MarkupConverter
import Testing

/// HTML to BBCode (issue #18 item 3): a span's CSS that BBCode has a tag for is written with
/// that tag (the `bbcode` entry promotes styled spans, as Markdown's do), other declarations
/// are a look BBCode cannot show (info); a span's or a div's class, id and `data-*` are info, a `title` a warning.
@Suite("Styled spans and attributes to BBCode")
struct BBCodeStyledSpanTests {
    /// An HTML input, the BBCode it gives in phpBB and classic, and the diagnostics.
    struct Case: Sendable, CustomTestStringConvertible {
        var html: String
        var bbcode: String
        var diagnostics: [Diagnostic] = []
        var testDescription: String { html }
    }

    static let styles: [Case] = [
        Case(html: #"<span style="font-weight:bold">b</span>"#, bbcode: "[b]b[/b]\n"),
        Case(html: #"<span style="font-weight: 700">b</span>"#, bbcode: "[b]b[/b]\n"),
        Case(html: #"<span style="font-style:italic">i</span>"#, bbcode: "[i]i[/i]\n"),
        Case(html: #"<span style="text-decoration:underline">u</span>"#, bbcode: "[u]u[/u]\n"),
        Case(html: #"<span style="text-decoration:line-through">s</span>"#, bbcode: "[s]s[/s]\n"),
        Case(
            html: #"<span style="text-decoration-line:underline line-through">x</span>"#,
            bbcode: "[s][u]x[/u][/s]\n"),
        Case(html: #"x<span style="vertical-align:super">2</span>"#, bbcode: "x[sup]2[/sup]\n"),
        Case(html: #"x<span style="vertical-align:sub">2</span>"#, bbcode: "x[sub]2[/sub]\n"),
        Case(
            html: #"<span style="font-weight:bold;font-style:italic;color:red">x</span>"#,
            bbcode: "[i][b][color=red]x[/color][/b][/i]\n"),
        Case(
            html: #"<a href="https://example.org/"><span style="font-weight:bold">a</span></a>"#,
            bbcode: "[url=https://example.org/][b]a[/b][/url]\n"),
        // What BBCode has no tag for still warns, the rest is written.
        Case(
            html: #"<span style="font-weight:bold;letter-spacing:2px">x</span>"#,
            bbcode: "[b]x[/b]\n",
            diagnostics: [Diagnostic(.info, .lossyStyle, "style letter-spacing: 2px dropped")]),
        Case(
            html: #"<b><span style="font-weight:normal">x</span></b>"#, bbcode: "[b]x[/b]\n",
            diagnostics: [Diagnostic(.info, .lossyStyle, "style font-weight: normal dropped")]),
        // The shorthand and text-decoration-line set the same lines: the later one wins (an
        // earlier !important one excepted), and the overridden one loses nothing.
        Case(
            html:
                #"<span style="text-decoration: underline; text-decoration-line: line-through">x</span>"#,
            bbcode: "[s]x[/s]\n"),
        Case(
            html:
                #"<span style="text-decoration-line: line-through; text-decoration: none">x</span>"#,
            bbcode: "x\n"),
        Case(
            html:
                #"<span style="text-decoration: underline !important; text-decoration-line: line-through">x</span>"#,
            bbcode: "[u]x[/u]\n"),
        // Lines that draw nothing lose nothing; one BBCode cannot draw does.
        Case(
            html: #"<a href="/a"><span style="text-decoration: none">a</span></a>"#,
            bbcode: "[url=/a]a[/url]\n"),
        Case(
            html: #"<span style="text-decoration: overline">x</span>"#, bbcode: "x\n",
            diagnostics: [
                Diagnostic(.info, .lossyStyle, "style text-decoration: overline dropped")
            ]),
    ]

    @Test(
        "CSS bold, italic, underline, line-through and sup/sub become BBCode tags",
        arguments: styles)
    func styledSpans(_ c: Case) throws {
        for dialect in ["phpbb", "classic"] {
            let settings = ConversionSettings(values: ["bbcode-dialect": dialect])
            let result = try Converter(from: "html", to: "bbcode", settings: settings)
                .convert(c.html)
            #expect(result.output == c.bbcode)
            #expect(result.diagnostics == c.diagnostics)
        }
    }

    @Test("a styled span read from the AST JSON is promoted by the transform")
    func promotedAfterReading() throws {
        let json =
            #"{"version":1,"blocks":[{"type":"paragraph","children":[{"type":"span","#
            + #""attributes":{"style":[{"property":"font-weight","value":"bold","important":false}]},"#
            + #""children":[{"type":"text","text":"b"}]}]}]}"#
        let result = try Converter(from: "json", to: "bbcode").convert(json)
        #expect(result.output == "[b]b[/b]\n")
        #expect(result.diagnostics == [])
    }

    static let attributes: [Case] = [
        Case(
            html: #"<span title="HyperText">a</span>"#, bbcode: "a\n",
            diagnostics: [Diagnostic(.warning, .lossySpan, "title of a span dropped")]),
        Case(
            html: #"<span data-id="7" lang="en">a</span>"#, bbcode: "a\n",
            diagnostics: [Diagnostic(.info, .lossySpan, "data-id and lang of a span dropped")]),
        Case(
            html: #"<span class="k" data-id="7" title="t">a</span>"#, bbcode: "a\n",
            diagnostics: [
                Diagnostic(.warning, .lossySpan, "class, data-id and title of a span dropped")
            ]),
        Case(
            html: #"<div data-x="1"><p>d</p></div>"#, bbcode: "d\n",
            diagnostics: [Diagnostic(.info, .lossyDiv, "data-x of a div dropped")]),
        Case(
            html: #"<div class="c" id="i" data-x="1"><p>d</p></div>"#, bbcode: "d\n",
            diagnostics: [Diagnostic(.info, .lossyDiv, "class, id and data-x of a div dropped")]),
        Case(
            html: #"<div title="t"><p>d</p></div>"#, bbcode: "d\n",
            diagnostics: [Diagnostic(.warning, .lossyDiv, "title of a div dropped")]),
    ]

    @Test("a span's or div's title warns; its class, id and data-* are info", arguments: attributes)
    func droppedAttributes(_ c: Case) throws {
        let result = try Converter(from: "html", to: "bbcode").convert(c.html)
        #expect(result.output == c.bbcode)
        #expect(result.diagnostics == c.diagnostics)
    }

    @Test("range JSON: a div's data-* is info, its title a warning; a span keeps both")
    func rangeJSON() throws {
        let converter = try Converter(from: "html", to: "rangejson")
        let div = try converter.convert(
            #"<div data-x="1"><p>d</p></div><div title="t"><p>e</p></div>"#)
        #expect(
            div.output
                == #"{"paragraphs":[\#n{"type":"P","text":"d"},\#n{"type":"P","text":"e"}\#n]}\#n"#)
        #expect(
            div.diagnostics == [
                Diagnostic(.info, .lossyDiv, "data-x of a div dropped"),
                Diagnostic(.warning, .lossyDiv, "title of a div dropped"),
            ])
        let span = try converter.convert(#"<p><span title="t" data-x="1">a</span></p>"#)
        #expect(
            span.output
                == #"{"paragraphs":[\#n{"type":"P","text":"a","markups":[{"type":"SPAN","start":0,"#
                + #""end":1,"attributes":{"title":"t","data-x":"1"}}]}\#n]}\#n"#)
        #expect(span.diagnostics == [])
    }
}
