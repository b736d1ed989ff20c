/// A format name with extension switches, as written after `-f` / `-t`.
///
/// ```swift
/// let spec = try FormatSpec(parsing: "markdown+footnotes-smart")
/// spec.name     // "markdown"
/// spec.enabled  // ["footnotes"]
/// spec.disabled // ["smart"]
/// ```
public struct FormatSpec: Hashable, Sendable {
    /// The format name as written (aliases not yet resolved).
    public var name: String
    /// Extensions switched on with `+name`, in order.
    public var enabled: [String]
    /// Extensions switched off with `-name`, in order.
    public var disabled: [String]

    /// Creates a spec.
    public init(name: String, enabled: [String] = [], disabled: [String] = []) {
        self.name = name
        self.enabled = enabled
        self.disabled = disabled
    }

    /// Parses `name(+ext|-ext)*`.
    public init(parsing text: String) throws(FormatError) {
        var name = ""
        var enabled: [String] = []
        var disabled: [String] = []
        var current = ""
        var sign: Character? = nil
        func flush() throws(FormatError) {
            if let s = sign {
                guard !current.isEmpty else {
                    throw FormatError("empty extension name in '\(text)'")
                }
                if s == "+" { enabled.append(current) } else { disabled.append(current) }
            } else {
                name = current
            }
        }
        for ch in text {
            if ch == "+" || ch == "-" {
                // A '-' inside the base name (none of ours has one) would be ambiguous.
                try flush()
                sign = ch
                current = ""
            } else {
                current.append(ch)
            }
        }
        try flush()
        guard !name.isEmpty else { throw FormatError("missing format name in '\(text)'") }
        self.init(name: name.lowercased(), enabled: enabled, disabled: disabled)
    }
}

/// A problem with a format name or its extensions; the message lists the valid choices.
public struct FormatError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message, e.g. "unknown output format 'mdown'; choose one of: ...".
    public var message: String
    /// Creates an error.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}
