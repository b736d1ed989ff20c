/// Options of `MarkdownWriter`: the profile (extensions it may emit) and the layout choices.
///
/// Every choice is a small `String`-raw, `CaseIterable` enum, so a CLI flag maps one to one
/// (`--bullet-marker=*` is `BulletMarker(rawValue: "*")`).
///
/// ```swift
/// let doc = Document([.paragraph([.text("Hi")], .none)])
/// var options = MarkdownWriterOptions(extensions: .commonmark)
/// options.bulletMarker = .asterisk
/// options.wrap = .auto
/// options.columns = 60
/// MarkdownWriter(options: options).write(doc).output // "Hi\n"
/// ```
public struct MarkdownWriterOptions: Hashable, Sendable {
    /// What the writer may emit; without `.table` tables go through the fallback, without
    /// `.strikethrough` strike text becomes raw `<del>` or plain text, and so on.
    public var extensions: MarkdownExtensions
    /// ATX (`# Title`), closed ATX (`# Title #`) or setext (`Title` + `=====`) headings.
    /// Default `.atx`.
    public var headingStyle: HeadingStyle
    /// The bullet list marker. Default `-`.
    public var bulletMarker: BulletMarker
    /// The ordered list delimiter; nil keeps each list's own (`.` for HTML input).
    public var orderedDelimiter: OrderedDelimiter?
    /// The emphasis delimiter (intraword emphasis always uses `*`). Default `*`.
    public var emphasisDelimiter: EmphasisDelimiter
    /// The strong emphasis delimiter (intraword strong always uses `**`). Default `**`.
    public var strongDelimiter: StrongDelimiter
    /// Fenced or indented code blocks. Default `.fenced`.
    public var codeBlockStyle: CodeBlockStyle
    /// The fence character for fenced code blocks. Default backtick.
    public var fenceCharacter: FenceCharacter
    /// Line wrapping of paragraphs. Default `.none` (soft breaks become spaces).
    public var wrap: WrapMode
    /// The line width for `wrap == .auto`. Default 72.
    public var columns: Int
    /// Inline links `[a](url)` or reference links `[a][1]` + `[1]: url`. Default `.inline`.
    public var linkStyle: LinkStyle
    /// Where reference definitions go with `linkStyle == .reference`. Default `.document`.
    public var referenceLocation: ReferenceLocation
    /// What happens to tables a pipe table cannot express. Default `.auto`.
    public var tables: TableFallback
    /// Whether the writer may emit raw HTML (fallbacks and `.rawBlock`/`.rawInline`). Default true.
    public var rawHTML: Bool
    /// Whether images with a width or height are written as raw `<img>`. Default false.
    public var imageSizeAsHTML: Bool
    /// How a hard line break is written: `\` (default), two spaces or `<br />` before the
    /// line end. Spaces and `<br />` fall back to `\` where they cannot work (see
    /// ``HardBreakStyle``).
    public var hardBreak: HardBreakStyle
    /// The thematic break line, such as `***`, `---`, `___` or `* * *` (see
    /// ``isThematicBreak(_:)``). Default `---`. Where it would read as something else (`---`
    /// under a paragraph, `* * *` as the first block of a `*` list item) the writer uses
    /// `***` or `___` instead; a string that is not a thematic break is replaced by `---`.
    public var thematicBreak: String
    /// With `linkStyle == .reference`: `[text][1]` (default), `[text][]` or `[text]` (see
    /// ``ReferenceStyle``).
    public var referenceStyle: ReferenceStyle
    /// Write a whole document: with the `frontmatter` extension, the metadata as YAML front
    /// matter first (`-s`). Default false (metadata is not written).
    public var standalone: Bool
    /// Whether links and images keep URLs HTML output removes (`javascript:`, `vbscript:`,
    /// `file:`, `data:` other than a raster image). Default false: such a link is written as
    /// its text, such an image as its description (`lossy.unsafe-url`), so that no renderer
    /// of the Markdown makes them live.
    public var unsafe: Bool

    /// Creates options; everything but `extensions` starts at its documented default.
    public init(
        extensions: MarkdownExtensions = .gfm,
        headingStyle: HeadingStyle = .atx,
        bulletMarker: BulletMarker = .hyphen,
        orderedDelimiter: OrderedDelimiter? = nil,
        emphasisDelimiter: EmphasisDelimiter = .asterisk,
        strongDelimiter: StrongDelimiter = .asterisks,
        codeBlockStyle: CodeBlockStyle = .fenced,
        fenceCharacter: FenceCharacter = .backtick,
        wrap: WrapMode = .none,
        columns: Int = 72,
        linkStyle: LinkStyle = .inline,
        referenceLocation: ReferenceLocation = .document,
        tables: TableFallback = .auto,
        rawHTML: Bool = true,
        imageSizeAsHTML: Bool = false,
        hardBreak: HardBreakStyle = .backslash,
        thematicBreak: String = "---",
        referenceStyle: ReferenceStyle = .full,
        standalone: Bool = false,
        unsafe: Bool = false
    ) {
        self.extensions = extensions
        self.headingStyle = headingStyle
        self.bulletMarker = bulletMarker
        self.orderedDelimiter = orderedDelimiter
        self.emphasisDelimiter = emphasisDelimiter
        self.strongDelimiter = strongDelimiter
        self.codeBlockStyle = codeBlockStyle
        self.fenceCharacter = fenceCharacter
        self.wrap = wrap
        self.columns = columns
        self.linkStyle = linkStyle
        self.referenceLocation = referenceLocation
        self.tables = tables
        self.rawHTML = rawHTML
        self.imageSizeAsHTML = imageSizeAsHTML
        self.standalone = standalone
        self.hardBreak = hardBreak
        self.thematicBreak = thematicBreak
        self.referenceStyle = referenceStyle
        self.unsafe = unsafe
    }

    /// Whether `line` is a CommonMark thematic break as the writer accepts it: three or more
    /// of one of `*`, `-`, `_`, with spaces or tabs between them (not before or after).
    ///
    /// ```swift
    /// MarkdownWriterOptions.isThematicBreak("* * *")  // true
    /// MarkdownWriterOptions.isThematicBreak("-*-")  // false
    /// ```
    public static func isThematicBreak(_ line: String) -> Bool {
        let bytes = Array(line.utf8)
        guard let first = bytes.first, let last = bytes.last, first == last,
            first == UInt8(ascii: "*") || first == UInt8(ascii: "-") || first == UInt8(ascii: "_")
        else { return false }
        var count = 0
        for byte in bytes {
            if byte == first {
                count += 1
            } else if byte != 0x20 && byte != 0x09 {
                return false
            }
        }
        return count >= 3
    }
}
