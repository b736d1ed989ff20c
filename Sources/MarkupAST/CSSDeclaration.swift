// Not used here since parsing went byte-level; kept because modules that import MarkupAST
// (BBCodeFormat, ...) see Foundation through it. Those modules should import it themselves.
import Foundation

/// One CSS declaration from an inline `style=""` attribute.
///
/// ```swift
/// CSSDeclaration.parseList("color: red; font-weight:bold !important").map(\.cssText)
/// // ["color: red", "font-weight: bold !important"]
/// ```
public struct CSSDeclaration: Hashable, Sendable, Codable {
    /// The property name, lower-cased (`font-weight`).
    public var property: String
    /// The value as written, trimmed, without `!important`.
    public var value: String
    /// Whether the declaration ended with `!important`.
    public var important: Bool

    /// Creates a declaration.
    public init(property: String, value: String, important: Bool = false) {
        self.property = property
        self.value = value
        self.important = important
    }

    /// The declaration as CSS text: `color: red` or `color: red !important`.
    public var cssText: String {
        important ? "\(property): \(value) !important" : "\(property): \(value)"
    }

    /// Parses a declaration list (the content of a `style` attribute).
    ///
    /// Invalid declarations (no colon, empty name or value) are skipped one by one; the rest
    /// are kept in order. Semicolons inside quotes or parentheses do not split.
    ///
    /// One pass over the UTF-8 bytes; each declaration's name and value become `String`s once.
    /// Names are lower-cased (ASCII bytes directly; a non-ASCII name through
    /// `String.lowercased()`). A value ending in `!important` (any ASCII case, with spaces,
    /// tabs or Unicode space separators around it) loses it and sets `important`.
    public static func parseList(_ text: String) -> [CSSDeclaration] {
        var result: [CSSDeclaration] = []
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            var quote: UInt8 = 0
            var depth = 0
            for i in 0..<bytes.count {
                let byte = bytes[i]
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "(") {
                    depth += 1
                } else if byte == UInt8(ascii: ")") {
                    depth = max(0, depth - 1)
                } else if byte == UInt8(ascii: ";") && depth == 0 {
                    if let d = declaration(UnsafeBufferPointer(rebasing: bytes[start..<i])) {
                        result.append(d)
                    }
                    start = i + 1
                }
            }
            if let d = declaration(UnsafeBufferPointer(rebasing: bytes[start..<bytes.count])) {
                result.append(d)
            }
        }
        return result
    }

    /// One `name: value` declaration (without its `;`), or nil when it is invalid.
    private static func declaration(_ b: UnsafeBufferPointer<UInt8>) -> CSSDeclaration? {
        guard let colon = b.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        var nameStart = 0
        var nameEnd = colon
        while nameStart < nameEnd, isSpace(b[nameStart]) { nameStart += 1 }
        while nameEnd > nameStart, isSpace(b[nameEnd - 1]) { nameEnd -= 1 }
        var valueStart = colon + 1
        var valueEnd = b.count
        while valueStart < valueEnd, isSpace(b[valueStart]) { valueStart += 1 }
        while valueEnd > valueStart, isSpace(b[valueEnd - 1]) { valueEnd -= 1 }
        var important = false
        if let bang = b[valueStart..<valueEnd].lastIndex(of: UInt8(ascii: "!")) {
            var tailStart = bang + 1
            var tailEnd = valueEnd
            trimSeparators(b, &tailStart, &tailEnd)
            if isImportant(UnsafeBufferPointer(rebasing: b[tailStart..<tailEnd])) {
                important = true
                valueEnd = bang
                trimSeparators(b, &valueStart, &valueEnd)
            }
        }
        guard nameStart < nameEnd, valueStart < valueEnd else { return nil }
        let nameBytes = UnsafeBufferPointer(rebasing: b[nameStart..<nameEnd])
        let name: String
        if nameBytes.allSatisfy({ $0 < 0x80 }) {
            guard nameBytes.allSatisfy({ isNameByte(lowerASCII($0)) }) else { return nil }
            name = String(unsafeUninitializedCapacity: nameBytes.count) { out in
                for (k, byte) in nameBytes.enumerated() { out[k] = lowerASCII(byte) }
                return nameBytes.count
            }
        } else {
            name = String(decoding: nameBytes, as: UTF8.self).lowercased()
            guard name.utf8.allSatisfy({ isNameByte($0) }) else { return nil }
        }
        let valueBytes = UnsafeBufferPointer(rebasing: b[valueStart..<valueEnd])
        let value = String(decoding: valueBytes, as: UTF8.self)
        return CSSDeclaration(property: name, value: value, important: important)
    }

    /// Whether `bytes` spell `important` in any ASCII case.
    private static func isImportant(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let word: StaticString = "important"
        guard bytes.count == word.utf8CodeUnitCount else { return false }
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for k in 0..<bytes.count where lowerASCII(bytes[k]) != expected[k] { return false }
        return true
    }

    /// Narrows `start..<end` past tabs and Unicode space separators (General Category Zs:
    /// U+0020, U+00A0, U+1680, U+2000-U+200A, U+202F, U+205F, U+3000) at both ends: the set
    /// Foundation calls `.whitespaces`. Line breaks stay.
    private static func trimSeparators(
        _ b: UnsafeBufferPointer<UInt8>, _ start: inout Int, _ end: inout Int
    ) {
        while start < end {
            let n = separatorLength(b, from: start, before: end)
            if n == 0 { break }
            start += n
        }
        while end > start {
            var found = 0
            for n in 1...3
            where end - n >= start && separatorLength(b, from: end - n, before: end) == n {
                found = n
                break
            }
            if found == 0 { break }
            end -= found
        }
    }

    /// The UTF-8 length of the separator (tab or Zs) starting at `i`, or 0.
    private static func separatorLength(
        _ b: UnsafeBufferPointer<UInt8>, from i: Int, before end: Int
    ) -> Int {
        let b0 = b[i]
        if b0 == 0x20 || b0 == 0x09 { return 1 }
        if b0 == 0xC2, i + 1 < end, b[i + 1] == 0xA0 { return 2 }
        guard i + 2 < end else { return 0 }
        let b1 = b[i + 1]
        let b2 = b[i + 2]
        switch (b0, b1) {
        case (0xE1, 0x9A): return b2 == 0x80 ? 3 : 0
        case (0xE2, 0x80): return (b2 >= 0x80 && b2 <= 0x8A) || b2 == 0xAF ? 3 : 0
        case (0xE2, 0x81): return b2 == 0x9F ? 3 : 0
        case (0xE3, 0x80): return b2 == 0x80 ? 3 : 0
        default: return 0
        }
    }

    private static func lowerASCII(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }

    /// Serializes declarations back to a `style` attribute value.
    public static func serialize(_ declarations: [CSSDeclaration]) -> String {
        declarations.map(\.cssText).joined(separator: "; ")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
            || byte == 0x5F || byte >= 0x80
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
