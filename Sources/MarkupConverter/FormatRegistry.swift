import BBCodeFormat
import HTMLFormat
import MarkdownFormat
import MarkupAST
import PlainTextFormat
import RangeJSONFormat
import StyledText

/// The table behind `-f` and `-t`: one entry per format with its names, file extensions,
/// traits and how to build its reader and writer. Nothing else switches on format names.
///
/// ```swift
/// let reader = try FormatRegistry.reader(for: FormatSpec(parsing: "gfm-autolink"), settings: .init())
/// FormatRegistry.inputNames // ["bbcode", "commonmark", "gfm", "html", "json", "markdown", ...]
/// ```
public enum FormatRegistry {
    /// What a format's reader or writer does that the converter plans around.
    ///
    /// ```swift
    /// FormatRegistry.entry(named: "plain")!.traits.contains(.noStyledSpans)  // true
    /// ```
    public struct Traits: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Its input holds raw HTML that the reader keeps as raw nodes (Markdown).
        public static let embedsRawHTML = Traits(rawValue: 1 << 0)
        /// Its writer drops raw HTML, so raw HTML in the input is read into nodes first.
        public static let dropsRawHTML = Traits(rawValue: 1 << 1)
        /// Its writer has no place for a quote's author (an attribution line is added).
        public static let noQuoteAuthor = Traits(rawValue: 1 << 2)
        /// Its writer keeps a quote's author as data a reader does not see (HTML's `author`
        /// attribute): an attribution line with the name in `<cite>` shows it.
        public static let hidesQuoteAuthor = Traits(rawValue: 1 << 6)
        /// Its writer cannot carry styled spans (they are promoted to strong, emphasis ...):
        /// Markdown, plain text, BBCode (which carries a span's colour, size and font only).
        public static let noStyledSpans = Traits(rawValue: 1 << 3)
        /// Its writer applies embedded style sheets (the HTML reader keeps `<style>`).
        public static let appliesStyleSheets = Traits(rawValue: 1 << 4)
        /// Input that is not UTF-8 may name its encoding (HTML's `<meta charset>`).
        public static let declaresCharset = Traits(rawValue: 1 << 5)
    }

    /// What a reader or writer is built from.
    struct Context {
        /// The typed options of the settings.
        var options: FormatOptions
        /// The extensions of the format being built (empty when it takes none).
        var extensions: MarkdownExtensions
        /// The other side's traits: the output's when a reader is built, the input's for a
        /// writer (none when it is unknown).
        var otherTraits: Traits
        /// The other side's extensions, nil when it takes none.
        var otherExtensions: MarkdownExtensions?
        /// The standard stylesheet plus the `--css` files' rules, nil without `--css`.
        var cssStylesheet: Stylesheet?
        /// The stylesheet of styled writers: the standard one plus the `--css` files (built
        /// only for them: the standard one costs about 0.3 ms to build).
        var stylesheet: Stylesheet { cssStylesheet ?? Stylesheet.standard }
        /// What the `--css` files could not set (bad rules, with file and line).
        var stylesheetDiagnostics: [Diagnostic] = []

        /// `writer`, reporting the stylesheet's diagnostics with every document it writes.
        func reporting(_ writer: any MarkupWriter) -> any MarkupWriter {
            if stylesheetDiagnostics.isEmpty { return writer }
            return DiagnosticsPrefixWriter(base: writer, diagnostics: stylesheetDiagnostics)
        }
    }

    /// One registered format.
    public struct Entry: Sendable {
        /// The canonical name.
        public var name: String
        /// Other accepted names.
        public var aliases: [String] = []
        /// File name extensions that select this format.
        public var fileExtensions: [String] = []
        /// The Markdown extensions on by default (Markdown family only).
        public var defaultExtensions: MarkdownExtensions? = nil
        /// What its reader and writer do that conversions plan around.
        public var traits: Traits = []
        /// How `Converter.format` escapes template arguments for this format.
        public var templateSyntax: MarkupFormatString.Syntax = .plain
        /// One line for `--list-*-formats`.
        public var summary: String
        var makeReader: (@Sendable (Context) -> any MarkupReader)?
        var makeWriter: (@Sendable (Context) -> any MarkupWriter)?

        /// Whether it can be read (`-f`).
        public var readable: Bool { makeReader != nil }
        /// Whether it can be written (`-t`).
        public var writable: Bool { makeWriter != nil }

        /// Each Markdown extension with whether this format turns it on by default, in
        /// cmark-gfm's order; nil when the format takes no extensions.
        ///
        /// ```swift
        /// FormatRegistry.entry(named: "gfm")!.extensionDefaults!.first!  // ("table", true)
        /// ```
        public var extensionDefaults: [(name: String, isOn: Bool)]? {
            defaultExtensions.map { on in
                MarkdownExtensions.named.map { ($0.name, on.contains($0.value)) }
            }
        }
    }

    /// Every format, in listing order.
    public static let entries: [Entry] = [
        markdown(
            "markdown", aliases: ["md"], fileExtensions: ["md", "markdown", "mdown", "mkd"],
            extensions: MarkdownExtensions.gfm.union([.footnotes, .frontmatter]),
            summary: "Markdown with the GFM extensions, footnotes and front matter"),
        markdown(
            "gfm", extensions: MarkdownExtensions.gfm.union([.footnotes, .frontmatter]),
            summary: "GitHub Flavored Markdown (as GitHub renders it: footnotes, front matter)"),
        markdown(
            "commonmark", aliases: ["cm"], extensions: .commonmark,
            summary: "CommonMark, no extensions"),
        Entry(
            name: "html", aliases: ["htm", "xhtml"], fileExtensions: ["html", "htm", "xhtml"],
            traits: [.declaresCharset, .hidesQuoteAuthor], templateSyntax: .html,
            summary: "HTML5 documents and snippets",
            makeReader: { context in
                var options = context.options.htmlReader
                let output = context.otherTraits
                // Styled outputs apply embedded <style> sheets: they need the <style> content.
                options.keepRawHTML = output.contains(.appliesStyleSheets)
                // The reader promotes styled spans itself for targets that want them promoted
                // (the converter then skips the PromoteStyles walk).
                options.promoteStyles = output.contains(.noStyledSpans)
                return HTMLReader(options: options)
            },
            makeWriter: { context in
                // cmark-gfm applies the tag filter only with the tagfilter extension.
                let tagfilter = context.otherExtensions?.contains(.tagfilter) ?? true
                let options = context.options
                return HTMLWriter(
                    options: HTMLWriterOptions(
                        unsafe: options.unsafe, tagfilter: tagfilter,
                        standalone: options.standalone, stylesheets: options.css))
            }),
        Entry(
            name: "plain", aliases: ["text", "txt"], fileExtensions: ["txt", "text"],
            traits: [.dropsRawHTML, .noQuoteAuthor, .noStyledSpans], summary: "plain text",
            makeReader: { _ in PlainTextReader() },
            makeWriter: { PlainTextWriter(options: $0.options.plainTextWriter) }),
        Entry(
            name: "bbcode", aliases: ["bb"], fileExtensions: ["bbcode", "bb"],
            // Styled spans are promoted: `font-weight: bold` is written as [b], and the writer
            // drops the declaration the [b] around it writes.
            traits: [.dropsRawHTML, .noStyledSpans],
            templateSyntax: .bbcode, summary: "forum BBCode (phpBB and classic dialects)",
            makeReader: { context in
                let dialect = context.options.bbcodeDialect ?? .phpBB
                return BBCodeReader(dialect: dialect, autolink: context.options.autolink)
            },
            makeWriter: { BBCodeWriter(dialect: $0.options.bbcodeDialect ?? .phpBB) }),
        Entry(
            name: "rangejson", aliases: ["medium"], fileExtensions: ["rangejson"],
            traits: [.dropsRawHTML, .noQuoteAuthor],
            summary: "Medium-style paragraphs with style ranges (UTF-16 offsets)",
            makeReader: {
                RangeJSONReader(offsets: $0.options.offsets, strict: $0.options.strictRanges)
            },
            makeWriter: { RangeJSONWriter(offsets: $0.options.offsets) }),
        Entry(
            name: "json", fileExtensions: ["json"],
            summary: "the mconv AST as JSON (round-trippable)",
            makeReader: { _ in ASTJSONReader() }, makeWriter: { _ in ASTJSONWriter() }),
        Entry(
            name: "ast", aliases: ["native"], summary: "a readable dump of the AST",
            makeWriter: { _ in TreeDumpWriter() }),
        Entry(
            name: "styled", aliases: ["runs"],
            traits: [.dropsRawHTML, .noQuoteAuthor, .appliesStyleSheets],
            summary: "resolved styled runs, one per line",
            makeWriter: { $0.reporting(StyledRunsWriter(stylesheet: $0.stylesheet)) }),
        Entry(
            name: "ansi", aliases: ["terminal"],
            traits: [.dropsRawHTML, .noQuoteAuthor, .appliesStyleSheets],
            summary: "styled text for a terminal (ANSI escapes)",
            makeWriter: { context in
                context.reporting(
                    ANSIWriter(color: context.options.color, stylesheet: context.stylesheet))
            }),
    ]

    /// A Markdown profile: cmark-gfm reader, Markdown writer, `extensions` on by default.
    static func markdown(
        _ name: String, aliases: [String] = [], fileExtensions: [String] = [],
        extensions: MarkdownExtensions, summary: String
    ) -> Entry {
        Entry(
            name: name, aliases: aliases, fileExtensions: fileExtensions,
            defaultExtensions: extensions,
            traits: [.embedsRawHTML, .noQuoteAuthor, .noStyledSpans], templateSyntax: .markdown,
            summary: summary, makeReader: { MarkdownReader(extensions: $0.extensions) },
            makeWriter: { context in
                var options = context.options.markdownWriter
                options.extensions = context.extensions
                options.standalone = context.options.standalone
                options.unsafe = context.options.unsafe
                return MarkdownWriter(options: options)
            })
    }

    /// Canonical names of readable formats, sorted.
    public static var inputNames: [String] { entries.filter(\.readable).map(\.name).sorted() }
    /// Canonical names of writable formats, sorted.
    public static var outputNames: [String] { entries.filter(\.writable).map(\.name).sorted() }

    /// The entry for a name or alias.
    public static func entry(named name: String) -> Entry? {
        index(named: name).map { entries[$0] }
    }

    /// Where the entry for a name or alias is in `entries`. (Converters are built with it, not
    /// with `entry(named:)`: an optional entry is destroyed through its type's metadata, built
    /// at run time, 0.08 of the 0.46 million instructions of an empty conversion.)
    static func index(named name: String) -> Int? {
        let lower = name.lowercased()
        return entries.firstIndex { $0.name == lower || $0.aliases.contains(lower) }
    }

    /// The format a file name implies by its extension (`page.html` -> html).
    public static func format(forPath path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let ext = path[path.index(after: dot)...].lowercased()
        return entries.first { $0.fileExtensions.contains(ext) }?.name
    }

    /// Resolves the Markdown extensions of a spec, checking every name.
    public static func extensions(of spec: FormatSpec, entry: Entry) throws(FormatError)
        -> MarkdownExtensions
    {
        guard var result = entry.defaultExtensions else {
            if let bad = (spec.enabled + spec.disabled).first {
                throw FormatError(
                    "format '\(entry.name)' has no extension '\(bad)' (it takes none)")
            }
            return []
        }
        // Two loops, not one over [(names, isOn)]: that list's type was built at run time,
        // 0.05 of the 0.53 million instructions of an empty conversion.
        func named(_ name: String) throws(FormatError) -> MarkdownExtensions {
            guard let e = MarkdownExtensions(name: name) else {
                let known = MarkdownExtensions.named.map(\.name).joined(separator: ", ")
                throw FormatError(
                    "unknown extension '\(name)' for format '\(entry.name)'; choose one of: "
                        + known)
            }
            return e
        }
        for name in spec.enabled { result.insert(try named(name)) }
        for name in spec.disabled { result.remove(try named(name)) }
        return result
    }

    static func lookup(_ spec: FormatSpec, output: Bool) throws(FormatError) -> Entry {
        guard let index = index(named: spec.name),
            output ? entries[index].writable : entries[index].readable
        else {
            let direction = output ? "output" : "input"
            let names = output ? outputNames : inputNames
            throw FormatError(
                "unknown \(direction) format '\(spec.name)'; choose one of: \(names.joined(separator: ", "))"
            )
        }
        return entries[index]
    }

    /// The context for building `entry` with `spec`, facing `other` on the other side.
    static func context(
        _ entry: Entry, _ spec: FormatSpec, other: FormatSpec?, settings: ConversionSettings
    ) throws(FormatError) -> Context {
        let extensions = try extensions(of: spec, entry: entry)
        let otherIndex = other.flatMap { index(named: $0.name) }
        var otherExtensions: MarkdownExtensions?
        if let other, let otherIndex, entries[otherIndex].defaultExtensions != nil {
            otherExtensions = try self.extensions(of: other, entry: entries[otherIndex])
        }
        var context = Context(
            options: try settings.formatOptions(), extensions: extensions,
            otherTraits: otherIndex.map { entries[$0].traits } ?? [],
            otherExtensions: otherExtensions)
        if entry.traits.contains(.appliesStyleSheets), entry.writable,
            !context.options.css.isEmpty
        {
            (context.cssStylesheet, context.stylesheetDiagnostics) = try userStylesheet(
                context.options.css)
        }
        return context
    }

    /// Builds the reader for `spec`; `output`, when given, is what it is read for.
    public static func reader(
        for spec: FormatSpec, settings: ConversionSettings, output: FormatSpec? = nil
    ) throws(FormatError) -> any MarkupReader {
        let entry = try lookup(spec, output: false)
        let reader = entry.makeReader!(try context(entry, spec, other: output, settings: settings))
        // Built without the CMarkGFM package trait: say so now, not at the first conversion.
        if reader is MarkdownReader && !MarkdownReader.isAvailable {
            throw FormatError(MarkdownReader.unavailableMessage)
        }
        return reader
    }

    /// Builds the writer for `spec`; `input`, when given, is what was read (a Markdown input
    /// without `tagfilter` turns the HTML writer's tag filter off, as cmark-gfm does).
    ///
    /// ```swift
    /// let cm = try FormatSpec(parsing: "commonmark")
    /// try FormatRegistry.writer(for: FormatSpec(parsing: "html"), settings: .init(), input: cm)
    /// // an HTMLWriter whose options.tagfilter is false
    /// ```
    public static func writer(
        for spec: FormatSpec, settings: ConversionSettings, input: FormatSpec? = nil
    ) throws(FormatError) -> any MarkupWriter {
        let entry = try lookup(spec, output: true)
        return entry.makeWriter!(try context(entry, spec, other: input, settings: settings))
    }

    /// The traits of the format `spec` names (none for an unknown name).
    ///
    /// ```swift
    /// FormatRegistry.traits(of: try FormatSpec(parsing: "gfm")).contains(.embedsRawHTML)  // true
    /// ```
    public static func traits(of spec: FormatSpec) -> Traits {
        index(named: spec.name).map { entries[$0].traits } ?? []
    }
}
