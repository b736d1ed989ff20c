import Foundation
import MarkupAST
import Testing

@testable import StyledText

let sampleDocument = Document([
    .heading(level: 2, [.text("Title")], .none),
    .paragraph(
        [
            .text("Hello "), .strong([.text("bold")], .none), .text(" "),
            .link([.text("link")], Link("https://example.com/x"), .none),
            .span(
                [.text("red")],
                Attributes(style: CSSDeclaration.parseList("color: #ff0000; letter-spacing: 2px"))),
            .sup([.text("2")], .none), .image([.text("cat")], Link("cat.png"), .none),
        ], Attributes(style: CSSDeclaration.parseList("text-align: center"))),
])

@Test func nsAttributedStringUsesStandardKeys() {
    let styled = StyledText(sampleDocument)
    let a = styled.attributedString()
    #expect(a.string == "Title\nHello bold linkred2\u{FFFC}")
    var range = NSRange(location: 0, length: 0)
    let font = a.attribute(
        NSAttributedString.Key(rawValue: "NSFont"), at: 0, effectiveRange: &range)
    #expect(font as? StyledFont == StyledFont(size: 24, weight: 700))
    #expect(range == NSRange(location: 0, length: 6))
    let bold = a.attribute(.mconvFont, at: 12, effectiveRange: nil) as? StyledFont
    #expect(bold?.weight == 700)
    let link = a.attribute(NSAttributedString.Key(rawValue: "NSLink"), at: 17, effectiveRange: nil)
    #expect((link as? URL)?.absoluteString == "https://example.com/x")
    #expect(a.attribute(.mconvUnderline, at: 17, effectiveRange: nil) as? Int == 1)
    #expect(
        a.attribute(.mconvForegroundColor, at: 21, effectiveRange: nil) as? RGBAColor
            == RGBAColor(hex: 0xff0000))
    #expect(a.attribute(.mconvKern, at: 21, effectiveRange: nil) as? Double == 2)
    #expect(a.attribute(.mconvBaselineOffset, at: 24, effectiveRange: nil) as? Double == 5.33)
    let paragraph = a.attribute(.mconvParagraphStyle, at: 8, effectiveRange: nil) as? ParagraphStyle
    #expect(paragraph?.alignment == .center)
    let attachment = a.attribute(.mconvAttachment, at: 25, effectiveRange: nil) as? TextAttachment
    #expect(attachment?.url == "cat.png")
    #expect(
        a.attribute(.mconvAttachmentInfo, at: 25, effectiveRange: nil) as? TextAttachment
            == attachment)
}

@Test func attributedStringPathsAgree() {
    // The text swapped in through `mutableString` (swift-corelibs-foundation) or written
    // piece by piece (elsewhere): the same attributed string either way, shared prototypes
    // included.
    let documents = [
        sampleDocument,
        Document([
            .paragraph(
                [
                    .text("caf\u{e9} "), .emphasis([.text("\u{e9}t\u{e9} \u{1F600}x")], .none),
                    .text("!"),
                ],
                .none),
            .blockQuote(
                [.paragraph([.text("\u{1F600}"), .strong([.text("b")], .none)], .none)], .none),
            .paragraph([.code("x", .none), .text(" y")], .none),
        ]),
    ]
    for document in documents {
        let styled = StyledText(document)
        let written = styled.attributedString(swappingText: false)
        #expect(written.isEqual(to: styled.attributedString(swappingText: false)))
        #if canImport(ObjectiveC)
            #expect(!AttributedPrototypes.mutableStringKeepsRuns)
        #else
            #expect(AttributedPrototypes.mutableStringKeepsRuns)
            // Three times: cached stand-in prototypes are made at the second request.
            for _ in 0..<3 {
                let swapped = styled.attributedString(swappingText: true)
                #expect(swapped.isEqual(to: written))
                #expect(swapped.string == styled.string)
            }
        #endif
        #expect(written.string == styled.string)
        #expect(!written.isEqual(to: NSAttributedString(string: styled.string)))
    }
}

@Test func attributedStringFromHandMadeRuns() {
    // Runs that do not start at 0 or overrun the text: no text swap, the same result as
    // piece by piece, no trap.
    let plain = TextStyle()
    let italic = TextStyle(italic: true)
    for runs in [
        [StyledRun(range: 1..<3, style: TextStyle(fontWeight: 700))],
        [StyledRun(range: 0..<2, style: plain), StyledRun(range: 2..<9, style: italic)],
        [StyledRun(range: 0..<2, style: plain), StyledRun(range: 1..<3, style: italic)],
        [StyledRun(range: 0..<3, style: plain), StyledRun(range: 0..<1, style: italic)],
    ] {
        let styled = StyledText(string: "ab\u{e9}", runs: runs, paragraphs: [])
        let written = styled.attributedString(swappingText: false)
        #expect(styled.attributedString().isEqual(to: written))
    }
}

