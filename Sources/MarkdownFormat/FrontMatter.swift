import MarkupAST

/// YAML front matter: the subset of YAML that Markdown files carry their metadata in
/// (`Formats/metadata.md`).
///
/// A block is front matter when the input's first line is `---`, the next line is a
/// `key: value` line (or a `#` comment), and a later line is `---` or `...`. Inside it:
/// `key: value` with a plain, `'single'` or `"double"` quoted scalar (values are strings, a
/// `#` after a space starts a comment), lists as `key: [a, b]` or `key:` followed by `- a`
/// lines (joined with ", "), blank and comment lines. Anything else (nested mappings, block
/// scalars `|` and `>`, anchors, a line continued) is skipped with a `parse.metadata` warning
/// naming its line.
///
/// ```swift
/// let block = FrontMatter.read("---\ntitle: Hi\ntags: [a, b]\n---\n# Text\n")!
/// block.metadata    // ["title": "Hi", "tags": "a, b"]
/// block.byteCount   // 31 (the block and its closing line)
/// block.lineCount   // 4
/// ```
public struct FrontMatter: Hashable, Sendable {
    /// The keys and values read.
    public var metadata: [String: String]
    /// Lines that were not read, as `parse.metadata` warnings with their line.
    public var diagnostics: [Diagnostic]
    /// The UTF-8 length of the block, closing line included.
    public var byteCount: Int
    /// The lines of the block, closing line included.
    public var lineCount: Int

    /// Lists are joined with this (`[a, b]` -> `a, b`).
    public static let listSeparator = ", "

    /// The front matter at the start of `input`, or nil when it has none.
    public static func read(_ input: String) -> FrontMatter? {
        var text = input
        guard let fence = text.withUTF8(closingFence) else { return nil }
        let blockEnd = input.utf8.index(input.utf8.startIndex, offsetBy: fence.start)
        // The lines between the fences, split on the byte ("\r\n" is one Character); the
        // split leaves an empty piece after the last line.
        let lines = input[..<blockEnd].utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
            .dropFirst().dropLast().map { withoutCR(Substring($0)) }
        var block = FrontMatter(
            metadata: [:], diagnostics: [], byteCount: fence.end, lineCount: fence.line)
        block.parse(lines[...], firstLine: 2)
        return block
    }

