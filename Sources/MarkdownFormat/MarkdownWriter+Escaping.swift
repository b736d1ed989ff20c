import ByteScan
import MarkupAST

/// The CommonMark character classes used by the delimiter-run (flanking) rules.
enum CharClass {
    case whitespace
    case punctuation
    case other
}

/// Whether `byte` is ASCII punctuation as CommonMark defines it.
func isASCIIPunctuation(_ byte: UInt8) -> Bool {
    (byte >= 0x21 && byte <= 0x2F) || (byte >= 0x3A && byte <= 0x40)
        || (byte >= 0x5B && byte <= 0x60) || (byte >= 0x7B && byte <= 0x7E)
}

func charClass(ascii byte: UInt8) -> CharClass {
    if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D {
        return .whitespace
    }
    return isASCIIPunctuation(byte) ? .punctuation : .other
}

func charClass(_ scalar: Unicode.Scalar?) -> CharClass {
    guard let scalar else { return .whitespace }
    if scalar.value < 0x80 { return charClass(ascii: UInt8(scalar.value)) }
    switch scalar.properties.generalCategory {
    case .spaceSeparator: return .whitespace
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
        .initialPunctuation, .finalPunctuation, .otherPunctuation:
        return .punctuation
    default: return .other
    }
}

/// Whether an entity or numeric character reference starts at `bytes[index]` (`&`).
func entityFollows(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    var i = index + 1
    guard i < bytes.count else { return false }
    func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    func isAlnum(_ b: UInt8) -> Bool { isDigit(b) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) }
    if bytes[i] == UInt8(ascii: "#") {
        i += 1
        guard i < bytes.count else { return false }
        var hex = false
        if bytes[i] == UInt8(ascii: "x") || bytes[i] == UInt8(ascii: "X") {
            hex = true
            i += 1
        }
        let start = i
        while i < bytes.count && i - start < 8
            && (hex
                ? (isDigit(bytes[i]) || ((bytes[i] | 0x20) >= 0x61 && (bytes[i] | 0x20) <= 0x66))
                : isDigit(bytes[i]))
        {
            i += 1
        }
        return i > start && i < bytes.count && bytes[i] == UInt8(ascii: ";")
    }
    let start = i
    while i < bytes.count && i - start < 33 && isAlnum(bytes[i]) { i += 1 }
    return i > start && i < bytes.count && bytes[i] == UInt8(ascii: ";")
}

/// Whether everything after the `&` at `bytes[index]` could still begin a character reference
/// (`#`, `x`, letters and digits up to the end): the text that follows this run (the next
/// inline, when its markup is not written) may complete it, as `&#` + `<dfn>x41;</dfn>` does.
func entityPrefixReachesEnd(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
    var i = index + 1
    if i < bytes.count && bytes[i] == UInt8(ascii: "#") { i += 1 }
    while i < bytes.count {
        let b = bytes[i] | 0x20
        guard (b >= 0x61 && b <= 0x7A) || (bytes[i] >= 0x30 && bytes[i] <= 0x39) else {
            return false
        }
        i += 1
    }
    return i - index <= 34
}

extension MarkdownWriter.Renderer {
    // MARK: Text

    /// Appends literal text, escaping only what would otherwise be read as markup here.
    func appendText(_ s: String, following: Following) {
        s.withUTF8Bytes { appendText(bytes: $0, following: following) }
    }

