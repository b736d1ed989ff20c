import MarkupAST
import MarkupConverter
import Testing

@testable import StyledText

func styled(_ blocks: [Block], _ sheet: Stylesheet = .standard) -> String {
    StyledRunsWriter(stylesheet: sheet).write(Document(blocks)).output
}

func css(_ s: String, tag: String? = nil, classes: [String] = []) -> Attributes {
    Attributes(tag: tag, classes: classes, style: CSSDeclaration.parseList(s))
}

func p(_ xs: Inline...) -> Block { .paragraph(xs, .none) }

@Test func paragraphWithStrong() {
    let out = styled([
        p(.text("Hello "), .strong([.text("world")], .none)),
        p(.text("Two")),
    ])
    #expect(
        out == """
            ¶ p after=16
              "Hello "
              "world" weight=700
            ¶ p
              "Two"

            """)
}

@Test func inheritanceThroughSpans() {
    // Same AST as conformance/cases/styled/inherit.md, first case.
    let out = styled([
        .paragraph(
            [
                .text("green "), .strong([.text("bold green")], Attributes(tag: "b")), .text(" "),
                .span(
                    [.text("blue "), .emphasis([.text("blue italic")], Attributes(tag: "i"))],
                    css("color: blue")),
            ], css("color: green"))
    ])
    #expect(
        out == """
            ¶ p
              "green " color=#008000
              "bold green" weight=700; color=#008000
              " " color=#008000
              "blue " color=#0000ff
              "blue italic" italic; color=#0000ff

            """)
}

@Test func relativeSizes() {
    let out = styled([
        .div(
            [
                p(
                    .text("twenty "),
                    .span(
                        [.text("forty "), .span([.text("smaller")], Attributes(tag: "small"))],
                        css("font-size: 2em")))
            ],
            css("font-size: 20px"))
    ])
    #expect(
        out == """
            ¶ p
              "twenty " size=20
              "forty " size=40
              "smaller" size=33.33

            """)
}

@Test func policies() {
    let bold = Inline.strong([.text("x")], css("color: blue", tag: "b"))
    var sheet = Stylesheet.standard.adding(css: "b { color: red }")
    #expect(styled([p(bold)], sheet).contains("color=#0000ff"))
    sheet.policy = .stylesheetFirst
    #expect(styled([p(bold)], sheet).contains("color=#ff0000"))
    let important = Inline.strong([.text("x")], css("color: blue !important", tag: "b"))
    #expect(styled([p(important)], sheet).contains("color=#0000ff"))
    let sheetImportant = Stylesheet.standard.adding(css: "b { color: red !important }")
    #expect(styled([p(bold)], sheetImportant).contains("color=#ff0000"))
    #expect(styled([p(important)], sheetImportant).contains("color=#0000ff"))
    var both = sheetImportant
    both.policy = .stylesheetFirst
    #expect(styled([p(important)], both).contains("color=#ff0000"))
}

@Test func stylesheetFromValues() {
    var sheet = Stylesheet.standard
    sheet.root = StyleRule(TextStyle(fontFamily: ["Avenir"], fontSize: 17))
    sheet.tags["spoiler"] = StyleRule(
        TextStyle(foreground: RGBAColor(hex: 0), background: RGBAColor(hex: 0)))
    sheet.classes["note"] = StyleRule(css: "font-style: italic")
    sheet.named["mention"] = StyleRule(css: "color: #0a84ff")
    let doc: [Block] = [
        .heading(level: 1, [.text("T")], .none),
        p(
            .span([.text("s")], Attributes(tag: "spoiler")),
            .span([.text("n")], Attributes(classes: ["note"])),
            .span([.text("@m")], Attributes(pairs: [Attribute(name: "role", value: "mention")]))),
    ]
    #expect(
        styled(doc, sheet) == """
            ¶ h1 after=22.78
              "T" size=34; weight=700
            ¶ p
              "s" color=#000000; background=#000000
              "n" italic
              "@m" color=#0a84ff; role=mention; value="m"

            """)
}

