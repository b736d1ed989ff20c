/// A list marker kind (`list-style-type`), with its CSS name as raw value.
///
/// ```swift
/// ListStyleType.lowerRoman.marker(for: 4) // "iv."
/// ListStyleType(cssName: "lower-latin")   // .lowerAlpha
/// ```
public enum ListStyleType: String, Hashable, Sendable, Codable, CaseIterable {
    case disc
    case circle
    case square
    case decimal
    case decimalLeadingZero = "decimal-leading-zero"
    case lowerAlpha = "lower-alpha"
    case upperAlpha = "upper-alpha"
    case lowerRoman = "lower-roman"
    case upperRoman = "upper-roman"
    case lowerGreek = "lower-greek"
    case cjkIdeographic = "cjk-ideographic"
    case none

    /// Parses a CSS name, accepting the `-latin` aliases; nil when unknown.
    public init?(cssName: String) {
        switch cssName {
        case "lower-latin": self = .lowerAlpha
        case "upper-latin": self = .upperAlpha
        default: self.init(rawValue: cssName)
        }
    }

    /// Parses an HTML `type` attribute of `<ol>`/`<ul>` (`1`, `a`, `A`, `i`, `I`, `disc` ...).
    public init?(htmlType: String) {
        switch htmlType {
        case "1": self = .decimal
        case "a": self = .lowerAlpha
        case "A": self = .upperAlpha
        case "i": self = .lowerRoman
        case "I": self = .upperRoman
        default: self.init(cssName: htmlType.lowercased())
        }
    }

    /// Whether the marker is a symbol rather than a counter.
    public var isBullet: Bool { self == .disc || self == .circle || self == .square }

    /// The marker text for item number `n`, with `delimiter` after counters (`.` or `)`).
    ///
    /// Counters that cannot show `n` (alpha below 1, roman outside 1-3999) fall back to
    /// decimal, as browsers do. `.none` gives an empty string.
    public func marker(for n: Int, delimiter: String = ".") -> String {
        switch self {
        case .disc: return "\u{2022}"
        case .circle: return "\u{25E6}"
        case .square: return "\u{25AA}"
        case .none: return ""
        case .decimal: return "\(n)" + delimiter
        case .decimalLeadingZero:
            return (n >= 0 && n < 10 ? "0\(n)" : (n < 0 && n > -10 ? "-0\(-n)" : "\(n)"))
                + delimiter
        case .lowerAlpha, .upperAlpha, .lowerGreek:
            guard n >= 1 else { return "\(n)" + delimiter }
            let alphabet: [Unicode.Scalar]
            switch self {
            case .lowerGreek:
                alphabet = "αβγδεζηθικλμνξοπρστυφχψω".unicodeScalars.map { $0 }
            case .upperAlpha: alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ".unicodeScalars.map { $0 }
            default: alphabet = "abcdefghijklmnopqrstuvwxyz".unicodeScalars.map { $0 }
            }
            var scalars: [Unicode.Scalar] = []
            var k = n
            while k > 0 {
                k -= 1
                scalars.append(alphabet[k % alphabet.count])
                k /= alphabet.count
            }
            return String(String.UnicodeScalarView(scalars.reversed())) + delimiter
        case .lowerRoman, .upperRoman:
            guard n >= 1 && n <= 3999 else { return "\(n)" + delimiter }
            let table: [(Int, String)] = [
                (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"),
                (50, "l"), (40, "xl"), (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
            ]
            var k = n
            var s = ""
            for (value, digits) in table {
                while k >= value {
                    s += digits
                    k -= value
                }
            }
            return (self == .upperRoman ? s.uppercased() : s) + delimiter
        case .cjkIdeographic:
            return ListStyleType.cjk(n) + "\u{3001}"
        }
    }

    /// CJK informal numbering (一, 十一, 二十, 一百零五 ...), decimal outside 0-9999.
    static func cjk(_ n: Int) -> String {
        let digits = Array("零一二三四五六七八九")
        guard n >= 0 && n <= 9999 else { return "\(n)" }
        if n < 10 { return String(digits[n]) }
        let units: [(Int, Character)] = [(1000, "千"), (100, "百"), (10, "十")]
        var out = ""
        var k = n
        var pendingZero = false
        for (value, unit) in units {
            let d = k / value
            k %= value
            if d == 0 {
                if !out.isEmpty { pendingZero = true }
                continue
            }
            if pendingZero {
                out.append("零")
                pendingZero = false
            }
            if !(value == 10 && d == 1 && out.isEmpty) { out.append(digits[d]) }
            out.append(unit)
        }
        if k > 0 {
            if pendingZero { out.append("零") }
            out.append(digits[k])
        }
        return out
    }
}
