import MarkupAST

/// A compiled set of style settings: one stylesheet entry.
///
/// Build it from CSS text (relative values allowed, `!important` honoured) or from absolute
/// `TextStyle` / `ParagraphStyle` values.
///
/// ```swift
/// let warn = StyleRule(css: "color: #c00; font-weight: bold")
/// let big = StyleRule(TextStyle(fontSize: 24), paragraph: ParagraphStyle(alignment: .center))
/// ```
public struct StyleRule: Hashable, Sendable {
    /// The settings, applied in order.
    public var declarations: [StyleDeclaration] {
        didSet { hasImportant = declarations.contains { $0.important } }
    }
    /// Whether any declaration is `!important` (kept up to date, read once per element).
    private(set) var hasImportant: Bool

    /// Creates a rule from compiled declarations.
    public init(declarations: [StyleDeclaration] = []) {
        self.declarations = declarations
        self.hasImportant = declarations.contains { $0.important }
    }

    /// Compiles CSS declarations (`"color: red; font-size: 2em"`); invalid ones are dropped.
    public init(css: String) {
        var ignored: [Diagnostic] = []
        self.init(
            declarations: CSSValueParser.compile(
                CSSDeclaration.parseList(css),
                diagnostics: &ignored))
    }

    /// Creates a rule that sets every non-nil field of `text` and `paragraph` (but `tap`,
    /// which the walk sets from links and roles).
    public init(
        _ text: TextStyle, paragraph: ParagraphStyle = ParagraphStyle(), important: Bool = false
    ) {
        var d: [StyleProperty] = []
        if let v = text.fontFamily { d.append(.fontFamily(v)) }
        if let v = text.fontSize { d.append(.fontSize(.px(v))) }
        if let v = text.fontWeight { d.append(.fontWeight(.absolute(v))) }
        if let v = text.italic { d.append(.italic(v)) }
        if let v = text.monospace { d.append(.monospace(v)) }
        if let v = text.foreground { d.append(.foreground(v)) }
        if let v = text.background { d.append(.background(v)) }
        if let v = text.underline { d.append(.underline(v)) }
        if let v = text.underlineColor { d.append(.underlineColor(v)) }
        if let v = text.strikethrough { d.append(.strikethrough(v)) }
        if let v = text.strikethroughColor { d.append(.strikethroughColor(v)) }
        if let v = text.letterSpacing { d.append(.letterSpacing(.px(v))) }
        if let v = text.wordSpacing { d.append(.wordSpacing(.px(v))) }
        if let v = text.baselineOffset { d.append(.verticalAlign(.length(.px(v)))) }
        if let v = text.textTransform { d.append(.textTransform(v)) }
        if let v = text.link { d.append(.link(v)) }
        if let v = text.shadow {
            d.append(
                .shadow(
                    CSSShadow(
                        x: .px(v.offsetX), y: .px(v.offsetY), blur: .px(v.blurRadius),
                        color: v.color)))
        }
        if let v = text.strokeWidth { d.append(.strokeWidth(.px(v))) }
        if let v = text.strokeColor { d.append(.strokeColor(v)) }
        if let v = text.ligatures { d.append(.ligatures(v)) }
        if let v = text.expansion { d.append(.expansion(v)) }
        if let v = text.obliqueness { d.append(.obliqueness(v)) }
        if let v = text.writingDirection { d.append(.direction(v)) }
        for (key, value) in (text.customAttributes ?? [:]).sorted(by: { $0.key < $1.key }) {
            d.append(.customAttribute(key: key, value: value))
        }
        if let v = paragraph.alignment { d.append(.alignment(v)) }
        if let v = paragraph.lineHeight { d.append(.lineHeight(.length(.px(v)))) }
        if let v = paragraph.lineHeightMultiple { d.append(.lineHeight(.multiple(v))) }
        if let v = paragraph.spacingBefore { d.append(.marginTop(.px(v))) }
        if let v = paragraph.spacingAfter { d.append(.marginBottom(.px(v))) }
        if let v = paragraph.headIndent { d.append(.indent(.px(v))) }
        if let v = paragraph.firstLineHeadIndent { d.append(.textIndent(.px(v))) }
        if let v = paragraph.tailIndent { d.append(.tailIndent(.px(v))) }
        if let v = paragraph.writingDirection { d.append(.direction(v)) }
        if let v = paragraph.hyphenation { d.append(.hyphens(v)) }
        if let v = paragraph.lineBreak { d.append(.lineBreak(v)) }
        self.init(declarations: d.map { StyleDeclaration($0, important: important) })
    }

    /// Whether the rule sets nothing.
    public var isEmpty: Bool { declarations.isEmpty }

    /// This rule followed by `other` (later settings win).
    public func appending(_ other: StyleRule) -> StyleRule {
        StyleRule(declarations: declarations + other.declarations)
    }
}

/// The element kinds a stylesheet has a default style for.
///
/// ```swift
/// var sheet = Stylesheet.standard
/// sheet[.link] = StyleRule(css: "color: #0a84ff; text-decoration: none")
/// ```
public enum ElementKind: Int, Hashable, Sendable, CaseIterable, Codable {
    case paragraph
    case heading1, heading2, heading3, heading4, heading5, heading6
    case blockQuote
    case codeBlock
    case list
    case listItem
    case table
    case tableHeader
    case tableCell
    case definitionTerm
    case definitionDescription
    case strong
    case emphasis
    case underline
    case strikethrough
    case code
    case link
    case image
    case mark
    case sub
    case sup
    case small
    case kbd
    case footnote

    /// The heading kind for level 1-6 (clamped).
    public static func heading(_ level: Int) -> ElementKind {
        ElementKind(rawValue: heading1.rawValue + min(6, max(1, level)) - 1)!
    }
}

/// Who wins when an element's inline `style=""` and the stylesheet set the same property.
///
/// `!important` on either side beats a normal declaration on the other whatever the policy;
/// when both are important, the policy decides again.
public enum StylePolicy: String, Hashable, Sendable, CaseIterable, Codable {
    /// The app's stylesheet wins over inline styles (ZMarkupParser's default).
    case stylesheetFirst = "stylesheet-first"
    /// Inline styles win, as in a browser (the default here).
    case markupFirst = "markup-first"
}
