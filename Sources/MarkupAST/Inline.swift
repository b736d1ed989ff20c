/// An inline node.
///
/// `text` holds whole runs of text (adjacent runs are merged by `Normalize`). Elements without
/// a case of their own (`small`, `kbd`, `abbr`, `q`, `cite`, custom tags) are `.span` with
/// `Attributes.tag`.
///
/// Links, images and raw markup keep their payload in a box (`indirect`): the other cases
/// fit in 24 bytes, so every inline takes 32 bytes instead of 56, and an inline list is most
/// of a document's memory.
///
/// ```swift
/// let inlines: [Inline] = [.text("a "), .emphasis([.text("b")], .none),
///                          .link([.text("c")], Link("https://example.com"), .none)]
/// ```
public enum Inline: Hashable, Sendable, Codable {
    /// Literal text (never markup).
    case text(String)
    /// A soft line break (a newline inside a paragraph).
    case softBreak
    /// A hard line break (`<br>`).
    case lineBreak
    /// Inline code.
    case code(String, Attributes)
    /// Emphasis (`<em>`, `<i>`).
    case emphasis([Inline], Attributes)
    /// Strong importance (`<strong>`, `<b>`).
    case strong([Inline], Attributes)
    /// Strikethrough (`<del>`, `<s>`, `~~`).
    case strikethrough([Inline], Attributes)
    /// Underline (`<u>`, `<ins>`).
    case underline([Inline], Attributes)
    /// Superscript.
    case sup([Inline], Attributes)
    /// Subscript.
    case sub([Inline], Attributes)
    /// Highlight (`<mark>`).
    case highlight([Inline], Attributes)
    /// A hyperlink.
    indirect case link([Inline], Link, Attributes)
    /// An image; the inlines are its description (alt text).
    indirect case image([Inline], Link, Attributes)
    /// Raw markup for one output format (`html`).
    indirect case rawInline(format: String, String)
    /// A generic inline container (`<span>`, custom tags).
    case span([Inline], Attributes)
    /// A reference to a footnote definition with the same label.
    case footnoteReference(label: String)
}

extension Inline {
    /// The node's attributes (`.none` for leaves without any).
    public var attributes: Attributes {
        switch self {
        case .code(_, let a), .emphasis(_, let a), .strong(_, let a), .strikethrough(_, let a),
            .underline(_, let a), .sup(_, let a), .sub(_, let a),
            .highlight(_, let a), .link(_, _, let a), .image(_, _, let a), .span(_, let a):
            return a
        case .text, .softBreak, .lineBreak, .rawInline, .footnoteReference:
            return .none
        }
    }
}

/// A link or image target.
public struct Link: Hashable, Sendable, Codable {
    /// The URL as written (not percent-encoded further).
    public var destination: String
    /// The title, empty when absent.
    public var title: String

    /// Creates a link target, e.g. `Link("https://example.com", title: "Home")`.
    public init(_ destination: String, title: String = "") {
        self.destination = destination
        self.title = title
    }
}
