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
    /// ATX (`# Title`) or setext (`Title` + `=====`) headings. Default `.atx`.
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
    /// Write a whole document: with the `frontmatter` extension, the metadata as YAML front
    /// matter first (`-s`). Default false (metadata is not written).
    public var standalone: Bool

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
        standalone: Bool = false
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
    }
}
