import BBCodeFormat
import HTMLFormat
import MarkdownFormat
import MarkupAST
import PlainTextFormat
import RangeJSONFormat

/// Reader and writer settings by their command-line names, checked when the formats are built.
///
/// The CLI fills `values` from its flags (`--columns 60` -> `["columns": "60"]`); library users
/// can set them the same way or build readers and writers directly.
///
/// ```swift
/// var settings = ConversionSettings()
/// settings.values["bullet-marker"] = "*"
/// ```
public struct ConversionSettings: Sendable {
    /// Option values by long option name without dashes.
    public var values: [String: String]
    /// Repeatable options (e.g. `custom-tag`).
    public var lists: [String: [String]]
    /// Keep raw HTML and unsafe URLs (`--unsafe`).
    public var unsafe: Bool
    /// Emit colour escapes (`-t ansi`).
    public var color: Bool

    /// Creates default settings.
    public init(values: [String: String] = [:], lists: [String: [String]] = [:], unsafe: Bool = false, color: Bool = false) {
        self.values = values
        self.lists = lists
        self.unsafe = unsafe
        self.color = color
    }

    func int(_ name: String) throws(FormatError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), value > 0 else {
            throw FormatError("--\(name) needs a positive whole number, not '\(text)'")
        }
        return value
    }

    var htmlReaderOptions: HTMLReaderOptions {
        HTMLReaderOptions(baseURL: values["base-url"])
    }

    var htmlWriterOptions: HTMLWriterOptions {
        HTMLWriterOptions(unsafe: unsafe)
    }

    var plainTextWriterOptions: PlainTextWriterOptions {
        PlainTextWriterOptions(columns: (try? int("columns")) ?? nil)
    }

    func markdownWriterOptions(extensions: MarkdownExtensions) throws(FormatError) -> MarkdownWriterOptions {
        MarkdownWriterOptions(extensions: extensions)
    }

    func makeBBCodeReader() throws(FormatError) -> any MarkupReader { BBCodeReader() }
    func makeBBCodeWriter() throws(FormatError) -> any MarkupWriter { BBCodeWriter() }
    func makeRangeJSONReader() throws(FormatError) -> any MarkupReader { RangeJSONReader() }
    func makeRangeJSONWriter() throws(FormatError) -> any MarkupWriter { RangeJSONWriter() }
}
