import MarkdownFormat
import MarkupAST
import Testing

@Test func defaultsAreATXDashesAsterisksBacktickFences() {
    #expect(
        MW.rewrite("Title\n=====\n\n* a\n* b\n\n_em_ __strong__\n\n~~~\ncode\n~~~\n")
            == "# Title\n\n- a\n- b\n\n*em* **strong**\n\n```\ncode\n```\n")
}

@Test func headingStyleSetext() {
    var o = MarkdownWriterOptions()
    o.headingStyle = .setext
    #expect(
        MW.rewrite("# One\n\n## Two\n\n### Three\n", o) == "One\n===\n\nTwo\n---\n\n### Three\n")
}

@Test func bulletMarkerAndOrderedDelimiter() {
    var o = MarkdownWriterOptions()
    o.bulletMarker = .asterisk
    o.orderedDelimiter = .parenthesis
    #expect(MW.rewrite("- a\n  1. b\n", o) == "* a\n  1) b\n")
    o.bulletMarker = .plus
    #expect(MW.rewrite("- a\n", o) == "+ a\n")
}

@Test func sourceDelimiterIsKeptByDefault() {
    #expect(MW.rewrite("1) a\n2) b\n") == "1) a\n2) b\n")
}

@Test func adjacentListsStaySeparate() {
    #expect(MW.rewrite("- a\n\n* b\n") == "- a\n\n* b\n")
    #expect(MW.rewrite("1. a\n\n1) b\n") == "1. a\n\n1) b\n")
}

@Test func emphasisAndStrongDelimiters() {
    var o = MarkdownWriterOptions()
    o.emphasisDelimiter = .underscore
    o.strongDelimiter = .underscores
    #expect(MW.rewrite("*a* **b**\n", o) == "_a_ __b__\n")
}

@Test func indentedCodeBlocksAndTheirFallbacks() {
    var o = MarkdownWriterOptions()
    o.codeBlockStyle = .indented
    #expect(MW.rewrite("```\nx\n```\n\n```swift\ny\n```\n", o) == "    x\n\n```swift\ny\n```\n")
    // Right after a list an indented block would join the last item.
    #expect(MW.rewrite("- a\n\n```\nx\n```\n", o) == "- a\n\n```\nx\n```\n")
}

@Test func tildeFences() {
    var o = MarkdownWriterOptions()
    o.fenceCharacter = .tilde
    #expect(MW.rewrite("```py\nprint(1)\n```\n", o) == "~~~py\nprint(1)\n~~~\n")
}

@Test func wrapModes() {
    #expect(MW.rewrite("one\ntwo\n") == "one two\n")
    var o = MarkdownWriterOptions()
    o.wrap = .preserve
    #expect(MW.rewrite("one\ntwo\n", o) == "one\ntwo\n")
    o.wrap = .auto
    o.columns = 20
    #expect(
        MW.rewrite("The total was 12345 - 42 and then [a long link text](/u) `x y`\n", o)
            == "The total was 12345\n\\- 42 and then\n[a long link text](/u)\n`x y`\n")
}

@Test func wrapCountsTheContainerPrefix() {
    var o = MarkdownWriterOptions()
    o.wrap = .auto
    o.columns = 20
    #expect(MW.rewrite("> aaaa bbbb cccc dddd eeee\n", o) == "> aaaa bbbb cccc\n> dddd eeee\n")
}

@Test func referenceLinksAtDocumentEndOrAfterEachBlock() {
    var o = MarkdownWriterOptions()
    o.linkStyle = .reference
    let input =
        "[one](https://one.example) [two](/two \"T\")\n\nAgain [one](https://one.example).\n"
    #expect(
        MW.rewrite(input, o)
            == "[one][1] [two][2]\n\nAgain [one][1].\n\n[1]: https://one.example\n[2]: /two \"T\"\n"
    )
    o.referenceLocation = .block
    #expect(
        MW.rewrite(input, o)
            == "[one][1] [two][2]\n\n[1]: https://one.example\n[2]: /two \"T\"\n\nAgain [one][1].\n"
    )
}

@Test func everyOptionHasAStableRawValue() {
    #expect(
        MarkdownWriterOptions.HeadingStyle.allCases.map(\.rawValue)
            == ["atx", "setext", "atx-closed"])
    #expect(MarkdownWriterOptions.BulletMarker.allCases.map(\.rawValue) == ["-", "*", "+"])
    #expect(MarkdownWriterOptions.OrderedDelimiter.allCases.map(\.rawValue) == [".", ")"])
    #expect(MarkdownWriterOptions.EmphasisDelimiter.allCases.map(\.rawValue) == ["*", "_"])
    #expect(MarkdownWriterOptions.StrongDelimiter.allCases.map(\.rawValue) == ["**", "__"])
    #expect(
        MarkdownWriterOptions.CodeBlockStyle.allCases.map(\.rawValue) == ["fenced", "indented"])
    #expect(MarkdownWriterOptions.FenceCharacter.allCases.map(\.rawValue) == ["`", "~"])
    #expect(
        MarkdownWriterOptions.WrapMode.allCases.map(\.rawValue) == ["none", "auto", "preserve"])
    #expect(MarkdownWriterOptions.LinkStyle.allCases.map(\.rawValue) == ["inline", "reference"])
    #expect(
        MarkdownWriterOptions.ReferenceLocation.allCases.map(\.rawValue) == ["block", "document"])
    #expect(
        MarkdownWriterOptions.TableFallback.allCases.map(\.rawValue) == ["auto", "html", "pipe"])
    #expect(
        MarkdownWriterOptions.HardBreakStyle.allCases.map(\.rawValue)
            == ["backslash", "spaces", "html"])
    #expect(
        MarkdownWriterOptions.ReferenceStyle.allCases.map(\.rawValue)
            == ["full", "collapsed", "shortcut"])
}
