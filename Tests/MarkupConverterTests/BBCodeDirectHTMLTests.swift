import BBCodeFormat
import Foundation
import HTMLFormat
import MarkupAST
import MarkupConverter
import Testing

// The direct BBCode-to-HTML path (`BBCodeHTMLDirect`) against the AST path it stands in for.
//
// The contract: whenever `BBCodeHTMLDirect.html(input, reader:)` gives an output, it is byte
// for byte what `HTMLWriter().write(reader.read(input).document)` writes, and neither the
// reader nor the writer has a diagnostic for the input (a post with diagnostics must go
// through the tree, which reports them).

@Suite("BBCode direct HTML path")
struct BBCodeDirectHTMLTests {
    // MARK: Random posts

    @Test("random posts (phpBB): the direct path writes what the AST path writes")
    func randomPostsPhpBB() {
        checkRandomPosts(
            20_000, seed: 0x5EED_BBC0_DE00_0001, reader: BBCodeReader(), label: "phpBB")
    }

    @Test("random posts (classic): the direct path writes what the AST path writes")
    func randomPostsClassic() {
        checkRandomPosts(
            5_000, seed: 0x5EED_BBC0_DE00_0002, reader: BBCodeReader(dialect: .classic),
            label: "classic")
    }

    @Test("random posts (phpBB, no autolink): the direct path writes what the AST path writes")
    func randomPostsWithoutAutolink() {
        checkRandomPosts(
            5_000, seed: 0x5EED_BBC0_DE00_0003,
            reader: BBCodeReader(dialect: .phpBB, autolink: false), label: "phpBB, no autolink")
    }

    @Test("random posts (shallow depth limit): the direct path writes what the AST path writes")
    func randomPostsWithShallowDepthLimit() {
        // Tags nested deeper than the limit stay text (with a diagnostic).
        let report = ContractReport.run(
            posts: 2_000, seed: 0x5EED_BBC0_DE00_0004,
            reader: BBCodeReader(dialect: .phpBB, maxDepth: 4))
        report.recordIssues(label: "maxDepth 4")
    }

    @Test("random posts (custom dialect): the direct path writes what the AST path writes")
    func randomPostsCustomDialect() {
        var dialect = BBCodeDialect.classic
        dialect.add(BBCodeTag("h1", .heading(level: 1)))
        dialect.add(BBCodeTag("span", .span(tag: "kbd")))
        dialect.add(BBCodeTag("center", .div(tag: "centre")))
        dialect.add(BBCodeTag("strike", .highlight))
        dialect.remove("u")
        let report = ContractReport.run(
            posts: 2_000, seed: 0x5EED_BBC0_DE00_0005, reader: BBCodeReader(dialect: dialect))
        report.recordIssues(label: "custom dialect")
    }

    /// Checks `count` random posts read with `reader`, and that at least 30% of the
    /// well-formed ones took the direct path.
    ///
    /// A longer sweep: `MCONV_BBCODE_POSTS=500000 MCONV_BBCODE_SEED=7 swift test --filter
    /// BBCodeDirectHTML` checks that many posts from other seeds.
    private func checkRandomPosts(_ count: Int, seed: UInt64, reader: BBCodeReader, label: String) {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["MCONV_BBCODE_POSTS"].flatMap { Int($0) } ?? count
        let seed = seed &+ (environment["MCONV_BBCODE_SEED"].flatMap { UInt64($0) } ?? 0) << 32
        let report = ContractReport.run(posts: count, seed: seed, reader: reader)
        report.recordIssues(label: label)
        #expect(report.wellFormedDirectShare >= 0.3, "\(report.summary(label: label))")
    }

    @Test("the generator is deterministic")
    func generatorIsDeterministic() {
        var first = BBCodePostGenerator(seed: 42)
        var second = BBCodePostGenerator(seed: 42)
        for _ in 0..<50 {
            #expect(first.wellFormedPost() == second.wellFormedPost())
            #expect(first.malformedPost() == second.malformedPost())
        }
    }

    // MARK: Hand-picked inputs

    @Test("hand-picked edge cases keep the contract", arguments: edgeCases)
    func edgeCase(_ input: String) {
        for reader in [BBCodeReader(), BBCodeReader(dialect: .classic, autolink: false)] {
            if case .broken(let failure) = ContractOutcome.check(input, reader: reader) {
                Issue.record(
                    """
                    \(failure.breach.rawValue) (\(reader.dialect.name))
                    input:  \(input.debugDescription)
                    direct: \(failure.direct.debugDescription)
                    ast:    \(failure.ast.debugDescription)
                    diagnostics: \(failure.diagnostics.map(\.description))
                    """)
            }
        }
    }

    /// Inputs at the edges of the direct path's rules: line breaks next to tags, raw tags
    /// next to text, control characters, nesting around its depth limit.
    static let edgeCases = shallowEdgeCases + deepEdgeCases

