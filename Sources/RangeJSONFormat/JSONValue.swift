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
                    throw JSONTapeParser(bytes).error("unpaired surrogate escape", at: first)
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
        if s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            out += s.jsonQuoted
        } else {
            out += "\""
            out += s
            out += "\""
        }
    }
}