    /// `appendText` on the UTF-8 bytes of the text.
    func appendText(bytes: UnsafeBufferPointer<UInt8>, following: Following) {
        let n = bytes.count
        let strike = ext.contains(.strikethrough)
        let autolink = ext.contains(.autolink)
        func nextByte(_ i: Int) -> Following { i < n ? .byte(bytes[i]) : following }
        let textOrigin = linkTextDepth > 0 ? Origin.fixedText : Origin.text
        // Look-ahead answers shared by every `[` and `<` of this text, computed on first need so
        // that a text of many brackets costs linear time: which `[` are escaped, and the last `>`.
        var escapedBrackets: [Bool]? = nil
        var lastGreaterThan: Int? = nil
        var i = 0
        var runStart = 0
        guard let base = bytes.baseAddress else { return }
        let (specialLow, specialHigh) = Self.specialTextBits
        @inline(__always)
        func isSpecial(_ byte: UInt8) -> Bool {
            byte < 64
                ? (specialLow >> UInt64(byte)) & 1 != 0
                : byte < 128 && (specialHigh >> UInt64(byte & 63)) & 1 != 0
        }
        while i < n {
            i = Self.nextSpecial(
                base, from: i, to: n, blockMayHold: Self.blockMayHoldSpecialText,
                isSpecial: isSpecial)
            if i == n { break }
            let byte = base[i]
            appendRun(bytes, from: runStart, to: i, origin: textOrigin)
            // The byte itself starts the next run (written as it is, after any backslash).
            runStart = i
            switch byte {
            case UInt8(ascii: "\\"):
                switch nextByte(i + 1) {
                case .byte(let b) where isASCIIPunctuation(b) || b == 0x0A: appendEscape()
                case .unknown: appendEscape()
                default: break
                }
            case UInt8(ascii: "`"):
                appendEscape()
            case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                var end = i
                while end < n && bytes[end] == byte { end += 1 }
                let escape: Bool
                if byte == UInt8(ascii: "~") && !strike {
                    escape = false
                } else {
                    escape = delimiterRunIsActive(
                        byte, before: previousClass(), after: classAt(bytes, end, following))
                }
                if escape {
                    for _ in i..<end {
                        appendEscape()
                        appendTextByte(byte)
                    }
                    runStart = end
                }
                i = end
                continue
            case UInt8(ascii: "["):
                if bracketNeedsEscape(bytes, at: i, following: following, escaped: &escapedBrackets)
                {
                    appendEscape()
                }
            case UInt8(ascii: "]"):
                if linkTextDepth > 0 { appendEscape() }
            case UInt8(ascii: "<"):
                switch nextByte(i + 1) {
                case .byte(let b):
                    let letter = (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A
                    // A tag, comment or autolink needs a `>` to close it.
                    if following == .end && lastGreaterThan == nil {
                        lastGreaterThan = bytes.lastIndex(of: UInt8(ascii: ">")) ?? -1
                    }
                    let closable = following != .end || lastGreaterThan! > i
                    if closable && letter {
                        if lessThanMayOpenTagOrAutolink(bytes, at: i, following: following) {
                            appendEscape()
                        }
                    } else if closable
                        && (b == UInt8(ascii: "/") || b == UInt8(ascii: "!")
                            || b == UInt8(ascii: "?"))
                    {
                        appendEscape()
                    }
                case .unknown: appendEscape()
                case .end: break
                }
            case UInt8(ascii: "&"):
                if entityFollows(bytes, at: i)
                    || (following.mayContinueReference && entityPrefixReachesEnd(bytes, at: i))
                {
                    appendEscape()
                }
            case UInt8(ascii: "!"):
                if i + 1 == n && following == .byte(UInt8(ascii: "[")) { appendEscape() }
            case UInt8(ascii: ":"):
                if autolink && i + 2 < n && bytes[i + 1] == UInt8(ascii: "/")
                    && bytes[i + 2] == UInt8(ascii: "/") && schemeBefore()
                {
                    appendEscape()
                }
            case UInt8(ascii: "."):
                if autolink && wwwBefore() { appendEscape() }
            case 0x0A:
                appendMarkup(ascii: "&#10;")
                runStart = i + 1
            default:
                break
            }
            i += 1
        }
        appendRun(bytes, from: runStart, to: i, origin: textOrigin)
    }

    /// Appends `bytes[start..<end]` (no newline) to the buffer as bytes of `origin`.
    /// (A method: the nested function it was, capturing the scan's indices, cost a dynamic
    /// exclusivity check per `appendText`.)
    @inline(__always)
    func appendRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, origin: UInt8)
    {
        guard start < end else { return }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
        markOrigin(origin)
    }

