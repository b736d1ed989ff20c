import BBCodeFormat
import HTMLFormat
import MarkdownFormat
import PlainTextFormat
import RangeJSONFormat
import StyledText

/// One reader or writer option, declared once: its name (the long CLI flag and the
/// `ConversionSettings` key), its values, its help and the typed option it sets.
///
/// ``all`` is the table: the CLI reads, documents and checks its flags with it, and
/// `ConversionSettings` turns its `values` into the typed options (`MarkdownWriterOptions`,
/// `HTMLReaderOptions` ...) with it. Adding an option is one entry here.
///
/// ```swift
/// let wrap = ConversionOption.named("wrap")!
/// wrap.choices  // ["none", "auto", "preserve"]
/// wrap.formats  // ["markdown", "gfm", "commonmark"]
/// ```
public struct ConversionOption: Sendable {
    /// How the option is written on a command line.
    public enum Kind: Hashable, Sendable {
        /// `--name` (`true`) or `--no-name` (`false`); ``isOnByDefault`` is its value
        /// without either.
        case flag
        /// `--name VALUE` or `--name=VALUE`.
        case value
        /// `--name VALUE`, repeatable (`ConversionSettings.lists`).
        case list
    }

    /// The long option name without dashes, also the settings key (`heading-style`).
    public let name: String
    /// Flag, value or repeatable value.
    public let kind: Kind
    /// The accepted values when they are a fixed set (`atx`, `setext`), else empty.
    public var choices: [String] { choiceNames() }
    /// One line of help, without the choices.
    public let help: String
    /// The formats (canonical names) it applies to; empty for every format.
    public let formats: [String]
    /// Whether it applies to reading (else to writing).
    public let isInput: Bool
    /// The one-letter command-line form (`s` for `-s`), if it has one.
    public private(set) var shortName: Character?
    /// Checks a value and stores it in the typed options.
    let apply: @Sendable (inout FormatOptions, String) throws(FormatError) -> Void
    /// A flag's value in the default options, and the choices: computed when asked, as the
    /// table is built on every run and generic code and key paths cost start-up time.
    let defaultValue: @Sendable () -> Bool
    let choiceNames: @Sendable () -> [String]

    /// This option with a one-letter command-line form.
    func short(_ letter: Character) -> ConversionOption {
        var copy = self
        copy.shortName = letter
        return copy
    }

    /// Whether a flag is on when not given (false for other kinds).
    public var isOnByDefault: Bool { defaultValue() }

    /// The option with this name, or nil.
    public static func named(_ name: some StringProtocol) -> ConversionOption? {
        all.first { $0.name == name }
    }
}

/// The typed options the table fills, one per reader or writer setting.
struct FormatOptions: Sendable {
    var markdownWriter = MarkdownWriterOptions()
    var plainTextWriter = PlainTextWriterOptions()
    var htmlReader = HTMLReaderOptions()
    /// nil for phpBB (not built unless BBCode is read or written).
    var bbcodeDialect: BBCodeDialect?
    var autolink = true
    var offsets = RangeJSONOffsetUnit.utf16
    var strictRanges = false
    var encoding: String?
    var quoteAttribution = QuoteAttribution.defaultTemplate
    var unsafe = false
    /// `ConversionSettings.color`, for the ANSI writer.
    var color = false
    /// `--ignore-links`, `--ignore-images`, `--strip`.
    var unwrap = UnwrapElements()
    /// `--select`.
    var select: SelectSubtrees?
    /// `-s`: writers produce whole documents.
    var standalone = false
    /// `--metadata KEY=VALUE`: metadata set on every document, over what the input gave.
    var metadata: [String: String] = [:]
    /// `--detect`: what to find in text for taps.
    var detect: TextDetector?
    /// `--css`: user stylesheet files the styled writers apply, in order; for a standalone HTML
    /// document, style sheet URLs it links.
    var css: [String] = []
}

