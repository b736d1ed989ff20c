import HTML5Parser
import MarkupAST
import Testing

@testable import HTMLFormat

/// A document lowered in two halves on two threads gives exactly the tree and the diagnostics
/// of one walk.
@Suite("HTML reader halves")
struct HTMLReaderHalvesTests {
    func read(
        _ html: String, halves: Bool, keepRawHTML: Bool = false, mode: HTMLReaderOptions.Mode = .document
    ) throws -> ReadResult {
        var options = HTMLReaderOptions(mode: mode, keepRawHTML: keepRawHTML)
        options.parallelThreshold = halves ? 0 : nil
        return try HTMLReader(options: options).read(html)
    }

    /// Whether the document is lowered in halves (not walked whole after all).
    func splits(_ html: String, fragment: Bool = false) -> Bool {
        HTMLReaderLowering.runInHalves(
            dom: fragment ? HTMLParser.parseFragment(html, context: "body") : HTMLParser.parseDocument(html),
            options: HTMLReaderOptions(mode: fragment ? .fragment : .document)) != nil
    }

    func expectSame(
        _ html: String, keepRawHTML: Bool = false, mode: HTMLReaderOptions.Mode = .document,
        _ comment: String
    ) throws {
        let one = try read(html, halves: false, keepRawHTML: keepRawHTML, mode: mode)
        let two = try read(html, halves: true, keepRawHTML: keepRawHTML, mode: mode)
        #expect(one.document == two.document, "\(comment)")
        #expect(one.diagnostics == two.diagnostics, "\(comment)")
    }

    @Test("every html-to-markdown case, alone and in pairs, at body level and inside divs")
    func cases() throws {
        let inputs = HTMLReaderCommandCase.load().map(\.input)
        #expect(inputs.count > 100)
        var split = 0
        var nestedSplit = 0
        var fragmentSplit = 0
        for (k, input) in inputs.enumerated() {
            let next = inputs[(k + 1) % inputs.count]
            let pair = "<p>a</p>" + input + "<p>b</p>" + next + "<hr>"
            try expectSame("<html><body>" + pair + "</body></html>", "body \(k)")
            try expectSame(pair, mode: .fragment, "fragment \(k)")
            if splits(pair, fragment: true) { fragmentSplit += 1 }
            let nested =
                "<!-- c --><html><head><title>t\(k)</title></head><body><header>h</header><main><div class=x><p>1</p>"
                + pair + "<p>2</p></div><div>z</div></main>tail<!-- d --></body></html><!-- e -->"
            try expectSame(nested, keepRawHTML: k % 2 == 0, "main \(k)")
            if splits("<html><body>" + pair + "</body></html>") { split += 1 }
            if splits(nested) { nestedSplit += 1 }
        }
        // Most pairs split (a few meet at two lists, or are too lopsided to split).
        #expect(split * 10 > inputs.count * 8, "\(split) of \(inputs.count)")
        #expect(nestedSplit * 10 > inputs.count * 8, "\(nestedSplit) of \(inputs.count)")
        #expect(fragmentSplit * 10 > inputs.count * 8, "\(fragmentSplit) of \(inputs.count)")
    }

    @Test("a generated article is split, and the halves agree with one walk")
    func article() throws {
        var html = "<!DOCTYPE html><html><head><title>T</title></head><body><article><h1>x</h1>"
        for k in 0..<400 {
            html += "<p>Para \(k) <b>bold <i>both</b> it</i> <a href='/\(k)'>link</a></p>\n"
            if k % 7 == 0 { html += "<ul><li>i\(k)</li><li><p>j</p></li></ul>\n" }
            if k % 11 == 0 { html += "<iframe src='https://v.example/\(k)'></iframe><script>x</script>\n" }
            if k % 13 == 0 { html += "<table><tr><th>a</th></tr><tr><td>\(k)</td></tr></table>\n" }
            if k % 17 == 0 { html += "<li>stray \(k)</li><div></div>\n" }
        }
        html += "</article></body></html>"
        try expectSame(html, "article")
        #expect(splits(html))
        // The embeds past the 50th are not reported, over both halves.
        let two = try read(html, halves: true)
        #expect(two.diagnostics.filter { $0.code == .lossyEmbed }.count == 37)
    }
}
