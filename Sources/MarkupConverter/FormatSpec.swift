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
        var parts: [(sign: Character?, name: String)] = [(nil, "")]
        for ch in text {
            if ch == "+" || ch == "-" {
                parts.append((ch, ""))
            } else {
                parts[parts.count - 1].name.append(ch)
            }
        }
        guard parts.dropFirst().allSatisfy({ !$0.name.isEmpty }) else {
            throw FormatError("empty extension name in '\(text)'")
        }
        guard !parts[0].name.isEmpty else { throw FormatError("missing format name in '\(text)'") }
        self.init(
            name: parts[0].name.lowercased(), enabled: parts.filter { $0.sign == "+" }.map(\.name),
            disabled: parts.filter { $0.sign == "-" }.map(\.name))
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
