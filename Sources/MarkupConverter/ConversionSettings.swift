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
    /// The caller drops the diagnostics (`--quiet`): readers skip work that only produces
    /// notes, so HTML parse errors are not collected even with `verbose`. Lossy (`lossy.*`) and
    /// input warnings are still reported, so `--strict` gives the same answer.
    ///
    /// ```swift
    /// let settings = ConversionSettings(quiet: true, verbose: true)
    /// let converter = try Converter(from: "html", to: "markdown", settings: settings)
    /// try converter.convert("<p>a</b>").diagnostics // [] (the stray </b> is not reported)
    /// ```
    public var quiet: Bool
    /// Report every recovery the readers make (`--verbose`): HTML parse errors (`parse.<code>`
    /// notes with line and column) are collected only then. Parse errors say how the input
    /// departs from the HTML standard, not that anything was lost: a browser shows the page
    /// the same way, so by default they are not collected (as pandoc and browsers do).
    ///
    /// ```swift
    /// let settings = ConversionSettings(verbose: true)
    /// let converter = try Converter(from: "html", to: "markdown", settings: settings)
    /// try converter.convert("<p>a</b>").diagnostics.map(\.code)
    /// // [.htmlParseError("unexpected-end-tag")], printed as parse.unexpected-end-tag
    /// ```
    public var verbose: Bool

    /// Creates default settings.
    public init(
        values: [String: String] = [:], lists: [String: [String]] = [:], unsafe: Bool = false,
        color: Bool = false, quiet: Bool = false, verbose: Bool = false
    ) {
        self.values = values
        self.lists = lists
        self.unsafe = unsafe
        self.color = color
        self.quiet = quiet
        self.verbose = verbose
    }

    func int(_ name: String) throws(FormatError) -> Int? {
        guard let text = values[name] else { return nil }
        guard let value = Int(text), value > 0 else {
            throw FormatError("--\(name) needs a positive whole number, not '\(text)'")
        }
        return value
    }

    func htmlReaderOptions(keepRawHTML: Bool) throws(FormatError) -> HTMLReaderOptions {
        var mode = HTMLReaderOptions.Mode.automatic
        if let text = values["html-mode"] {
            guard let m = HTMLReaderOptions.Mode(rawValue: text) else {
                throw FormatError("--html-mode takes auto, document or fragment, not '\(text)'")
            }
            mode = m
        }
        return HTMLReaderOptions(
            baseURL: values["base-url"], mode: mode, customTags: Set(lists["custom-tag"] ?? []),
            keepRawHTML: keepRawHTML, parseErrorDiagnostics: verbose && !quiet)
    }

    func htmlWriterOptions(tagfilter: Bool) -> HTMLWriterOptions {
        HTMLWriterOptions(unsafe: unsafe, tagfilter: tagfilter)
    }

    var plainTextWriterOptions: PlainTextWriterOptions {
        PlainTextWriterOptions(columns: (try? int("columns")) ?? nil)
    }

    func markdownWriterOptions(extensions: MarkdownExtensions) throws(FormatError) -> MarkdownWriterOptions {
        var options = MarkdownWriterOptions(extensions: extensions)
        for name in MarkdownWriterOptions.optionNames {
            guard let value = values[name] else { continue }
            do { try options.setOption(name, value) } catch { throw FormatError(error.message) }
        }
        return options
    }

    func dialect() throws(FormatError) -> BBCodeDialect {
        guard let name = values["bbcode-dialect"] else { return .phpBB }
        guard let d = BBCodeDialect.named(name) else {
            throw FormatError("--bbcode-dialect takes phpbb or classic, not '\(name)'")
        }
        return d
    }

    func offsetUnit() throws(FormatError) -> RangeJSONOffsetUnit {
        guard let name = values["offsets"] else { return .utf16 }
        guard let unit = RangeJSONOffsetUnit(rawValue: name) else {
            throw FormatError("--offsets takes utf16 or scalar, not '\(name)'")
        }
        return unit
    }

    func makeBBCodeReader() throws(FormatError) -> any MarkupReader {
        BBCodeReader(dialect: try dialect(), autolink: values["autolink"] != "false")
    }
    func makeBBCodeWriter() throws(FormatError) -> any MarkupWriter { BBCodeWriter(dialect: try dialect()) }
    func makeRangeJSONReader() throws(FormatError) -> any MarkupReader {
        RangeJSONReader(offsets: try offsetUnit(), strict: values["strict-ranges"] == "true")
    }
    func makeRangeJSONWriter() throws(FormatError) -> any MarkupWriter { RangeJSONWriter(offsets: try offsetUnit()) }
}