@Test func listsWithMarkersAndHangingIndent() {
    let list = ListBlock(
        kind: .ordered, start: 4,
        items: [ListItem([.plain([.text("a")], .none)]), ListItem([.plain([.text("b")], .none)])],
        attributes: Attributes(pairs: [Attribute(name: "type", value: "i")]))
    #expect(
        styled([.list(list)]) == """
            ¶ li indent=40; first-indent=0; tabs=40
              "iv.\\ta"
            ¶ li indent=40; first-indent=0; tabs=40
              "v.\\tb"

            """)
    var reversed = list
    reversed.start = 1
    reversed.attributes = Attributes(
        pairs: [Attribute(name: "reversed", value: "")],
        style: CSSDeclaration.parseList("list-style-type: upper-alpha"))
    #expect(styled([.list(reversed)]).contains("\"B.\\ta\""))
    let tasks = ListBlock(
        kind: .bullet, items: [ListItem([.plain([.text("t")], .none)], task: true)])
    #expect(styled([.list(tasks)]).contains("\"•\\t☑ t\""))
}

@Test func tablesUseWidestCell() {
    let t = Table(
        columns: [.none, .none],
        head: [
            TableRow([
                TableCell([.plain([.text("Name")], .none)], header: true),
                TableCell([.plain([.text("Qty")], .none)], header: true),
            ])
        ],
        body: [
            TableRow([
                TableCell([.plain([.text("Apples")], .none)]),
                TableCell([.plain([.text("3")], .none)]),
            ])
        ])
    let s = StyledText(Document([.table(t)]))
    #expect(s.string == "Name\tQty\nApples\t3")
    #expect(s.paragraphs.map(\.style.tabStops) == [[68.8], [68.8]])
    #expect(s.paragraphs.map(\.columnWidths) == [[6, 3], [6, 3]])
}

@Test func imagesAndRules() {
    let s = StyledText(
        Document([
            p(
                .image(
                    [.text("A cat")], Link("cat.png"),
                    Attributes(pairs: [Attribute(name: "width", value: "120")]))),
            .thematicBreak(.none),
            p(.image([.text("alt only")], Link(""), .none)),
        ]))
    #expect(s.string == "\u{FFFC}\n\u{FFFC}\nalt only")
    let attachments = s.runs.compactMap(\.attachment)
    #expect(
        attachments == [
            TextAttachment(url: "cat.png", alt: "A cat", width: 120),
            TextAttachment(kind: .rule, url: ""),
        ])
    #expect(s.paragraphs.map(\.kind) == [.paragraph, .rule, .paragraph])
}

@Test func runsMergeAndRangesAreUTF16() {
    let s = StyledText(Document([p(.text("😀a"), .text("b"), .emphasis([.text("c")], .none))]))
    #expect(s.runs.map(\.range) == [0..<4, 4..<5])
    #expect(s.utf16Count == 5)
    #expect(s.text(in: s.runs[0].range) == "😀ab")
}

@Test func deepNestingDoesNotOverflow() {
    var inline = Inline.text("deep")
    for _ in 0..<600 { inline = .emphasis([inline], .none) }
    var block = Block.paragraph([inline], .none)
    for _ in 0..<600 { block = .blockQuote([block], .none) }
    let s = StyledText(Document([block]))
    #expect(s.string == "deep")
}

@Test func escapesInRunsFormat() {
    let out = styled([p(.text("a\"b\\c\u{00A0}d\u{200B}"), .lineBreak, .text("e"))])
    #expect(out == "¶ p\n  \"a\\\"b\\\\c\\u{A0}d\\u{200B}\\u{2028}e\"\n")
}

@Test func cachedInlineStylesReplayTheirDiagnostics() {
    // The second element and the second rendering reuse the compiled inline style.
    let span = Inline.span([.text("x")], css("color: nonsense; font-weight: bold"))
    let doc = Document([.paragraph([span, .text(" "), span], .none)])
    let first = StyledText(doc)
    let second = StyledText(doc)
    #expect(first == second)
    #expect(first.diagnostics.map(\.code) == [.styleInvalidValue, .styleInvalidValue])
    #expect(first.runs[0].style.fontWeight == 700)
}

