/// Checks of tag values shared by the reader and the writer.
///
/// ```swift
/// BBCodeValues.isColor("#51e929") // true
/// BBCodeValues.size("10x20")      // ("10", "20")
/// ```
enum BBCodeValues {
    /// How far `[indent]` indents: its block is a `div` with `margin-left` this wide (as
    /// vBulletin renders it), and the writer turns such a `div` back into `[indent]`.
    static let indentMargin = "40px"

    /// The class of a `[spoiler]` block (`<div class="spoiler">`; `title` holds its title).
    static let spoilerClass = "spoiler"

    /// `WxH` -> (W, H).
    static func size(_ value: String) -> (String, String)? {
        let parts = value.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) })
        else { return nil }
        return (String(parts[0]), String(parts[1]))
    }

    /// A `#rgb`, `#rrggbb`, `#rrggbbaa` or named (letters only) colour.
    static func isColor(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { isColor($0) }
    }

    /// `isColor(_:)` on UTF-8 bytes.
    static func isColor(_ u: UnsafeBufferPointer<UInt8>) -> Bool {
        if u.first == 0x23 {
            let hex = u.dropFirst()
            return (hex.count == 3 || hex.count == 6 || hex.count == 8)
                && hex.allSatisfy {
                    ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66)
                }
        }
        return !u.isEmpty && u.count <= 32
            && u.allSatisfy { $0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A }
    }

    /// A font family name (letters, digits, spaces, quotes and `-,_`; at most 64 bytes).
    static func isFontName(_ value: String) -> Bool {
        !value.isEmpty && value.utf8.count <= 64
            && value.utf8.allSatisfy {
                ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x20
                    || $0 == 0x2D || $0 == 0x2C || $0 == 0x27 || $0 == 0x22 || $0 == 0x5F
            }
    }
}
