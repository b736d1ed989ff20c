extension PlainTextWriter {
    /// The visible text of a raw HTML fragment (a Markdown HTML block): tags removed,
    /// comments, `script` and `style` content skipped, the common entities decoded, one
    /// output line per non-blank source line. A light stripper for raw blocks only; HTML
    /// documents go through HTMLReader first.
    ///
    /// ```swift
    /// PlainTextWriter.visibleText(ofRawHTML: "<div>\n<b>a</b> &amp; b\n</div>") // ["a & b"]
    /// ```
    static func visibleText(ofRawHTML html: String) -> [String] {
        let bytes = Array(html.utf8)
        let entities = [
            ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"),
            ("&nbsp;", "\u{00A0}"),
        ]
        var text: [UInt8] = []
        var i = 0
        func startsWith(_ s: String, at index: Int) -> Bool {
            let p = Array(s.utf8)
            guard index + p.count <= bytes.count else { return false }
            for k in 0..<p.count where (bytes[index + k] | (p[k] >= 0x61 ? 0x20 : 0)) != p[k] {
                return false
            }
            return true
        }
        func skip(past end: String, from index: Int) -> Int {
            var j = index
            while j < bytes.count && !startsWith(end, at: j) { j += 1 }
            return min(bytes.count, j + end.utf8.count)
        }
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "<") {
                if startsWith("<!--", at: i) {
                    i = skip(past: "-->", from: i + 4)
                } else if startsWith("<script", at: i) {
                    i = skip(past: "</script>", from: i)
                } else if startsWith("<style", at: i) {
                    i = skip(past: "</style>", from: i)
                } else if i + 1 < bytes.count,
                    (bytes[i + 1] | 0x20) >= 0x61 && (bytes[i + 1] | 0x20) <= 0x7A
                        || bytes[i + 1] == UInt8(ascii: "/") || bytes[i + 1] == UInt8(ascii: "!")
                        || bytes[i + 1] == UInt8(ascii: "?")
                {
                    i = skip(past: ">", from: i)
                } else {
                    text.append(b)
                    i += 1
                }
                continue
            }
            if b == UInt8(ascii: "&"),
                let (name, value) = entities.first(where: { startsWith($0.0, at: i) })
            {
                text.append(contentsOf: value.utf8)
                i += name.utf8.count
                continue
            }
            text.append(b)
            i += 1
        }
        return String(decoding: text, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: true)
            .map { $0.trimmingSpaces() }
            .filter { !$0.isEmpty }
    }
}

extension Substring {
    /// The text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }
}
