import MarkdownFormat
import MarkupAST
import Testing

/// The Markdown output styles: hard breaks, closed ATX headings, the thematic break string,
/// reference link forms. Each output must read back as the same document (the round trip
/// suite `markdown-roundtrip-styles` runs them on every spec example too).
@Suite("Markdown writer styles")
struct MarkdownWriterStyleTests {
    func options(_ change: (inout MarkdownWriterOptions) -> Void) -> MarkdownWriterOptions {
        var o = MarkdownWriterOptions()
        o.wrap = .preserve
        change(&o)
        return o
    }

    @Test("hard breaks: backslash, two spaces or <br />")
    func hardBreaks() {
        let input = "a\\\nb\nc\n"
        #expect(MW.rewrite(input, options { $0.hardBreak = .backslash }) == "a\\\nb\nc\n")
        #expect(MW.rewrite(input, options { $0.hardBreak = .spaces }) == "a  \nb\nc\n")
        #expect(MW.rewrite(input, options { $0.hardBreak = .html }) == "a<br />\nb\nc\n")
        // In a setext heading too.
        let heading = "a\\\nb\n===\n"
        #expect(MW.rewrite(heading, options { $0.hardBreak = .spaces }) == "a  \nb\n===\n")
    }

    @Test("hard breaks fall back to a backslash where the style cannot work")
    func hardBreakFallbacks() throws {
        // After a space (it would join the break) and at the start of a paragraph (the line
        // would be blank).
        let spaces = options { $0.hardBreak = .spaces }
        let doc = try MarkdownReader().read("a \\\nb\n\n\\\nc\n").document
        #expect(MarkdownWriter(options: spaces).write(doc).output == "a \\\nb\n\n\\\nc\n")
        #expect(MW.roundTrips(doc, spaces))
        // <br /> only where raw HTML may be written.
        let noHTML = options {
            $0.hardBreak = .html
            $0.rawHTML = false
        }
        #expect(MW.rewrite("a\\\nb\n", noHTML) == "a\\\nb\n")
    }

    @Test("spaces read back as the same line breaks")
    func spacesRoundTrip() throws {
        let spaces = options { $0.hardBreak = .spaces }
        for markdown in ["a\\\nb\\\n*c*\\\n`d`\n", "> x\\\n> y\n", "- a\\\n  b\n", "a\\\\\\\nb\n"] {
            let doc = try MarkdownReader().read(markdown).document
            #expect(MW.roundTrips(doc, spaces), "\(markdown)")
        }
    }

