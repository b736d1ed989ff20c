import HTMLFormat
import MarkupAST
import Testing

private func html(_ blocks: [Block], _ options: HTMLWriterOptions = HTMLWriterOptions()) -> String {
    HTMLWriter(options: options).write(Document(blocks)).output
}

private let unsafe = HTMLWriterOptions(unsafe: true, tagfilter: false)

@Test func escapesTextLikeCmark() {
    #expect(
        html([.paragraph([.text("a<b>&\"c' é")], .none)]) == "<p>a&lt;b&gt;&amp;&quot;c' é</p>\n")
}

@Test func escapesURLsLikeCmarksHoudini() {
    let link = Link("!\"#$%&'()*+,-./09:;=?@AZ[]^_`az{|}~ é", title: "t\"&<>")
    #expect(
        html([.paragraph([.link([.text("a")], link, .none)], .none)])
            == "<p><a href=\"!%22#$%&amp;&#x27;()*+,-./09:;=?@AZ%5B%5D%5E_%60az%7B%7C%7D~%20%C3%A9\""
            + " title=\"t&quot;&amp;&lt;&gt;\">a</a></p>\n")
}

@Test func blanksDangerousURLsInSafeMode() {
    let inlines: [Inline] = [
        .link([.text("x")], Link("javascript:alert(1)"), .none), .text(" "),
        .link([.text("y")], Link("data:image/png;base64,AAA"), .none), .text(" "),
        .link([.text("z")], Link("DATA:text/html,x"), .none), .text(" "),
        .image([.text("i")], Link("vbscript:x"), .none),
    ]
    #expect(
        html([.paragraph(inlines, .none)])
            == "<p><a href=\"\">x</a> <a href=\"data:image/png;base64,AAA\">y</a> <a href=\"\">z</a>"
            + " <img src=\"\" alt=\"i\" /></p>\n")
    #expect(html([.paragraph(inlines, .none)], unsafe).contains("href=\"javascript:alert(1)\""))
}

@Test func omitsRawHTMLInSafeModeWithADiagnostic() {
    let doc = Document([
        .paragraph(
            [.rawInline(format: "html", "<b>"), .text("raw"), .rawInline(format: "html", "</b>")],
            .none),
        .rawBlock(format: "html", "<div>\nblock\n</div>\n"),
    ])
    let result = HTMLWriter().write(doc)
    #expect(
        result.output
            == "<p><!-- raw HTML omitted -->raw<!-- raw HTML omitted --></p>\n<!-- raw HTML omitted -->\n"
    )
    #expect(result.diagnostics.map(\.code) == [.lossyRawHTMLOmitted])
    #expect(
        HTMLWriter(options: unsafe).write(doc).output == "<p><b>raw</b></p>\n<div>\nblock\n</div>\n"
    )
}

@Test func tagFilterEscapesDisallowedTagsInKeptHTML() {
    let doc: [Block] = [
        .rawBlock(format: "html", "<script>x</script> <title>t</title>\n"),
        .paragraph(
            [.rawInline(format: "html", "<b>"), .rawInline(format: "html", "<xmp>"), .text("y")],
            .none),
    ]
    #expect(
        html(doc, HTMLWriterOptions(unsafe: true, tagfilter: true))
            == "&lt;script>x&lt;/script> &lt;title>t&lt;/title>\n<p><b>&lt;xmp>y</p>\n")
}

@Test func writesListsLikeCmark() {
    let tasks = ListBlock(
        kind: .bullet,
        items: [
            ListItem([.plain([.text("a")], .none)], task: false),
            ListItem(
                [
                    .plain([.text("b")], .none),
                    .list(
                        ListBlock(kind: .bullet, items: [ListItem([.plain([.text("c")], .none)])])),
                ], task: true),
        ])
    let ordered = ListBlock(
        kind: .ordered, start: 3, tight: false, items: [ListItem([.paragraph([.text("z")], .none)])]
    )
    #expect(
        html([.list(tasks), .list(ordered)])
            == """
            <ul>
            <li><input type="checkbox" disabled="" /> a</li>
            <li><input type="checkbox" checked="" disabled="" /> b
            <ul>
            <li>c</li>
            </ul>
            </li>
            </ul>
            <ol start="3">
            <li>
            <p>z</p>
            </li>
            </ol>

            """)
}

