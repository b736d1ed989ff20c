import ByteScan
import MarkupAST

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A parsed JSON document as a flat list of entries over the input bytes (a "tape"), for
/// readers that look at a few members of many objects.
///
/// The one JSON parser of the module (`JSONValue.parse` reads through it). It builds no value
/// per node: strings stay byte ranges of the input (only strings with escapes are decoded,
/// once), containers record their size and where their subtree ends. A value is found by its
/// entry index; `value(_:)` builds a `JSONValue` where one is needed.
///
/// The tape points into the input bytes: use it only while they are valid.
struct JSONTape {
    enum Kind: UInt8 {
        case object, array, string, number, bool, null
    }

    /// One value. Objects are followed by their members (a key entry, then the value's
    /// entries), arrays by their elements.
    struct Entry {
        var kind: Kind
        /// `bool`: the value; `string`: decoded into `strings[start]` (it had escapes).
        var flag = false
        /// Object: member count; array: element count.
        var count = 0
        /// String: first byte (or index in `strings`).
        var start = 0
        /// String: end byte.
        var end = 0
        /// The index of the entry after this value and its members or elements.
        var after = 0
        /// Number: the value.
        var number = 0.0
    }

    /// The input text and its UTF-8 bytes.
    let source: String
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var entries: [Entry] = []
    /// Decoded strings that had escapes.
    private(set) var strings: [String] = []
    /// Where each `\u` escape of a lone surrogate starts (read as U+FFFD).
    private(set) var loneSurrogates: [Int] = []

    /// Parses `bytes`, the UTF-8 of `source` (they must outlive the tape); errors name the
    /// line and column.
    init(parsing bytes: UnsafeBufferPointer<UInt8>, of source: String) throws(ReadError) {
        self.source = source
        self.bytes = bytes
        var parser = JSONTapeParser(bytes)
        parser.entries.reserveCapacity(bytes.count / 12 + 16)
        try parser.parseDocument()
        entries = parser.entries
        strings = parser.strings
        loneSurrogates = parser.loneSurrogates
    }

    // MARK: Access

    @inline(__always)
    func kind(_ index: Int) -> Kind { entries[index].kind }

    /// The member `key` of the object at `index` (the first one with that key), or nil.
    func member(_ index: Int?, _ key: StaticString) -> Int? {
        guard let index, entries[index].kind == .object else { return nil }
        var k = index + 1
        for _ in 0..<entries[index].count {
            if keyEquals(k, key) { return k + 1 }
            k = entries[k + 1].after
        }
        return nil
    }

    /// Whether the string entry at `index` equals `key` (ASCII).
    private func keyEquals(_ index: Int, _ key: StaticString) -> Bool {
        let e = entries[index]
        let count = key.utf8CodeUnitCount
        if e.flag {
            return strings[e.start].utf8.elementsEqual(
                UnsafeBufferPointer(start: key.utf8Start, count: count))
        }
        guard e.end - e.start == count else { return false }
        let p = key.utf8Start
        for i in 0..<count where bytes[e.start + i] != p[i] { return false }
        return true
    }

    /// The indices of the elements of the array at `index`.
    func elements(_ index: Int) -> [Int] {
        var out: [Int] = []
        out.reserveCapacity(entries[index].count)
        var k = index + 1
        for _ in 0..<entries[index].count {
            out.append(k)
            k = entries[k].after
        }
        return out
    }

    /// The element count of the array at `index`.
    func count(_ index: Int) -> Int { entries[index].count }

    /// The string at `index`, if it is one (as `JSONValue.string`).
    func string(_ index: Int?) -> String? {
        guard let index else { return nil }
        let e = entries[index]
        guard e.kind == .string else { return nil }
        if e.flag { return strings[e.start] }
        return TextSource(string: source, offset: 0).piece(bytes, e.start, e.end)
    }

    /// The bytes of the unescaped string at `index`, or nil (not a string, or escaped).
    func rawBytes(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
        let e = entries[index]
        guard e.kind == .string, !e.flag else { return nil }
        return UnsafeBufferPointer(rebasing: bytes[e.start..<e.end])
    }

    /// The whole number at `index`, if it is one (as `JSONValue.int`).
    func int(_ index: Int?) -> Int? {
        guard let index else { return nil }
        let e = entries[index]
        guard e.kind == .number else { return nil }
        let d = e.number
        if d.rounded() == d, abs(d) < 1e15 { return Int(d) }
        return nil
    }

    /// The value at `index` as a `JSONValue` (for the rare places that need one).
    func value(_ index: Int) -> JSONValue {
        let e = entries[index]
        switch e.kind {
        case .object:
            var members: [(String, JSONValue)] = []
            var k = index + 1
            for _ in 0..<e.count {
                members.append((string(k) ?? "", value(k + 1)))
                k = entries[k + 1].after
            }
            return .object(members)
        case .array:
            return .array(elements(index).map { value($0) })
        case .string: return .string(string(index) ?? "")
        case .number: return .number(e.number)
        case .bool: return .bool(e.flag)
        case .null: return .null
        }
    }
}

