extension String {
    /// The string in double quotes, with `"`, `\`, newline, tab and carriage return escaped
    /// C-style and every other control character below U+0020 written by `control` (given its
    /// code): the quoting the tree dump and YAML front matter share.
    ///
    /// ```swift
    /// "a\"b\n\u{1}".doubleQuoted { "\\u{\(String($0, radix: 16))}" }  // "\"a\\\"b\\n\\u{1}\""
    /// ```
    public func doubleQuoted(control: (UInt32) -> String) -> String {
        var out = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20: out += control(scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// ``doubleQuoted(control:)`` with the other control characters as `\u` and four hex digits:
    /// a string as JSON and YAML read it.
    ///
    /// ```swift
    /// "a\"b\u{1}".jsonQuoted  // "\"a\\\"b\\u0001\""
    /// ```
    public var jsonQuoted: String {
        doubleQuoted { code in
            let hex = String(code, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}
