import MarkupAST

/// One parsed `[tag=value attr=v]`.
struct BBCodeTagToken {
    var tag: BBCodeTag
    /// The tag's index in the dialect.
    var id: Int
    var value: String?
    var attributes: [Attribute]
    /// Where the tag is written in the input bytes, for literal fallback.
    var raw: Range<Int>
    var line: Int
    var column: Int
}

/// A BBCode token.
enum BBCodeToken {
    case text(String)
    /// `count` consecutive line ends (blank lines included).
    case newlines(Int)
    case open(BBCodeTagToken)
    case close(name: String, id: Int, raw: Range<Int>, line: Int, column: Int)
    /// A tag whose content is not parsed (`code`, `noparse`, `img`, `[url]x[/url]` ...).
    case raw(BBCodeTagToken, content: String)
}

/// Splits BBCode into tokens in one pass over the UTF-8 bytes.
struct BBCodeTokenizer {
    let dialect: BBCodeDialect
    var diagnostics: [Diagnostic] = []
    /// The input bytes (with a trailing 0); token ranges point into them.
    private(set) var bytes: [UInt8] = []
    /// How many close tokens each tag (by dialect index) has.
    private(set) var closeCounts: [Int] = []

    init(dialect: BBCodeDialect) { self.dialect = dialect }

    static let maxTagLength = 2048