extension ConversionOption {
    /// Every option, in help order.
    public static let all: [ConversionOption] = [
        // Readers
        ConversionOption(
            "encoding", input: [],
            """
            Input encoding when it is not UTF-8: windows-1252 (also latin1, iso-8859-1), \
            windows-1250, windows-1251, iso-8859-2, utf-16le ... (default: UTF-8; UTF-16 with a \
            byte order mark; for HTML, its <meta charset> when the input is not UTF-8).
            """
        ) { options, label throws(FormatError) in
            guard InputDecoding.encoding(named: label) != nil else {
                let known = InputDecoding.encodingNames.joined(separator: ", ")
                throw FormatError("--encoding: unknown encoding '\(label)' (known: \(known))")
            }
            options.encoding = label
        },
        ConversionOption("base-url", input: ["html"], "Resolve relative URLs against this base.") {
            $0.htmlReader.baseURL = $1
        },
        ConversionOption("custom-tag", .list, input: ["html"], "Register a custom HTML tag.") {
            $0.htmlReader.customTags.insert($1.lowercased())
        },
        choice("html-mode", \.htmlReader.mode, input: ["html"], "HTML input mode."),
        flag(
            "main-content", \.htmlReader.mainContent, input: ["html"],
            "Convert only the page's main content (the article, without navigation, share bars "
                + "and related links), its title first."),
        flag(
            "keep-hidden", \.htmlReader.keepHidden, input: ["html"],
            "Keep elements a browser does not show (hidden, display: none) and frames that are "
                + "not media."),
        ConversionOption(
            "media-provider", .list, input: ["html"],
            "Treat frames from this host (or host/path) as media: they become links."
        ) { $0.htmlReader.mediaProviders.append($1.lowercased()) },
        ConversionOption(
            "bbcode-dialect", choices: ["phpbb", "classic"], input: ["bbcode"], "BBCode dialect."
        ) { options, name throws(FormatError) in
            guard let dialect = BBCodeDialect.named(name) else {
                throw .choices("bbcode-dialect", ["phpbb", "classic"], name)
            }
            options.bbcodeDialect = dialect
        },
        flag(
            "autolink", \.autolink, input: ["bbcode"],
            "Turn bare URLs into links (on by default)."),
        choice("offsets", \.offsets, input: ["rangejson"], "Range JSON offsets."),
        flag(
            "strict-ranges", \.strictRanges, input: ["rangejson"],
            "Reject bad ranges in range JSON instead of repairing them."),
        // Writers
        flag(
            "unsafe", \.unsafe, output: ["html"] + markdown,
            "Keep raw HTML and unsafe URLs (javascript: ...) in HTML output, unsafe URLs in Markdown."
        ),
        choice("heading-style", \.markdownWriter.headingStyle, output: markdown, "Heading style."),
        choice("bullet-marker", \.markdownWriter.bulletMarker, output: markdown, "Bullet marker."),
        choice(
            "ordered-delimiter", output: markdown, "Ordered list delimiter (default: the source's)."
        ) {
            (options, value: MarkdownWriterOptions.OrderedDelimiter) in
            options.markdownWriter.orderedDelimiter = value
        },
        choice(
            "emphasis-delimiter", \.markdownWriter.emphasisDelimiter, output: markdown,
            "Emphasis delimiter."),
        choice(
            "strong-delimiter", \.markdownWriter.strongDelimiter, output: markdown,
            "Strong delimiter."),
        choice(
            "code-block-style", \.markdownWriter.codeBlockStyle, output: markdown,
            "Code block style."),
        choice("fence-char", \.markdownWriter.fenceCharacter, output: markdown, "Fence character."),
        choice("wrap", \.markdownWriter.wrap, output: markdown, "Line wrapping (default none)."),
        ConversionOption(
            "columns", output: markdown + ["plain"], "Wrap column for --wrap=auto and plain text."
        ) { options, text throws(FormatError) in
            guard let columns = Int(text), columns > 0 else {
                throw FormatError("--columns needs a positive whole number, not '\(text)'")
            }
            options.markdownWriter.columns = columns
            options.plainTextWriter.columns = columns
        },
        choice("link-style", \.markdownWriter.linkStyle, output: markdown, "Link style."),
        choice(
            "reference-location", \.markdownWriter.referenceLocation, output: markdown,
            "Where reference definitions go."),
        choice(
            "tables", \.markdownWriter.tables, output: markdown,
            "Table fallback (default auto)."),
        flag(
            "raw-html", \.markdownWriter.rawHTML, output: markdown,
            "Emit raw HTML in Markdown (on by default)."),
        flag(
            "image-size-html", \.markdownWriter.imageSizeAsHTML, output: markdown,
            "Write image sizes as raw <img> in Markdown."),
        // Markdown writer styles (hard breaks, thematic breaks, reference link forms)
        choice(
            "hard-break", \.markdownWriter.hardBreak, output: markdown,
            "Hard line break style (default backslash; spaces and html fall back to it where "
                + "they cannot work)."),
        ConversionOption(
            "thematic-break", output: markdown,
            "The thematic break line: three or more of one of *, - or _, spaces between "
                + "allowed (default ---; *** where --- would underline a paragraph)."
        ) { options, text throws(FormatError) in
            guard MarkdownWriterOptions.isThematicBreak(text) else {
                throw FormatError(
                    "--thematic-break takes three or more of one of *, - or _ with spaces or "
                        + "tabs between (such as ***, ---, ___ or * * *), not '\(text)'")
            }
            options.markdownWriter.thematicBreak = text
        },
        choice(
            "reference-style", \.markdownWriter.referenceStyle, output: markdown,
            "With --link-style reference: [text][1], [text][] or [text] (collapsed and "
                + "shortcut only where the text is a label no other link uses; else full)."),
        // Documents (any output)
        flag(
            "standalone", \.standalone, output: [],
            "Write a whole document: HTML with <head> (title, meta, stylesheets), Markdown with "
                + "YAML front matter."
        ).short("s"),
        ConversionOption(
            "metadata", .list, output: [],
            "Set a metadata key (KEY=VALUE; title, author, lang ... see Formats/metadata.md)."
        ) { options, text throws(FormatError) in
            guard let equals = text.firstIndex(of: "="), equals > text.startIndex else {
                throw FormatError("--metadata needs KEY=VALUE, not '\(text)'")
            }
            options.metadata[String(text[..<equals])] = String(text[text.index(after: equals)...])
        },
        // Transforms (any input and output)
        ConversionOption(
            "select", output: [],
            "Keep only the elements a CSS selector matches (tag, .class, #id, [attr], :not(), "
                + "descendant, >, +, ~ and , groups), in document order."
        ) { options, text throws(FormatError) in
            do throws(SelectorError) {
                options.select = try SelectSubtrees(text)
            } catch {
                throw FormatError("--select: \(error.message) in '\(text)'")
            }
        },
        flag("ignore-links", \.unwrap.links, output: [], "Write links as their text."),
        flag(
            "ignore-images", \.unwrap.images, output: [],
            "Drop images, alt text included (as html2text)."),
        ConversionOption(
            "strip", output: [],
            "Replace the elements with these comma-separated tag names by their content "
                + "(--strip a,span)."
        ) { options, text in
            let names = text.split(separator: ",").map { String($0.filter { $0 != " " }) }
            options.unwrap.tags.formUnion(names.filter { !$0.isEmpty }.map { $0.lowercased() })
        },
        // Styled text: taps and user stylesheets (-t styled, -t ansi; detection for -t html too)
        ConversionOption(
            "detect", output: ["styled", "ansi", "html"],
            "Find these in text, comma-separated: mentions, hashtags, urls (tap targets in "
                + "styled output; role spans and links in HTML)."
        ) { options, text throws(FormatError) in
            let names = ["mentions", "hashtags", "urls"]
            var detector = TextDetector(mentions: false, hashtags: false, urls: false)
            for raw in text.split(separator: ",") {
                switch raw.filter({ $0 != " " }) {
                case "mentions": detector.mentions = true
                case "hashtags": detector.hashtags = true
                case "urls": detector.urls = true
                default: throw .choices("detect", names, String(raw))
                }
            }
            options.detect = detector
        },
        ConversionOption(
            "css", .list, output: ["styled", "ansi", "html"],
            "A style sheet (repeatable): for -t styled and -t ansi a user stylesheet file (later "
                + "files win; a bad rule is reported with its file and line and skipped); for "
                + "-s -t html a URL the document links."
        ) { $0.css.append($1) },
        ConversionOption(
            "quote-attribution",
            output: FormatRegistry.entries.filter {
                !$0.traits.isDisjoint(with: [.noQuoteAuthor, .hidesQuoteAuthor])
            }
            .map { $0.name },
            #"Attribution for quoted authors, %@ for the name (default "%@ wrote:"; "": none)."#
        ) { $0.quoteAttribution = $1 },
    ]