@Test func theDocumentsOwnCSSIsInfoTheAppsAWarning() {
    // What the styled text cannot follow of a page's presentation (its <style>, its style
    // attributes) is a presentational loss: info. The app's stylesheet keeps its warnings.
    let doc = Document([
        .rawBlock(format: "html", "<style>.a:hover { color: red } p { color: nonsense }</style>"),
        .paragraph([.span([.text("x")], css("width: 50%; color: blue"))], .none),
    ])
    let page = StyledText(doc)
    #expect(page.diagnostics.map(\.severity) == [.info, .info, .info])
    #expect(
        page.diagnostics.map(\.code) == [
            .styleUnsupportedSelector, .styleInvalidValue, .styleInvalidValue,
        ])
    var diagnostics: [Diagnostic] = []
    _ = Stylesheet.standard.adding(
        css: ".a:hover { color: red } p { color: nonsense }", diagnostics: &diagnostics)
    #expect(diagnostics.map(\.severity) == [.warning, .warning])
}

@Test func titlesAreToolTipsInheritedAsInHTML() {
    // A tooltip, an abbreviation's expansion and a link's title are the text's tool tip; a
    // descendant without a title takes its ancestor's, an empty title stops it.
    func titled(_ value: String, tag: String? = nil) -> Attributes {
        Attributes(tag: tag, pairs: [Attribute(name: "title", value: value)])
    }
    let doc = Document([
        .div(
            [
                .paragraph(
                    [
                        .text("a"),
                        .span([.text("b")], titled("HyperText", tag: "abbr")),
                        .link([.text("c")], Link("/c", title: "link"), .none),
                        .span([.text("d")], titled("")),
                        .emphasis([.text("e")], .none),
                    ], .none)
            ], titled("outer")),
        .paragraph([.text("f")], .none),
    ])
    let s = StyledText(doc)
    #expect(s.diagnostics.isEmpty)
    #expect(s.runs.map(\.style.toolTip) == ["outer", "HyperText", "link", nil, "outer", nil])
    #expect(
        styled(doc.blocks) == """
            ¶ p after=16
              "a" tooltip="outer"
              "b" tooltip="HyperText"
              "c" color=#0000ee; underline=single; link="/c"; tooltip="link"
              "d"
              "e" italic; tooltip="outer"
            ¶ p
              "f"

            """)
    let key = PlatformValues.runAttributes(s.runs[1].style).map(\.key)
    #expect(key == ["NSToolTip"])
    #expect(PlatformValues.runAttributes(s.runs[1].style).first?.value == .string("HyperText"))
}

@Test func terminalOutputNotesItsDroppedToolTipsOnce() {
    let title = Attributes(pairs: [Attribute(name: "title", value: "HyperText")])
    let doc = Document([
        .paragraph(
            [
                .span([.text("a"), .strong([.text("b")], .none)], title), .text(" "),
                .span([.text("c")], title),
            ], .none)
    ])
    let result = ANSIWriter(color: false).write(doc)
    #expect(result.output == "ab c\n")
    #expect(result.diagnostics.map(\.severity) == [.info])
    #expect(
        result.diagnostics.map(\.message) == [
            #"title of 2 stretches of text dropped (first "HyperText"; a terminal shows no tooltips)"#
        ])
    #expect(ANSIWriter(color: false).write(Document([p(.text("x"))])).diagnostics.isEmpty)
}

@Test func hiddenRawHTMLIsInfoAndAppliedStylesNoLoss() throws {
    // What a browser does not show either (comments, scripts, a <style> left unapplied) is
    // one info; a top-level <style> is applied, so nothing of it is lost; other raw markup is
    // a note as before.
    let doc = Document([
        .rawBlock(format: "html", "<style>p { color: red }</style>"),
        .div(
            [
                .rawBlock(format: "html", "<STYLE>em { color: blue }</STYLE>"),
                .paragraph(
                    [
                        .text("x"), .rawInline(format: "html", "<!-- c -->"),
                        .rawInline(format: "html", "<wbr>"),
                    ], .none),
            ], .none),
        .rawBlock(format: "html", "<script>run()</script>"),
        .rawBlock(format: "latex", "\\newpage"),
    ])
    let s = StyledText(doc)
    #expect(s.string == "x")
    #expect(s.runs.map(\.style.foreground) == [RGBAColor(hex: 0xff0000)])
    #expect(s.diagnostics.map(\.severity) == [.note, .info])
    #expect(
        s.diagnostics.map(\.message) == [
            "2 raw markup nodes omitted",
            "omitted 1 comment, 1 <script> element, 1 <style> element not applied",
        ])
    // The HTML reader puts a page's <style> elements first, wherever they are: applied in
    // page order (a later rule wins), and a <style> inside a paragraph does not split it.
    let applied = try Converter(from: "html", to: "styled").convert(
        "<div><style>em { color: blue }</style><p>a <em>e</em><style>em { color: green }"
            + "</style> b</p></div>")
    #expect(applied.output == "¶ p\n  \"a \"\n  \"e\" italic; color=#008000\n  \" b\"\n")
    #expect(applied.diagnostics.isEmpty)
    var unstyled = Stylesheet.standard
    unstyled.embeddedStyles = false
    #expect(
        StyledText(Document([doc.blocks[0]]), stylesheet: unstyled).diagnostics.map(\.message)
            == ["omitted 1 <style> element not applied"])
}