    mutating func tokenize(_ input: String) -> [BBCodeToken] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(input.utf8.count + 1)
        bytes.append(contentsOf: input.utf8)
        bytes.append(0)  // sentinel
        self.bytes = bytes
        closeCounts = Array(repeating: 0, count: dialect.tags.count + 1)
        return tokenize(bytes, count: bytes.count - 1)
    }

    private mutating func tokenize(_ b: [UInt8], count n: Int) -> [BBCodeToken] {
        var tokens: [BBCodeToken] = []
        tokens.reserveCapacity(n / 8 + 8)
        var i = 0
        var textStart = 0
        var line = 1
        var lineStart = 0
        var noCloseAfter: [String: Int] = [:]  // raw tag name -> position with no close after
        // Whether the last token is `.text` (checked without copying the token).
        var lastIsText = false

        func flushText(_ end: Int) {
            if end > textStart {
                let s = b.withUnsafeBufferPointer {
                    String(decoding: UnsafeBufferPointer(rebasing: $0[textStart..<end]), as: UTF8.self)
                }
                if lastIsText, case .text(let previous)? = tokens.last {
                    tokens[tokens.count - 1] = .text(previous + s)
                } else {
                    tokens.append(.text(s))
                }
                lastIsText = true
            }
        }

        while i < n {
            let c = b[i]
            if c == 0x0A || c == 0x0D {
                flushText(i)
                var count = 0
                var j = i
                while true {
                    if b[j] == 0x0D {
                        j += b[j + 1] == 0x0A ? 2 : 1
                    } else if b[j] == 0x0A {
                        j += 1
                    } else {
                        break
                    }
                    count += 1
                    line += 1
                    lineStart = j
                    i = j
                    // A line holding only spaces/tabs counts as blank.
                    var k = j
                    while k < n, b[k] == 0x20 || b[k] == 0x09 { k += 1 }
                    if k < n, b[k] == 0x0A || b[k] == 0x0D { j = k } else { break }
                }
                tokens.append(.newlines(count))
                lastIsText = false
                textStart = i
                continue
            }
            if c != 0x5B {  // '['
                i += 1
                continue
            }
            let column = i - lineStart + 1
            guard let (kind, end) = parseTag(b, i, n, line: line, column: column) else {
                i += 1
                continue
            }
            switch kind {
            case .close(_, let id, _, _, _):
                closeCounts[id] += 1
                flushText(i)
                tokens.append(kind)
                lastIsText = false
                i = end
                textStart = i
            case .open(let tok):
                if isRawContent(tok) {
                    let name = tok.tag.name
                    if let limit = noCloseAfter[name], limit <= end {
                        diagnostics.append(unclosed(tok))
                        i = end
                        continue
                    }
                    if let (contentEnd, after) = findClose(name, b, from: end, n) {
                        flushText(i)
                        var content = String(decoding: b[end..<contentEnd], as: UTF8.self)
                        if content.utf8.contains(0x0D) {
                            content = content.replacingOccurrences(of: "\r\n", with: "\n")
                        }
                        tokens.append(.raw(tok, content: content))
                        lastIsText = false
                        for k in end..<after where b[k] == 0x0A {
                            line += 1
                            lineStart = k + 1
                        }
                        i = after
                        textStart = i
                    } else {
                        noCloseAfter[name] = end
                        diagnostics.append(unclosed(tok))
                        i = end
                    }
                } else {
                    flushText(i)
                    tokens.append(kind)
                    lastIsText = false
                    i = end
                    textStart = i
                }
            default:
                i = end
            }
        }
        flushText(n)
        return tokens
    }

    private func unclosed(_ tok: BBCodeTagToken) -> Diagnostic {
        Diagnostic(
            .warning, "parse.unclosed-tag", "[\(tok.tag.name)] has no [/\(tok.tag.name)]; kept as text",
            line: tok.line, column: tok.column)
    }

    /// Whether the tag's content is taken verbatim.
    func isRawContent(_ tok: BBCodeTagToken) -> Bool {
        switch tok.tag.kind {
        case .code, .noParse, .image, .youtube: return true
        case .link, .email: return tok.value == nil
        default: return false
        }
    }

    /// Finds `[/name]` (case-insensitive) at or after `start`: (content end, position after).
    private func findClose(_ name: String, _ b: [UInt8], from start: Int, _ n: Int)
        -> (Int, Int)?
    {
        let nameBytes = Array(name.utf8)
        let m = nameBytes.count
        var i = start
        while i + 2 + m < n {
            if b[i] == 0x5B, b[i + 1] == 0x2F {
                var ok = true
                var k = 0
                while k < m {
                    if lower(b[i + 2 + k]) != nameBytes[k] {
                        ok = false
                        break
                    }
                    k += 1
                }
                if ok, b[i + 2 + m] == 0x5D { return (i, i + 3 + m) }
            }
            i += 1
        }
        return nil
    }

    @inline(__always) private func lower(_ x: UInt8) -> UInt8 {
        (x >= 0x41 && x <= 0x5A) ? x + 32 : x
    }

    @inline(__always) private func isNameByte(_ x: UInt8) -> Bool {
        (x >= 0x61 && x <= 0x7A) || (x >= 0x41 && x <= 0x5A) || (x >= 0x30 && x <= 0x39)
            || x == 0x2A || x == 0x5F || x == 0x2D
    }

    /// Parses a tag at `start` (a `[`): the token and the position after `]`.
    private func parseTag(_ b: [UInt8], _ start: Int, _ n: Int, line: Int, column: Int)
        -> (BBCodeToken, Int)?
    {
        var i = start + 1
        let closing = b[i] == 0x2F
        if closing { i += 1 }
        let nameStart = i
        while i < n, isNameByte(b[i]), i - nameStart <= 32 { i += 1 }
        guard i > nameStart, i - nameStart <= 32 else { return nil }
        guard let id = dialect.lookup.find(b, nameStart, i) else { return nil }
        let tag = dialect.tags[id]
        if closing {
            guard b[i] == 0x5D else { return nil }
            let close = BBCodeToken.close(
                name: tag.name, id: id, raw: start..<(i + 1), line: line, column: column)
            return (close, i + 1)
        }
        var value: String?
        var attributes: [Attribute] = []
        let limit = min(n, start + BBCodeTokenizer.maxTagLength)
        if b[i] == 0x3D {  // '='
            i += 1
            if b[i] == 0x22 || b[i] == 0x27 {
                let q = b[i]
                i += 1
                let vs = i
                while i < limit, b[i] != q, b[i] != 0x0A { i += 1 }
                guard i < limit, b[i] == q else { return nil }
                value = String(decoding: b[vs..<i], as: UTF8.self)
                i += 1
            } else {
                let vs = i
                while i < limit, b[i] != 0x5D, b[i] != 0x0A, b[i] != 0x5B { i += 1 }
                guard i < limit, b[i] == 0x5D else { return nil }
                // `[quote=John post_id=3]`: the value stops before the first ` name=`.
                var ve = i
                var k = vs
                while k < i {
                    if b[k] == 0x20, let (_, _) = attributeName(b, k + 1, i) {
                        ve = k
                        break
                    }
                    k += 1
                }
                value = String(decoding: b[vs..<ve], as: UTF8.self)
                i = ve
            }
        }
        // Attributes: ` name=value` or ` name="value"`.
        while i < limit, b[i] == 0x20 {
            while i < limit, b[i] == 0x20 { i += 1 }
            if b[i] == 0x5D { break }
            guard let (attrName, afterEq) = attributeName(b, i, limit) else { return nil }
            i = afterEq
            var v: String
            if b[i] == 0x22 || b[i] == 0x27 {
                let q = b[i]
                i += 1
                let vs = i
                while i < limit, b[i] != q, b[i] != 0x0A { i += 1 }
                guard i < limit, b[i] == q else { return nil }
                v = String(decoding: b[vs..<i], as: UTF8.self)
                i += 1
            } else {
                let vs = i
                while i < limit, b[i] != 0x20, b[i] != 0x5D, b[i] != 0x0A { i += 1 }
                v = String(decoding: b[vs..<i], as: UTF8.self)
            }
            if v.isEmpty { v = "" }
            attributes.append(Attribute(name: attrName, value: v))
        }
        guard i < limit, b[i] == 0x5D else { return nil }
        let tok = BBCodeTagToken(
            tag: tag, id: id, value: value, attributes: attributes, raw: start..<(i + 1),
            line: line, column: column)
        return (.open(tok), i + 1)
    }

    /// `name=` at `i`: the lower-cased name and the position after `=`.
    private func attributeName(_ b: [UInt8], _ i: Int, _ limit: Int) -> (String, Int)? {
        var k = i
        while k < limit, isNameByte(b[k]), b[k] != 0x2A { k += 1 }
        guard k > i, k < limit, b[k] == 0x3D else { return nil }
        return (String(decoding: b[i..<k].map { lower($0) }, as: UTF8.self), k + 1)
    }
}