/// The JSON grammar (RFC 8259), writing a tape; errors name their line and column.
///
/// It reads from a buffer that must stay valid while the parser is used.
struct JSONTapeParser {
    let b: UnsafeBufferPointer<UInt8>
    var i = 0
    var depth = 0
    /// How deeply arrays and objects may nest: deeper input is refused.
    static let maxDepth = 512
    var entries: [JSONTape.Entry] = []
    var strings: [String] = []
    /// Where each `\u` escape of a lone surrogate starts (its `\`); each was read as U+FFFD.
    var loneSurrogates: [Int] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.b = bytes }

    func error(_ message: String, at position: Int? = nil) -> ReadError {
        let p = min(position ?? i, b.count)
        var line = 1
        var lineStart = 0
        for k in 0..<p where b[k] == 0x0A {
            line += 1
            lineStart = k + 1
        }
        // Columns count characters (UTF-8 lead bytes), 1-based.
        var column = 1
        for k in lineStart..<p where b[k] & 0xC0 != 0x80 { column += 1 }
        return ReadError(
            "invalid JSON at line \(line), column \(column): \(message)", line: line, column: column
        )
    }

    @inline(__always)
    mutating func skipSpace() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }

    mutating func parseDocument() throws(ReadError) {
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
        skipSpace()
        try parseValue()
        skipSpace()
        if i < b.count { throw error("unexpected text after the JSON value") }
    }

    mutating func parseValue() throws(ReadError) {
        guard i < b.count else { throw error("unexpected end of input, expected a value") }
        switch b[i] {
        case 0x7B: try parseContainer(.object, close: 0x7D)
        case 0x5B: try parseContainer(.array, close: 0x5D)
        case 0x22: try parseString()
        case 0x74: try literal(0x74_72_75_65, 4, .bool, true)  // true
        case 0x66: try literal(0x61_6C_73_65, 5, .bool, false)  // (f)alse
        case 0x6E: try literal(0x6E_75_6C_6C, 4, .null, false)  // null
        case 0x2D, 0x30...0x39: try parseNumber()
        default: throw error("unexpected character, expected a value")
        }
    }

    mutating func literal(_ tail: UInt32, _ length: Int, _ kind: JSONTape.Kind, _ flag: Bool)
        throws(ReadError)
    {
        guard i + length <= b.count else { throw error("unexpected character, expected a value") }
        let k = i + length - 4
        let word =
            UInt32(b[k]) << 24 | UInt32(b[k + 1]) << 16 | UInt32(b[k + 2]) << 8 | UInt32(b[k + 3])
        guard word == tail else { throw error("unexpected character, expected a value") }
        i += length
        entries.append(JSONTape.Entry(kind: kind, flag: flag, after: entries.count + 1))
    }

    mutating func enter() throws(ReadError) {
        depth += 1
        if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth)") }
    }

    /// Parses an object or an array (`kind`), whose closing byte is `close`.
    mutating func parseContainer(_ kind: JSONTape.Kind, close: UInt8) throws(ReadError) {
        try enter()
        i += 1
        let at = entries.count
        entries.append(JSONTape.Entry(kind: kind))
        var count = 0
        defer {
            entries[at].count = count
            entries[at].after = entries.count
        }
        let expected = kind == .object ? "',' or '}'" : "',' or ']'"
        skipSpace()
        if i < b.count, b[i] == close {
            i += 1
            depth -= 1
            return
        }
        while true {
            skipSpace()
            if kind == .object {
                guard i < b.count, b[i] == 0x22 else { throw error("expected a string key") }
                try parseString()
                skipSpace()
                guard i < b.count, b[i] == 0x3A else { throw error("expected ':'") }
                i += 1
                skipSpace()
            }
            try parseValue()
            count += 1
            skipSpace()
            guard i < b.count else { throw error("unexpected end of input, expected \(expected)") }
            if b[i] == 0x2C {
                i += 1
                continue
            }
            if b[i] == close {
                i += 1
                depth -= 1
                return
            }
            throw error("expected \(expected)")
        }
    }

    mutating func parseNumber() throws(ReadError) {
        // Fast path: an integer of up to 15 digits followed by no fraction or exponent, which
        // is exact as a Double (`-0` stays -0.0).
        var k = i
        let negative = b[k] == 0x2D
        if negative { k += 1 }
        let digitsStart = k
        var v = 0
        while k < b.count, b[k] >= 0x30, b[k] <= 0x39, k - digitsStart < 16 {
            v = v &* 10 &+ Int(b[k] &- 0x30)
            k += 1
        }
        if k > digitsStart, k - digitsStart <= 15,
            k == b.count
                || (b[k] != 0x2E && b[k] != 0x65 && b[k] != 0x45 && (b[k] < 0x30 || b[k] > 0x39))
        {
            i = k
            let d = negative ? -Double(v) : Double(v)
            entries.append(JSONTape.Entry(kind: .number, after: entries.count + 1, number: d))
            return
        }
        // Otherwise the grammar is checked here and `Double` reads the text.
        let start = i
        i = digitsStart
        while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
        guard i > digitsStart else { throw error("expected a digit") }
        if i < b.count, b[i] == 0x2E {
            i += 1
            let f = i
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
            guard i > f else { throw error("expected a digit after '.'") }
        }
        if i < b.count, b[i] == 0x65 || b[i] == 0x45 {
            i += 1
            if i < b.count, b[i] == 0x2B || b[i] == 0x2D { i += 1 }
            let e = i
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
            guard i > e else { throw error("expected a digit in the exponent") }
        }
        guard
            let d = Double(
                String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self))
        else {
            throw error("invalid number", at: start)
        }
        entries.append(JSONTape.Entry(kind: .number, after: entries.count + 1, number: d))
    }

    /// Whether any byte of `base[from..<to]` is `\` or below 0x20 (8 bytes at a time).
    @inline(__always)
    static func hasEscapeOrControl(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Bool {
        var k = from
        while k + 8 <= to {
            let w = ByteScan.word(base, k)
            if ByteScan.bytes(w, equalTo: 0x5C) | ByteScan.bytes(w, below: 0x20) != 0 {
                return true
            }
            k += 8
        }
        while k < to {
            if base[k] == 0x5C || base[k] < 0x20 { return true }
            k += 1
        }
        return false
    }

    mutating func parseString() throws(ReadError) {
        i += 1
        // Fast path: the closing quote with no escape or control character before it; the
        // first 16 bytes (most keys and short values) are scanned directly, then memchr.
        let first = i
        var k = first
        let near = min(b.count, first + 16)
        while k < near {
            let c = b[k]
            if c == 0x22 {
                i = k + 1
                entries.append(
                    JSONTape.Entry(kind: .string, start: first, end: k, after: entries.count + 1))
                return
            }
            if c == 0x5C || c < 0x20 { break }
            k += 1
        }
        if k == near, let base = b.baseAddress, k < b.count,
            let found = memchr(base + k, 0x22, b.count - k)
        {
            let end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if !JSONTapeParser.hasEscapeOrControl(base, k, end) {
                i = end + 1
                entries.append(
                    JSONTape.Entry(kind: .string, start: first, end: end, after: entries.count + 1))
                return
            }
        }
        // Escapes (or an error): decoded by `decodeString`, with its errors.
        i = first
        let decoded = try decodeString()
        entries.append(
            JSONTape.Entry(
                kind: .string, flag: true, start: strings.count, after: entries.count + 1))
        strings.append(decoded)
    }

    mutating func hex4() throws(ReadError) -> UInt32 {
        guard i + 4 <= b.count else { throw error("expected four hex digits") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = b[i]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw error("expected a hex digit")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }

    /// The string whose first byte after the quote is at `i`, escapes decoded.
    mutating func decodeString() throws(ReadError) -> String {
        var out: [UInt8] = []
        var runStart = i
        while true {
            guard i < b.count else { throw error("unterminated string") }
            let c = b[i]
            if c == 0x22 {
                out += b[runStart..<i]
                i += 1
                return String(decoding: out, as: UTF8.self)
            }
            if c < 0x20 { throw error("control character in string") }
            if c != 0x5C {
                i += 1
                continue
            }
            out += b[runStart..<i]
            i += 1
            guard i < b.count else { throw error("unterminated string") }
            let e = b[i]
            i += 1
            if let plain = ByteScan.jsonEscape(e) {
                out.append(plain)
                runStart = i
                continue
            }
            switch e {
            case 0x75:
                let escapeStart = i - 2
                var v = try hex4()
                if v >= 0xD800 && v < 0xDC00, i + 1 < b.count, b[i] == 0x5C, b[i + 1] == 0x75 {
                    let save = i
                    i += 2
                    let low = try hex4()
                    if low >= 0xDC00 && low < 0xE000 {
                        v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        i = save
                    }
                }
                var scalar: Unicode.Scalar = "\u{FFFD}"
                if let valid = Unicode.Scalar(v) {
                    scalar = valid
                } else {
                    loneSurrogates.append(escapeStart)
                }
                out += Array(String(Character(scalar)).utf8)
            default:
                throw error("invalid escape in string", at: i - 2)
            }
            runStart = i
        }
    }
}
