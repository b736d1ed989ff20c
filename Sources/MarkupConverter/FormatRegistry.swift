import BBCodeFormat
import HTMLFormat
import MarkdownFormat
import MarkupAST
import PlainTextFormat
import RangeJSONFormat
import StyledText

/// The table behind `-f` and `-t`: format names, aliases, file extensions and how to build
/// each reader and writer.
///
/// ```swift
/// let reader = try FormatRegistry.reader(for: FormatSpec(parsing: "gfm-autolink"), settings: .init())
/// FormatRegistry.inputNames // ["bbcode", "commonmark", "gfm", "html", "json", "markdown", ...]
/// ```
public enum FormatRegistry {
    /// One registered format.
    public struct Entry: Sendable {
        /// The canonical name.
        public var name: String
        /// Other accepted names.
        public var aliases: [String]
        /// File name extensions that select this format.
        public var fileExtensions: [String]
        /// Whether it can be read (`-f`).
        public var readable: Bool
        /// Whether it can be written (`-t`).
        public var writable: Bool
        /// The Markdown extensions on by default (Markdown family only).
        public var defaultExtensions: MarkdownExtensions?
        /// One line for `--list-*-formats`.
        public var summary: String
    }

    /// Every format, in listing order.
    public static let entries: [Entry] = [
        Entry(name: "markdown", aliases: ["md"], fileExtensions: ["md", "markdown", "mdown", "mkd"],
              readable: true, writable: true, defaultExtensions: MarkdownExtensions.gfm.union(.footnotes),
              summary: "Markdown with the GFM extensions and footnotes"),
        Entry(name: "gfm", aliases: [], fileExtensions: [], readable: true, writable: true,
              defaultExtensions: .gfm, summary: "GitHub Flavored Markdown (cmark-gfm's extension set)"),
        Entry(name: "commonmark", aliases: ["cm"], fileExtensions: [], readable: true, writable: true,
              defaultExtensions: .commonmark, summary: "CommonMark, no extensions"),
        Entry(name: "html", aliases: ["htm", "xhtml"], fileExtensions: ["html", "htm", "xhtml"],
              readable: true, writable: true, defaultExtensions: nil, summary: "HTML5 documents and snippets"),
        Entry(name: "plain", aliases: ["text", "txt"], fileExtensions: ["txt", "text"],
              readable: true, writable: true, defaultExtensions: nil, summary: "plain text"),
        Entry(name: "bbcode", aliases: ["bb"], fileExtensions: ["bbcode", "bb"], readable: true,
              writable: true, defaultExtensions: nil, summary: "forum BBCode (phpBB and classic dialects)"),
        Entry(name: "rangejson", aliases: ["medium"], fileExtensions: ["rangejson"], readable: true,
              writable: true, defaultExtensions: nil,
              summary: "Medium-style paragraphs with style ranges (UTF-16 offsets)"),
        Entry(name: "json", aliases: [], fileExtensions: ["json"], readable: true, writable: true,
              defaultExtensions: nil, summary: "the mconv AST as JSON (round-trippable)"),
        Entry(name: "ast", aliases: ["native"], fileExtensions: [], readable: false, writable: true,
              defaultExtensions: nil, summary: "a readable dump of the AST"),
        Entry(name: "styled", aliases: ["runs"], fileExtensions: [], readable: false, writable: true,
              defaultExtensions: nil, summary: "resolved styled runs, one per line"),
        Entry(name: "ansi", aliases: ["terminal"], fileExtensions: [], readable: false, writable: true,
              defaultExtensions: nil, summary: "styled text for a terminal (ANSI escapes)"),
    ]

    /// Canonical names of readable formats, sorted.
    public static var inputNames: [String] { entries.filter(\.readable).map(\.name).sorted() }
    /// Canonical names of writable formats, sorted.
    public static var outputNames: [String] { entries.filter(\.writable).map(\.name).sorted() }

    /// The entry for a name or alias.
    public static func entry(named name: String) -> Entry? {
        let lower = name.lowercased()
        return entries.first { $0.name == lower || $0.aliases.contains(lower) }
    }

    /// The format a file name implies by its extension (`page.html` -> html).
    public static func format(forPath path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let ext = path[path.index(after: dot)...].lowercased()
        return entries.first { $0.fileExtensions.contains(ext) }?.name
    }

    /// Resolves the Markdown extensions of a spec, checking every name.
    public static func extensions(of spec: FormatSpec, entry: Entry) throws(FormatError) -> MarkdownExtensions {
        guard var result = entry.defaultExtensions else {
            if let bad = (spec.enabled + spec.disabled).first {
                throw FormatError("format '\(entry.name)' has no extension '\(bad)' (it takes none)")
            }
            return []
        }
        for name in spec.enabled {
            guard let e = MarkdownExtensions(name: name) else { throw unknownExtension(name, entry) }
            result.insert(e)
        }
        for name in spec.disabled {
            guard let e = MarkdownExtensions(name: name) else { throw unknownExtension(name, entry) }
            result.remove(e)
        }
        return result
    }

