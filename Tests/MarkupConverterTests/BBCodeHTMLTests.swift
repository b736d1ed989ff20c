import BBCodeFormat
import HTMLFormat
import MarkupAST
import MarkupConverter
import Testing

// BBCode -> HTML through the one path (BBCodeReader -> Document -> HTMLWriter): exact HTML
// for everyday posts and for inputs at the edges of the reader's rules (line breaks next to
// tags, raw tags next to text, control characters, spaces the reader trims, misnesting).

/// An input and the HTML it converts to (phpBB with autolinks; `classic` for the classic
/// dialect without autolinks when that differs).
struct HTMLCase: Sendable, CustomTestStringConvertible {
    var input: String
    var html: String
    var classic: String?

    init(_ input: String, _ html: String, classic: String? = nil) {
        self.input = input
        self.html = html
        self.classic = classic
    }

    var testDescription: String { input.debugDescription }
}

@Suite("BBCode to HTML")
struct BBCodeHTMLTests {
    @Test("typical posts convert to the exact HTML", arguments: TypicalPost.all)
    func typicalPost(_ post: TypicalPost) throws {
        let converter = Converter(reader: BBCodeReader(), writer: HTMLWriter())
        let result = try converter.convert(post.input)
        #expect(result.output == post.html)
        #expect(result.diagnostics.isEmpty)
        // The result's document is what the writer saw.
        #expect(result.document == (try BBCodeReader().read(post.input).document))
    }

    /// (Converted from bytes, as the CLI does: a leading byte order mark is dropped.)
    @Test("edge cases convert to the exact HTML", arguments: edgeCases)
    func edgeCase(_ c: HTMLCase) throws {
        let phpBB = Converter(reader: BBCodeReader(), writer: HTMLWriter())
        #expect(try phpBB.convert(bytes: Array(c.input.utf8)).output == c.html)
        let classic = Converter(
            reader: BBCodeReader(dialect: .classic, autolink: false), writer: HTMLWriter())
        #expect(try classic.convert(bytes: Array(c.input.utf8)).output == (c.classic ?? c.html))
    }

