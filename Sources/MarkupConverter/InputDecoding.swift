import MarkupAST

/// Decodes input bytes as UTF-8, replacing invalid sequences with U+FFFD and reporting them.
///
/// ```swift
/// let (text, diags) = InputDecoding.decode([0x61, 0xFF, 0x62], source: "a.txt")
/// text  // "a\u{FFFD}b"
/// diags // [1:2: warning: input.invalid-utf8: a.txt: invalid UTF-8 replaced with U+FFFD (1 place)]
/// ```
public enum InputDecoding {
    /// Decodes `bytes`; a leading UTF-8 byte order mark is removed.
    public static func decode(_ bytes: [UInt8], source: String) -> (String, [Diagnostic]) {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        if let valid = String(validating: body, as: UTF8.self) { return (valid, []) }
        // Find the first bad place for the message, then repair everything.
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
            .warning, "input.invalid-utf8",
            "\(source): invalid UTF-8 replaced with U+FFFD (\(places))",
            line: firstLine, column: firstColumn)
        return (text, [diagnostic])
    }
}