@Test func compoundSelectorsApplyByTheirSpecificity() {
    // `p.lead`, `.note.warn`, `#intro`, `span.k`, `b.x` name one element by several parts;
    // they apply after the plain class rules (a compound beats a lone class, whatever the
    // order), an id beats the classes; pseudo-classes stay unsupported.
    var diagnostics: [Diagnostic] = []
    let sheet = Stylesheet.standard.adding(
        css: """
            #intro { color: #00ff00 }
            p.lead { font-size: 20px }
            .note.warn { color: red }
            span.k { color: blue }
            .note { color: green }
            b.x { color: #123456 }
            .lead#intro.x { color: #abcdef }
            a b, p > em, .x:hover { color: pink }
            """, source: "app.css", diagnostics: &diagnostics)
    #expect(diagnostics.map(\.message) == ["app.css:8: ignored rule for selector '.x:hover'"])
    func classed(_ classes: [String], tag: String? = nil, id: String = "") -> Attributes {
        Attributes(tag: tag, id: id, classes: classes)
    }
    let doc = Document([
        .paragraph(
            [
                .text("a"), .span([.text("k")], classed(["k"])),
                .span([.text("n")], classed(["note"])),
                .span([.text("w")], classed(["warn", "note"])),
                .strong([.text("b")], classed(["x"], tag: "b")),
                .strong([.text("s")], classed(["x"])),
            ], classed(["lead"], id: "intro")),
        .div([.paragraph([.text("d")], .none)], classed(["lead"])),
        .paragraph([.text("e")], classed(["lead", "x"], id: "intro")),
    ])
    #expect(
        styled(doc.blocks, sheet) == """
            ¶ p after=16
              "a" size=20; color=#00ff00
              "k" size=20; color=#0000ff
              "n" size=20; color=#008000
              "w" size=20; color=#ff0000
              "b" size=20; weight=700; color=#123456
              "s" size=20; weight=700; color=#00ff00
            ¶ p after=16
              "d"
            ¶ p
              "e" size=20; color=#abcdef

            """)
}

@Test func descendantAndChildCombinatorsMatchTheAncestors() {
    // `.post p` (one class, one tag) beats `div p` (two tags), a lone class beats both tag
    // chains, `>` wants the parent itself; pseudo-classes and `+` stay unsupported.
    var diagnostics: [Diagnostic] = []
    let sheet = Stylesheet.standard.adding(
        css: """
            .post p { color: red }
            div p { color: #111111 }
            blockquote > p { font-style: italic }
            ul li a { color: green }
            .x { color: blue }
            * em { font-weight: 600 }
            a:hover, a + b, a[href { color: pink }
            """, diagnostics: &diagnostics)
    #expect(
        diagnostics.map(\.message) == [
            "ignored rule for selector 'a:hover'", "ignored rule for selector 'a + b'",
            "ignored rule for selector 'a[href'",
        ])
    let post = Attributes(classes: ["post"])
    let doc = Document([
        .div(
            [
                .paragraph([.text("a")], .none),
                .blockQuote(
                    [
                        .paragraph([.text("b")], .none),
                        .div([.paragraph([.text("c")], .none)], .none),
                    ], .none),
            ], post),
        .div(
            [
                .paragraph([.text("d")], Attributes(classes: ["x"])),
                .paragraph([.text("e"), .emphasis([.text("f")], .none)], .none),
            ], .none),
        .list(
            ListBlock(
                kind: .bullet,
                items: [ListItem([.plain([.link([.text("g")], Link("/g"), .none)], .none)])])),
        .paragraph([.text("h")], .none),
    ])
    #expect(
        styled(doc.blocks, sheet) == """
            ¶ p after=16
              "a" color=#ff0000
            ¶ p after=16; indent=40; tail-indent=40
              "b" italic; color=#ff0000
            ¶ p after=16; indent=40; tail-indent=40
              "c" color=#ff0000
            ¶ p after=16
              "d" color=#0000ff
            ¶ p after=16
              "e" color=#111111
              "f" weight=600; italic; color=#111111
            ¶ li after=16; indent=40; first-indent=0; tabs=40
              "•\\t"
              "g" color=#008000; underline=single; link="/g"
            ¶ p
              "h"

            """)
}