    /// The open-element stack keeps 126 elements per page: closing back below a page's end and
    /// opening past it again wrote past the first page and read a freed element from the second
    /// (a crash the bbcode-html fuzz campaign found; Fuzz/regressions/bbcode-html/).
    @Test func stackPopsAndPushesAcrossAPageEnd() throws {
        func repeated(_ s: String, _ n: Int) -> String { String(repeating: s, count: n) }
        let converter = Converter(reader: BBCodeReader(), writer: HTMLWriter())
        let inline = repeated("[b]", 130) + repeated("[/b]", 6) + "[i][i][i]x[/i][/i][/i]"
        #expect(
            try converter.convert(inline + repeated("[/b]", 124)).output
                == "<p>" + repeated("<strong>", 124) + "<em><em><em>x</em></em></em>"
                + repeated("</strong>", 124) + "</p>\n")
        let blocks =
            repeated("[quote]", 130) + "a" + repeated("[/quote]", 6) + "[list][list]x[/list][/list]"
        let html = try converter.convert(blocks + repeated("[/quote]", 124)).output
        #expect(html.components(separatedBy: "<blockquote>").count == 131)
        #expect(html.components(separatedBy: "<ul>").count == 3)
        #expect(html.hasSuffix(repeated("</blockquote>\n", 124)))
    }

    static let edgeCases: [HTMLCase] = [
        HTMLCase("[b][i]\nx[/i][/b]", "<p><strong><em>x</em></strong></p>\n"),
        HTMLCase("[b]\n[i]x[/i][/b]", "<p><strong><em>x</em></strong></p>\n"),
        HTMLCase("[s][b]\n[/b][/s]", ""),
        HTMLCase("[b][i]\n[/i]x[/b]", "<p><strong>x</strong></p>\n"),
        HTMLCase("[url=https://a.b/][b]\n[/b][/url]", "<p><a href=\"https://a.b/\"></a></p>\n"),
        HTMLCase("[quote][b][i]\n[/i][/b][/quote]", "<blockquote>\n</blockquote>\n"),
        HTMLCase("[b]\n[/b]", ""),
        HTMLCase("[b]\r[/b]", ""),
        HTMLCase("[b] [/b]", "<p><strong> </strong></p>\n"),
        HTMLCase("[b]\t[/b]x", "<p><strong>\t</strong>x</p>\n"),
        HTMLCase("[b]x\n[/b]", "<p><strong>x</strong></p>\n"),
        HTMLCase("[b]\nx[/b]", "<p><strong>x</strong></p>\n"),
        HTMLCase("x\n", "<p>x</p>\n"),
        HTMLCase("\nx", "<p>x</p>\n"),
        HTMLCase("x\r\ny", "<p>x<br />\ny</p>\n"),
        HTMLCase("a\ry", "<p>a<br />\ny</p>\n"),
        HTMLCase("a\r\rb", "<p>a</p>\n<p>b</p>\n"),
        HTMLCase("a\r\r\nb", "<p>a</p>\n<p>b</p>\n"),
        HTMLCase("a\n \nb", "<p>a</p>\n<p>b</p>\n"),
        HTMLCase("a  \nb", "<p>a<br />\nb</p>\n"),
        HTMLCase("  a  ", "<p>a</p>\n"),
        HTMLCase("a\u{0}b", "<p>a\u{FFFD}b</p>\n"),
        HTMLCase("[b]a\u{0}[/b]", "<p><strong>a\u{FFFD}</strong></p>\n"),
        HTMLCase("\u{0}", "<p>\u{FFFD}</p>\n"),
        HTMLCase("a\u{1}b", "<p>a\u{1}b</p>\n"),
        HTMLCase("a\u{2028}b", "<p>a\u{2028}b</p>\n"),
        HTMLCase("a\u{85}b", "<p>a\u{85}b</p>\n"),
        HTMLCase("\u{FEFF}a", "<p>a</p>\n"),
        HTMLCase("[b ]x[/b]", "<p><strong>x</strong></p>\n"),
        HTMLCase("[/b ]", "<p>[/b ]</p>\n"),
        HTMLCase("[b]x[/b ]", "<p><strong>x[/b ]</strong></p>\n"),
        HTMLCase("[ /b]", "<p>[ /b]</p>\n"),
        HTMLCase("[[b]]", "<p>[<strong>]</strong></p>\n"),
        HTMLCase("[b][/b]", ""),
        HTMLCase("[b][i][/i][/b]", ""),
        HTMLCase("[quote=a b]q[/quote]", "<blockquote author=\"a b\">\n<p>q</p>\n</blockquote>\n"),
        HTMLCase(
            "[quote='a b']q[/quote]",
            "<blockquote author=\"a b\">\n<p>q</p>\n</blockquote>\n"),
        HTMLCase("[quote=]q[/quote]", "<blockquote>\n<p>q</p>\n</blockquote>\n"),
        HTMLCase("[quote] [/quote]", "<blockquote>\n</blockquote>\n"),
        HTMLCase("[quote]\n\n[/quote]", "<blockquote>\n</blockquote>\n"),
        HTMLCase("a[hr]b", "<p>a</p>\n<hr />\n<p>b</p>\n"),
        HTMLCase("[hr] x", "<hr />\n<p>x</p>\n"),
        HTMLCase("[/hr]", ""),
        HTMLCase(
            "www.example.org[b]x[/b]",
            "<p><a href=\"http://www.example.org\">www.example.org</a><strong>x</strong></p>\n",
            classic: "<p>www.example.org<strong>x</strong></p>\n"),
        HTMLCase(
            "https://a.b/[b]x[/b]",
            "<p><a href=\"https://a.b/\">https://a.b/</a><strong>x</strong></p>\n",
            classic: "<p>https://a.b/<strong>x</strong></p>\n"),
        HTMLCase(
            "[b]www.example.org[/b]",
            "<p><strong><a href=\"http://www.example.org\">www.example.org</a></strong></p>\n",
            classic: "<p><strong>www.example.org</strong></p>\n"),
        HTMLCase(
            "[url=https://x.y/]www.example.org[/url]",
            "<p><a href=\"https://x.y/\">www.example.org</a></p>\n"),
        HTMLCase(
            "https://a.b/x]y",
            "<p><a href=\"https://a.b/x\">https://a.b/x</a>]y</p>\n",
            classic: "<p>https://a.b/x]y</p>\n"),
        HTMLCase(
            "(https://a.b/x)",
            "<p>(<a href=\"https://a.b/x\">https://a.b/x</a>)</p>\n",
            classic: "<p>(https://a.b/x)</p>\n"),
        HTMLCase(
            "[code]x[/code][b]y[/b]",
            "<pre><code>x\n</code></pre>\n<p><strong>y</strong></p>\n"),
        HTMLCase("[code]x[/code][foo]", "<p><code>x</code>[foo]</p>\n"),
        HTMLCase(" [code]x[/code]", "<pre><code>x\n</code></pre>\n"),
        HTMLCase("[code]x[/code] \t", "<pre><code>x\n</code></pre>\n"),
        HTMLCase("[b][code]x[/code][/b]", "<pre><code>x\n</code></pre>\n"),
        HTMLCase(
            "[list][*][code]x[/code][/list]",
            "<ul>\n<li>\n<pre><code>x\n</code></pre>\n</li>\n</ul>\n"),
        HTMLCase(
            "[quote][code]x[/code][/quote]",
            "<blockquote>\n<pre><code>x\n</code></pre>\n</blockquote>\n"),
        HTMLCase("[code]x\r\ny[/code]", "<pre><code>x\ny\n</code></pre>\n"),
        HTMLCase("[code]\n\n[/code]", "<pre><code></code></pre>\n"),
        HTMLCase("[url]https://a\nb[/url]", "<p><a href=\"https://a%0Ab\">https://a\nb</a></p>\n"),
        HTMLCase(
            "[img]https://i/\nx.png[/img]",
            "<p><img src=\"https://i/%0Ax.png\" alt=\"\" /></p>\n"),
        HTMLCase("[noparse]a\r\nb[/noparse]", "<p>a\nb</p>\n"),
        HTMLCase("[noparse][b]x[/b]\n\n[i]y[/noparse]", "<p>[b]x[/b]\n\n[i]y</p>\n"),
        HTMLCase(
            "[list][*][quote]q[/quote][*]b[/list]",
            "<ul>\n<li>\n<blockquote>\n<p>q</p>\n</blockquote>\n</li>\n<li>b</li>\n</ul>\n"),
        HTMLCase("[list][*]a\n\nb[/list]", "<ul>\n<li>a\nb</li>\n</ul>\n"),
        HTMLCase("[list][*][*]a[/list]", "<ul>\n<li></li>\n<li>a</li>\n</ul>\n"),
        HTMLCase("[list][*]\na[/list]", "<ul>\n<li>a</li>\n</ul>\n"),
        HTMLCase("[list]intro[*]a[/list]", "<ul>\n<li>intro</li>\n<li>a</li>\n</ul>\n"),
        HTMLCase("[*]a", "<p>[*]a</p>\n"),
        HTMLCase(
            "[list][*]a[/*]between[*]b[/list]",
            "<ul>\n<li>a</li>\n<li>between</li>\n<li>b</li>\n</ul>\n"),
        HTMLCase("[list][/list]", ""),
        HTMLCase("[list][*][/list]", "<ul>\n<li></li>\n</ul>\n"),
        HTMLCase(
            "[list=1][list][*]x[/list][/list]",
            "<ol>\n<li>\n<ul>\n<li>x</li>\n</ul>\n</li>\n</ol>\n"),
        HTMLCase(
            "[table][tr][td]x[/td][/tr][/table]",
            "<table>\n<tbody>\n<tr>\n<td>x</td>\n</tr>\n</tbody>\n</table>\n",
            classic: "<p>[table][tr][td]x[/td][/tr][/table]</p>\n"),
        HTMLCase("[b]a[i]b[/b]c[/i]", "<p><strong>a<em>b</em></strong><em>c</em></p>\n"),
        HTMLCase("[b]a\n\nb[/b]", "<p><strong>a</strong></p>\n<p><strong>b</strong></p>\n"),
        HTMLCase(
            "[b]x[quote]y[/quote]z[/b]",
            "<p><strong>x</strong></p>\n<blockquote>\n<p><strong>y</strong></p>\n"
                + "</blockquote>\n<p><strong>z</strong></p>\n"),
        HTMLCase(" \u{301}x", "<p>\u{301}x</p>\n"),
        HTMLCase("a\n \u{301}b", "<p>a<br />\n\u{301}b</p>\n"),
        HTMLCase("a \u{301}\nb", "<p>a \u{301}<br />\nb</p>\n"),
        HTMLCase(
            "x \n [b]y[/b] \n [i]z[/i] \nw",
            "<p>x<br />\n<strong>y</strong><br />\n<em>z</em><br />\nw</p>\n"),
        HTMLCase("[b] [/b]\nx", "<p><strong> </strong><br />\nx</p>\n"),
        HTMLCase(" [b]\n[/b]x", "<p>x</p>\n"),
        HTMLCase("a\n[b][/b]\n", "<p>a</p>\n"),
        HTMLCase("a \t\n\t b", "<p>a<br />\nb</p>\n"),
    ]
}
