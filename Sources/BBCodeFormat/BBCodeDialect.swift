import MarkupAST

/// A BBCode dialect: which tags exist, what each maps to, and how sizes are written.
///
/// Dialects are data: add a tag without touching the reader or writer.
///
/// ```swift
/// var dialect = BBCodeDialect.phpBB
/// dialect.add(BBCodeTag("mark", .highlight))
/// dialect.add(BBCodeTag("warning", .div(tag: "warning")))
/// try BBCodeReader(dialect: dialect).read("[mark]x[/mark]").document // a highlight
/// ```
public struct BBCodeDialect: Hashable, Sendable {
    /// The dialect's name (`phpbb`, `classic`).
    public var name: String
    /// The tags in preference order: the writer uses the first tag of each kind.
    public private(set) var tags: [BBCodeTag]
    /// How `[size=...]` values are read and written.
    public var sizeScale: BBCodeSizeScale
    /// Whether the writer keeps phpBB quote attributes (`post_id`, `time`, `user_id`).
    public var quoteAttributes: Bool
    /// Byte-level name lookup for the reader (same indices as `tags`).
    private(set) var lookup = BBCodeTagLookup(names: [])
    /// Per tag index, and one past the last (tags not in the dialect): the tag's formatting
    /// kind, nil for other kinds (for the reader; made with `lookup`).
    private(set) var formattings: [BBCodeFormatting?] = [nil]

    /// Creates a dialect from a tag list.
    public init(
        name: String, tags: [BBCodeTag], sizeScale: BBCodeSizeScale, quoteAttributes: Bool
    ) {
        self.name = name
        self.tags = []
        self.sizeScale = sizeScale
        self.quoteAttributes = quoteAttributes
        // The tables once for the whole list (remade per tag, they were most of an empty
        // BBCode conversion's instructions).
        for tag in tags { insert(tag) }
        tagsChanged()
    }

    /// Adds a tag, replacing an existing tag with the same (case-insensitive) name.
    ///
    /// ```swift
    /// var dialect = BBCodeDialect.classic
    /// dialect.add(BBCodeTag("h1", .heading(level: 1)))
    /// ```
    public mutating func add(_ tag: BBCodeTag) {
        insert(tag)
        tagsChanged()
    }

    /// Adds or replaces a tag without remaking the reader's tables.
    private mutating func insert(_ tag: BBCodeTag) {
        var tag = tag
        tag.name = tag.name.lowercased()
        if let existing = tags.firstIndex(where: { $0.name == tag.name }) {
            tags[existing] = tag
        } else {
            tags.append(tag)
        }
    }

    /// Removes the tag `name` (case-insensitive) if present.
    public mutating func remove(_ name: String) {
        let key = name.lowercased()
        tags.removeAll { $0.name == key }
        tagsChanged()
    }

    /// Remakes the reader's tables of the tags.
    private mutating func tagsChanged() {
        lookup = BBCodeTagLookup(names: tags.map(\.name))
        formattings = tags.map { BBCodeFormatting($0.kind) } + [nil]
    }

    /// The tag named `name` (lower-case), if the dialect has it.
    public func tag(named name: String) -> BBCodeTag? {
        tags.first { $0.name == name }
    }

    /// The first (preferred) tag of `kind`, used by the writer.
    public func preferredTag(for kind: BBCodeTagKind) -> BBCodeTag? {
        tags.first { $0.kind == kind }
    }

    /// Tags both dialects share.
    static let common: [BBCodeTag] = [
        BBCodeTag("b", .strong), BBCodeTag("i", .emphasis), BBCodeTag("u", .underline),
        BBCodeTag("s", .strikethrough), BBCodeTag("strike", .strikethrough),
        BBCodeTag("sub", .sub), BBCodeTag("sup", .sup),
        BBCodeTag("url", .link), BBCodeTag("email", .email), BBCodeTag("img", .image),
        BBCodeTag("quote", .quote), BBCodeTag("code", .code), BBCodeTag("list", .list),
        BBCodeTag("*", .listItem), BBCodeTag("color", .color), BBCodeTag("size", .size),
        BBCodeTag("font", .font), BBCodeTag("center", .align("center")),
        BBCodeTag("left", .align("left")), BBCodeTag("right", .align("right")),
        BBCodeTag("justify", .align("justify")), BBCodeTag("indent", .indent),
        BBCodeTag("hr", .horizontalRule), BBCodeTag("spoiler", .spoiler),
        BBCodeTag("youtube", .youtube), BBCodeTag("noparse", .noParse),
    ]

