import ByteScan
import MarkupAST

/// One parsed `[tag=value attr=v]` (or `[/tag]`): byte offsets only (no strings), so tokens
/// are copied and freed without reference counting; the builder makes strings of the parts
/// it uses.
struct BBCodeTagToken {
    // (Stored as 32-bit offsets, so a token takes 36 bytes: a post of unclosed or misnested
    // tags holds one token per three or four bytes. The reader takes inputs under 4 GiB.)
    private let tagIndex: Int32
    private let attributeCount: Int32
    private let attributeStart: UInt32
    /// `valueStart` is `UInt32.max` when the tag has no value.
    private let valueStart: UInt32
    private let valueEnd: UInt32
    private let rawStart: UInt32
    private let rawEnd: UInt32
    private let line32: UInt32
    private let column32: UInt32

    init(
        id: Int, value: Range<Int>?, attributes: Range<Int>, raw: Range<Int>, line: Int,
        column: Int
    ) {
        tagIndex = Int32(id)
        attributeCount = Int32(attributes.count)
        attributeStart = UInt32(attributes.lowerBound)
        valueStart = value.map { UInt32($0.lowerBound) } ?? .max
        valueEnd = value.map { UInt32($0.upperBound) } ?? .max
        rawStart = UInt32(raw.lowerBound)
        rawEnd = UInt32(raw.upperBound)
        line32 = UInt32(truncatingIfNeeded: line)
        column32 = UInt32(truncatingIfNeeded: column)
    }

    /// The tag's index in the dialect (`tagTable[id]`; the tag itself is not copied into
    /// every token).
    var id: Int { Int(tagIndex) }
    /// The `=value` bytes (inside the quotes when quoted), if any.
    var value: Range<Int>? { valueStart == .max ? nil : Int(valueStart)..<Int(valueEnd) }
    /// The tag's ` name=value` pairs: `attributeRanges[attributes]` of the tokenizer.
    var attributes: Range<Int> {
        Int(attributeStart)..<(Int(attributeStart) + Int(attributeCount))
    }
    /// Where the tag is written in the input bytes, for literal fallback.
    var raw: Range<Int> { Int(rawStart)..<Int(rawEnd) }
    var line: Int { Int(line32) }
    var column: Int { Int(column32) }
}

/// A BBCode token: plain 32-bit values only (12 bytes a token), so the token list costs no
/// reference counting; tags and raw contents live in the tokenizer's `tags` and `contents`.
enum BBCodeToken {
    /// Text: the input bytes `[start, end)`.
    case text(start: UInt32, end: UInt32)
    /// `count` consecutive line ends (blank lines included).
    case newlines(UInt32)
    /// The open tag `tags[index]`.
    case open(UInt32)
    /// The close tag `tags[index]`.
    case close(UInt32)
    /// A tag whose content is not parsed (`code`, `noparse`, `img`, `[url]x[/url]` ...):
    /// `tags[index]` and `contents[content]`.
    case raw(UInt32, content: UInt32)
}

/// What `parseTag` found.
enum BBCodeParsedTag {
    /// An open tag, appended to `tags` at this index.
    case open(Int)
    /// A close tag of the dialect's tag `id`, appended to `tags` at `index`.
    case close(id: Int, index: Int)
}

/// Splits BBCode into tokens in one pass over the UTF-8 bytes.
struct BBCodeTokenizer {
    /// The dialect's tags and their lookup table (not the whole dialect: the tokenizer is
    /// made per document).
    private let tagTable: [BBCodeTag]
    private let lookup: BBCodeTagLookup
    var diagnostics: [Diagnostic] = []
    /// Per tag index (one past the dialect's tags: tags not in it), twice: zeros (the tree
    /// builder counts its open elements there), then how many close tokens the tag has. (The
    /// builder works in this buffer: one allocation for both.)
    private(set) var tagCounts = TrivialBuffer<Int>()
    /// The tokens of the input.
    /// (The token, tag and count lists are plain values in `TrivialBuffer`s, appended without
    /// `Array`'s uniqueness checks and grown a page at a time with no reservation to guess;
    /// `deallocate()` frees them.)
    private(set) var tokens = TrivialBuffer<BBCodeToken>()
    /// The open, close and raw tags the tokens point to.
    private(set) var tags = TrivialBuffer<BBCodeTagToken>()
    /// Raw contents the tokens point to.
    private(set) var contents: [String] = []
    /// The ` name=value` pairs of every open tag, back to back (tokens hold ranges of it).
    private(set) var attributeRanges: [BBCodeAttributeRange] = []
    /// Scratch space for the scanner's attribute ranges (kept to avoid an allocation a tag).
    private var scratchRanges: [BBCodeAttributeRange] = []

    init(dialect: BBCodeDialect) {
        tagTable = dialect.tags
        lookup = dialect.lookup
    }

    /// Frees the token, tag and count lists (after the tree builder read them).
    func deallocate() {
        tagCounts.deallocate()
        tokens.deallocate()
        tags.deallocate()
    }

    /// Tokenizes the input `bytes` into `tokens` (and `tags`, `contents`, `tagCounts`); a 0
    /// must follow the bytes (`bytes[bytes.count]`), as the reader's `withCString` gives them.
    mutating func tokenize(_ bytes: UnsafeBufferPointer<UInt8>) {
        tagCounts = TrivialBuffer(repeating: 0, count: 2 * (tagTable.count + 1))
        let n = bytes.count
        tokenize(UnsafeBufferPointer(start: bytes.baseAddress, count: n + 1), count: n)
    }

