/// Inline markup built with string interpolation: say what, not how.
///
/// Interpolated values are always text (never parsed as markup); roles wrap them in inline
/// nodes. A custom role becomes a `.span` whose `Attributes.tag` is the role name, so a
/// stylesheet (StyledText) or any writer decides how it looks.
///
/// ```swift
/// let url = "https://example.com"
/// let s: MarkupText = "Learn \("more", .role("important")) at \("our site", .link(url))"
/// s.inlines
/// // [.text("Learn "), .span([.text("more")], Attributes(tag: "important")),
/// //  .text(" at "), .link([.text("our site")], Link(url), .none)]
/// ```
public struct MarkupText: Hashable, Sendable, ExpressibleByStringInterpolation,
    CustomStringConvertible
{
    /// The inline nodes.
    public var inlines: [Inline]

    /// Wraps inline nodes, e.g. `MarkupText([.strong([.text("x")], .none)])`.
    public init(_ inlines: [Inline]) {
        self.inlines = Normalize.inlines(inlines)
    }

    /// A literal with no interpolation: plain text.
    public init(stringLiteral value: String) {
        self.init([.text(value)])
    }

    /// Builds from an interpolation.
    public init(stringInterpolation: Interpolation) {
        self.init(stringInterpolation.inlines)
    }

    /// A one-paragraph document holding the inlines, for any writer.
    public var document: Document {
        Document([.paragraph(inlines, .none)])
    }

    /// The plain text (roles removed).
    public var description: String {
        var out = ""
        Inline.appendPlainText(of: inlines, to: &out)
        return out
    }

    /// Concatenates two texts.
    public static func + (a: MarkupText, b: MarkupText) -> MarkupText {
        MarkupText(a.inlines + b.inlines)
    }

    /// Collects literals and interpolated segments.
    public struct Interpolation: StringInterpolationProtocol, Sendable {
        var inlines: [Inline] = []

        /// Creates an empty interpolation.
        public init(literalCapacity: Int, interpolationCount: Int) {
            inlines.reserveCapacity(interpolationCount * 2 + 1)
        }

        /// Appends literal text.
        public mutating func appendLiteral(_ literal: String) {
            inlines.append(.text(literal))
        }

        /// Appends `value` as text wrapped in `roles` (first role innermost):
        /// `"\("x", .strong, .role("warning"))"`.
        public mutating func appendInterpolation<T>(_ value: T, _ roles: MarkupRole...) {
            var node: [Inline] = [.text(String(describing: value))]
            for role in roles { node = [role.wrap(node)] }
            inlines += node
        }

        /// Appends another markup text with `roles` around it.
        public mutating func appendInterpolation(_ text: MarkupText, _ roles: MarkupRole...) {
            var node = text.inlines
            for role in roles { node = [role.wrap(node)] }
            inlines += node
        }
    }
}

/// What an interpolated segment means.
///
/// ```swift
/// let s: MarkupText = "\("Save", .strong) or \("x", .role("kbd"))"
/// ```
public struct MarkupRole: Hashable, Sendable {
    /// The node the role wraps its text in, with that text as children (code: as its text).
    let node: Inline

    /// Strong importance.
    public static let strong = MarkupRole(node: .strong([], .none))
    /// Emphasis.
    public static let emphasis = MarkupRole(node: .emphasis([], .none))
    /// Inline code (the text as code).
    public static let code = MarkupRole(node: .code("", .none))
    /// Underline.
    public static let underline = MarkupRole(node: .underline([], .none))
    /// Strikethrough.
    public static let strikethrough = MarkupRole(node: .strikethrough([], .none))
    /// Highlight.
    public static let highlight = MarkupRole(node: .highlight([], .none))
    /// Superscript.
    public static let superscript = MarkupRole(node: .sup([], .none))
    /// Subscript.
    public static let `subscript` = MarkupRole(node: .sub([], .none))

    /// A link to `url`, e.g. `.link("https://example.com")`.
    public static func link(_ url: String, title: String = "") -> MarkupRole {
        MarkupRole(node: .link([], Link(url, title: title), .none))
    }

    /// A semantic role: a `.span` with `Attributes.tag` = `name` (`.role("important")`).
    public static func role(_ name: String) -> MarkupRole {
        MarkupRole(node: .span([], Attributes(tag: name)))
    }

    func wrap(_ xs: [Inline]) -> Inline {
        guard case .code = node else { return node.withChildren(xs) }
        var text = ""
        Inline.appendPlainText(of: xs, to: &text)
        return .code(text, .none)
    }
}
