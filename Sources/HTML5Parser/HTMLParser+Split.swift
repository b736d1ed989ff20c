import WorkerThread

extension HTMLParser {
    /// Where a split parse cuts the input and which elements it expects open there.
    struct SplitPlan {
        /// The offset of a block-level start tag near the middle.
        var offset: Int
        /// `html`, `body` (documents), then the containers the input ends by closing.
        var names: [String]
    }

    /// Elements the cut may sit inside: plain containers whose end tags close them simply.
    static let splitContainers: Set<Tag> = [.div, .main, .article, .section, .aside, .nav, .header, .footer]

    /// Start tags the cut may fall before (not `table`: text before a table's first row is
    /// moved in front of it, next to what precedes the cut).
    static let splitStarts: Set<Tag> = [
        .p, .h1, .h2, .h3, .h4, .h5, .h6, .ul, .ol, .dl, .pre, .blockquote, .div, .section, .figure,
        .hr,
    ]

    /// Block end tags a cut may follow (a cut after text or an open `<p>` would find that
    /// paragraph still open).
    static let splitAfter: Set<Tag> = [
        .p, .h1, .h2, .h3, .h4, .h5, .h6, .ul, .ol, .dl, .pre, .blockquote, .div, .section,
        .article, .figure, .table, .header, .footer, .nav, .aside, .main,
    ]

    /// A place to cut `p[0..<n]` and the open elements one parse should have there: the
    /// containers the input ends by closing (`</article></main></div></body></html>`),
    /// before the first block-level start tag past the middle that follows a block end tag,
    /// at a line start if there is one. Only a guess: the first piece's parse confirms it at
    /// the cut.
    static func splitPlan(_ p: UnsafePointer<UInt8>, _ n: Int, isFragment: Bool) -> SplitPlan? {
        func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0C || c == 0x0D }
        func isNameByte(_ c: UInt8) -> Bool {
            (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39)
        }
        /// The tag named by the name bytes from `start` on, and where they end.
        func tagName(from start: Int) -> (tag: Tag, end: Int) {
            var lower: (UInt64, UInt64) = (0, 0)
            var k = start
            while k < n && isNameByte(p[k]) { k += 1 }
            guard k - start <= 16 else { return (.other, k) }
            let tag = withUnsafeMutableBytes(of: &lower) { raw in
                for i in start..<k { raw[i - start] = p[i] | 0x20 }
                return Tag.of(bytes: UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: k - start))
            }
            return (tag, k)
        }
        /// The end tag (`</name>`, spaces allowed before `>`) that ends at `i` (exclusive),
        /// and its start.
        func endTag(endingAt i: Int) -> (tag: Tag, start: Int)? {
            guard i > 3, p[i - 1] == 0x3E else { return nil }
            var j = i - 2
            while j > 0 && i - j < 40 && p[j] != 0x3C { j -= 1 }
            guard p[j] == 0x3C, p[j + 1] == 0x2F else { return nil }
            var (tag, k) = tagName(from: j + 2)
            guard k > j + 2 else { return nil }
            while k < i - 1 && isSpace(p[k]) { k += 1 }
            return k == i - 1 ? (tag, j) : nil
        }
        /// The offset of the last `pattern` that starts in `p[max(0, end - window)..<end]`.
        func lastIndex(of pattern: [UInt8], before end: Int, window: Int) -> Int? {
            var j = end - pattern.count
            while j >= max(0, end - window) {
                var k = 0
                while k < pattern.count && p[j + k] | (pattern[k] >= 0x61 ? 0x20 : 0) == pattern[k] { k += 1 }
                if k == pattern.count { return j }
                j -= 1
            }
            return nil
        }
        // The end tags at the end, last first (comments and whole scripts skipped).
        var closing: [Tag] = []
        var i = n
        while closing.count < 16 {
            while i > 0 && isSpace(p[i - 1]) { i -= 1 }
            if i > 3 && p[i - 1] == 0x3E && p[i - 2] == 0x2D && p[i - 3] == 0x2D {
                guard let open = lastIndex(of: Array("<!--".utf8), before: i - 3, window: 4096) else { break }
                i = open
                continue
            }
            guard let (tag, start) = endTag(endingAt: i) else { break }
            if tag == .script {
                guard let open = lastIndex(of: Array("<script".utf8), before: start, window: 1 << 16) else { break }
                i = open
                continue
            }
            closing.append(tag)
            i = start
        }
        var outer = closing[...]
        if !isFragment {
            if outer.first == .html { outer = outer.dropFirst() }
            if outer.first == .body { outer = outer.dropFirst() }
        }
        var names = isFragment ? ["html"] : ["html", "body"]
        for tag in outer {
            guard splitContainers.contains(tag) else { break }
            names.append(tag.name)
        }
        // A fragment's closing containers wrap it only if it opens with the outermost one
        // (snippets one after another end with their last one's `</div>`).
        if isFragment, names.count > 1 {
            var i = 0
            while i < n && isSpace(p[i]) { i += 1 }
            var wraps = false
            if i + 1 < n && p[i] == 0x3C {
                let (tag, k) = tagName(from: i + 1)
                wraps = tag.name == names[1] && k < n && (isSpace(p[k]) || p[k] == 0x3E || p[k] == 0x2F)
            }
            if !wraps { names = ["html"] }
        }
        // The cut: at a line start if there is one (a block opened on the line before is less
        // likely still open), else right after the end tag (minified pages).
        let limit = n - n / 4
        for lineStart in [true, false] {
            var x = n / 2
            while x < limit {
                defer { x += 1 }
                guard x > 0, p[x] == 0x3C, lineStart ? p[x - 1] == 0x0A : p[x - 1] == 0x3E
                else { continue }
                let (tag, k) = tagName(from: x + 1)
                guard k < n, isSpace(p[k]) || p[k] == 0x3E || p[k] == 0x2F, splitStarts.contains(tag)
                else { continue }
                var before = x
                while before > 0 && isSpace(p[before - 1]) { before -= 1 }
                if let (end, _) = endTag(endingAt: before), splitAfter.contains(end) {
                    return SplitPlan(offset: x, names: names)
                }
            }
        }
        return nil
    }

    /// The second piece of a split parse, parsed on a worker thread.
    final class SplitPiece: @unchecked Sendable {
        let input: InputStream
        let plan: SplitPlan
        let options: HTMLParserOptions
        let isFragment: Bool
        var result: DOMBuilder?

        init(input: InputStream, plan: SplitPlan, options: HTMLParserOptions, isFragment: Bool) {
            self.input = input
            self.plan = plan
            self.options = options
            self.isFragment = isFragment
        }

        func run() {
            let rest = InputStream(viewing: input, from: plan.offset)
            var tokenizer = Tokenizer(
                input: rest,
                sink: TreeBuilder(
                    sink: DOMBuilder(isFragment: isFragment, inputSize: rest.count),
                    options: options, inputSize: rest.count),
                collectErrors: false)
            tokenizer.sink.prepareContinuation(names: plan.names, isFragment: isFragment)
            tokenizer.run()
            tokenizer.freeBuffers()
            tokenizer.sink.freeTables()
            result = tokenizer.sink.sink
        }
    }
}