@Test func attributeSelectorsTestTheirValues() {
    // Each operator, quoted values with a space (not a combinator), values without ASCII case,
    // class and id through their own lists, and an attribute test's class-like specificity:
    // `p[data-note]` (0,1,1) beats `p.k` written before it only by source order.
    var diagnostics: [Diagnostic] = []
    let sheet = Stylesheet.standard.adding(
        css: """
            [lang=fr] { color: #ff0000 }
            p.k { font-weight: 600 }
            p[data-note] { font-weight: 700 }
            span[title^="Read"] { font-style: italic }
            span[title$='END' i] { color: #00ff00 }
            span[title*=mid] { text-decoration: underline }
            [dir|=rtl] { color: #0000ff }
            div[data-theme="dark mode"] em { color: #111111 }
            span[class~=w] { font-weight: 300 }
            [id=top] { font-style: italic }
            p[data-x=] { color: pink }
            """, diagnostics: &diagnostics)
    #expect(diagnostics.map(\.message) == ["ignored rule for selector 'p[data-x=]'"])
    func pairs(_ list: [(String, String)]) -> Attributes {
        Attributes(pairs: list.map { Attribute(name: $0.0, value: $0.1) })
    }
    let doc = Document([
        .paragraph([.text("a")], pairs([("lang", "FR")])),
        .paragraph(
            [.text("b")],
            Attributes(classes: ["k"], pairs: [Attribute(name: "data-note", value: "")])),
        .paragraph(
            [
                .span([.text("c")], pairs([("title", "Read more")])),
                .span([.text("d")], pairs([("title", "the end")])),
                .span([.text("e")], pairs([("title", "a middle b")])),
                .span([.text("f")], Attributes(classes: ["v", "w"])),
            ], .none),
        .paragraph([.text("g")], pairs([("dir", "rtl-x")])),
        .div(
            [.paragraph([.emphasis([.text("h")], .none)], .none)],
            pairs([("data-theme", "dark mode")])),
        .paragraph([.text("i")], Attributes(id: "top")),
        .paragraph([.text("j")], pairs([("lang", "fr-ca")])),
    ])
    #expect(
        styled(doc.blocks, sheet) == """
            ¶ p after=16
              "a" color=#ff0000
            ¶ p after=16
              "b" weight=700
            ¶ p after=16
              "c" italic; tooltip="Read more"
              "d" color=#00ff00; tooltip="the end"
              "e" underline=single; tooltip="a middle b"
              "f" weight=300
            ¶ p after=16
              "g" color=#0000ff
            ¶ p after=16
              "h" italic; color=#111111
            ¶ p after=16
              "i" italic
            ¶ p
              "j"

            """)
}

@Test func combinatorMatchingStaysLinearOnDeepNesting() {
    // 50 rules that never match, over 300 nested containers: each element may look at 4,096
    // ancestors in all, so matching stops (one info) instead of growing with rules x depth.
    let css = (0..<50).map { ".n\($0) div { color: red }" }.joined(separator: "\n")
    let sheet = Stylesheet.standard.adding(css: css)
    var block = Block.paragraph([.text("deep")], .none)
    for _ in 0..<300 { block = .div([block], Attributes(tag: "div")) }
    let s = StyledText(Document([block]), stylesheet: sheet)
    #expect(s.string == "deep")
    #expect(s.runs.map(\.style.foreground) == [nil])
    #expect(
        s.diagnostics == [
            Diagnostic(
                .info, .styleUnsupportedSelector,
                "rules with combinators stopped matching: the document's nesting spent their"
                    + " matching budget")
        ])
}