@Test func writesCodeBlocksWithLanguageClass() {
    let block = Block.codeBlock(info: "rust  extra", code: "fn x\n", .none)
    #expect(html([block]) == "<pre><code class=\"language-rust\">fn x\n</code></pre>\n")
    #expect(
        html([block], HTMLWriterOptions(fullInfoString: true))
            == "<pre><code class=\"language-rust\" data-meta=\" extra\">fn x\n</code></pre>\n")
}

@Test func writesTablesWithSectionsSpansAndCaption() {
    let table = Table(
        caption: [.plain([.text("Cap")], .none)],
        columns: [.left, .right],
        head: [
            TableRow([
                TableCell([.plain([.text("a")], .none)], header: true), TableCell([], header: true),
            ])
        ],
        body: [
            TableRow([TableCell([.plain([.text("b")], .none)], alignment: .center, colspan: 2)])
        ],
        foot: [TableRow([TableCell([.plain([.text("f")], .none)], rowspan: 2)])])
    #expect(
        html([.table(table)])
            == """
            <table>
            <caption>Cap</caption>
            <thead>
            <tr>
            <th align="left">a</th>
            <th align="right"></th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td align="center" colspan="2">b</td>
            </tr>
            </tbody>
            <tfoot>
            <tr>
            <td align="left" rowspan="2">f</td>
            </tr>
            </tfoot>
            </table>

            """)
    let simple = Table(
        columns: [.right],
        head: [TableRow([TableCell([.plain([.text("h")], .none)], header: true)])])
    #expect(
        html([.table(simple)], HTMLWriterOptions(tablePreferStyleAttributes: true))
            == "<table>\n<thead>\n<tr>\n<th style=\"text-align: right\">h</th>\n</tr>\n</thead>\n</table>\n"
    )
}

@Test func writesFootnotesLikeCmarkGFM() {
    let doc: [Block] = [
        .paragraph(
            [
                .text("a"), .footnoteReference(label: "n"), .text(" b"),
                .footnoteReference(label: "n"), .footnoteReference(label: "missing"),
            ], .none),
        .footnoteDefinition(label: "n", [.paragraph([.text("note")], .none)], .none),
        .footnoteDefinition(label: "c", [.codeBlock(info: "", code: "x\n", .none)], .none),
    ]
    #expect(
        html(doc)
            == """
            <p>a<sup class="footnote-ref"><a href="#fn-n" id="fnref-n" data-footnote-ref>1</a></sup> b\
            <sup class="footnote-ref"><a href="#fn-n" id="fnref-n-2" data-footnote-ref>1</a></sup>[^missing]</p>
            <section class="footnotes" data-footnotes>
            <ol>
            <li id="fn-n">
            <p>note <a href="#fnref-n" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩</a> \
            <a href="#fnref-n-2" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩<sup class="footnote-ref">2</sup></a></p>
            </li>
            <li id="fn-c">
            <pre><code>x
            </code></pre>
            </li>
            </ol>
            </section>

            """)
}

/// Every reference counts for the back references: in the body, in an image description
/// (written as alt text), in a definition nested in the body and in the definitions.
@Test func countsFootnoteReferencesEverywhere() {
    let doc: [Block] = [
        .paragraph(
            [
                .footnoteReference(label: "n"),
                .image([.text("i"), .footnoteReference(label: "n")], Link("x"), .none),
            ], .none),
        .blockQuote(
            [
                .footnoteDefinition(
                    label: "m", [.paragraph([.footnoteReference(label: "n")], .none)], .none)
            ],
            .none),
        .footnoteDefinition(
            label: "n", [.paragraph([.text("note"), .footnoteReference(label: "n")], .none)], .none),
    ]
    #expect(
        html(doc)
            == """
            <p><sup class="footnote-ref"><a href="#fn-n" id="fnref-n" data-footnote-ref>1</a></sup><img src="x" alt="i" /></p>
            <blockquote>
            <div id="fn-m" class="footnote">
            <p><sup class="footnote-ref"><a href="#fn-n" id="fnref-n-2" data-footnote-ref>1</a></sup></p>
            </div>
            </blockquote>
            <section class="footnotes" data-footnotes>
            <ol>
            <li id="fn-n">
            <p>note<sup class="footnote-ref"><a href="#fn-n" id="fnref-n-3" data-footnote-ref>1</a></sup> \
            <a href="#fnref-n" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩</a> \
            <a href="#fnref-n-2" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩<sup class="footnote-ref">2</sup></a> \
            <a href="#fnref-n-3" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩<sup class="footnote-ref">3</sup></a> \
            <a href="#fnref-n-4" class="footnote-backref" data-footnote-backref aria-label="Back to content">↩<sup class="footnote-ref">4</sup></a></p>
            </li>
            </ol>
            </section>

            """)
}

