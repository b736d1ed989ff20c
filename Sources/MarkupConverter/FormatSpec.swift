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

    /// Parses `name(+ext|-ext)*` (a `-` inside the base name would be ambiguous; none of ours
    /// has one).
    public init(parsing text: String) throws(FormatError) {
        // Into the three fields directly: a list of (sign, name) tuples first had its type
        // built at run time, 0.06 of the 0.53 million instructions of an empty conversion.
        var name = ""
        var (enabled, disabled): ([String], [String]) = ([], [])
        var sign: Character?
        var part = ""
        var emptyExtension = false
        func endPart() {
            switch sign {
            case nil: name = part
            case "+": enabled.append(part)
            default: disabled.append(part)
            }
            if sign != nil && part.isEmpty { emptyExtension = true }
        }
        for ch in text {
            if ch == "+" || ch == "-" {
                endPart()
                (sign, part) = (ch, "")
            } else {
                part.append(ch)
            }
        }
        endPart()
        guard !emptyExtension else { throw FormatError("empty extension name in '\(text)'") }
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
