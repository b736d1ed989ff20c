import MarkupAST
import Testing

@testable import StyledText

func role(_ r: String) -> Attributes { Attributes(pairs: [Attribute(name: "role", value: r)]) }

@Test func detectsMentionsHashtagsAndURLs() {
    let out = TextDetector().detect(
        "hi @ann, see #swift6 at https://x.org/a(b). mail a@b.com #1 www.example.com!")
    #expect(
        out == [
            .text("hi "), .span([.text("@ann")], role("mention")), .text(", see "),
            .span([.text("#swift6")], role("hashtag")), .text(" at "),
            .link([.text("https://x.org/a(b)")], Link("https://x.org/a(b)"), role("url")),
            .text(". mail a@b.com #1 "),
            .link([.text("www.example.com")], Link("http://www.example.com"), role("url")),
            .text("!"),
        ])
}

@Test func neverInsideCodeOrLinks() {
    let doc = Document([
        .paragraph(
            [.code("@no #no", .none), .link([.text("@no")], Link("/x"), .none), .text(" @yes")],
            .none),
        .codeBlock(info: "", code: "@no\n", .none),
    ])
    let out = TextDetector().apply(to: doc)
    #expect(
        out.blocks[0]
            == .paragraph(
                [
                    .code("@no #no", .none), .link([.text("@no")], Link("/x"), .none), .text(" "),
                    .span([.text("@yes")], role("mention")),
                ], .none))
    #expect(out.blocks[1] == doc.blocks[1])
}

@Test func configurablePatterns() {
    let d = TextDetector(hashtags: false, urls: false, extraNameCharacters: ".")
    #expect(
        d.detect("@first.last. #tag") == [
            .span([.text("@first.last")], role("mention")), .text(". #tag"),
        ])
}

@Test func detectedNodesTakeNamedStyles() {
    var sheet = Stylesheet.standard
    sheet.named["mention"] = StyleRule(css: "color: #0a84ff")
    let doc = TextDetector().apply(to: Document([.paragraph([.text("hi @ann")], .none)]))
    #expect(
        StyledRunsWriter(stylesheet: sheet).write(doc).output
            == "¶ p\n  \"hi \"\n  \"@ann\" color=#0a84ff; role=mention; value=\"ann\"\n")
}
