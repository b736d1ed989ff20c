import MarkupAST

extension FrontMatter {
    /// The metadata as a front matter block (`---` lines around `key: value` lines, in
    /// `Document.orderedMetadata` order), and a `lossy.metadata` warning for each key the
    /// subset cannot hold (a key with ASCII characters other than letters, digits, `_`, `-`,
    /// `.`).
    /// Values are plain when they read back the same, else double-quoted; empty metadata
    /// gives "".
    ///
    /// ```swift
    /// FrontMatter.write(["title": "Hi: there", "lang": "en"]).text
    /// // "---\ntitle: \"Hi: there\"\nlang: en\n---\n"
    /// ```
    public static func write(_ metadata: [String: String]) -> (
        text: String, diagnostics: [Diagnostic]
    ) {
        var text = ""
        var diagnostics: [Diagnostic] = []
        for (key, value) in Document.orderedMetadata(metadata) {
            guard !key.isEmpty, key.first != "-", key.utf8.allSatisfy(isKeyByte) else {
                diagnostics.append(
                    Diagnostic(
                        .warning, .lossyMetadata,
                        "metadata key '\(key)' cannot be written as front matter"))
                continue
            }
            text += key + ": " + yamlScalar(value) + "\n"
        }
        return (text.isEmpty && diagnostics.isEmpty ? "" : "---\n" + text + "---\n", diagnostics)
    }

    /// `value` plain when ``scalar(_:)`` reads it back unchanged, else double-quoted.
    static func yamlScalar(_ value: String) -> String {
        let plainSafe =
            !value.isEmpty && !value.first!.isWhitespace
            && !value.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\u{85}" })
            && !value.contains(where: \.isNewline)
            && scalar(Substring(value)) == value && !"\"'-?:,#".contains(value.first!)
            && !value.contains(": ") && !value.hasSuffix(":")
        if plainSafe { return value }
        return value.jsonQuoted
    }
}