    /// Whether `<` at `index`, followed by a letter, may begin an open tag (its name followed
    /// by white space, `/` or `>`), a URI autolink (`<scheme:`) or an email autolink
    /// (`<local@`) as cmark reads them. `<Congratulation!>` and `a <b! c` begin none of them,
    /// so their `<` needs no backslash. When the text ends before the answer is known and
    /// more output follows, it may: the caller escapes.
    func lessThanMayOpenTagOrAutolink(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, following: Following
    ) -> Bool {
        let n = bytes.count
        func undecided() -> Bool { following != .end }
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        // Tag name: letters, digits, `-`.
        var i = index + 1
        while i < n && (isLetter(bytes[i]) || isDigit(bytes[i]) || bytes[i] == UInt8(ascii: "-")) {
            i += 1
        }
        guard i < n else { return undecided() }
        switch bytes[i] {
        case 0x20, 0x09, 0x0A, 0x0C, 0x0D, UInt8(ascii: "/"), UInt8(ascii: ">"): return true
        default: break
        }
        // Scheme: letters, digits, `+`, `.`, `-`, then `:`.
        var j = index + 1
        while j < n
            && (isLetter(bytes[j]) || isDigit(bytes[j]) || bytes[j] == UInt8(ascii: "+")
                || bytes[j] == UInt8(ascii: ".") || bytes[j] == UInt8(ascii: "-"))
        {
            j += 1
        }
        guard j < n else { return undecided() }
        if bytes[j] == UInt8(ascii: ":") { return true }
        // Email local part, then `@`.
        var k = index + 1
        while k < n && Self.isEmailLocalByte(bytes[k]) { k += 1 }
        guard k < n else { return undecided() }
        return bytes[k] == UInt8(ascii: "@")
    }

