/// A `data:` URI (RFC 2397) taken apart: its media type and its decoded bytes.
///
/// The body is percent-decoded, then, with `;base64`, decoded as the WHATWG "forgiving
/// base64" does (ASCII white space ignored, padding optional); a body that does not decode
/// gives nil. The media type is lowercased without its parameters (`image/png`); an empty one
/// is `text/plain`.
///
/// ```swift
/// let uri = DataURI("data:image/png;base64,iVBORw==")
/// uri?.mediaType  // "image/png"
/// uri?.bytes  // [0x89, 0x50, 0x4E, 0x47]
/// DataURI("https://example.com/a.png")  // nil
/// ```
public struct DataURI: Hashable, Sendable {
    /// The media type, lowercased, without parameters (`image/svg+xml`).
    public var mediaType: String
    /// The decoded content.
    public var bytes: [UInt8]

    /// Parses `text`; nil when it is not a `data:` URI (the scheme is case-insensitive) or
    /// its body does not decode.
    public init?(_ text: String) {
        guard let parts = Self.split(text) else { return nil }
        let head = parts.head.split(separator: ";", omittingEmptySubsequences: false)
            .map { String($0).trimmed() }
        let isBase64 = head.count > 1 && head.last?.lowercased() == "base64"
        let type = head[0].lowercased()
        mediaType = type.isEmpty ? "text/plain" : type
        let body = Self.percentDecoded(Array(parts.body.utf8))
        if isBase64 {
            guard let decoded = Self.base64Decoded(body) else { return nil }
            bytes = decoded
        } else {
            bytes = body
        }
    }

    /// Whether `text` starts with the `data:` scheme (leading white space allowed), whether
    /// or not the rest is valid.
    public static func hasDataScheme(_ text: String) -> Bool {
        let bytes = text.utf8.drop(while: isSpace)
        return bytes.count >= 5 && bytes.prefix(5).map { $0 | 0x20 } == Array("data:".utf8)
    }

    /// The part between `data:` and the first comma, and the part after it.
    static func split(_ text: String) -> (head: Substring, body: Substring)? {
        guard hasDataScheme(text) else { return nil }
        let trimmed = Substring(text.trimmed())
        let rest = trimmed.dropFirst(5)
        guard let comma = rest.firstIndex(of: ",") else { return nil }
        return (rest[..<comma], rest[rest.index(after: comma)...])
    }

    /// Whether `byte` is ASCII white space (space, tab, line feed, form feed, return).
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// `%XX` sequences as bytes; a `%` without two hex digits stays as it is.
    static func percentDecoded(_ bytes: [UInt8]) -> [UInt8] {
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }
        guard bytes.contains(UInt8(ascii: "%")) else { return bytes }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "%"), i + 2 < bytes.count,
                let high = hex(bytes[i + 1]), let low = hex(bytes[i + 2])
            {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    /// Forgiving base64: ASCII white space removed; a length of 0 mod 4 may end in one or two
    /// `=`; then a length of 1 mod 4 or a byte outside `A-Z a-z 0-9 + /` fails (nil).
    static func base64Decoded(_ bytes: [UInt8]) -> [UInt8]? {
        var data = bytes.filter { !isSpace($0) }
        if data.count % 4 == 0 {
            if data.last == UInt8(ascii: "=") { data.removeLast() }
            if data.last == UInt8(ascii: "=") { data.removeLast() }
        }
        guard data.count % 4 != 1 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(data.count * 3 / 4)
        var buffer: UInt32 = 0
        var bits = 0
        for byte in data {
            let value: UInt8
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            default: return nil
            }
            buffer = buffer << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
            }
        }
        return out
    }
}

extension String {
    /// Without leading and trailing ASCII white space.
    func trimmed() -> String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !DataURI.isSpace($0) }) else { return "" }
        let last = bytes.lastIndex(where: { !DataURI.isSpace($0) })!
        return String(self[first...last])
    }
}
