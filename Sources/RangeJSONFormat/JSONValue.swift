import ByteScan
import MarkupAST

/// A parsed JSON value (objects keep key order).
///
/// ```swift
/// let value = try JSONValue.parse(#"{"a":[1,"x"]}"#)
/// value["a"]?[1]?.string // "x"
/// ```
public enum JSONValue: Hashable, Sendable {
    /// An object; members keep their source order.
    case object([(String, JSONValue)])
    /// An array.
    case array([JSONValue])
    /// A string.
    case string(String)
    /// A number.
    case number(Double)
    /// `true` or `false`.
    case bool(Bool)
    /// `null`.
    case null

    /// Structural equality (object member order matters).
    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.array(let x), .array(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.bool(let x), .bool(let y)): return x == y
        case (.null, .null): return true
        default: return false
        }
    }

    /// Hashes the structure.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .object(let x):
            for (k, v) in x {
                hasher.combine(k)
                hasher.combine(v)
            }
        case .array(let x): hasher.combine(x)
        case .string(let x): hasher.combine(x)
        case .number(let x): hasher.combine(x)
        case .bool(let x): hasher.combine(x)
        case .null: hasher.combine(0)
        }
    }

    /// The member `key` of an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The element at `index` of an array.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let xs) = self, index >= 0, index < xs.count else { return nil }
        return xs[index]
    }

    /// The string value, if this is a string.
    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The integer value, if this is a whole number.
    public var int: Int? {
        if case .number(let d) = self, d.rounded() == d, abs(d) < 1e15 { return Int(d) }
        return nil
    }

    /// Parses JSON text; errors name the line and column (1-based, columns in characters).
    public static func parse(_ text: String) throws(ReadError) -> JSONValue {
        try parse(text, rejectingLoneSurrogates: false)
    }

    /// `parse(_:)`, optionally throwing at the first escape of a lone surrogate (which it
    /// otherwise reads as U+FFFD) with its line and column.
    package static func parse(_ text: String, rejectingLoneSurrogates: Bool) throws(ReadError)
        -> JSONValue
    {
        // Parse straight from the string's UTF-8 storage (no copy of the input), as a tape.
        var text = text
        let source = text
        let result = text.withUTF8 { bytes -> Result<JSONValue, ReadError> in
            Result { () throws(ReadError) -> JSONValue in
                let tape = try JSONTape(parsing: bytes, of: source)
                if rejectingLoneSurrogates, let first = tape.loneSurrogates.first {
                    throw JSONParser(bytes).error("unpaired surrogate escape", at: first)
                }
                return tape.value(0)
            }
        }
        return try result.get()
    }

    /// Serializes compactly (keys in stored order).
    public var serialized: String {
        var out = ""
        write(into: &out)
        return out
    }

    func write(into out: inout String) {
        switch self {
        case .object(let members):
            out += "{"
            for (i, (k, v)) in members.enumerated() {
                if i > 0 { out += "," }
                JSONValue.writeString(k, into: &out)
                out += ":"
                v.write(into: &out)
            }
            out += "}"
        case .array(let xs):
            out += "["
            for (i, x) in xs.enumerated() {
                if i > 0 { out += "," }
                x.write(into: &out)
            }
            out += "]"
        case .string(let s): JSONValue.writeString(s, into: &out)
        case .number(let d):
            if d.rounded() == d, abs(d) < 1e15 { out += String(Int(d)) } else { out += String(d) }
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }

    static func writeString(_ s: String, into out: inout String) {
        out += "\""
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

/// The pieces of JSON (RFC 8259) that `JSONTapeParser` reads through: numbers, strings with
/// escapes, and errors with their line and column.
///
/// It reads from a buffer that must stay valid while the parser is used.
struct JSONParser {
    let b: UnsafeBufferPointer<UInt8>
    var i = 0
    /// How deeply arrays and objects may nest: deeper input is refused.
    static let maxDepth = 512
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

    mutating func parseNumber() throws(ReadError) -> JSONValue {
        let start = i
        if b[i] == 0x2D { i += 1 }
        let digitsStart = i
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
        return .number(d)
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

    mutating func parseString() throws(ReadError) -> String {
        i += 1
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