    static func unknownExtension(_ name: String, _ entry: Entry) -> FormatError {
        let names = MarkdownExtensions.named.map(\.name).joined(separator: ", ")
        return FormatError("unknown extension '\(name)' for format '\(entry.name)'; choose one of: \(names)")
    }

    static func lookup(_ spec: FormatSpec, output: Bool) throws(FormatError) -> Entry {
        let direction = output ? "output" : "input"
        let names = output ? outputNames : inputNames
        guard let entry = entry(named: spec.name), output ? entry.writable : entry.readable else {
            throw FormatError(
                "unknown \(direction) format '\(spec.name)'; choose one of: \(names.joined(separator: ", "))")
        }
        return entry
    }

    /// Builds the reader for `spec`.
    public static func reader(for spec: FormatSpec, settings: ConversionSettings, output: FormatSpec? = nil) throws(FormatError) -> any MarkupReader {
        let entry = try lookup(spec, output: false)
        let extensions = try extensions(of: spec, entry: entry)
        switch entry.name {
        case "markdown", "gfm", "commonmark": return MarkdownReader(extensions: extensions)
        case "html":
            // Styled outputs apply embedded <style> sheets, so they need the raw <style> content.
            let styled = ["styled", "ansi"].contains(output.flatMap { FormatRegistry.entry(named: $0.name)?.name } ?? "")
            var options = try settings.htmlReaderOptions(keepRawHTML: styled)
            // The reader promotes styled spans itself for targets that want them promoted
            // (the converter then skips the PromoteStyles walk).
            options.promoteStyles = output.map(wantsPromotedStyles) ?? false
            return HTMLReader(options: options)
        case "plain": return PlainTextReader()
        case "bbcode": return try settings.makeBBCodeReader()
        case "rangejson": return try settings.makeRangeJSONReader()
        case "json": return ASTJSONReader()
        default: throw FormatError("format '\(entry.name)' cannot be read")
        }
    }

    /// Builds the writer for `spec`.
    public static func writer(for spec: FormatSpec, settings: ConversionSettings) throws(FormatError) -> any MarkupWriter {
        let entry = try lookup(spec, output: true)
        let extensions = try extensions(of: spec, entry: entry)
        switch entry.name {
        case "markdown", "gfm", "commonmark":
            return MarkdownWriter(options: try settings.markdownWriterOptions(extensions: extensions))
        case "html": return HTMLWriter(options: settings.htmlWriterOptions(tagfilter: settings.values["tagfilter"] != "false"))
        case "plain": return PlainTextWriter(options: settings.plainTextWriterOptions)
        case "bbcode": return try settings.makeBBCodeWriter()
        case "rangejson": return try settings.makeRangeJSONWriter()
        case "json": return ASTJSONWriter()
        case "ast": return TreeDumpWriter()
        case "styled": return StyledRunsWriter()
        case "ansi": return ANSIWriter(color: settings.color)
        default: throw FormatError("format '\(entry.name)' cannot be written")
        }
    }

    /// Whether the raw HTML of a Markdown input is read into nodes (`ReadRawHTML`) for this
    /// output: formats that cannot carry raw HTML and would drop it.
    ///
    /// ```swift
    /// FormatRegistry.wantsRawHTMLRead(from: try FormatSpec(parsing: "gfm"), to: try FormatSpec(parsing: "bbcode"))  // true
    /// ```
    public static func wantsRawHTMLRead(from input: FormatSpec, to output: FormatSpec) -> Bool {
        switch entry(named: input.name)?.name {
        case "markdown", "gfm", "commonmark": break
        default: return false
        }
        switch entry(named: output.name)?.name {
        case "bbcode", "rangejson", "plain", "ansi", "styled": return true
        default: return false
        }
    }

    /// Whether quotes with an author get an attribution line (`QuoteAttribution`) for this
    /// output: formats with no place for a quote's author.
    ///
    /// ```swift
    /// FormatRegistry.wantsQuoteAttribution(try FormatSpec(parsing: "markdown"))  // true
    /// ```
    public static func wantsQuoteAttribution(_ spec: FormatSpec) -> Bool {
        switch entry(named: spec.name)?.name {
        case "markdown", "gfm", "commonmark", "plain", "ansi", "styled", "rangejson": return true
        default: return false
        }
    }

    /// Whether a writer for this format needs styled spans promoted to semantic inlines.
    public static func wantsPromotedStyles(_ spec: FormatSpec) -> Bool {
        switch entry(named: spec.name)?.name {
        case "markdown", "gfm", "commonmark", "plain": return true
        default: return false
        }
    }
}
