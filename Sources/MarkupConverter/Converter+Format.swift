import Foundation
import MarkupAST

/// Localized format strings with markup, without the injection hole of `String(format:)`.
///
/// Arguments are substituted **as text**: each is escaped for the template's syntax (HTML
/// `&<>"'`, Markdown punctuation, BBCode `[` via `[noparse]`) before the whole string is
/// parsed. Supports `%@`, `%d`, `%i`, `%f` (with `.N` precision), `%%` and positional `%1$@`.
///
/// ```swift
/// let r = try MarkupFormatString.format(
///     "Hello <b>%@</b>", arguments: ["<i>Bob</i>"], reader: HTMLReader(), syntax: .html)
/// // paragraph: text "Hello ", strong(text "<i>Bob</i>")
/// ```
public enum MarkupFormatString {
    /// How arguments are escaped.
    public enum Syntax: String, Hashable, Sendable, CaseIterable {
        /// HTML: `&<>"'` become character references (text and attribute values).
        case html
        /// Markdown: ASCII punctuation is backslash-escaped.
        case markdown
        /// BBCode: an argument holding `[` is wrapped in `[noparse]`.
        case bbcode
        /// No escaping.
        case plain

        /// The syntax for a format name or alias (`html`, `gfm`, `bbcode` ...), as the format
        /// registry gives it; `.plain` for other names.
        public init(formatName: String) {
            self = FormatRegistry.entry(named: formatName)?.templateSyntax ?? .plain
        }
    }

    /// Substitutes escaped arguments into `template`; unknown or missing specifiers stay as written.
    ///
    /// ```swift
    /// MarkupFormatString.substitute("<a href='%@'>%d</a>", arguments: ["a'b", 3], syntax: .html)
    /// // "<a href='a&#39;b'>3</a>"
    /// ```
    public static func substitute(_ template: String, arguments: [Any], syntax: Syntax) -> String {
        let u = Array(template.utf8)
        var out = ""
        var runStart = 0
        var i = 0
        var next = 0
        func flush(_ end: Int) {
            if end > runStart { out += String(decoding: u[runStart..<end], as: UTF8.self) }
        }
        while i < u.count {
            guard u[i] == 0x25, i + 1 < u.count else {  // '%'
                i += 1
                continue
            }
            flush(i)
            var k = i + 1
            if u[k] == 0x25 {
                out += "%"
                i = k + 1
                runStart = i
                continue
            }
            // Optional position `N$`.
            var position: Int?
            var digits = k
            while digits < u.count, u[digits] >= 0x30, u[digits] <= 0x39 { digits += 1 }
            if digits > k, digits < u.count, u[digits] == 0x24 {
                position = Int(String(decoding: u[k..<digits], as: UTF8.self))
                k = digits + 1
            }
            // Optional precision `.N`.
            var precision: Int?
            if k < u.count, u[k] == 0x2E {
                var p = k + 1
                while p < u.count, u[p] >= 0x30, u[p] <= 0x39 { p += 1 }
                precision = Int(String(decoding: u[(k + 1)..<p], as: UTF8.self))
                k = p
            }
            // Length modifiers (`l`, `ll`) are accepted and ignored.
            while k < u.count, u[k] == 0x6C { k += 1 }
            guard k < u.count, [0x40, 0x64, 0x69, 0x66, 0x75].contains(u[k]) else {
                // Not a specifier we know: keep the text.
                runStart = i
                i += 1
                continue
            }
            let index = position.map { $0 - 1 } ?? next
            if position == nil { next += 1 }
            guard index >= 0, index < arguments.count else {
                runStart = i
                i = k + 1
                continue
            }
            let value = render(arguments[index], conversion: u[k], precision: precision)
            out += escape(value, syntax: syntax)
            i = k + 1
            runStart = i
        }
        flush(u.count)
        return out
    }

    /// Substitutes and parses with `reader`.
    public static func format(
        _ template: String, arguments: [Any], reader: any MarkupReader, syntax: Syntax
    ) throws(ReadError) -> ReadResult {
        try reader.read(substitute(template, arguments: arguments, syntax: syntax))
    }

    static func render(_ value: Any, conversion: UInt8, precision: Int?) -> String {
        switch conversion {
        case 0x64, 0x69, 0x75:  // d i u
            if let n = value as? any BinaryInteger { return String(describing: n) }
            if let d = value as? Double { return String(Int(d)) }
            return String(describing: value)
        case 0x66:  // f
            let d: Double? =
                (value as? Double) ?? (value as? Float).map(Double.init)
                ?? (value as? Int).map(Double.init)
            guard let d else { return String(describing: value) }
            return String(format: "%.\(precision ?? 6)f", d)
        default:
            return String(describing: value)
        }
    }

    static let markdownPunctuation = Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars)

    /// Escapes `text` so the reader of `syntax` reads it back as the same text.
    public static func escape(_ text: String, syntax: Syntax) -> String {
        switch syntax {
        case .html:
            var out = ""
            out.reserveCapacity(text.utf8.count)
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                case "'": out += "&#39;"
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out
        case .markdown:
            var out = ""
            for scalar in text.unicodeScalars {
                if scalar.isASCII, markdownPunctuation.contains(scalar) {
                    out += "\\"
                }
                out.unicodeScalars.append(scalar)
            }
            return out
        case .bbcode:
            guard text.contains("[") else { return text }
            return "[noparse]" + text.replacingOccurrences(of: "[/noparse]", with: "[/noparse ]")
                + "[/noparse]"
        case .plain:
            return text
        }
    }
}

extension Converter {
    /// Formats a localized template with markup: arguments are inserted as text, then the
    /// result is parsed with the reader for `format` (`html`, `markdown`, `bbcode` ...).
    ///
    /// ```swift
    /// let name = "<i>Bob</i>", url = "https://example.com/?a=1&b=2"
    /// let doc = try Converter.format(
    ///     "Hello <b>%@</b>, see <a href='%@'>this</a>", arguments: [name, url], from: "html")
    /// ```
    public static func format(
        _ template: String, arguments: [Any], from format: String,
        settings: ConversionSettings = ConversionSettings()
    ) throws -> Document {
        let spec = try FormatSpec(parsing: format)
        let reader = try FormatRegistry.reader(for: spec, settings: settings)
        return try MarkupFormatString.format(
            template, arguments: arguments, reader: reader,
            syntax: MarkupFormatString.Syntax(formatName: spec.name)
        ).document
    }
}