@Test func writesHTMLOnlyNodesWithAttributes() {
    var card = Attributes(
        tag: "x-card", id: "c1", classes: ["a", "b"],
        style: [CSSDeclaration(property: "color", value: "red")])
    card.set("data-n", "1 \"q\"")
    let inlines: [Inline] = [
        .underline([.text("u")], .none), .sup([.text("2")], .none), .sub([.text("i")], .none),
        .highlight([.text("m")], .none), .span([.text("s")], Attributes(tag: "small")),
        .strong([.text("b")], Attributes(tag: "b")),
        .emphasis([.text("e")], Attributes(tag: "cite")),
        .span([], Attributes(tag: "wbr")),
    ]
    #expect(
        html([.div([.paragraph(inlines, .none)], card)])
            == "<x-card id=\"c1\" class=\"a b\" data-n=\"1 &quot;q&quot;\" style=\"color: red\">\n"
            + "<p><u>u</u><sup>2</sup><sub>i</sub><mark>m</mark><small>s</small><b>b</b><em>e</em><wbr /></p>\n"
            + "</x-card>\n")
}

@Test func writesDefinitionLists() {
    let item = DefinitionItem(
        term: [.text("T")],
        definitions: [[.plain([.text("d1")], .none)], [.paragraph([.text("d2")], .none)]])
    #expect(
        html([.definitionList([item], .none)])
            == "<dl>\n<dt>T</dt>\n<dd>d1</dd>\n<dd>\n<p>d2</p>\n</dd>\n</dl>\n")
}

@Test func safeModeDropsEventHandlersUnsafeTagsAndScriptURLs() {
    var attributes = Attributes(
        tag: "script", style: [CSSDeclaration(property: "background", value: "url(javascript:x)")])
    attributes.set("onclick", "x()")
    attributes.set("href", " java\tscript:x")
    attributes.set("bad name", "1")
    attributes.set("title", "ok")
    let result = HTMLWriter().write(Document([.div([], attributes)]))
    #expect(result.output == "<div title=\"ok\">\n</div>\n")
    #expect(
        Set(result.diagnostics.map(\.code))
            == [
                .lossyUnsafeTag, .lossyUnsafeAttribute, .lossyUnsafeURL,
                .lossyInvalidAttribute, .lossyUnsafeStyle,
            ])
    #expect(
        HTMLWriter(options: unsafe).write(Document([.div([], attributes)])).output
            == "<script onclick=\"x()\" href=\" java\tscript:x\" title=\"ok\" style=\"background: url(javascript:x)\">\n</script>\n"
    )
}

@Test func imageAltIsPlainText() {
    let image = Inline.image(
        [.text("a "), .emphasis([.text("b")], .none), .softBreak, .code("<c>", .none)],
        Link("i.png", title: "T"), .none)
    #expect(
        html([.paragraph([image], .none)])
            == "<p><img src=\"i.png\" alt=\"a b &lt;c&gt;\" title=\"T\" /></p>\n")
}

@Test func deepTreesRenderWithoutRecursion() {
    var block = Block.paragraph([.text("x")], .none)
    for _ in 0..<1_000 { block = .blockQuote([block], .none) }
    let output = html([block])
    #expect(
        output.hasPrefix(
            String(repeating: "<blockquote>\n", count: 1_000) + "<p>x</p>\n</blockquote>\n"))
    #expect(
        output.utf8.count == 1_000 * ("<blockquote>\n".utf8.count + "</blockquote>\n".utf8.count)
            + 9)
}

@Test func nonHTMLRawContentIsReportedAndLeftOut() {
    let result = HTMLWriter(options: unsafe).write(
        Document([.rawBlock(format: "bbcode", "[b]x[/b]")]))
    #expect(result.output == "")
    #expect(result.diagnostics.map(\.code) == [.lossyRawFormat])
}