@Test func attributedStringScopeWorksOnLinux() {
    let a = StyledText(sampleDocument).attributedStringValue()
    #expect(String(a.characters) == "Title\nHello bold linkred2\u{FFFC}")
    let runs = Array(a.runs)
    #expect(runs.first?.mconvFont == StyledFont(size: 24, weight: 700))
    #expect(runs.contains { $0.mconvForegroundColor == RGBAColor(hex: 0xff0000) })
    #expect(runs.contains { $0.link?.absoluteString == "https://example.com/x" })
    #expect(runs.contains { $0.mconvAttachment?.url == "cat.png" })
    #expect(runs.contains { $0.mconvParagraphStyle?.alignment == .center })
    #expect(runs.allSatisfy { $0.mconvTextStyle != nil })
}

@Test func linkTextAttributesFollowStylesheet() {
    let sheet = Stylesheet.standard.adding(css: "a { color: #0a84ff; text-decoration: none }")
    let d = StyledText.linkTextAttributes(for: sheet)
    #expect(d[.mconvForegroundColor] as? RGBAColor == RGBAColor(hex: 0x0a84ff))
    #expect(d[.mconvUnderline] as? Int == 0)
}

@Test func ansiWithColour() {
    let out = ANSIWriter(color: true).write(
        Document([
            .paragraph(
                [
                    .text("a "), .strong([.text("b")], .none),
                    .link([.text("c")], Link("https://x.org"), .none),
                ], .none)
        ])
    ).output
    #expect(
        out
            == "a \u{1B}[1mb\u{1B}[0m\u{1B}]8;;https://x.org\u{1B}\\\u{1B}[4;38;2;0;0;238mc\u{1B}[0m\u{1B}]8;;\u{1B}\\\n"
    )
}

@Test func ansiLaysOutListsAndTables() {
    let list = ListBlock(
        kind: .bullet,
        items: [
            ListItem([.plain([.text("one")], .none)]),
            ListItem([
                .plain([.text("two")], .none),
                .list(ListBlock(kind: .ordered, items: [ListItem([.plain([.text("n")], .none)])])),
            ]),
        ])
    let table = Table(
        columns: [.none, .none],
        body: [
            TableRow([
                TableCell([.plain([.text("日本")], .none)]), TableCell([.plain([.text("x")], .none)]),
            ]),
            TableRow([
                TableCell([.plain([.text("abcdef")], .none)]),
                TableCell([.plain([.text("y")], .none)]),
            ]),
        ])
    let out = ANSIWriter(color: false).write(Document([.list(list), .table(table)])).output
    #expect(
        out == """
            •   one
            •   two
                1.  n

            日本    x
            abcdef  y

            """)
}

@Test func ansiStripsInjectedEscapes() {
    let out = ANSIWriter(color: true).write(Document([.paragraph([.text("x\u{1B}[31my")], .none)]))
        .output
    #expect(out == "x[31my\n")
}

@Test func concurrentRenderingMatchesSerial() {
    let sheet = Stylesheet.standard.adding(css: "b { color: red } .n { font-size: 2em }")
    let docs: [Document] = (0..<64).map { i in
        Document([
            .paragraph(
                [
                    .text("item \(i) "), .strong([.text("b\(i)")], Attributes(tag: "b")),
                    .span(
                        [.text("日本\(i)")],
                        Attributes(
                            classes: ["n"],
                            style: CSSDeclaration.parseList("color: hsl(\(i * 5), 50%, 50%)"))),
                ], .none),
            .list(
                ListBlock(
                    kind: .ordered, start: i, items: [ListItem([.plain([.text("x")], .none)])])),
        ])
    }
    // The -t styled text and the attributed string's runs (the attributed string's
    // prototypes come from a cache all threads share).
    @Sendable func render(_ document: Document) -> String {
        StyledRunsWriter(stylesheet: sheet).write(document).output
            + runsDescription(StyledText(document, stylesheet: sheet).attributedString())
    }
    let serial = docs.map(render)
    // Threads proper: 8 detached threads sharing the stylesheet.
    let results = ResultBox(count: docs.count)
    let threads = (0..<8).map { t in
        Thread {
            for i in stride(from: t, to: docs.count, by: 8) {
                results.set(i, render(docs[i]))
            }
        }
    }
    for thread in threads { thread.start() }
    while !results.isComplete { usleep(1000) }
    #expect(results.values == serial)
}

/// Each attribute run: its range, then its keys and values in key order.
func runsDescription(_ a: NSAttributedString) -> String {
    var out = ""
    a.enumerateAttributes(in: NSRange(location: 0, length: a.length)) { attributes, range, _ in
        out += "\(range.location)+\(range.length)"
        for key in attributes.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            out += " \(key.rawValue)=\(attributes[key]!)"
        }
        out += "\n"
    }
    return out
}

final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String?]
    init(count: Int) { storage = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ value: String) {
        lock.lock()
        storage[i] = value
        lock.unlock()
    }
    var isComplete: Bool {
        lock.lock()
        defer { lock.unlock() }
        return storage.allSatisfy { $0 != nil }
    }
    var values: [String] {
        lock.lock()
        defer { lock.unlock() }
        return storage.map { $0 ?? "" }
    }
}