    /// Line breaks next to tags, raw tags next to text, control characters.
    static let shallowEdgeCases: [String] = [
        "[b][i]\nx[/i][/b]", "[b]\n[i]x[/i][/b]", "[s][b]\n[/b][/s]", "[b][i]\n[/i]x[/b]",
        "[url=https://a.b/][b]\n[/b][/url]", "[quote][b][i]\n[/i][/b][/quote]",
        "[b]\n[/b]", "[b]\r[/b]", "[b] [/b]", "[b]\t[/b]x", "[b]x\n[/b]", "[b]\nx[/b]",
        "x\n", "\nx", "x\r\ny", "a\ry", "a\r\rb", "a\r\r\nb", "a\n \nb", "a  \nb", "  a  ",
        "a\u{0}b", "[b]a\u{0}[/b]", "\u{0}", "a\u{1}b", "a\u{2028}b", "a\u{85}b", "\u{FEFF}a",
        "[b ]x[/b]", "[/b ]", "[b]x[/b ]", "[ /b]", "[[b]]", "[b][/b]", "[b][i][/i][/b]",
        "[quote=a b]q[/quote]", "[quote='a b']q[/quote]", "[quote=]q[/quote]",
        "[quote] [/quote]", "[quote]\n\n[/quote]", "a[hr]b", "[hr] x", "[/hr]",
        "www.example.org[b]x[/b]", "https://a.b/[b]x[/b]", "[b]www.example.org[/b]",
        "[url=https://x.y/]www.example.org[/url]", "https://a.b/x]y", "(https://a.b/x)",
        "[code]x[/code][b]y[/b]", "[code]x[/code][foo]", " [code]x[/code]",
        "[code]x[/code] \t", "[b][code]x[/code][/b]", "[list][*][code]x[/code][/list]",
        "[quote][code]x[/code][/quote]", "[code]x\r\ny[/code]", "[code]\n\n[/code]",
        "[url]https://a\nb[/url]", "[img]https://i/\nx.png[/img]", "[noparse]a\r\nb[/noparse]",
        "[noparse][b]x[/b]\n\n[i]y[/noparse]", "[list][*][quote]q[/quote][*]b[/list]",
        "[list][*]a\n\nb[/list]", "[list][*][*]a[/list]", "[list][*]\na[/list]",
        "[list]intro[*]a[/list]", "[*]a", "[list][*]a[/*]between[*]b[/list]",
        "[list][/list]", "[list][*][/list]", "[list=1][list][*]x[/list][/list]",
        "[table][tr][td]x[/td][/tr][/table]", "[b]a[i]b[/b]c[/i]", "[b]a\n\nb[/b]",
        "[b]x[quote]y[/quote]z[/b]",
        // Spaces the reader trims: before a combining mark (bytes, as the direct path), next
        // to breaks beside formatting, blank texts between breaks.
        " \u{301}x", "a\n \u{301}b", "a \u{301}\nb", "x \n [b]y[/b] \n [i]z[/i] \nw",
        "[b] [/b]\nx", " [b]\n[/b]x", "a\n[b][/b]\n", "a \t\n\t b",
    ]

    /// Inline tags, quotes and lists nested around the direct path's depth limit (48).
    static let deepEdgeCases: [String] = [46, 47, 48, 49, 50].flatMap { depth -> [String] in
        [("[b]", "[/b]"), ("[quote]", "[/quote]"), ("[list][*]", "[/list]")].map { open, close in
            String(repeating: open, count: depth) + "x" + String(repeating: close, count: depth)
        }
    }

    // MARK: Conformance inputs

    @Test("every BBCode input of the conformance cases keeps the contract")
    func conformanceInputs() throws {
        let directory = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("conformance/cases/bbcode")
        guard FileManager.default.fileExists(atPath: directory.path) else {
            print("BBCodeDirectHTMLTests: skipped, no conformance cases at \(directory.path)")
            return
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".md") }.sorted()
        var cases: [BBCodeCase] = []
        for file in files {
            let text = try String(
                contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            cases += BBCodeCase.parse(text, file: file)
        }
        #expect(!cases.isEmpty, "no BBCode cases found in \(directory.path)")

        var report = ContractReport()
        for bbcodeCase in cases {
            // The input as the case has it, without its final newline, and with CRLF lines.
            var variants = [bbcodeCase.input]
            if bbcodeCase.input.hasSuffix("\n") {
                variants.append(String(bbcodeCase.input.dropLast()))
            }
            variants.append(bbcodeCase.input.replacingOccurrences(of: "\n", with: "\r\n"))
            for input in variants {
                report.check(input, reader: bbcodeCase.reader, wellFormed: true)
            }
            // Cases that expect HTML from the default writer pin the direct output too.
            if let expected = bbcodeCase.expectedHTML,
                let direct = BBCodeHTMLDirect.html(bbcodeCase.input, reader: bbcodeCase.reader)
            {
                #expect(
                    direct == expected, "\(bbcodeCase.id): \(bbcodeCase.input.debugDescription)")
            }
        }
        report.recordIssues(label: "conformance")
        print(report.summary(label: "conformance (\(cases.count) cases)"))
        #expect(report.direct > 0, "no conformance input took the direct path")
    }

    // MARK: Typical posts through the public API

    @Test("typical posts convert to the exact HTML", arguments: TypicalPost.all)
    func typicalPost(_ post: TypicalPost) throws {
        let converter = Converter(reader: BBCodeReader(), writer: HTMLWriter())
        let result = try converter.convert(post.input)
        #expect(result.output == post.html)
        #expect(result.diagnostics.isEmpty)
        // The literal is what the AST path writes.
        let tree = try BBCodeReader().read(post.input).document
        #expect(HTMLWriter().write(tree).output == post.html)
        // Typical posts are what the direct path is for.
        #expect(BBCodeHTMLDirect.html(post.input, reader: BBCodeReader()) == post.html)
    }
}
