import ByteScan
import Foundation
import MarkupAST

/// Decodes input bytes to text: UTF-8 by default (invalid sequences become U+FFFD, reported),
/// UTF-16 when a byte order mark says so (or, without one, when every other byte is NUL, as
/// in UTF-16 ASCII text), a legacy encoding when the caller names one
/// (`mconv --encoding windows-1252`) or, for HTML that is not valid UTF-8, when its
/// `<meta charset>` names one (the prescan of the HTML standard, simplified).
///
/// ```swift
/// let (text, diags) = InputDecoding.decode([0x61, 0xFF, 0x62], source: "a.txt")
/// text  // "a\u{FFFD}b"
/// diags // [1:2: warning: input.invalid-utf8: a.txt: invalid UTF-8 replaced with U+FFFD (1 place) ...]
/// InputDecoding.decode([0x63, 0x61, 0x66, 0xE9], source: "a.txt", encoding: "latin1").0 // "café"
/// ```
public enum InputDecoding {
    /// The encodings `--encoding` and `<meta charset>` may name: the name messages give each,
    /// and its labels in lower case (the WHATWG labels, so `iso-8859-1`, `latin1` and `ascii`
    /// mean windows-1252 as in browsers).
    static let encodings: [(name: String, encoding: String.Encoding, labels: [String])] = [
        ("UTF-8", .utf8, ["utf-8", "utf8", "unicode-1-1-utf-8"]),
        ("UTF-16LE", .utf16LittleEndian, ["utf-16le", "utf-16"]),
        ("UTF-16BE", .utf16BigEndian, ["utf-16be"]),
        (
            "windows-1252", .windowsCP1252,
            [
                "windows-1252", "cp1252", "x-cp1252", "iso-8859-1", "iso8859-1", "iso_8859-1",
                "latin1", "l1", "ascii", "us-ascii", "ansi_x3.4-1968",
            ]
        ),
        ("windows-1250", .windowsCP1250, ["windows-1250", "cp1250", "x-cp1250"]),
        ("windows-1251", .windowsCP1251, ["windows-1251", "cp1251", "x-cp1251"]),
        ("windows-1253", .windowsCP1253, ["windows-1253", "cp1253", "x-cp1253"]),
        (
            "windows-1254", .windowsCP1254,
            ["windows-1254", "cp1254", "x-cp1254", "iso-8859-9", "latin5"]
        ),
        ("ISO-8859-2", .isoLatin2, ["iso-8859-2", "iso8859-2", "latin2", "l2"]),
        ("macintosh", .macOSRoman, ["macintosh", "mac", "x-mac-roman", "csmacintosh"]),
    ]

    /// The encoding a label names, nil when it is not one of `encodings`.
    public static func encoding(named label: String) -> String.Encoding? {
        let label = label.trimmingCharacters(in: .whitespaces).lowercased()
        return encodings.first { $0.labels.contains(label) }?.encoding
    }

    /// The main label of each encoding `--encoding` accepts (the others are aliases).
    public static let encodingNames = [
        "utf-8", "utf-16le", "utf-16be", "windows-1252 (latin1, iso-8859-1)", "windows-1250",
        "windows-1251", "windows-1253", "windows-1254", "iso-8859-2", "macintosh",
    ]

