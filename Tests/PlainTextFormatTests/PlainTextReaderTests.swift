import MarkupAST
import PlainTextFormat
import Testing

private func read(_ input: String) throws -> ReadResult { try PlainTextReader().read(input) }

@Test func blankLinesSeparateParagraphsAndNewlinesBreakLines() throws {
    let result = try read("a <b>\nc\n\nd")
    #expect(
        result.document
            == Document([
                .paragraph([.text("a <b>"), .lineBreak, .text("c")], .none),
                .paragraph([.text("d")], .none),
            ]))
    #expect(result.diagnostics.isEmpty)
}

@Test func nothingInPlainTextIsMarkup() throws {
    let input = "**not bold** [b]x[/b] <i>y</i> &amp;"
    #expect(try read(input).document == Document([.paragraph([.text(input)], .none)]))
}

@Test func whitespaceOnlyLinesEndParagraphs() throws {
    let result = try read("one\ntwo\n \t\n\n\nthree\n")
    #expect(
        result.document
            == Document([
                .paragraph([.text("one"), .lineBreak, .text("two")], .none),
                .paragraph([.text("three")], .none),
            ]))
}

@Test func emptyInputIsAnEmptyDocument() throws {
    #expect(try read("").document == Document())
    #expect(try read("\n \n\t\n").document == Document())
}
