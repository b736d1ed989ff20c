import Foundation
import MarkupAST
import Testing

@testable import BBCodeFormat

private func dump(_ input: String, _ reader: BBCodeReader = BBCodeReader()) throws -> String {
    TreeDump.render(try reader.read(input).document)
}

/// Runs `body` on a thread with a large stack (deep-nesting inputs).
private func onBigStack(_ body: @escaping @Sendable () -> Void) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = 64 << 20
    thread.start()
    done.wait()
}

@Suite struct BBCodeReaderTests {
    @Test func misnestedFormattingIsReopened() throws {
        #expect(
            try dump("[b]Bold[i]Both[/b]Italic[/i]") == """
                paragraph
                  strong
                    text "Bold"
                    emphasis
                      text "Both"
                  emphasis
                    text "Italic"

                """)
    }

    @Test func unclosedTagHasDiagnostic() throws {
        let result = try BBCodeReader().read("[b]x")
        #expect(result.diagnostics.map(\.code) == [.parseUnclosedTag])
        #expect(result.diagnostics.first?.line == 1 && result.diagnostics.first?.column == 1)
    }

    @Test func strayCloseTagHasDiagnostic() throws {
        let result = try BBCodeReader().read("a\nb[/i]")
        #expect(
            result.diagnostics.map(\.description) == [
                "2:2: warning: parse.stray-close-tag: [/i] closes nothing; kept as text"
            ])
    }

    @Test func unsafeURLHasDiagnostic() throws {
        let result = try BBCodeReader().read("[url=javascript:alert(1)]x[/url]")
        #expect(result.diagnostics.map(\.code) == [.parseUnsafeURL])
        #expect(result.document == Document([.paragraph([.text("x")], .none)]))
    }

    @Test func hundredThousandNestedQuotes() throws {
        let input =
            String(repeating: "[quote]", count: 100_000) + "x"
            + String(repeating: "[/quote]", count: 100_000)
        nonisolated(unsafe) var depth = 0
        nonisolated(unsafe) var codes: Set<DiagnosticCode> = []
        onBigStack {
            let result = try? BBCodeReader().read(input)
            var block = result?.document.blocks.first
            while case .blockQuote(let inner, _)? = block {
                depth += 1
                block = inner.first
            }
            codes = Set(result?.diagnostics.map(\.code) ?? [])
        }
        #expect(depth == 511)
        #expect(codes == [.parseDepthLimit, .parseStrayCloseTag])
    }

    @Test func manyUnclosedCodeTagsStayLinear() throws {
        let input = String(repeating: "[code]x ", count: 50_000)
        let result = try BBCodeReader().read(input)
        #expect(result.document.blocks.count == 1)
        #expect(result.diagnostics.count == 50_000)
    }

    @Test func customTagsAreData() throws {
        var dialect = BBCodeDialect.phpBB
        dialect.add(BBCodeTag("mark", .highlight))
        dialect.add(BBCodeTag("warning", .div(tag: "warning")))
        dialect.add(BBCodeTag("kbd", .span(tag: "kbd")))
        dialect.add(BBCodeTag("h1", .heading(level: 1)))
        let input = "[h1]Title[/h1]\n[warning]Careful [kbd]Ctrl[/kbd] [mark]now[/mark][/warning]"
        let read = try BBCodeReader(dialect: dialect).read(input)
        #expect(
            TreeDump.render(read.document) == """
                heading 1
                  text "Title"
                div {<warning>}
                  paragraph
                    text "Careful "
                    span {<kbd>}
                      text "Ctrl"
                    text " "
                    highlight
                      text "now"

                """)
        let written = BBCodeWriter(dialect: dialect).write(read.document)
        #expect(
            written.output
                == "[h1]Title[/h1]\n[warning]\nCareful [kbd]Ctrl[/kbd] [mark]now[/mark]\n[/warning]\n"
        )
        #expect(written.diagnostics.isEmpty)
    }

    @Test func removingATagMakesItText() throws {
        var dialect = BBCodeDialect.phpBB
        dialect.remove("b")
        #expect(
            try dump("[b]x[/b]", BBCodeReader(dialect: dialect))
                == "paragraph\n  text \"[b]x[/b]\"\n")
    }

    @Test func dialectNames() {
        #expect(BBCodeDialect.named("phpbb") == .phpBB)
        #expect(BBCodeDialect.named("CLASSIC") == .classic)
        #expect(BBCodeDialect.named("nope") == nil)
    }

    @Test func urlSafety() {
        #expect(!BBCodeURL.isSafe(" JavaScript:alert(1)", image: false))
        #expect(!BBCodeURL.isSafe("data:image/png;base64,AA", image: false))
        #expect(BBCodeURL.isSafe("data:image/png;base64,AA", image: true))
        #expect(!BBCodeURL.isSafe("data:text/html,x", image: true))
        #expect(BBCodeURL.isSafe("/relative/path", image: false))
        #expect(BBCodeURL.isSafe("https://x.org", image: false))
    }

    @Test func schemeLessHostsGetHTTP() {
        let http = [
            "example.com", "WWW.X.ORG", "a-b.c.io/p", "x.org?q", "x.org#f", "x.org:80/a", "www.x",
        ]
        for url in http { #expect(BBCodeURL.normalized(url) == "http://" + url) }
        let kept = [
            "/x", "#a", "?q", "//x.org", "page", "../a.html", "1.2.3.4", "x.o", "https://x.org",
            "mailto:a@b.org", "x.org:abc", "a..org", ".x.org", "x.org:", "user@x.org", "",
        ]
        for url in kept { #expect(BBCodeURL.normalized(url) == url) }
    }
}

@Suite struct BBCodeNewlineTests {
    @Test func windowsLineEnds() throws {
        let result = try BBCodeReader().read("one\r\ntwo\r\n\r\nthree\rfour")
        #expect(
            result.document
                == Document([
                    .paragraph([.text("one"), .lineBreak, .text("two")], .none),
                    .paragraph([.text("three"), .lineBreak, .text("four")], .none),
                ]))
    }

    @Test func codeKeepsWindowsLineEndsNormalized() throws {
        let result = try BBCodeReader().read("[code]\r\na\r\nb\r\n[/code]")
        #expect(result.document == Document([.codeBlock(info: "", code: "a\nb\n", .none)]))
    }
}