    /// `b`: the input and the 0 after it (`b[n]`).
    private mutating func tokenize(_ b: UnsafeBufferPointer<UInt8>, count n: Int) {
        let base = b.baseAddress.unsafelyUnwrapped
        var i = 0
        var textStart = 0
        var line = 1
        var lineStart = 0
        var noCloseAfter: [String: Int] = [:]  // raw tag name -> position with no close after

        // (A token always follows a flushed text: two texts are never adjacent.)
        @inline(__always)
        func flushText(_ end: Int) {
            if end > textStart { tokens.append(.text(start: UInt32(textStart), end: UInt32(end))) }
        }
        // Appends `token`, written from `i` to `end`, after the text before it.
        @inline(__always)
        func emit(_ token: BBCodeToken, to end: Int) {
            flushText(i)
            tokens.append(token)
            i = end
            textStart = end
        }

        while i < n {
            let c = b[i]
            if c == 0x0A || c == 0x0D {
                let (count, end) = BBCodeTagScanner.lineEnds(base, i, n)
                line += count
                lineStart = end
                emit(.newlines(UInt32(count)), to: end)
                continue
            }
            if c != 0x5B {  // '['
                // (Plain text skipped 8 bytes at a time, to the next `[` or line end.)
                i = ByteScan.firstIndex(of: 0x5B, 0x0A, 0x0D, in: base, from: i + 1, to: n)
                continue
            }
            let column = i - lineStart + 1
            guard let (kind, end) = parseTag(b, i, n, line: line, column: column) else {
                i += 1
                continue
            }
            switch kind {
            case .close(let id, let index):
                tagCounts[tagTable.count + 1 + id] += 1
                emit(.close(UInt32(index)), to: end)
            case .open(let k):
                if isRawContent(tags[k]) {
                    let name = tagTable[tags[k].id].name
                    if let limit = noCloseAfter[name], limit <= end {
                        diagnostics.append(unclosed(tags[k]))
                        i = end
                        continue
                    }
                    if let (contentEnd, after) = findClose(name, b, from: end, n) {
                        var content = ByteScan.string(
                            fromValidUTF8: UnsafeBufferPointer(rebasing: b[end..<contentEnd]))
                        if b[end..<contentEnd].contains(0x0D) {
                            content = content.replacingOccurrences(of: "\r\n", with: "\n")
                        }
                        contents.append(content)
                        for k in end..<after where b[k] == 0x0A {
                            line += 1
                            lineStart = k + 1
                        }
                        emit(.raw(UInt32(k), content: UInt32(contents.count - 1)), to: after)
                    } else {
                        noCloseAfter[name] = end
                        diagnostics.append(unclosed(tags[k]))
                        i = end
                    }
                } else {
                    emit(.open(UInt32(k)), to: end)
                }
            }
        }
        flushText(n)
    }

    private func unclosed(_ tok: BBCodeTagToken) -> Diagnostic {
        let name = tagTable[tok.id].name
        return Diagnostic(
            .warning, .parseUnclosedTag, "[\(name)] has no [/\(name)]; kept as text",
            line: tok.line, column: tok.column)
    }

    /// Whether the tag's content is taken verbatim.
    func isRawContent(_ tok: BBCodeTagToken) -> Bool {
        switch tagTable[tok.id].kind {
        case .code, .noParse, .image, .youtube: return true
        case .link, .email: return tok.value == nil
        default: return false
        }
    }

    /// Finds `[/name]` (case-insensitive) at or after `start`: (content end, position after).
    private func findClose(
        _ name: String, _ b: UnsafeBufferPointer<UInt8>, from start: Int, _ n: Int
    ) -> (Int, Int)? {
        let nameBytes = Array(name.utf8)
        let m = nameBytes.count
        // (From `[` to `[`, found 8 bytes at a time.)
        var i = ByteScan.firstIndex(of: 0x5B, in: b, from: start)
        while i + 2 + m < n {
            if b[i + 1] == 0x2F, b[i + 2 + m] == 0x5D,
                (0..<m).allSatisfy({ ByteScan.lowercasedASCII(b[i + 2 + $0]) == nameBytes[$0] })
            {
                return (i, i + 3 + m)
            }
            i = ByteScan.firstIndex(of: 0x5B, in: b, from: i + 1)
        }
        return nil
    }

    /// Parses a tag at `start` (a `[`): the token and the position after `]`.
    /// Open and close tags are appended to `tags` (an open tag kept as text stays there
    /// unused).
    @inline(__always)
    private mutating func parseTag(
        _ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ n: Int, line: Int, column: Int
    ) -> (BBCodeParsedTag, Int)? {
        guard
            let scanned = BBCodeTagScanner.scan(
                b.baseAddress.unsafelyUnwrapped, start, n, lookup: lookup,
                attributes: &scratchRanges)
        else { return nil }
        if scanned.isBareValue, tagTable[scanned.id].kind != .code { return nil }
        if scanned.isClose {
            tags.append(
                BBCodeTagToken(
                    id: scanned.id, value: nil, attributes: 0..<0, raw: start..<scanned.end,
                    line: line, column: column))
            return (.close(id: scanned.id, index: tags.count - 1), scanned.end)
        }
        let first = attributeRanges.count
        if !scratchRanges.isEmpty { attributeRanges.append(contentsOf: scratchRanges) }
        let tok = BBCodeTagToken(
            id: scanned.id, value: scanned.value, attributes: first..<attributeRanges.count,
            raw: start..<scanned.end, line: line, column: column)
        tags.append(tok)
        return (.open(tags.count - 1), scanned.end)
    }
}
