import Foundation
import Testing

@testable import HTML5Parser

/// A parse split in two pieces on two threads builds the tree one parse builds, whether the
/// pieces join or the first goes on alone.
@Suite("Split parse")
struct SplitParseTests {
    /// The tree of `html` parsed whole and split (at the place `splitPlan` picks), and what
    /// became of the split.
    func both(_ html: String, fragment: Bool) -> (String, String, HTMLParser.SplitOutcome) {
        var whole = HTMLParserOptions(collectErrors: false)
        whole.splitThreshold = nil
        var split = whole
        split.splitThreshold = 0
        var text = html
        return text.withUTF8 { bytes in
            let context: String? = fragment ? "body" : nil
            let one = HTMLParser.parseReportingSplit(bytes: bytes, context: context, options: whole)
            let two = HTMLParser.parseReportingSplit(bytes: bytes, context: context, options: split)
            #expect(isLinked(two.document), "links of the joined tree")
            return (one.document.treeDump(), two.document.treeDump(), two.split)
        }
    }

    /// Every child list is consistent: parents, both sibling links and the last child.
    func isLinked(_ doc: HTMLDocument) -> Bool {
        let nodes = doc.nodes
        for (i, node) in nodes.enumerated() {
            var previous: Int32 = -1
            var child = node.firstChildIndex
            var steps = 0
            while child >= 0 {
                let c = nodes[Int(child)]
                guard c.parentIndex == Int32(i), c.previousSiblingIndex == previous else { return false }
                previous = child
                child = c.nextSiblingIndex
                steps += 1
                if steps > nodes.count { return false }
            }
            guard node.lastChildIndex == previous else { return false }
        }
        return true
    }

    /// Pieces of markup, well-formed and not, that change the parser's state across lines.
    static let pieces = [
        "<p>Some <b>bold</b> and <i>italic</i> text.</p>", "<p>para", "<h2>Title</h2>",
        "<ul><li>one<li>two</ul>", "<ol start=3><li>x</ol>", "<div>", "</div>", "<b>", "</b>",
        "<i>open", "</i>", "<a href=x>link", "</a>", "<table><tr><td>c</table>",
        "<table>text<tr><td>x", "</table>", "<pre>\ncode</pre>", "<pre>", "</pre>",
        "<!-- comment -->", "<!-- open", "-->", "<script>if (a<b) x()</script>", "<script>",
        "</script>", "<style>p{}</style>", "<textarea>\n<p>t</textarea>", "<title>t</title>",
        "<template><p>t</template>", "<form>", "</form>", "<select><option>o</select>",
        "&amp; &lt;b&gt; &nbsp;", "plain words", "<svg><p>x</svg>", "<math><mi>x</math>",
        "<svg><foreignObject><p>y</foreignObject></svg>", "</article>", "</main>", "<article>",
        "<section>", "</section>", "<frameset>", "<body class=x>", "<html lang=x>", "<head>",
        "</body>", "</html>", "<nobr>n", "<li>item", "<dd>def", "<hr>", "<img src=x>", "<br>",
        "<p>", "</p>", "<blockquote>q", "</blockquote>", "<h1>a<h2>b", "<button>b", "<xmp>x",
        "</xmp>", "<noscript><p>n</noscript>", "<marquee>m</marquee>", "<dl><dt>t<dd>d</dl>",
        "<figure><figcaption>c</figcaption></figure>", "<x-tag>custom</x-tag>", "<div\n",
        "<p title=\"a>b\n<p>\">q</p>", "\u{0}", "<a><p>misnest</a></p>", "<table><td>",
        "<p><table>t</table>", "<!DOCTYPE html>", "<plaintext>", "<math><annotation-xml encoding=text/html><p>h",
    ]

    /// The pieces that leave no element, formatting element or mode open.
    static let closed = [
        "<p>Some <b>bold</b> and <i>italic</i> text.</p>", "<h2>Title</h2>", "<ul><li>one<li>two</ul>",
        "<ol start=3><li>x</ol>", "<table><tr><td>c</table>", "<pre>\ncode</pre>", "<!-- comment -->",
        "<script>if (a<b) x()</script>", "<style>p{}</style>", "<template><p>t</template>",
        "<select><option>o</select>", "&amp; &lt;b&gt; &nbsp;", "plain words", "<svg><p>x</svg>",
        "<math><mi>x</math>", "<hr>", "<img src=x>", "<br>", "<dl><dt>t<dd>d</dl>",
        "<figure><figcaption>c</figcaption></figure>", "<x-tag>custom</x-tag>", "<div>d</div>",
        "<blockquote><p>q</p></blockquote>", "<p title=\"a>b\n<p>\">q</p>", "<p><table>t</table>",
        "<section><h3>s</h3></section>", "<a href=x>link</a>", "<p>a<br>b</p>", "<textarea>\n<p>t</textarea>",
    ]

