/// One compiled style setting, as a stylesheet rule or an inline `style=""` holds it.
///
/// Values may be relative (`em`, `%`, `bolder`); they resolve against the parent's style
/// during the walk. Build them from CSS with `StyleRule(css:)` or from absolute values with
/// `StyleRule(_:paragraph:)`.
///
/// ```swift
/// StyleRule(css: "font-size: 2em; font-weight: bold").declarations.map(\.property)
/// // [.fontSize(.em(2)), .fontWeight(.absolute(700))]
/// ```
public enum StyleProperty: Hashable, Sendable {
    case fontFamily([String])
    case fontSize(CSSLength)
    case fontWeight(FontWeightValue)
    case italic(Bool)
    case monospace(Bool)
    case foreground(RGBAColor)
    case background(RGBAColor)
    /// Underline on or off (`.none`), keeping a style given in the same rule.
    case underline(LineStyle)
    case underlineColor(RGBAColor)
    case strikethrough(LineStyle)
    case strikethroughColor(RGBAColor)
    /// `text-decoration-style`: restyles the lines this element draws.
    case decorationStyle(LineStyle)
    /// `text-decoration-color`: colours the lines this element draws.
    case decorationColor(RGBAColor)
    case letterSpacing(CSSLength)
    case wordSpacing(CSSLength)
    case verticalAlign(VerticalAlignValue)
    case textTransform(TextTransform)
    case link(String)
    case alignment(TextAlignment)
    case lineHeight(LineHeightValue)
    case marginTop(CSSLength)
    case marginBottom(CSSLength)
    /// Extra leading indent (`margin-left`, `padding-left`).
    case indent(CSSLength)
    /// Extra trailing inset (`margin-right`, `padding-right`).
    case tailIndent(CSSLength)
    /// First-line indent (`text-indent`).
    case textIndent(CSSLength)
    case direction(WritingDirection)
    case listStyleType(ListStyleType)
    /// Image width.
    case width(CSSLength)
    /// Image height.
    case height(CSSLength)
    /// `text-shadow`; nil for `none`.
    indirect case shadow(CSSShadow?)
    /// `-webkit-text-stroke-color`.
    case strokeColor(RGBAColor)
    /// `-webkit-text-stroke-width`.
    case strokeWidth(CSSLength)
    /// `font-variant-ligatures`.
    case ligatures(Ligatures)
    /// `font-stretch`, as `TextStyle.expansion` (the natural log of the factor).
    case expansion(Double)
    /// `font-style: oblique <angle>`, as `TextStyle.obliqueness` (the angle's tangent).
    case obliqueness(Double)
    /// `hyphens`: automatic hyphenation on or off.
    case hyphens(Bool)
    /// `white-space`: `nowrap`/`pre` (true) or a wrapping value (false).
    case noWrap(Bool)
    /// `text-overflow`: `ellipsis` (true) or `clip` (false).
    case ellipsis(Bool)
    /// A line break mode set outright (`-mconv-line-break: truncate-middle`, `word-break:
    /// break-all`); it wins over `white-space` and `text-overflow`.
    case lineBreak(LineBreakMode)
    /// An attribute mconv does not model, passed to the platform layer by key
    /// (`-mconv-attribute: AppAccent red`).
    indirect case customAttribute(key: String, value: String)
}

/// A `text-shadow` value before its lengths are resolved.
public struct CSSShadow: Hashable, Sendable {
    /// Horizontal offset.
    public var x: CSSLength
    /// Vertical offset.
    public var y: CSSLength
    /// Blur radius.
    public var blur: CSSLength
    /// The colour; nil for the text colour.
    public var color: RGBAColor?

    /// Creates a shadow value.
    public init(x: CSSLength, y: CSSLength, blur: CSSLength = .px(0), color: RGBAColor? = nil) {
        self.x = x
        self.y = y
        self.blur = blur
        self.color = color
    }
}

/// A compiled declaration: a property and whether it was `!important`.
public struct StyleDeclaration: Hashable, Sendable {
    /// The setting.
    public var property: StyleProperty
    /// `!important`: wins over the other side whatever the policy.
    public var important: Bool

    /// Creates a declaration.
    public init(_ property: StyleProperty, important: Bool = false) {
        self.property = property
        self.important = important
    }
}

/// A CSS length, resolved against font sizes during the walk.
///
/// ```swift
/// CSSLength.em(2).points(fontSize: 16, rootSize: 16) // 32
/// ```
public enum CSSLength: Hashable, Sendable {
    /// CSS pixels (= points on Apple platforms). `pt`, `in`, `cm`, `mm`, `pc` convert here.
    case px(Double)
    /// A multiple of the reference font size.
    case em(Double)
    /// A multiple of the root font size.
    case rem(Double)
    /// A percentage of the reference font size.
    case percent(Double)

    /// Whether the length is below zero.
    var isNegative: Bool {
        switch self {
        case .px(let v), .em(let v), .rem(let v), .percent(let v): return v < 0
        }
    }

    /// The length within the parser's bounds (`CSSValueParser.maxLength`, `maxFactor`).
    var clamped: CSSLength {
        func clamp(_ v: Double, _ m: Double) -> Double { min(m, max(-m, v)) }
        switch self {
        case .px(let v): return .px(clamp(v, CSSValueParser.maxLength))
        case .em(let v): return .em(clamp(v, CSSValueParser.maxFactor))
        case .rem(let v): return .rem(clamp(v, CSSValueParser.maxFactor))
        case .percent(let v): return .percent(clamp(v, CSSValueParser.maxFactor * 100))
        }
    }

    /// The length in points.
    public func points(fontSize: Double, rootSize: Double) -> Double {
        switch self {
        case .px(let v): return v
        case .em(let v): return v * fontSize
        case .rem(let v): return v * rootSize
        case .percent(let v): return v * fontSize / 100
        }
    }
}

/// A `font-weight` value.
public enum FontWeightValue: Hashable, Sendable {
    /// 100-900.
    case absolute(Int)
    /// One step bolder than the parent (CSS Fonts 4 table).
    case bolder
    /// One step lighter than the parent.
    case lighter
}

/// A `vertical-align` value.
public enum VerticalAlignValue: Hashable, Sendable {
    case baseline
    case sub
    case `super`
    /// A shift up by a length (`vertical-align: 4px`; `%` is of the line height, taken as
    /// the font size).
    case length(CSSLength)
}

/// A `line-height` value.
public enum LineHeightValue: Hashable, Sendable {
    case normal
    /// A multiple of the font size (`1.5`).
    case multiple(Double)
    /// A fixed height (`24px`, `2em`, `150%`).
    case length(CSSLength)
}