    /// phpBB (the default): percent sizes (`[size=150]`), tables, quote attributes.
    public static let phpBB = BBCodeDialect(
        name: "phpbb",
        tags: common + [
            BBCodeTag("table", .table), BBCodeTag("tr", .tableRow),
            BBCodeTag("th", .tableHeader), BBCodeTag("td", .tableCell),
        ],
        sizeScale: .percent, quoteAttributes: true)

    /// vBulletin/SMF style: sizes 1-7, `[highlight]`, no tables, `[quote=author]` only.
    public static let classic = BBCodeDialect(
        name: "classic", tags: common + [BBCodeTag("highlight", .highlight)],
        sizeScale: .classic, quoteAttributes: false)

    /// The dialect for a CLI name (`phpbb`, `classic`), or nil.
    public static func named(_ name: String) -> BBCodeDialect? {
        switch name.lowercased() {
        case "phpbb", "default": return .phpBB
        case "classic", "vbulletin", "smf": return .classic
        default: return nil
        }
    }

    /// Dialects are equal when name, tags, size scale and quote policy are.
    public static func == (a: BBCodeDialect, b: BBCodeDialect) -> Bool {
        a.name == b.name && a.tags == b.tags && a.sizeScale == b.sizeScale
            && a.quoteAttributes == b.quoteAttributes
    }

    /// Hashes the name and tags.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(tags)
    }
}

/// How `[size=...]` values are interpreted.
public enum BBCodeSizeScale: String, Hashable, Sendable, CaseIterable {
    /// phpBB: a percentage (`[size=150]` is `font-size: 150%`).
    case percent
    /// vBulletin/SMF: 1 to 7 (`[size=4]` is `font-size: large`).
    case classic
}

/// One tag of a dialect: its name and the AST node it maps to.
///
/// ```swift
/// BBCodeTag("strike", .strikethrough)
/// ```
public struct BBCodeTag: Hashable, Sendable {
    /// The tag name, lower-case (`b`, `url`, `*`).
    public var name: String
    /// What the tag becomes.
    public var kind: BBCodeTagKind

    /// Creates a tag.
    public init(_ name: String, _ kind: BBCodeTagKind) {
        self.name = name
        self.kind = kind
    }
}

/// The AST mapping of a tag.
///
/// ```swift
/// BBCodeTagKind.span(tag: "kbd") // [kbd]x[/kbd] -> span {<kbd>}
/// ```
public enum BBCodeTagKind: Hashable, Sendable {
    /// `strong`.
    case strong
    /// `emphasis`.
    case emphasis
    /// `underline`.
    case underline
    /// `strikethrough`.
    case strikethrough
    /// `sub`.
    case sub
    /// `sup`.
    case sup
    /// `highlight`.
    case highlight
    /// `[url]x[/url]`, `[url=x]text[/url]`: a link.
    case link
    /// `[email]a@b[/email]`: a `mailto:` link.
    case email
    /// `[img]url[/img]`: an image.
    case image
    /// `[quote]`: a block quote (`tag: quote`, `author` and phpBB attributes as pairs).
    case quote
    /// `[code]` / `[code=lang]`: a code block (inline code when mid-line).
    case code
    /// `[list]` / `[list=1|a|A|i|I]`.
    case list
    /// `[*]`: a list item.
    case listItem
    /// `[color=x]`: span with `color`.
    case color
    /// `[size=x]`: span with `font-size`.
    case size
    /// `[font=x]`: span with `font-family`.
    case font
    /// `[center]` etc.: a div with `text-align`.
    case align(String)
    /// `[indent]`: div with tag `indent`.
    case indent
    /// `[hr]`: a thematic break.
    case horizontalRule
    /// `[table]`.
    case table
    /// `[tr]`.
    case tableRow
    /// `[th]`.
    case tableHeader
    /// `[td]`.
    case tableCell
    /// `[spoiler]` / `[spoiler=title]`: div with tag `spoiler` and pair `title`.
    case spoiler
    /// `[youtube]id[/youtube]`: a link with tag `youtube`.
    case youtube
    /// `[noparse]`: literal text.
    case noParse
    /// A heading of the given level (for user tags such as `[h1]`).
    case heading(level: Int)
    /// A custom inline container: `.span` with this `Attributes.tag`.
    case span(tag: String)
    /// A custom block container: `.div` with this `Attributes.tag`.
    case div(tag: String)
}
