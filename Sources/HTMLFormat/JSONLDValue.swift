import ByteScan

/// A JSON value as the page-metadata reader uses it: strings, arrays and objects; numbers,
/// booleans and null are checked for validity and kept as ``scalar``.
///
/// Parsed here byte by byte rather than with Foundation's `JSONSerialization`: a page's first
/// JSON-LD script made the process map in Foundation's JSON, number and string code, close to
/// a megabyte of resident pages, several times the size of a news page.
///
/// ```swift
/// let value = JSONLDValue.parse(#"{"@type": "Article", "headline": "Hi"}"#)
/// value?.members?["headline"]?.string  // "Hi"
/// JSONLDValue.parse("{bad}")  // nil
/// ```
enum JSONLDValue: Sendable {
    case string(String)
    case array([JSONLDValue])
    case object([String: JSONLDValue])
    /// A number, `true`, `false` or `null`.
    case scalar

    /// How deeply arrays and objects may nest (as `JSONSerialization`): deeper input is
    /// refused, so parsing never recurses further.
    static let maxDepth = 512

    /// Parses one JSON value (of any kind) with optional white space around it; nil when the
    /// text is not valid JSON.
    static func parse(_ text: String) -> JSONLDValue? {
        var text = text
        return text.withUTF8 { bytes in
            var parser = Parser(bytes: bytes)
            guard let value = parser.value(depth: 0) else { return nil }
            parser.skipSpace()
            return parser.position == bytes.count ? value : nil
        }
    }

    /// The string, for a string.
    var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The items, for an array.
    var items: [JSONLDValue]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The members, for an object (a repeated key keeps its last value).
    var members: [String: JSONLDValue]? {
        if case .object(let o) = self { return o }
        return nil
    }

    /// A recursive-descent reader over UTF-8 bytes (depth bounded by ``maxDepth``).
    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// The byte at the position, or nil at the end.
        var current: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func skipSpace() {
            while let b = current, b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 {
                position += 1
            }
        }

        mutating func value(depth: Int) -> JSONLDValue? {
            skipSpace()
            switch current {
            case 0x22: return string().map { .string($0) }
            case 0x5B: return depth < JSONLDValue.maxDepth ? array(depth) : nil
            case 0x7B: return depth < JSONLDValue.maxDepth ? object(depth) : nil
            case 0x74: return literal("true")
            case 0x66: return literal("false")
            case 0x6E: return literal("null")
            case nil: return nil
            default: return number() ? .scalar : nil
            }
        }

        mutating func array(_ depth: Int) -> JSONLDValue? {
            var items: [JSONLDValue] = []
            let closed = commaList(closedBy: 0x5D) { parser in
                guard let item = parser.value(depth: depth + 1) else { return false }
                items.append(item)
                return true
            }
            return closed ? .array(items) : nil
        }

        mutating func object(_ depth: Int) -> JSONLDValue? {
            var members: [String: JSONLDValue] = [:]
            let closed = commaList(closedBy: 0x7D) { parser in
                parser.skipSpace()
                guard parser.current == 0x22, let key = parser.string() else { return false }
                parser.skipSpace()
                guard parser.current == 0x3A else { return false }
                parser.position += 1
                guard let member = parser.value(depth: depth + 1) else { return false }
                members[key] = member
                return true
            }
            return closed ? .object(members) : nil
        }

        /// Reads the comma-separated elements of an array or object, from its opening
        /// bracket through `close`, each with `element`; whether that worked.
        @inline(__always)
        mutating func commaList(closedBy close: UInt8, _ element: (inout Parser) -> Bool) -> Bool {
            position += 1
            skipSpace()
            if current == close {
                position += 1
                return true
            }
            while true {
                guard element(&self) else { return false }
                skipSpace()
                let separator = current
                guard separator == 0x2C || separator == close else { return false }
                position += 1
                if separator == close { return true }
            }
        }

        /// `word` at the position (true, false, null).
        mutating func literal(_ word: StaticString) -> JSONLDValue? {
            let n = word.utf8CodeUnitCount
            guard position + n <= bytes.count else { return nil }
            for k in 0..<n where bytes[position + k] != word.utf8Start[k] { return nil }
            position += n
            return .scalar
        }

        /// Skips a number: `-`, an integer part without leading zeros, a fraction, an exponent.
        mutating func number() -> Bool {
            if current == 0x2D { position += 1 }
            guard let first = current, first >= 0x30 && first <= 0x39 else { return false }
            position += 1
            if first != 0x30 { skipDigits() }
            if current == 0x2E {
                position += 1
                guard skipDigits() else { return false }
            }
            if current == 0x65 || current == 0x45 {
                position += 1
                if current == 0x2B || current == 0x2D { position += 1 }
                guard skipDigits() else { return false }
            }
            return true
        }

        /// Skips digits; whether there was one.
        @discardableResult
        mutating func skipDigits() -> Bool {
            let start = position
            while let b = current, b >= 0x30 && b <= 0x39 { position += 1 }
            return position > start
        }

        /// A string starting at the opening quote; nil for a control character, a bad escape,
        /// an unpaired surrogate or a missing closing quote.
        mutating func string() -> String? {
            position += 1
            let start = position
            // Without escapes the bytes are the string (valid UTF-8: they came from a String).
            while let b = current, b != 0x22 && b != 0x5C {
                if b < 0x20 { return nil }
                position += 1
            }
            guard let stop = current else { return nil }
            if stop == 0x22 {
                position += 1
                return String(
                    decoding: UnsafeBufferPointer(rebasing: bytes[start..<position - 1]),
                    as: UTF8.self)
            }
            var out = Array(bytes[start..<position])
            while let b = current {
                position += 1
                switch b {
                case 0x22: return String(decoding: out, as: UTF8.self)
                case 0x5C:
                    guard let e = current else { return nil }
                    position += 1
                    if let plain = ByteScan.jsonEscape(e) {
                        out.append(plain)
                    } else if e == 0x75, let scalar = unicodeEscape() {
                        out.append(contentsOf: String(Character(scalar)).utf8)
                    } else {
                        return nil
                    }
                case 0..<0x20: return nil
                default: out.append(b)
                }
            }
            return nil
        }

        /// The scalar of a `\u` escape (after the `u`), joining a surrogate pair.
        mutating func unicodeEscape() -> Unicode.Scalar? {
            guard let high = hex4() else { return nil }
            if high >= 0xDC00 && high <= 0xDFFF { return nil }
            guard high >= 0xD800 && high <= 0xDBFF else { return Unicode.Scalar(high) }
            guard position + 1 < bytes.count, bytes[position] == 0x5C, bytes[position + 1] == 0x75
            else { return nil }
            position += 2
            guard let low = hex4(), low >= 0xDC00 && low <= 0xDFFF else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }

        /// Four hex digits.
        mutating func hex4() -> UInt32? {
            guard position + 4 <= bytes.count else { return nil }
            var v: UInt32 = 0
            for _ in 0..<4 {
                let c = UInt32(bytes[position])
                let digit: UInt32
                switch c {
                case 0x30...0x39: digit = c - 0x30
                case 0x41...0x46: digit = c - 0x41 + 10
                case 0x61...0x66: digit = c - 0x61 + 10
                default: return nil
                }
                v = v << 4 | digit
                position += 1
            }
            return v
        }
    }
}
