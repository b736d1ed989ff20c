import Foundation

/// One CSS declaration from an inline `style=""` attribute.
///
/// ```swift
/// CSSDeclaration.parseList("color: red; font-weight:bold !important")
/// // [color: red, font-weight: bold !important]
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
    public static func parseList(_ text: String) -> [CSSDeclaration] {
        var result: [CSSDeclaration] = []
        var current: [UInt8] = []
        var quote: UInt8 = 0
        var depth = 0
        func flush() {
            defer { current.removeAll(keepingCapacity: true) }
            guard let colon = current.firstIndex(of: UInt8(ascii: ":")) else { return }
            let name = trimmed(current[..<colon]).lowercased()
            var value = trimmed(current[(colon + 1)...])
            var important = false
            if let bang = value.range(of: "!", options: .backwards) {
                let tail = value[bang.upperBound...].trimmingCharacters(in: .whitespaces).lowercased()
                if tail == "important" {
                    important = true
                    value = String(value[..<bang.lowerBound]).trimmingCharacters(in: .whitespaces)
                }
            }
            guard !name.isEmpty, !value.isEmpty else { return }
            guard name.utf8.allSatisfy({ isNameByte($0) }) else { return }
            result.append(CSSDeclaration(property: name, value: value, important: important))
        }
        for byte in text.utf8 {
            if quote != 0 {
                if byte == quote { quote = 0 }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth = max(0, depth - 1)
            } else if byte == UInt8(ascii: ";") && depth == 0 {
                flush()
                continue
            }
            current.append(byte)
        }
        flush()
        return result
    }

    /// Serializes declarations back to a `style` attribute value.
    public static func serialize(_ declarations: [CSSDeclaration]) -> String {
        declarations.map(\.cssText).joined(separator: "; ")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
            || byte == 0x5F || byte >= 0x80
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }
}