    /// Bytes of an email autolink's local part (CommonMark: letters, digits and
    /// `.!#$%&'*+/=?^_`{|}~-`).
    static func isEmailLocalByte(_ b: UInt8) -> Bool {
        (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || (b >= 0x30 && b <= 0x39)
            || ".!#$%&'*+/=?^_`{|}~-".utf8.contains(b)
    }

    /// Bytes `appendText` looks at; every other byte is copied as it is.
    static let specialText: String = "\\`*_~[]<&!:.\n"

    /// `specialText` as bit sets: bytes below 64 in the first word, 64..<128 in the second.
    static let specialTextBits: (UInt64, UInt64) = {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for byte in specialText.utf8 {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
        return (low, high)
    }()

    /// Whether the 16 bytes at `p` may hold a byte of `specialText` (no false negatives; `;`
    /// and `^` are false positives of the two ranges). Written without branches or early exit
    /// so that it compiles to a few vector compares.
    @inline(__always)
    static func blockMayHoldSpecialText(_ p: UnsafePointer<UInt8>) -> Bool {
        var found: UInt8 = 0
        for k in 0..<16 {
            let b = p[k]
            var hit: UInt8 = b == 0x0A ? 1 : 0
            hit |= b == 0x21 ? 1 : 0  // !
            hit |= b == 0x26 ? 1 : 0  // &
            hit |= b == 0x2A ? 1 : 0  // *
            hit |= b == 0x2E ? 1 : 0  // .
            hit |= b &- 0x3A < 3 ? 1 : 0  // : ; <
            hit |= b &- 0x5B < 6 ? 1 : 0  // [ \ ] ^ _ `
            hit |= b == 0x7E ? 1 : 0  // ~
            found |= hit
        }
        return found != 0
    }

    /// Whether a literal `[` could start a link, image, footnote or reference definition (see
    /// `escapedBrackets`).
    func bracketNeedsEscape(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, following: Following,
        escaped: inout [Bool]?
    ) -> Bool {
        if linkTextDepth > 0 || options.linkStyle == .reference { return true }
        // `[ ] ` / `[x] ` opening a paragraph would turn a list item into a task item.
        if buffer.isEmpty && ext.contains(.tasklist) && index + 2 < bytes.count
            && bytes[index + 2] == UInt8(ascii: "]")
            && (bytes[index + 1] == 0x20 || bytes[index + 1] | 0x20 == UInt8(ascii: "x"))
        {
            return true
        }
        if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "^") { return true }
        if escaped == nil { escaped = Self.escapedBrackets(bytes, following: following) }
        return escaped![index]
    }

    /// Per position of `bytes`, whether the `[` there is written escaped. The brackets are
    /// paired as a CommonMark reader pairs them: a `]` closes the nearest open `[`. A `]` that a
    /// link or definition could end at (followed by `(`, `[` or `:`, or last with more to come)
    /// would close the nearest `[`, and with that one escaped the next: every `[` still open
    /// there is escaped. Any other `]` closes the nearest `[` (no link: it stays literal). A `[`
    /// left open at the end is escaped when more follows. One linear pass.
    static func escapedBrackets(_ bytes: UnsafeBufferPointer<UInt8>, following: Following)
        -> [Bool]
    {
        let n = bytes.count
        var escaped = [Bool](repeating: false, count: n)
        var open: [Int32] = []
        for index in 0..<n {
            switch bytes[index] {
            case UInt8(ascii: "["):
                open.append(Int32(index))
            case UInt8(ascii: "]"):
                let closesLink: Bool
                if index + 1 == n {
                    // A link's `(`, `[` or a definition's `:` follows `]` directly: not after
                    // the end or a line break.
                    closesLink = following.characterClass() != .whitespace
                } else {
                    let next = bytes[index + 1]
                    closesLink =
                        next == UInt8(ascii: "(") || next == UInt8(ascii: "[")
                        || next == UInt8(ascii: ":")
                }
                if closesLink {
                    for k in open { escaped[Int(k)] = true }
                    open.removeAll(keepingCapacity: true)
                } else if !open.isEmpty {
                    open.removeLast()
                }
            default:
                break
            }
        }
        if following != .end {
            for k in open { escaped[Int(k)] = true }
        }
        return escaped
    }

    func classAt(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ following: Following)
        -> CharClass
    {
        if index < bytes.count {
            let b = bytes[index]
            if b < 0x80 { return charClass(ascii: b) }
            var end = index + 1
            while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
            return charClass(
                String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
                    .unicodeScalars.first)
        }
        return following.characterClass()
    }

    /// Whether a run of `*`, `_` or `~` between these neighbours could open or close.
    func delimiterRunIsActive(_ byte: UInt8, before: CharClass, after: CharClass) -> Bool {
        let leftFlanking =
            after != .whitespace && (after != .punctuation || before != .other)
        let rightFlanking =
            before != .whitespace && (before != .punctuation || after != .other)
        if byte == UInt8(ascii: "_") {
            let canOpen = leftFlanking && (!rightFlanking || before == .punctuation)
            let canClose = rightFlanking && (!leftFlanking || after == .punctuation)
            return canOpen || canClose
        }
        return leftFlanking || rightFlanking
    }

    /// `http`, `https` or `ftp` just before in the buffer, at a word start.
    func schemeBefore() -> Bool {
        for scheme in ["https", "http", "ftp"] {
            let s = Array(scheme.utf8)
            guard buffer.count >= s.count else { continue }
            let tail = buffer[(buffer.count - s.count)...]
            guard zip(tail, s).allSatisfy({ ($0 | 0x20) == $1 }) else { continue }
            let before = buffer.count - s.count - 1
            if before < 0 || !isAlnumByte(buffer[before]) { return true }
        }
        return false
    }

    /// `www` just before in the buffer, at a word start.
    func wwwBefore() -> Bool {
        guard buffer.count >= 3 else { return false }
        let tail = buffer[(buffer.count - 3)...]
        guard tail.allSatisfy({ ($0 | 0x20) == UInt8(ascii: "w") }) else { return false }
        let before = buffer.count - 4
        return before < 0 || !isAlnumByte(buffer[before])
    }

    func isAlnumByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || b >= 0x80
    }

