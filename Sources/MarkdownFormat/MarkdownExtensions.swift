/// The cmark-gfm syntax extensions (plus smart punctuation), selected by name.
///
/// Used by both the reader (what syntax to recognise) and the writer (what it may emit).
///
/// ```swift
/// MarkdownExtensions(names: ["table", "footnotes"]) // [.table, .footnotes]
/// MarkdownExtensions.gfm.names // ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]
/// ```
public struct MarkdownExtensions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    /// Creates a set from raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// GFM pipe tables.
    public static let table = MarkdownExtensions(rawValue: 1 << 0)
    /// `~~strike~~`.
    public static let strikethrough = MarkdownExtensions(rawValue: 1 << 1)
    /// Extended autolinks (`www.`, bare URLs, emails).
    public static let autolink = MarkdownExtensions(rawValue: 1 << 2)
    /// The GFM tag filter (`<script>` etc. escaped in raw HTML).
    public static let tagfilter = MarkdownExtensions(rawValue: 1 << 3)
    /// `- [ ]` task list items.
    public static let tasklist = MarkdownExtensions(rawValue: 1 << 4)
    /// `[^1]` footnotes.
    public static let footnotes = MarkdownExtensions(rawValue: 1 << 5)
    /// Smart punctuation (curly quotes, dashes, ellipses). Off by default.
    public static let smart = MarkdownExtensions(rawValue: 1 << 6)
    /// YAML front matter: a leading `---` ... `---` block is read into `Document.metadata`,
    /// and written from it by a standalone writer (`Formats/metadata.md`). Not a cmark-gfm
    /// extension: the reader takes the block off before cmark-gfm parses the rest.
    public static let frontmatter = MarkdownExtensions(rawValue: 1 << 7)

    /// No extensions: plain CommonMark.
    public static let commonmark: MarkdownExtensions = []
    /// The GitHub set: table, strikethrough, autolink, tagfilter, tasklist.
    public static let gfm: MarkdownExtensions = [
        .table, .strikethrough, .autolink, .tagfilter, .tasklist,
    ]

    /// Every extension with its name, in cmark-gfm's order (then `frontmatter`).
    public static let named: [(name: String, value: MarkdownExtensions)] = [
        ("table", .table), ("strikethrough", .strikethrough), ("autolink", .autolink),
        ("tagfilter", .tagfilter), ("tasklist", .tasklist), ("footnotes", .footnotes),
        ("smart", .smart), ("frontmatter", .frontmatter),
    ]

    /// The extension called `name`, or nil.
    public init?(name: String) {
        guard let found = Self.named.first(where: { $0.name == name }) else { return nil }
        self = found.value
    }

    /// The set of the named extensions; unknown names are ignored (validate with `init?(name:)`).
    public init(names: [String]) {
        self = []
        for name in names { if let e = MarkdownExtensions(name: name) { insert(e) } }
    }

    /// The names of the extensions in the set, in cmark-gfm's order.
    public var names: [String] {
        // A loop, not `filter` then `map`: the filtered list of tuples had its type built at
        // run time, 0.05 of the 0.53 million instructions of an empty conversion.
        var names: [String] = []
        for (name, value) in Self.named where contains(value) { names.append(name) }
        return names
    }
}