    /// A deterministic pseudo-random document: a wrapper the end tags name, paragraphs
    /// around the middle, random pieces on their own lines in between.
    func document(_ seed: UInt64, fragment: Bool) -> String {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next(_ n: Int) -> Int {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % UInt64(n))
        }
        let filler = (0..<(2 + next(6))).map { "<p>Filler paragraph \($0) with <em>words</em>.</p>" }
        // Every other document is made of pieces that close what they open (those join).
        let vocabulary = seed % 2 == 0 ? Self.closed : Self.pieces
        var lines: [String] = []
        for _ in 0..<(4 + next(20)) {
            var line = ""
            for _ in 0..<(1 + next(3)) {
                // Rare pieces (plaintext, frameset) less often.
                var piece = vocabulary[next(vocabulary.count)]
                if piece == "<plaintext>" && next(4) != 0 { piece = "<p>" }
                line += piece
            }
            lines.append(line)
        }
        let middle = lines.count / 2
        let body = filler + lines[..<middle] + ["<p>cut here</p>", "<h2>or here</h2>"]
            + lines[middle...] + filler
        let wrappers = [[], ["div"], ["main"], ["div", "main", "article"], ["section"]][next(5)]
        let open = wrappers.map { "<\($0)>" }.joined()
        let close = wrappers.reversed().map { "</\($0)>" }.joined(separator: "\n")
        if fragment { return open + "\n" + body.joined(separator: "\n") + "\n" + close + "\n" }
        return "<!DOCTYPE html>\n<html><head><title>t</title></head>\n<body>\n" + open + "\n"
            + body.joined(separator: "\n") + "\n" + close + "\n</body>\n</html>\n"
    }

    @Test("random documents and fragments: the same tree, joined or not")
    func random() {
        var joined = 0
        var tried = 0
        for seed in 0..<3_000 {
            let fragment = seed % 3 == 2
            let html = document(UInt64(seed), fragment: fragment)
            let (one, two, outcome) = both(html, fragment: fragment)
            #expect(one == two, "seed \(seed)")
            if one != two { break }
            if outcome != .none { tried += 1 }
            if outcome == .joined { joined += 1 }
        }
        // Most tries join (a guess fails where the middle sits inside a list or a table).
        #expect(tried > 2_500, "\(tried) tried")
        #expect(joined > 1_000, "\(joined) joined")
    }

    @Test("a clean article joins; one cut inside a list goes on alone")
    func outcomes() {
        let items = (0..<40).map { "<p>Paragraph \($0) of the <b>article</b>.</p>" }
        let article = "<!DOCTYPE html>\n<html><body>\n<div class=page><main>\n"
            + items.joined(separator: "\n") + "\n</main>\n</div>\n</body></html>\n"
        let (a, b, joinedOutcome) = both(article, fragment: false)
        #expect(a == b)
        #expect(joinedOutcome == .joined)
        let list = "<ul>\n" + (0..<40).map { "<li>\n<p>item \($0)</p>\n<p>more</p>" }.joined(separator: "\n") + "\n</ul>\n"
        let (c, d, listOutcome) = both(list, fragment: true)
        #expect(c == d)
        #expect(listOutcome == .notReached)
    }

    @Test("every html5lib tree-construction input in the middle of an article (where the data is)")
    func html5lib() throws {
        let shared = ProcessInfo.processInfo.environment["MCONV_CONFORMANCE_DATA"].map {
            URL(fileURLWithPath: $0)
        } ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/conformance")
        let data = shared.appendingPathComponent("html5lib-tests/tree-construction")
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: data.path) else {
            print("html5lib data not found at \(data.path); skipping the split-parse check over it")
            return
        }
        var inputs: [String] = []
        for file in files.sorted() where file.hasSuffix(".dat") {
            let text = try String(contentsOf: data.appendingPathComponent(file), encoding: .utf8)
            for block in text.components(separatedBy: "\n\n#data\n") {
                let body = block.hasPrefix("#data\n") ? String(block.dropFirst(6)) : block
                guard let end = body.range(of: "\n#errors") else { continue }
                inputs.append(String(body[..<end.lowerBound]))
            }
        }
        #expect(inputs.count > 1_000)
        var joined = 0
        let items = (0..<6).map { "<p>Paragraph \($0).</p>" }.joined(separator: "\n")
        for (k, input) in inputs.enumerated() {
            let next = inputs[(k + 1) % inputs.count]
            let html = "<!DOCTYPE html>\n<html><body>\n<div>\n" + items + "\n" + input + "\n<p>x</p>\n"
                + next + "\n" + items + "\n</div>\n</body></html>\n"
            let (one, two, outcome) = both(html, fragment: k % 2 == 1)
            #expect(one == two, "input \(k): \(input.prefix(60))")
            if outcome == .joined { joined += 1 }
        }
        #expect(joined > inputs.count / 6, "\(joined) joined of \(inputs.count)")
    }
}
