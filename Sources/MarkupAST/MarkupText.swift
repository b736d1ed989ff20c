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
    enum Kind: Hashable, Sendable {
        case strong, emphasis, code, underline, strikethrough, highlight, sup, sub
        case link(Link)
        case custom(String)
    }

    let kind: Kind

    /// Strong importance.
    public static let strong = MarkupRole(kind: .strong)
    /// Emphasis.
    public static let emphasis = MarkupRole(kind: .emphasis)
    /// Inline code (the text as code).
    public static let code = MarkupRole(kind: .code)
    /// Underline.
    public static let underline = MarkupRole(kind: .underline)
    /// Strikethrough.
    public static let strikethrough = MarkupRole(kind: .strikethrough)
    /// Highlight.
    public static let highlight = MarkupRole(kind: .highlight)
    /// Superscript.
    public static let superscript = MarkupRole(kind: .sup)
    /// Subscript.
    public static let `subscript` = MarkupRole(kind: .sub)

    /// A link to `url`, e.g. `.link("https://example.com")`.
    public static func link(_ url: String, title: String = "") -> MarkupRole {
        MarkupRole(kind: .link(Link(url, title: title)))
    }

    /// A semantic role: a `.span` with `Attributes.tag` = `name` (`.role("important")`).
    public static func role(_ name: String) -> MarkupRole {
        MarkupRole(kind: .custom(name))
    }

    func wrap(_ xs: [Inline]) -> Inline {
        switch kind {
        case .strong: return .strong(xs, .none)
        case .emphasis: return .emphasis(xs, .none)
        case .code:
            var text = ""
            Inline.appendPlainText(of: xs, to: &text)
            return .code(text, .none)
        case .underline: return .underline(xs, .none)
        case .strikethrough: return .strikethrough(xs, .none)
        case .highlight: return .highlight(xs, .none)
        case .sup: return .sup(xs, .none)
        case .sub: return .sub(xs, .none)
        case .link(let link): return .link(xs, link, .none)
        case .custom(let name): return .span(xs, Attributes(tag: name))
        }
    }
}