    /// Decodes `bytes`. A UTF-8 byte order mark is removed; a UTF-16 one selects UTF-16.
    /// `encoding` (a label of `encodings`) overrides both; `html` lets a `<meta charset>` in the
    /// first 1024 bytes choose the encoding of input that is not valid UTF-8.
    public static func decode(
        _ bytes: [UInt8], source: String, encoding label: String? = nil, html: Bool = false
    ) -> (String, [Diagnostic]) {
        if let label, let encoding = encoding(named: label), encoding != .utf8 {
            return decode(bytes, as: encoding, source: source, why: nil)
        }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if label == nil {
            if bytes.starts(with: [0xFF, 0xFE]) {
                return decode(
                    Array(bytes.dropFirst(2)), as: .utf16LittleEndian, source: source, why: nil)
            }
            if bytes.starts(with: [0xFE, 0xFF]) {
                return decode(
                    Array(bytes.dropFirst(2)), as: .utf16BigEndian, source: source, why: nil)
            }
            if let encoding = unmarkedUTF16(bytes) {
                let why = "no byte order mark, but every other byte is NUL; --encoding overrides"
                return decode(bytes, as: encoding, source: source, why: why)
            }
        }
        if let valid = validUTF8(body) { return (valid, []) }
        if html, label == nil, let meta = metaCharset(body.prefix(1024)),
            let encoding = encoding(named: meta), encoding != .utf8,
            encoding != .utf16LittleEndian, encoding != .utf16BigEndian
        {
            return decode(Array(body), as: encoding, source: source, why: "<meta charset=\(meta)>")
        }
        return repairUTF8(body, source: source)
    }

    /// `bytes` as a string when they are valid UTF-8 (checked eight ASCII bytes at a time: a
    /// sixth of the standard library's check on Markdown and HTML).
    private static func validUTF8(_ bytes: ArraySlice<UInt8>) -> String? {
        bytes.withUnsafeBufferPointer { ByteScan.string(validatingUTF8: $0) }
    }

    /// Decodes with a legacy or UTF-16 encoding; a note says which when `why` is given (the
    /// encoding was chosen by the input, not the caller).
    private static func decode(
        _ bytes: [UInt8], as encoding: String.Encoding, source: String, why: String?
    ) -> (String, [Diagnostic]) {
        var notes: [Diagnostic] = []
        if let why {
            notes.append(
                Diagnostic(
                    .note, .inputEncoding, "\(source): read as \(name(of: encoding)) (\(why))"))
        }
        if encoding == .windowsCP1252 { return (windows1252(bytes), notes) }
        let utf16 = encoding == .utf16LittleEndian || encoding == .utf16BigEndian
        // (Foundation drops an odd last byte of UTF-16 silently.)
        if !utf16 || bytes.count % 2 == 0,
            let text = String(data: Data(bytes), encoding: encoding)
        {
            return (text, notes)
        }
        // Bytes the encoding does not define (or unpaired UTF-16 surrogates): one by one.
        if utf16 {
            let units = utf16Units(bytes[...], littleEndian: encoding == .utf16LittleEndian)
            var text = String(decoding: units, as: UTF16.self)
            let odd = bytes.count % 2 == 1
            if odd { text.append("\u{FFFD}") }
            let what = odd ? "an odd number of bytes: the last one" : "invalid UTF-16"
            notes.append(
                Diagnostic(
                    .warning, .inputInvalidUTF16,
                    "\(source): \(what) replaced with U+FFFD (read as \(name(of: encoding)))"))
            return (text, notes)
        }
        var text = ""
        for byte in bytes {
            text += String(data: Data([byte]), encoding: encoding) ?? "\u{FFFD}"
        }
        notes.append(
            Diagnostic(
                .warning, .inputInvalidBytes,
                "\(source): bytes undefined in \(name(of: encoding)) replaced with U+FFFD"))
        return (text, notes)
    }

    /// The UTF-16 code units of `bytes` in pairs (an odd last byte is left out).
    static func utf16Units(_ bytes: ArraySlice<UInt8>, littleEndian: Bool) -> [UInt16] {
        stride(from: bytes.startIndex, to: bytes.endIndex - 1, by: 2).map { i in
            let (a, b) = (UInt16(bytes[i]), UInt16(bytes[i + 1]))
            return littleEndian ? a | b << 8 : a << 8 | b
        }
    }

