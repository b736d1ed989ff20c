extension MarkdownWriterOptions {
    /// A command-line option value the writer does not accept.
    ///
    /// ```swift
    /// let error = MarkdownWriterOptions.OptionError(message: "--wrap takes none or auto")
    /// "\(error)" // "--wrap takes none or auto"
    /// ```
    public struct OptionError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What was wrong and the valid choices.
        public var message: String
        /// Creates an error.
        public init(message: String) { self.message = message }
        /// The message.
        public var description: String { message }
    }

    /// The long option names `setOption` understands, without dashes.
    public static let optionNames: [String] = [
        "heading-style", "bullet-marker", "ordered-delimiter", "emphasis-delimiter",
        "strong-delimiter", "code-block-style", "fence-char", "wrap", "columns", "link-style",
        "reference-location", "tables", "raw-html", "image-size-html",
    ]

    /// Sets one option by its CLI name (without dashes) from its text value, so a front end
    /// needs one line per flag. `raw-html` and `image-size-html` take `true`/`false`.
    ///
    /// ```swift
    /// var options = MarkdownWriterOptions()
    /// try options.setOption("bullet-marker", "*")
    /// options.bulletMarker // .asterisk
    /// do { try options.setOption("wrap", "sideways") } catch { print(error) }
    /// // --wrap takes none, auto or preserve, not 'sideways'
    /// ```
    public mutating func setOption(_ name: String, _ value: String) throws(OptionError) {
        func pick<E: RawRepresentable & CaseIterable>(_: E.Type) throws(OptionError) -> E
        where E.RawValue == String {
            if let choice = E(rawValue: value) { return choice }
            let names = E.allCases.map(\.rawValue)
            let list = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
            throw OptionError(message: "--\(name) takes \(list), not '\(value)'")
        }
        func bool() throws(OptionError) -> Bool {
            switch value {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: throw OptionError(message: "--\(name) takes true or false, not '\(value)'")
            }
        }
        switch name {
        case "heading-style": headingStyle = try pick(HeadingStyle.self)
        case "bullet-marker": bulletMarker = try pick(BulletMarker.self)
        case "ordered-delimiter": orderedDelimiter = try pick(OrderedDelimiter.self)
        case "emphasis-delimiter": emphasisDelimiter = try pick(EmphasisDelimiter.self)
        case "strong-delimiter": strongDelimiter = try pick(StrongDelimiter.self)
        case "code-block-style": codeBlockStyle = try pick(CodeBlockStyle.self)
        case "fence-char": fenceCharacter = try pick(FenceCharacter.self)
        case "wrap": wrap = try pick(WrapMode.self)
        case "columns":
            guard let n = Int(value), n > 0 else {
                throw OptionError(message: "--columns needs a positive whole number, not '\(value)'")
            }
            columns = n
        case "link-style": linkStyle = try pick(LinkStyle.self)
        case "reference-location": referenceLocation = try pick(ReferenceLocation.self)
        case "tables": tables = try pick(TableFallback.self)
        case "raw-html": rawHTML = try bool()
        case "image-size-html": imageSizeAsHTML = try bool()
        default:
            throw OptionError(
                message: "unknown Markdown writer option '--\(name)'; choose one of: "
                    + Self.optionNames.map { "--" + $0 }.joined(separator: ", "))
        }
    }
}
