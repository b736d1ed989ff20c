import HTMLFormat
import MarkupAST
import Testing

@Suite struct HTMLReaderTests {
    func dump(_ html: String, _ options: HTMLReaderOptions = HTMLReaderOptions()) throws -> String {
        TreeDump.render(try HTMLReader(options: options).read(html).document)
    }

    @Test func paragraphWithStrong() throws {
        let doc = try HTMLReader().read("<p>Hello <b>world</b></p>").document
        #expect(
            doc.blocks == [
                .paragraph(
                    [.text("Hello "), .strong([.text("world")], Attributes(tag: "b"))], .none)
            ])
    }

    @Test func snippetLeniencyKeepsUnknownTagsAsText() throws {
        #expect(try dump("<Hot> deals") == "paragraph\n  text \"<Hot> deals\"\n")
    }

    @Test func leniencyCanBeTurnedOff() throws {
        var options = HTMLReaderOptions()
        options.snippetLeniency = false
        #expect(
            try dump("a <Hot> deals", options)
                == "paragraph\n  text \"a \"\n  span {<hot>}\n    text \"deals\"\n")
    }

    @Test func leniencyIsOffForDocuments() throws {
        #expect(
            try dump("<!doctype html><p>a <Hot> b")
                == "paragraph\n  text \"a \"\n  span {<hot>}\n    text \"b\"\n")
    }

    @Test func fragmentModeKeepsHeadElementsOut() throws {
        var options = HTMLReaderOptions()
        options.mode = .fragment
        #expect(
            try dump("<title>T</title><p>x</p>", options)
                == "meta title=\"T\"\nparagraph\n  text \"x\"\n")
    }

    @Test func modeNamesMatchTheCommandLine() {
        #expect(HTMLReaderOptions.Mode(rawValue: "auto") == .automatic)
        #expect(HTMLReaderOptions.Mode(rawValue: "document") == .document)
        #expect(HTMLReaderOptions.Mode(rawValue: "fragment") == .fragment)
    }

    @Test func baseURLResolvesLinksAndImages() throws {
        let options = HTMLReaderOptions(baseURL: "https://example.com/docs/")
        #expect(
            try dump("<a href=\"a.html\">a</a><img src=\"/i.png\">", options)
                == "paragraph\n  link \"https://example.com/docs/a.html\"\n    text \"a\"\n"
                + "  image \"https://example.com/i.png\"\n")
    }

    @Test func droppedElementsAreReported() throws {
        let result = try HTMLReader().read("<p>a<script>x()</script><!-- c --></p>")
        #expect(TreeDump.render(result.document) == "paragraph\n  text \"a\"\n")
        #expect(result.diagnostics.map(\.code) == [.parseDropped, .parseDropped])
        #expect(
            result.diagnostics.map(\.message) == [
                "dropped 1 <script> elements", "dropped 1 comments",
            ])
    }

    @Test func parseErrorsOnlyWhenAsked() throws {
        let plain = try HTMLReader().read("<p>a</b>\nb</p>")
        #expect(plain.diagnostics.isEmpty)
        var options = HTMLReaderOptions()
        options.parseErrorDiagnostics = true
        let loud = try HTMLReader(options: options).read("<p>a</b>\nb</p>")
        #expect(loud.document == plain.document)
        #expect(loud.diagnostics.map(\.code) == [.htmlParseError("unexpected-end-tag")])
        #expect(loud.diagnostics.map(\.line) == [1])
        #expect(loud.diagnostics.map(\.column) == [5])
    }

    @Test func keepRawHTMLKeepsScripts() throws {
        var options = HTMLReaderOptions()
        options.keepRawHTML = true
        #expect(
            try dump("<p>a</p><script>x()</script>", options)
                == "paragraph\n  text \"a\"\nraw_block html \"<script>x()</script>\"\n")
    }

    @Test func embedsBecomeLinksWithAWarning() throws {
        let result = try HTMLReader().read("<iframe src=\"https://vimeo.com/1\"></iframe>")
        #expect(result.diagnostics.map(\.code) == [.lossyEmbed])
        #expect(
            TreeDump.render(result.document)
                == "paragraph\n  link \"https://vimeo.com/1\" {<iframe>}\n    text \"https://vimeo.com/1\"\n"
        )
    }

    /// Found by the fuzz smoke run: an empty `title` made an empty text run (the debug
    /// build's normalization check stopped; release wrote a link with no text).
    @Test func embedWithAnEmptyTitleShowsItsURL() throws {
        let html = "<video src=\"movie.mp4\" title=\"\" aria-label=\"\" controls>No video.</video>"
        #expect(
            try dump(html)
                == "paragraph\n  link \"movie.mp4\" {<video> aria-label=\"\" controls=\"\"}\n    text \"movie.mp4\"\n"
        )
        #expect(
            try dump("<video src=\"m.mp4\" title=\"\" aria-label=\"Clip\"></video>")
                .hasSuffix("text \"Clip\"\n"))
    }

    @Test func deepNestingDoesNotOverflow() throws {
        let html = String(repeating: "<div><span>", count: 5000) + "deep"
        let result = try HTMLReader().read(html)
        let found = result.document.query {
            if case .inline(.text("deep")) = $0 { return true } else { return false }
        }
        #expect(found.count == 1)
    }

    @Test func manyUnclosedFormattingElements() throws {
        let html = String(repeating: "<b>", count: 20000) + "x"
        let result = try HTMLReader().read(html)
        #expect(!result.document.blocks.isEmpty)
    }

    @Test func listsWithoutItemsRenderNothing() throws {
        #expect(try dump("<ul></ul><p>x</p>") == "paragraph\n  text \"x\"\n")
    }

    @Test func severalCodeElementsInOnePre() throws {
        #expect(
            try dump(
                "<pre><code class=\"language-js\">a</code><code class=\"language-cjs\">b</code><button>copy</button></pre>"
            )
                == "code_block info=\"js\" \"a\\n\"\ncode_block info=\"cjs\" \"b\\n\"\n")
    }

    @Test func whiteSpaceMovesOutOfWrappers() throws {
        #expect(
            try dump("<p>a<em> b </em>c</p>")
                == "paragraph\n  text \"a \"\n  emphasis\n    text \"b\"\n  text \" c\"\n")
    }
}