    /// The Markdown profiles (the formats that take extensions).
    static let markdown =
        FormatRegistry.entries.filter { $0.defaultExtensions != nil }.map { $0.name }

    /// An option that `apply` checks and stores; `input` or `output` lists its formats.
    init(
        _ name: String, _ kind: Kind = .value,
        choices: @autoclosure @escaping @Sendable () -> [String] = [], input: [String]? = nil,
        output: [String]? = nil, _ help: String,
        isOnByDefault: @escaping @Sendable () -> Bool = { false },
        apply: @escaping @Sendable (inout FormatOptions, String) throws(FormatError) -> Void
    ) {
        (self.name, self.kind, self.choiceNames, self.help) = (name, kind, choices, help)
        (formats, isInput, self.apply) = (input ?? output ?? [], input != nil, apply)
        defaultValue = isOnByDefault
    }

    /// An option whose values are the raw values of `Choice`.
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, input: [String]? = nil, output: [String]? = nil, _ help: String,
        set: @escaping @Sendable (inout FormatOptions, Choice) -> Void
    ) -> ConversionOption where Choice.RawValue == String {
        let names: @Sendable () -> [String] = { Choice.allCases.map { $0.rawValue } }
        return ConversionOption(name, choices: names(), input: input, output: output, help) {
            options, text throws(FormatError) in
            guard let value = Choice(rawValue: text) else { throw .choices(name, names(), text) }
            set(&options, value)
        }
    }

    /// A choice stored in `field` (a key path is built only when the option is given).
    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String,
        _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<FormatOptions, Choice>,
        input: [String]? = nil, output: [String]? = nil, _ help: String
    ) -> ConversionOption where Choice.RawValue == String {
        choice(name, input: input, output: output, help) { $0[keyPath: field()] = $1 }
    }

    /// A `true`/`false` option (`yes`/`no`, `1`/`0` too); its default is the field's.
    static func flag(
        _ name: String,
        _ field: @autoclosure @escaping @Sendable () -> WritableKeyPath<FormatOptions, Bool>,
        input: [String]? = nil, output: [String]? = nil, _ help: String
    ) -> ConversionOption {
        ConversionOption(
            name, .flag, input: input, output: output, help,
            isOnByDefault: { FormatOptions()[keyPath: field()] },
            apply: { options, text throws(FormatError) in
                switch text {
                case "true", "yes", "1": options[keyPath: field()] = true
                case "false", "no", "0": options[keyPath: field()] = false
                default: throw .choices(name, ["true", "false"], text)
                }
            })
    }
}

extension FormatError {
    /// "--NAME takes A, B or C, not 'VALUE'".
    static func choices(_ name: String, _ choices: [String], _ value: String) -> FormatError {
        let list = choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "")
        return FormatError("--\(name) takes \(list), not '\(value)'")
    }
}