    /// Where the closing `---` or `...` line starts and ends (after its newline) and its line
    /// number, when the first line is `---` and the second a `key:` or `#` comment line; one
    /// pass over the bytes up to the closing line.
    private static func closingFence(_ bytes: UnsafeBufferPointer<UInt8>) -> (
        start: Int, end: Int, line: Int
    )? {
        var start = 0
        var line = 1
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            var last = end
            while last > start,
                bytes[last - 1] == 0x20 || bytes[last - 1] == 0x09 || bytes[last - 1] == 0x0D
            {
                last -= 1
            }
            let fence =
                last - start == 3 && bytes[start] == bytes[start + 1]
                && bytes[start] == bytes[start + 2]
            switch line {
            case 1:
                guard fence && bytes[start] == 0x2D else { return nil }
            case 2:
                // A `key:` line (followed by white space or its end) or a `#` comment.
                let second = Substring(String(decoding: bytes[start..<last], as: UTF8.self))
                let comment = second.utf8.drop { $0 == 0x20 }.first == 0x23
                guard comment || keyAndRest(second) != nil else { return nil }
            default:
                if fence && (bytes[start] == 0x2D || bytes[start] == 0x2E) {
                    return (start, min(end + 1, bytes.count), line)
                }
            }
            line += 1
            start = end + 1
        }
        return nil
    }

    private static func withoutCR(_ line: Substring) -> Substring {
        line.utf8.last == 0x0D ? line.dropLast() : line
    }

    private mutating func parse(_ lines: ArraySlice<Substring>, firstLine: Int) {
        // A `key:` without a value, the items of its `- a` list, and the key's line.
        var list: (key: String, line: Int)?
        var items: [String] = []
        for (offset, line) in lines.enumerated() {
            let number = firstLine + offset
            let content = line.drop { $0 == " " || $0 == "\t" }
            if content.isEmpty || content.hasPrefix("#") { continue }
            if list != nil, content == "-" || content.hasPrefix("- ") {
                if let item = Self.scalar(content.dropFirst().drop { $0 == " " }) {
                    items.append(item)
                } else {
                    skip(number, "a list item that is not a plain or quoted string")
                }
                continue
            }
            if let (key, keyLine) = list {
                // `key:` then an indented line: a nested mapping, not an empty value.
                if items.isEmpty && content.count != line.count {
                    skip(number, "'\(key)' holds a nested value (not read)")
                    (list, items) = (nil, [])
                    continue
                }
                store(key, items.joined(separator: Self.listSeparator), line: keyLine)
                (list, items) = (nil, [])
            }
            guard content.count == line.count, let (key, rest) = Self.keyAndRest(line) else {
                skip(number, "not a 'key: value' line (nested and continued values are not read)")
                continue
            }
            if rest.isEmpty {
                list = (key, number)
            } else if rest.hasPrefix("[") {
                if let values = Self.flowList(rest) {
                    store(key, values.joined(separator: Self.listSeparator), line: number)
                } else {
                    skip(number, "a [list] of anything but plain or quoted strings")
                }
            } else if let value = Self.scalar(rest) {
                store(key, value, line: number)
            } else {
                skip(number, "a value that is not a plain or quoted string")
            }
        }
        if let (key, keyLine) = list {
            store(key, items.joined(separator: Self.listSeparator), line: keyLine)
        }
    }

    private mutating func store(_ key: String, _ value: String, line: Int) {
        guard metadata[key] == nil else {
            skip(line, "'\(key)' given twice (the first value is kept)")
            return
        }
        metadata[key] = value
    }

    private mutating func skip(_ line: Int, _ why: String) {
        diagnostics.append(
            Diagnostic(
                .warning, .parseMetadata, "front matter line skipped: \(why)", line: line))
    }

    // MARK: - Lines and scalars

    private static func trimmedEnd(_ s: Substring) -> Substring {
        var s = s
        while s.last == " " || s.last == "\t" { s.removeLast() }
        return s
    }

    /// Whether a UTF-8 byte may appear in a key: ASCII letters and digits, `_`, `-`, `.`, and
    /// any non-ASCII character.
    static func isKeyByte(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return byte >= 0x80 || (lower >= 0x61 && lower <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
            || byte == 0x5F || byte == 0x2D || byte == 0x2E
    }

    /// `key: rest` (rest trimmed), for a line that starts with a key, a colon and then a
    /// space or the end.
    private static func keyAndRest(_ line: Substring) -> (String, Substring)? {
        let bytes = line.utf8
        guard let colon = bytes.firstIndex(of: 0x3A), colon > bytes.startIndex,
            bytes.first != 0x2D, bytes[..<colon].allSatisfy(isKeyByte)
        else { return nil }
        let after = line[bytes.index(after: colon)...]
        guard after.isEmpty || after.first == " " || after.first == "\t" else { return nil }
        return (String(line[..<colon]), trimmedEnd(after.drop { $0 == " " || $0 == "\t" }))
    }

    /// A plain or quoted scalar, with an optional ` # comment` after it; nil for anything
    /// this subset does not read.
    static func scalar(_ text: Substring) -> String? {
        let text = trimmedEnd(text)
        guard let first = text.first else { return "" }
        if first == "\"" || first == "'" {
            guard let (value, rest) = quoted(text), comment(rest) else { return nil }
            return value
        }
        if "[]{}|>&*!%@`".contains(first) { return nil }
        var value = text
        if let hash = text.indices.first(where: {
            text[$0] == "#" && $0 > text.startIndex
                && (text[text.index(before: $0)] == " " || text[text.index(before: $0)] == "\t")
        }) {
            value = trimmedEnd(text[..<hash])
        }
        return String(value)
    }

    private static func comment(_ rest: Substring) -> Bool {
        let rest = rest.drop { $0 == " " || $0 == "\t" }
        return rest.isEmpty || rest.hasPrefix("#")
    }

    /// A quoted string at the start of `text` and what follows it.
    private static func quoted(_ text: Substring) -> (String, Substring)? {
        let quote = text.first!
        var value = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let c = text[index]
            index = text.index(after: index)
            if c == quote {
                // '' in a single-quoted string is one quote.
                if quote == "'" && index < text.endIndex && text[index] == "'" {
                    value.append("'")
                    index = text.index(after: index)
                    continue
                }
                return (value, text[index...])
            }
            guard quote == "\"" && c == "\\" else {
                value.append(c)
                continue
            }
            guard index < text.endIndex else { return nil }
            let escape = text[index]
            index = text.index(after: index)
            switch escape {
            case "n": value.append("\n")
            case "t": value.append("\t")
            case "r": value.append("\r")
            case "0": value.append("\0")
            case "\"", "\\", "/", " ": value.append(escape)
            case "u":
                let end = text.index(index, offsetBy: 4, limitedBy: text.endIndex) ?? text.endIndex
                guard let code = UInt32(text[index..<end], radix: 16),
                    text.distance(from: index, to: end) == 4, let scalar = Unicode.Scalar(code)
                else { return nil }
                value.unicodeScalars.append(scalar)
                index = end
            default: return nil
            }
        }
        return nil
    }

    /// `[a, "b, c", 'd']` as its items; nil when an item is not a scalar or the list is not
    /// closed on its line.
    private static func flowList(_ text: Substring) -> [String]? {
        var items: [String] = []
        var rest = text.dropFirst().drop { $0 == " " || $0 == "\t" }
        if rest.first == "]" { return comment(rest.dropFirst()) ? [] : nil }
        while true {
            var item: String
            if rest.first == "\"" || rest.first == "'" {
                guard let (value, after) = quoted(rest) else { return nil }
                item = value
                rest = after.drop { $0 == " " || $0 == "\t" }
            } else {
                guard let end = rest.firstIndex(where: { $0 == "," || $0 == "]" }) else {
                    return nil
                }
                let raw = trimmedEnd(rest[..<end])
                guard let first = raw.first, !"[{\"'".contains(first) else { return nil }
                item = String(raw)
                rest = rest[end...]
            }
            items.append(item)
            guard let separator = rest.first else { return nil }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            if separator == "]" { return comment(rest) ? items : nil }
            guard separator == "," else { return nil }
        }
    }
}
