/// Reader and writer settings by their command-line names (``ConversionOption/all``), checked
/// when the formats are built: an unknown name or a bad value is a `FormatError`.
///
/// The CLI fills `values` from its flags (`--columns 60` -> `["columns": "60"]`); library users
/// can set them the same way or build readers and writers from their typed options.
///
/// ```swift
/// var settings = ConversionSettings()
/// settings.values["bullet-marker"] = "*"
/// ```
public struct ConversionSettings: Sendable {
    /// Option values by long option name without dashes (flags take `true` or `false`).
    public var values: [String: String]
    /// Repeatable options (`custom-tag`).
    public var lists: [String: [String]]
    /// Keep raw HTML and unsafe URLs in HTML output: the option `unsafe` of `values`.
    public var unsafe: Bool {
        get { ["true", "yes", "1"].contains(values["unsafe"] ?? "") }
        set { values["unsafe"] = newValue ? "true" : nil }
    }
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
        if unsafe { self.values["unsafe"] = "true" }
        self.color = color
        self.quiet = quiet
        self.verbose = verbose
    }

    /// The typed options `values` and `lists` give, each checked against the option table
    /// (``ConversionOption/all``): an unknown key or a bad value throws, naming the choices.
    ///
    /// ```swift
    /// try ConversionSettings(values: ["wrapp": "auto"]).formatOptions()
    /// // throws: unknown setting 'wrapp'; known settings: encoding, base-url, ...
    /// ```
    func formatOptions() throws(FormatError) -> FormatOptions {
        var options = FormatOptions()
        // Nothing set: the defaults, without the option table (building and walking it took
        // 70,000 of the 465,000 instructions of an empty conversion).
        if !values.isEmpty || !lists.isEmpty {
            // A repeatable option goes in `lists`, any other in `values`.
            let misplaced =
                values.keys.filter { ConversionOption.named($0).map { $0.kind == .list } ?? true }
                + lists.keys.filter { ConversionOption.named($0)?.kind != .list }
            if let key = misplaced.sorted().first {
                let known = ConversionOption.all.map {
                    $0.name + ($0.kind == .list ? " (list)" : "")
                }
                .joined(separator: ", ")
                throw FormatError("unknown setting '\(key)'; known settings: \(known)")
            }
            for option in ConversionOption.all {
                let given =
                    option.kind == .list ? lists[option.name] : values[option.name].map { [$0] }
                for value in given ?? [] { try option.apply(&options, value) }
            }
        }
        options.htmlReader.parseErrorDiagnostics = verbose && !quiet
        options.color = color
        return options
    }
}