    /// The byte order of UTF-16 without a byte order mark, recognised by the NUL bytes of
    /// mostly-ASCII text (every other byte 0) in the first 1,024 bytes; nil for other input
    /// (which is read as UTF-8).
    ///
    /// ```swift
    /// let wide = Array("<p>hi</p>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    /// InputDecoding.unmarkedUTF16(wide)  // .utf16LittleEndian
    /// ```
    public static func unmarkedUTF16(_ bytes: [UInt8]) -> String.Encoding? {
        let pairs = min(bytes.count, 1_024) / 2
        guard pairs >= 4 else { return nil }
        var zeroFirst = 0
        var zeroSecond = 0
        for k in 0..<pairs {
            if bytes[2 * k] == 0 { zeroFirst += 1 }
            if bytes[2 * k + 1] == 0 { zeroSecond += 1 }
        }
        // At least 3/4 of the units are below U+0100, and few have a NUL in the other half.
        if zeroSecond * 4 >= pairs * 3 && zeroFirst * 8 < pairs { return .utf16LittleEndian }
        if zeroFirst * 4 >= pairs * 3 && zeroSecond * 8 < pairs { return .utf16BigEndian }
        return nil
    }

    private static func name(of encoding: String.Encoding) -> String {
        encodings.first { $0.encoding == encoding }?.name ?? "\(encoding)"
    }

    /// windows-1252 as the encoding standard defines it (bytes 0x80-0x9F it leaves undefined
    /// map to the C1 control of the same value, as in browsers).
    static func windows1252(_ bytes: [UInt8]) -> String {
        let high: [UInt16] = [
            0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
            0x2039, 0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
            0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
        ]
        var scalars = String.UnicodeScalarView()
        for byte in bytes {
            let value = byte >= 0x80 && byte < 0xA0 ? UInt32(high[Int(byte - 0x80)]) : UInt32(byte)
            scalars.append(Unicode.Scalar(value)!)
        }
        return String(scalars)
    }

    /// The label of the first `<meta charset=...>` or `<meta ... content="...; charset=...">`
    /// in `head` (ASCII, case-insensitive), if any.
    static func metaCharset(_ head: ArraySlice<UInt8>) -> String? {
        let bytes = Array(head)
        func matches(_ word: String, at i: Int) -> Bool {
            let w = Array(word.utf8)
            guard i + w.count <= bytes.count else { return false }
            for k in 0..<w.count where ByteScan.lowercasedASCII(bytes[i + k]) != w[k] {
                return false
            }
            return true
        }
        // The first index from `k` on whose byte is not in `set`.
        func skip(_ set: String, from k: Int) -> Int {
            var k = k
            while k < bytes.count && set.utf8.contains(bytes[k]) { k += 1 }
            return k
        }
        let labelBytes = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:"
        var i = 0
        while i < bytes.count {
            guard matches("<meta", at: i) else {
                i += 1
                continue
            }
            var j = i + 5
            while j < bytes.count && bytes[j] != UInt8(ascii: ">") {
                let equals = skip(" \t", from: j + 7)
                guard matches("charset", at: j), equals < bytes.count,
                    bytes[equals] == UInt8(ascii: "=")
                else {
                    j += 1
                    continue
                }
                let start = skip(" \t\"'", from: equals + 1)
                let end = min(skip(labelBytes, from: start), start + 40)
                guard end > start else { return nil }
                return String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
            }
            i = j
        }
        return nil
    }

    /// UTF-8 with invalid sequences replaced, reported at the first one.
    private static func repairUTF8(_ body: ArraySlice<UInt8>, source: String) -> (
        String, [Diagnostic]
    ) {
        var line = 1
        var column = 1
        var count = 0
        var firstLine: Int?
        var firstColumn: Int?
        var iterator = body.makeIterator()
        var decoder = UTF8()
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput: break loop
            case .error:
                count += 1
                if firstLine == nil {
                    firstLine = line
                    firstColumn = column
                }
                column += 1
            }
        }
        let text = String(decoding: body, as: UTF8.self)
        let places = count == 1 ? "1 place" : "\(count) places"
        let diagnostic = Diagnostic(
            .warning, .inputInvalidUTF8,
            "\(source): invalid UTF-8 replaced with U+FFFD (\(places)); if the file is in a legacy"
                + " encoding, name it: --encoding windows-1252",
            line: firstLine, column: firstColumn)
        return (text, [diagnostic])
    }
}
