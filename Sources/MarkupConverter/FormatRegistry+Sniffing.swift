extension FormatRegistry {
    /// The input format the start of some bytes looks like, and why: for input that has
    /// neither `-f` nor a file extension that names a format (`mconv` reading a pipe).
    ///
    /// The first 4 KB decide: a JSON object with `"paragraphs"` is range JSON, one with
    /// `"blocks"` the AST as JSON; a doctype, a comment or a tag at the start is HTML; BBCode
    /// tags (`[b]`, `[quote]`, `[url=`) are BBCode; closing HTML tags in text with no Markdown
    /// block marker are HTML; anything else is Markdown.
    ///
    /// ```swift
    /// FormatRegistry.sniffFormat(of: Array("<!DOCTYPE html><p>Hi".utf8)).name  // "html"
    /// FormatRegistry.sniffFormat(of: Array("Hi [b]there[/b]".utf8)).name  // "bbcode"
    /// FormatRegistry.sniffFormat(of: Array("# Hi\n\n<b>x</b>".utf8)).name  // "markdown"
    /// ```
    public static func sniffFormat(of bytes: some Collection<UInt8>)
        -> (name: String, reason: String)
    {
        let head = Array(bytes.prefix(4096))
        var text: String
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) {
            let units = InputDecoding.utf16Units(head.dropFirst(2), littleEndian: head[0] == 0xFF)
            text = String(decoding: units, as: UTF16.self)
        } else {
            text = String(decoding: head, as: UTF8.self)
        }
        text = text.lowercased()
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if start.hasPrefix("{") {
            let key = start.dropFirst().drop(while: \.isWhitespace)
            if key.hasPrefix("\"paragraphs\"") {
                return ("rangejson", "a JSON object with \"paragraphs\"")
            }
            if key.hasPrefix("\"blocks\"") || key.hasPrefix("\"metadata\"") {
                return ("json", "a JSON object with \"blocks\"")
            }
        }
        if start.hasPrefix("<!doctype html") { return ("html", "<!DOCTYPE html>") }
        if start.hasPrefix("<!--") || start.hasPrefix("<?xml") || startsWithTag(start) {
            return ("html", "it starts with a tag")
        }
        let bbcode = [
            "b", "i", "u", "s", "quote", "url", "img", "code", "list", "color", "size", "spoiler",
        ]
        for name in bbcode {
            let equals = ["quote", "url", "img", "list", "color", "size"].contains(name)
            if text.contains("[\(name)]") && text.contains("[/\(name)]")
                || equals && text.contains("[\(name)=")
            {
                return ("bbcode", "a [\(name)] tag")
            }
        }
        if let tag = closingTag(in: text) {
            let markers = ["#", "```", "~~~", "- ", "* ", "+ ", "> ", "|"]
            let markdown = text.split(separator: "\n").contains { line in
                markers.contains { line.hasPrefix($0) }
            }
            if !markdown { return ("html", "an HTML tag </\(tag)>") }
        }
        return ("markdown", "no other format recognised")
    }

    /// Whether `text` starts with `<name` followed by a space, `>` or `/`.
    private static func startsWithTag(_ text: Substring) -> Bool {
        guard text.hasPrefix("<") else { return false }
        let name = text.dropFirst().prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard let first = name.first, first.isLetter else { return false }
        let next = text.dropFirst(1 + name.count).first
        return next == ">" || next == "/" || next?.isWhitespace == true
    }

    /// The name of the first closing tag `</name>` in `text`, or nil.
    private static func closingTag(in text: String) -> Substring? {
        var rest = text[...]
        while let open = rest.range(of: "</") {
            rest = rest[open.upperBound...]
            let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
            if name.first?.isLetter == true, rest.dropFirst(name.count).first == ">" {
                return name
            }
        }
        return nil
    }
}

extension FormatRegistry.Entry {
    /// The file name extension for this format's output (`--output-dir`): its first own one,
    /// `md` for the Markdown profiles that have none, else `txt`.
    ///
    /// ```swift
    /// FormatRegistry.entry(named: "gfm")!.outputFileExtension  // "md"
    /// ```
    public var outputFileExtension: String {
        fileExtensions.first ?? (defaultExtensions != nil ? "md" : "txt")
    }
}
