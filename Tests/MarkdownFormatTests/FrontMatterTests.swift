import MarkdownFormat
import MarkupAST
import Testing

private let withFrontMatter = MarkdownExtensions.gfm.union([.footnotes, .frontmatter])

private func read(_ markdown: String) throws -> ReadResult {
    try MarkdownReader(extensions: withFrontMatter).read(markdown)
}

@Test func frontMatterBecomesMetadataNotMarkdown() throws {
    let result = try read("---\ntitle: Hi\nauthor: [A, 'B']\n...\n# Head\n")
    #expect(result.document.metadata == ["title": "Hi", "author": "A, B"])
    #expect(result.document.blocks == [.heading(level: 1, [.text("Head")], .none)])
    #expect(result.diagnostics == [])
}

@Test func frontMatterNeedsTheExtensionAKeyLineAndAClosingLine() throws {
    let plain = try MarkdownReader(extensions: .gfm).read("---\ntitle: Hi\n---\n")
    #expect(plain.document.metadata == [:])
    #expect(plain.document.blocks.first == .thematicBreak(.none))
    // Not a key on the second line, a blank second line, or no closing line: Markdown.
    for text in ["---\nSome text\n---\n", "---\n\ntitle: x\n---\n", "---\ntitle: x\n"] {
        let result = try read(text)
        #expect(result.document.metadata == [:], "\(text)")
        #expect(result.document.blocks.first == .thematicBreak(.none), "\(text)")
    }
}

@Test func frontMatterScalarsAndLists() throws {
    let text = """
        ---
        plain: a b # comment
        hash: a#b
        single: 'it''s: fine'
        double: "tab\\there \\u00e9 \\"q\\""
        empty: ""
        list:
          - one
          - "two, 2"
        flow: []
        crlf: yes\r
        ---

        """
    let result = try read(text)
    #expect(
        result.document.metadata == [
            "plain": "a b", "hash": "a#b", "single": "it's: fine", "double": "tab\there é \"q\"",
            "empty": "", "list": "one, two, 2", "flow": "", "crlf": "yes",
        ])
    #expect(result.diagnostics == [])
}

@Test func frontMatterLinesOutsideTheSubsetAreReportedWithTheirLine() throws {
    let text = "---\ntitle: T\nmap:\n  a: 1\nblock: |\n  x\ntitle: again\n---\n\nText *x\n"
    let result = try read(text)
    #expect(result.document.metadata == ["title": "T"])
    #expect(result.diagnostics.map(\.line) == [4, 5, 6, 7])
    #expect(result.diagnostics.allSatisfy { $0.code == .parseMetadata && $0.isWarning })
    #expect(result.document.blocks == [.paragraph([.text("Text *x")], .none)])
}

@Test func linesAfterFrontMatterKeepTheirNumbers() throws {
    // The depth limit reports cmark's line of the quote that goes too deep.
    let quotes = String(repeating: ">", count: 3)
    let text = "---\ntitle: T\n---\n\n\(quotes) deep\n"
    let reader = MarkdownReader(extensions: withFrontMatter, maxDepth: 2)
    #expect(try reader.read(text).diagnostics.compactMap(\.line) == [5])
}

@Test func frontMatterRoundTripsThroughTheWriter() throws {
    let metadata = [
        "title": "A: b", "author": "Ann, Bob", "odd": "-dash", "lead": " space", "n": "line\nbreak",
        "quote": "\"q\"", "hash": "a #b", "ctl": "\u{1}",
    ]
    let written = FrontMatter.write(metadata)
    #expect(written.diagnostics == [])
    #expect(written.text.hasPrefix("---\ntitle: \"A: b\"\nauthor: Ann, Bob\n"))
    let back = try read(written.text + "\nText\n")
    #expect(back.document.metadata == metadata)
    #expect(back.diagnostics == [])
}

@Test func keysFrontMatterCannotHoldAreReported() {
    let written = FrontMatter.write(["bad key": "x", "ok": "y"])
    #expect(written.text == "---\nok: y\n---\n")
    #expect(written.diagnostics.map(\.code) == [.lossyMetadata])
}

@Test func standaloneWriterStartsWithFrontMatter() {
    let doc = Document([.paragraph([.text("Hi")], .none)], metadata: ["title": "T"])
    let standalone = MarkdownWriterOptions(extensions: withFrontMatter, standalone: true)
    #expect(MarkdownWriter(options: standalone).write(doc).output == "---\ntitle: T\n---\n\nHi\n")
    // Not standalone: no metadata, no diagnostic.
    let fragment = MarkdownWriter(options: MarkdownWriterOptions(extensions: withFrontMatter))
    #expect(fragment.write(doc).output == "Hi\n")
    #expect(fragment.write(doc).diagnostics == [])
    // Standalone without the extension: an info, no front matter.
    let commonmark = MarkdownWriter(
        options: MarkdownWriterOptions(extensions: [], standalone: true))
    #expect(commonmark.write(doc).output == "Hi\n")
    #expect(commonmark.write(doc).diagnostics.map(\.severity) == [.info])
}

@Test func frontMatterWithCRLFLineEnds() throws {
    let result = try read("---\r\ntitle: a\r\nlist:\r\n  - x\r\n---\r\nText\r\n")
    #expect(result.document.metadata == ["title": "a", "list": "x"])
    #expect(result.document.blocks == [.paragraph([.text("Text")], .none)])
}