    // MARK: Line edges

    /// Escapes text at line starts that would open a block, and leading/trailing whitespace
    /// that the reader would strip (written as a character reference).
    func escapeLineEdges(mode: LineMode) {
        var edits: [(at: Int, insert: [UInt8], replace: Bool)] = []
        var start = 0
        let n = buffer.count
        bufferIsOneLine = false
        while start <= n {
            let end =
                bufferMayHoldNewline
                ? buffer.withUnsafeBufferPointer {
                    ByteScan.firstIndex(of: 0x0A, in: $0, from: start)
                }
                : n
            // (The edits below insert no newline, so this stays true after them.)
            if start == 0 && end == n { bufferIsOneLine = true }
            if start < end && origin(at: start) != Origin.markup {
                let first = buffer[start]
                if first == 0x20 || first == 0x09 {
                    edits.append((start, Array((first == 0x20 ? "&#32;" : "&#9;").utf8), true))
                } else if mode == .paragraph || mode == .setext,
                    let offset = blockStartEscape(start, end)
                {
                    edits.append((start + offset, [UInt8(ascii: "\\")], false))
                }
            }
            if end > start && origin(at: end - 1) != Origin.markup
                && (buffer[end - 1] == 0x20 || buffer[end - 1] == 0x09)
                && !(end - 1 == start && edits.last?.at == start)
            {
                edits.append(
                    (end - 1, Array((buffer[end - 1] == 0x20 ? "&#32;" : "&#9;").utf8), true))
            }
            start = end + 1
        }
        guard !edits.isEmpty else { return }
        let origins = expandedOrigins()
        var out = OutputBytes(capacity: n + edits.count * 5)
        var outOrigins: [UInt8] = []
        var cursor = 0
        for edit in edits {
            out.append(contentsOf: buffer[cursor..<edit.at])
            outOrigins.append(contentsOf: origins[cursor..<edit.at])
            out.append(contentsOf: edit.insert)
            outOrigins.append(contentsOf: repeatElement(Origin.markup, count: edit.insert.count))
            cursor = edit.replace ? edit.at + 1 : edit.at
        }
        out.append(contentsOf: buffer[cursor..<n])
        outOrigins.append(contentsOf: origins[cursor..<n])
        buffer.deallocate()
        buffer = out
        setOrigins(outOrigins)
    }

