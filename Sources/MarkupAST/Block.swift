/// A block-level node.
///
/// Pandoc-shaped and closed: anything without its own case is a `.div` with `Attributes.tag`,
/// or `.rawBlock`. Readers and writers switch over it exhaustively.
///
/// A table keeps its payload in a box (`indirect`): every other case fits in 40 bytes, so
/// each block takes 48 bytes instead of 56.
///
/// ```swift
/// let doc = Document([.heading(level: 1, [.text("Title")], .none),
///                     .paragraph([.text("Hello "), .strong([.text("world")], .none)], .none)])
/// ```
public enum Block: Hashable, Sendable, Codable {
    /// A paragraph (`<p>`).
    case paragraph([Inline], Attributes)
    /// Inline content with no paragraph of its own (tight list items, table cells, `<dt>`).
    case plain([Inline], Attributes)
    /// A heading, level 1 to 6.
    case heading(level: Int, [Inline], Attributes)
    /// A block quote.
    case blockQuote([Block], Attributes)
    /// Preformatted code. `info` is the full info string (its first word is the language);
    /// `code` ends with a newline when it came from Markdown.
    case codeBlock(info: String, code: String, Attributes)
    /// Raw markup for one output format (`html`), passed through where allowed.
    case rawBlock(format: String, String)
    /// A bullet or ordered list.
    case list(ListBlock)
    /// A definition list (`<dl>`).
    case definitionList([DefinitionItem], Attributes)
    /// A table.
    indirect case table(Table)
    /// A thematic break (`<hr>`).
    case thematicBreak(Attributes)
    /// A generic container; `Attributes.tag` names custom or unknown elements
    /// (`div`, `section`, `figure`, `details`, `x-card` ...).
    case div([Block], Attributes)
    /// A footnote definition; `label` matches `Inline.footnoteReference`.
    case footnoteDefinition(label: String, [Block], Attributes)
}

extension Block {
    /// The node's attributes (`.none` for `.rawBlock`).
    public var attributes: Attributes {
        switch self {
        case .paragraph(_, let a), .plain(_, let a), .heading(_, _, let a), .blockQuote(_, let a),
            .codeBlock(_, _, let a), .definitionList(_, let a), .thematicBreak(let a),
            .div(_, let a), .footnoteDefinition(_, _, let a):
            return a
        case .list(let list): return list.attributes
        case .table(let table): return table.attributes
        case .rawBlock: return .none
        }
    }
}

/// A list: bullet or ordered, tight or loose, with its items.
///
/// ```swift
/// ListBlock(kind: .ordered, start: 3, items: [ListItem([.plain([.text("c")], .none)])])
/// ```
public struct ListBlock: Hashable, Sendable, Codable {
    /// Bullet or ordered.
    public var kind: ListKind
    /// The first number of an ordered list (ignored for bullets).
    public var start: Int
    /// The delimiter after the number of an ordered list as written (`.` or `)`).
    public var delimiter: ListDelimiter
    /// Whether items are tight (no paragraph spacing).
    public var tight: Bool
    /// The items.
    public var items: [ListItem]
    /// Attributes (`type`, `reversed`, `style="list-style-type: ..."` live here).
    public var attributes: Attributes

    /// Creates a list.
    public init(
        kind: ListKind, start: Int = 1, delimiter: ListDelimiter = .period, tight: Bool = true,
        items: [ListItem], attributes: Attributes = .none
    ) {
        self.kind = kind
        self.start = start
        self.delimiter = delimiter
        self.tight = tight
        self.items = items
        self.attributes = attributes
    }
}

/// Bullet or ordered.
public enum ListKind: String, Hashable, Sendable, Codable {
    case bullet
    case ordered
}

/// The delimiter after an ordered list number.
public enum ListDelimiter: String, Hashable, Sendable, Codable {
    case period
    case parenthesis
}

/// One list item: blocks, an optional task state and attributes.
public struct ListItem: Hashable, Sendable, Codable {
    /// The item content.
    public var blocks: [Block]
    /// `nil` for ordinary items; `false`/`true` for unchecked/checked task items.
    public var task: Bool?
    /// Attributes of the `<li>`.
    public var attributes: Attributes

    /// Creates an item, e.g. `ListItem([.plain([.text("a")], .none)], task: true)`.
    public init(_ blocks: [Block], task: Bool? = nil, attributes: Attributes = .none) {
        self.blocks = blocks
        self.task = task
        self.attributes = attributes
    }
}

/// One term of a definition list with its definitions.
public struct DefinitionItem: Hashable, Sendable, Codable {
    /// The term (`<dt>`).
    public var term: [Inline]
    /// The definitions (`<dd>`), each a list of blocks.
    public var definitions: [[Block]]
    /// Attributes of the `<dt>`.
    public var attributes: Attributes

    /// Creates a definition item.
    public init(term: [Inline], definitions: [[Block]], attributes: Attributes = .none) {
        self.term = term
        self.definitions = definitions
        self.attributes = attributes
    }
}