    @Test("atx-closed headings end with as many # as they open with")
    func closedHeadings() throws {
        let closed = options { $0.headingStyle = .atxClosed }
        let input = "# A\n\n## C#\n\n### \\#\n\n#### x \\#\n\n#\n"
        #expect(
            MW.rewrite(input, closed)
                == "# A #\n\n## C# ##\n\n### \\# ###\n\n#### x \\# ####\n\n#\n")
        let doc = try MarkdownReader().read(input).document
        #expect(MW.roundTrips(doc, closed))
        // Headings with a line break are still setext.
        #expect(MW.rewrite("a\\\nb\n---\n", closed) == "a\\\nb\n---\n")
    }

    @Test("the thematic break string, and where another one is used")
    func thematicBreaks() throws {
        #expect(MarkdownWriterOptions.isThematicBreak("***"))
        #expect(MarkdownWriterOptions.isThematicBreak("* * *"))
        #expect(MarkdownWriterOptions.isThematicBreak("_\t_ __"))
        #expect(MarkdownWriterOptions.isThematicBreak("----------"))
        for bad in ["", "**", "-*-", " ***", "*** ", "***x", "===", "- -"] {
            #expect(!MarkdownWriterOptions.isThematicBreak(bad), "\(bad)")
        }
        let stars = options {
            $0.thematicBreak = "* * *"
            $0.bulletMarker = .asterisk
        }
        let input = "a\n\n***\n\n- ***\n- b\n"
        // The first block of a `*` item: `* * * * *` would be one rule.
        #expect(MW.rewrite(input, stars) == "a\n\n* * *\n\n* ___\n* b\n")
        let doc = try MarkdownReader().read(input).document
        #expect(MW.roundTrips(doc, stars))
        // Dashes right under a paragraph would underline it.
        let dashes = options { $0.thematicBreak = "-----" }
        let tight = "- a\n  ***\n"
        #expect(MW.rewrite(tight, dashes) == "- a\n  ***\n")
        #expect(MW.rewrite("a\n\n***\n", dashes) == "a\n\n-----\n")
        // A string that is not a thematic break is not written.
        #expect(MW.rewrite("***\n", options { $0.thematicBreak = "===" }) == "---\n")
    }

    func referenceOptions(_ style: MarkdownWriterOptions.ReferenceStyle) -> MarkdownWriterOptions {
        options {
            $0.linkStyle = .reference
            $0.referenceStyle = style
        }
    }

    static let links = """
        [Swift](https://swift.org), [swift](https://swift.org), [SWIFT](https://other.example).

        [1](https://one.example) [x](/x) [a [b]](/ab) ![logo](/l.png "T")

        [Go](/go)(paren) [Go](/go): [two  words](/tw)[x](/x)

        """

    /// The definitions `links` gets with collapsed and shortcut references.
    static let definitions = """
        [Swift]: https://swift.org
        [1]: https://other.example
        [2]: https://one.example
        [x]: /x
        [3]: /ab
        [logo]: /l.png "T"
        [Go]: /go
        [two  words]: /tw

        """

    @Test("collapsed and shortcut references use the text as the label where it is one")
    func referenceForms() throws {
        #expect(
            MW.rewrite(Self.links, referenceOptions(.collapsed)) == """
                [Swift][], [swift][], [SWIFT][1].

                [1][2] [x][] [a \\[b\\]][3] ![logo][]

                [Go][](paren) [Go][]: [two  words][][x][]


                """ + Self.definitions)
        #expect(
            MW.rewrite(Self.links, referenceOptions(.shortcut)) == """
                [Swift], [swift], [SWIFT][1].

                [1][2] [x] [a \\[b\\]][3] ![logo]

                [Go][](paren) [Go][]: [two  words][][x]


                """ + Self.definitions)
        let doc = try MarkdownReader().read(Self.links).document
        for style in MarkdownWriterOptions.ReferenceStyle.allCases {
            #expect(MW.roundTrips(doc, referenceOptions(style)), "\(style)")
            var block = referenceOptions(style)
            block.referenceLocation = .block
            #expect(MW.roundTrips(doc, block), "\(style), block")
        }
    }

    @Test("labels that fold alike are one label; a number is never taken twice")
    func referenceLabelsFoldAndNumbersSkip() throws {
        let markdown =
            "[Straße](/a) [STRASSE](/b) [ẞ](/c) [ß](/c) [1](/d) [2](/e) [x](/f) [3](/g)\n"
        let doc = try MarkdownReader().read(markdown).document
        let o = referenceOptions(.shortcut)
        #expect(
            MarkdownWriter(options: o).write(doc).output
                == "[Straße] [STRASSE][1] [ẞ] [ß] [1][2] [2][3] [x] [3][4]\n\n[Straße]: /a\n"
                + "[1]: /b\n[ẞ]: /c\n[2]: /d\n[3]: /e\n[x]: /f\n[4]: /g\n")
        #expect(MW.roundTrips(doc, o))
    }

    @Test("a pipe in a table cell's link text keeps the full form")
    func referenceInTableCell() throws {
        let markdown = "| a |\n| - |\n| [x \\| y](/u) [z](/z) |\n"
        let doc = try MarkdownReader().read(markdown).document
        let o = referenceOptions(.shortcut)
        #expect(
            MarkdownWriter(options: o).write(doc).output
                == "| a               |\n| --------------- |\n| [x \\| y][1] [z] |\n\n[1]: /u\n"
                + "[z]: /z\n")
        #expect(MW.roundTrips(doc, o))
    }
}