    /// The offset in the line `buffer[start..<end]` where a backslash stops it from opening
    /// a block (heading, quote, list item, thematic break, setext underline, fence, table
    /// delimiter row), or nil.
    func blockStartEscape(_ start: Int, _ end: Int) -> Int? {
        let line = buffer[start..<end]
        let first = line.first!
        func spaceOrEnd(_ i: Int) -> Bool {
            i >= end || buffer[i] == 0x20 || buffer[i] == 0x09
        }
        func only(_ allowed: (UInt8) -> Bool) -> Bool { line.allSatisfy(allowed) }
        switch first {
        case UInt8(ascii: "#"):
            var i = start
            while i < end && buffer[i] == first { i += 1 }
            return i - start <= 6 && spaceOrEnd(i) ? 0 : nil
        case UInt8(ascii: ">"):
            return 0
        case UInt8(ascii: "<"):
            // HTML blocks (`<div`, `<script`, `<!--`, `<?` ...) need no closing `>`.
            guard start + 1 < end else { return nil }
            let b = buffer[start + 1]
            let letter = (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A
            if letter {
                // Every HTML block start with a tag name (kinds 1, 6 and 7) has the name
                // followed by white space (line tabulation and form feed too), `/`, `>` or the
                // end of the line.
                var i = start + 2
                while i < end {
                    let c = buffer[i]
                    let nameByte =
                        (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A
                        || (c >= 0x30 && c <= 0x39) || c == UInt8(ascii: "-")
                    if !nameByte { break }
                    i += 1
                }
                guard i < end else { return 0 }
                switch buffer[i] {
                case 0x20, 0x09, 0x0B, 0x0C, UInt8(ascii: "/"), UInt8(ascii: ">"): return 0
                default: return nil
                }
            }
            return b == UInt8(ascii: "/") || b == UInt8(ascii: "!")
                || b == UInt8(ascii: "?") ? 0 : nil
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"):
            if spaceOrEnd(start + 1) { return 0 }
            if first != UInt8(ascii: "+") {
                if only({ $0 == first || $0 == 0x20 || $0 == 0x09 }) {
                    if first == UInt8(ascii: "-") { return 0 }
                    if line.filter({ $0 == first }).count >= 3 { return 0 }
                }
            }
            if first == UInt8(ascii: "-") && tableDelimiterRow(line) { return 0 }
            return nil
        case UInt8(ascii: "="):
            var i = start
            while i < end && buffer[i] == first { i += 1 }
            while i < end && (buffer[i] == 0x20 || buffer[i] == 0x09) { i += 1 }
            return i == end ? 0 : nil
        case UInt8(ascii: "_"):
            if only({ $0 == first || $0 == 0x20 || $0 == 0x09 })
                && line.filter({ $0 == first }).count >= 3
            {
                return 0
            }
            return nil
        case UInt8(ascii: "`"), UInt8(ascii: "~"):
            var i = start
            while i < end && buffer[i] == first { i += 1 }
            return i - start >= 3 ? 0 : nil
        case UInt8(ascii: "|"), UInt8(ascii: ":"):
            return tableDelimiterRow(line) ? 0 : nil
        case 0x30...0x39:
            var i = start
            while i < end && buffer[i] >= 0x30 && buffer[i] <= 0x39 { i += 1 }
            guard i - start <= 9, i < end else { return nil }
            if buffer[i] == UInt8(ascii: ".") || buffer[i] == UInt8(ascii: ")"), spaceOrEnd(i + 1) {
                return i - start
            }
            return nil
        default:
            return nil
        }
    }

    func tableDelimiterRow(_ line: Slice<OutputBytes>) -> Bool {
        guard ext.contains(.table) else { return false }
        var dash = false
        for byte in line {
            switch byte {
            case UInt8(ascii: "-"): dash = true
            case UInt8(ascii: "|"), UInt8(ascii: ":"), 0x20, 0x09: break
            default: return false
            }
        }
        return dash
    }

    // MARK: Wrapping

    /// Greedy wrapping at breakable text spaces (never inside link text, code or raw HTML).
    func wrapBuffer(width: Int) {
        bufferMayHoldNewline = true
        let origins = expandedOrigins()
        var column = 0
        var candidate = -1
        var index = 0
        func breakAtCandidate(before end: Int) {
            if column > width && candidate >= 0 {
                buffer[candidate] = 0x0A
                column = scalarCount(candidate + 1, end)
                candidate = -1
            }
        }
        while index < buffer.count {
            let byte = buffer[index]
            if byte == 0x0A {
                column = 0
                candidate = -1
                index += 1
                continue
            }
            if byte == 0x20 && origins[index] == Origin.text && column > 0 {
                breakAtCandidate(before: index)
                if column > width {
                    buffer[index] = 0x0A
                    column = 0
                    candidate = -1
                    index += 1
                    continue
                }
                // Raw HTML at a line start could open an HTML block: never break before it.
                let beforeRaw =
                    index + 1 < buffer.count && buffer[index + 1] == UInt8(ascii: "<")
                    && origins[index + 1] == Origin.markup
                if !beforeRaw { candidate = index }
            }
            if byte & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        breakAtCandidate(before: buffer.count)
    }

    func scalarCount(_ from: Int, _ to: Int) -> Int {
        var count = 0
        for i in from..<to where buffer[i] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    // MARK: HTML text

    /// Appends `s` to `out` with `&`, `<`, `>` and `"` escaped as character references.
    ///
    /// Copies the runs between those bytes (appending one Unicode scalar at a time cost as
    /// much as the rest of the HTML written for definition lists and tables); the runs end next
    /// to ASCII bytes, so the copy is valid UTF-8 as it is.
    func htmlEscape(_ s: String, into out: inout OutputBytes) {
        s.withUTF8Bytes { bytes in
            guard let base = bytes.baseAddress else { return }
            let n = bytes.count
            var runStart = 0
            var i = 0
            while i < n {
                i = Self.nextSpecial(
                    base, from: i, to: n, blockMayHold: Self.blockMayHoldHTMLSpecial,
                    isSpecial: Self.isHTMLSpecial)
                if i == n { break }
                let entity: StaticString
                switch base[i] {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                default: entity = "&quot;"
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                out.append(ascii: entity)
                i += 1
                runStart = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
        }
    }

    /// The index of the first byte of `base[start..<end]` that `isSpecial` accepts, or `end`:
    /// whole blocks of 16 bytes that `blockMayHold` clears are skipped (a branch-free test the
    /// compiler vectorizes), the others read byte by byte.
    @inline(__always)
    static func nextSpecial(
        _ base: UnsafePointer<UInt8>, from start: Int, to end: Int,
        blockMayHold: (UnsafePointer<UInt8>) -> Bool, isSpecial: (UInt8) -> Bool
    ) -> Int {
        var i = start
        while i + 16 <= end {
            if blockMayHold(base + i) {
                let stop = i + 16
                while i < stop && !isSpecial(base[i]) { i += 1 }
                if i < stop { return i }
            } else {
                i += 16
            }
        }
        while i < end && !isSpecial(base[i]) { i += 1 }
        return i
    }

    /// Whether `b` is one of the bytes `htmlEscape` replaces: `&`, `<`, `>`, `"`.
    @inline(__always)
    static func isHTMLSpecial(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "&") || b == UInt8(ascii: "<") || b == UInt8(ascii: ">")
            || b == UInt8(ascii: "\"")
    }

    /// Whether the 16 bytes at `p` may hold `&`, `<`, `>` or `"` (`=` is a false positive).
    /// Branch-free, like `blockMayHoldSpecialText`.
    @inline(__always)
    static func blockMayHoldHTMLSpecial(_ p: UnsafePointer<UInt8>) -> Bool {
        var found: UInt8 = 0
        for k in 0..<16 {
            let b = p[k]
            var hit: UInt8 = b == 0x22 ? 1 : 0
            hit |= b == 0x26 ? 1 : 0
            hit |= b &- 0x3C < 3 ? 1 : 0
            found |= hit
        }
        return found != 0
    }
}

extension String {
    /// The lines of the string split at `\n`, scanning UTF-8 (an empty last line is kept).
    ///
    /// Eight bytes at a time (`ByteScan`): stepping `String.UTF8View` indices one byte at a
    /// time cost more than the rest of writing a long HTML block.
    func writerLines() -> [Substring] {
        var text = self
        text.makeContiguousUTF8()
        let utf8 = text.utf8
        return utf8.withContiguousStorageIfAvailable { bytes -> [Substring] in
            var result: [Substring] = []
            var start = 0
            while true {
                let end = ByteScan.firstIndex(of: 0x0A, in: bytes, from: start)
                let lower = utf8.index(utf8.startIndex, offsetBy: start)
                let upper = utf8.index(utf8.startIndex, offsetBy: end)
                result.append(text[lower..<upper])
                if end == bytes.count { return result }
                start = end + 1
            }
        }!
    }
}
