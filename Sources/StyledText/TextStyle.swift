/// Character-level style: every field optional, `nil` meaning "inherit from the parent".
///
/// A resolved run style is a `TextStyle` too: the root style with every element's
/// declarations applied on the way down. `inheriting(from:)` fills the unset fields.
///
/// ```swift
/// let bold = TextStyle(fontWeight: 700)
/// let red = TextStyle(foreground: RGBAColor(hex: 0xff0000))
/// bold.inheriting(from: red) // weight 700 and red
/// ```
public struct TextStyle: Hashable, Sendable, Codable {
    /// Font families in preference order (`["Helvetica Neue", "sans-serif"]`).
    public var fontFamily: [String]?
    /// Font size in points (CSS px).
    public var fontSize: Double?
    /// Weight 100-900 (400 normal, 700 bold).
    public var fontWeight: Int?
    /// Italic (or oblique).
    public var italic: Bool?
    /// Whether a monospaced font is wanted (code, kbd).
    public var monospace: Bool?
    /// Text colour.
    public var foreground: RGBAColor?
    /// Background (highlight) colour.
    public var background: RGBAColor?
    /// Underline style (`.none` cancels an inherited underline).
    public var underline: LineStyle?
    /// Underline colour (nil: the text colour).
    public var underlineColor: RGBAColor?
    /// Strikethrough style (`.none` cancels an inherited one).
    public var strikethrough: LineStyle?
    /// Strikethrough colour (nil: the text colour).
    public var strikethroughColor: RGBAColor?
    /// Extra space between characters in points (kerning / CSS `letter-spacing`).
    public var letterSpacing: Double?
    /// Extra space between words in points (CSS `word-spacing`).
    public var wordSpacing: Double?
    /// Baseline shift in points, positive up (sup / sub / `vertical-align`).
    public var baselineOffset: Double?
    /// Case transform applied to the text.
    public var textTransform: TextTransform?
    /// The link destination the text belongs to.
    public var link: String?
    /// The rarely set fields, in one heap box (nil when all are unset), so a style stays
    /// small to copy: the walk copies styles per element and per run.
    var boxed: TextStyleExtras.Box?

    /// The boxed fields (all nil when there is no box).
    var extras: TextStyleExtras {
        get {
            if case .box(let e)? = boxed { return e }
            return TextStyleExtras()
        }
        set { boxed = newValue == TextStyleExtras() ? nil : .box(newValue) }
    }

    /// The embedded direction of an inline element (`dir=` or `direction` on a span); the
    /// paragraph's own direction is `ParagraphStyle.writingDirection`.
    public var writingDirection: WritingDirection? {
        get { extras.writingDirection }
        set { extras.writingDirection = newValue }
    }
    /// A shadow under the text (`text-shadow`; the first of several).
    public var shadow: TextShadow? {
        get { extras.shadow }
        set { extras.shadow = newValue }
    }
    /// Outline colour (`-webkit-text-stroke-color`); nil: the text colour.
    public var strokeColor: RGBAColor? {
        get { extras.strokeColor }
        set { extras.strokeColor = newValue }
    }
    /// Outline width in points (`-webkit-text-stroke-width`). Apple's `NSStrokeWidth` is a
    /// percentage of the font size, negative to fill and stroke: the adapter converts.
    public var strokeWidth: Double? {
        get { extras.strokeWidth }
        set { extras.strokeWidth = newValue }
    }
    /// Which ligatures to use (`font-variant-ligatures`).
    public var ligatures: Ligatures? {
        get { extras.ligatures }
        set { extras.ligatures = newValue }
    }
    /// Horizontal stretch as the natural log of the factor (`font-stretch`; Apple's
    /// `NSExpansion`): 0 is normal, `condensed` (75%) is -0.29.
    public var expansion: Double? {
        get { extras.expansion }
        set { extras.expansion = newValue }
    }
    /// Slant as the tangent of the angle (`font-style: oblique 14deg`; Apple's
    /// `NSObliqueness`): 0.25.
    public var obliqueness: Double? {
        get { extras.obliqueness }
        set { extras.obliqueness = newValue }
    }
    /// What a tap on the text routes to (links, mentions, hashtags, URLs, custom roles). A
    /// `link` implies `TapTarget(role: .link, value: link)` unless another target is set.
    public var tap: TapTarget? {
        get { extras.tap ?? link.map { TapTarget(role: .link, value: $0) } }
        set {
            extras.tap =
                newValue == nil || newValue?.role == .link && newValue?.value == link
                ? nil : newValue
        }
    }
    /// Attributes mconv does not model, by key, for the platform layer to pass on
    /// (`-mconv-attribute: AppAccent red` in a stylesheet rule).
    public var customAttributes: [String: String]? {
        get { extras.customAttributes }
        set { extras.customAttributes = newValue }
    }
    /// The advisory text of the element the run is in (HTML's `title`: a tooltip, an
    /// abbreviation's expansion, a link's title). It inherits as in HTML, from the nearest
    /// element that has one; an element's empty `title` leaves its text without one. Apple's
    /// `NSToolTip` (AppKit shows it on hover; other platforms ignore the key).
    ///
    /// ```swift
    /// let doc = try HTMLReader().read(#"<abbr title="HyperText Markup Language">HTML</abbr>"#).document
    /// StyledText(doc).runs[0].style.toolTip  // "HyperText Markup Language"
    /// ```
    public var toolTip: String? {
        get { extras.toolTip }
        set { extras.toolTip = newValue }
    }

    /// Creates a style; every field defaults to `nil` (inherit).
    public init(
        fontFamily: [String]? = nil, fontSize: Double? = nil, fontWeight: Int? = nil,
        italic: Bool? = nil, monospace: Bool? = nil, foreground: RGBAColor? = nil,
        background: RGBAColor? = nil, underline: LineStyle? = nil,
        underlineColor: RGBAColor? = nil, strikethrough: LineStyle? = nil,
        strikethroughColor: RGBAColor? = nil, letterSpacing: Double? = nil,
        wordSpacing: Double? = nil, baselineOffset: Double? = nil,
        textTransform: TextTransform? = nil, link: String? = nil, shadow: TextShadow? = nil,
        strokeColor: RGBAColor? = nil, strokeWidth: Double? = nil, ligatures: Ligatures? = nil,
        expansion: Double? = nil, obliqueness: Double? = nil,
        writingDirection: WritingDirection? = nil, tap: TapTarget? = nil,
        customAttributes: [String: String]? = nil, toolTip: String? = nil
    ) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.italic = italic
        self.monospace = monospace
        self.foreground = foreground
        self.background = background
        self.underline = underline
        self.underlineColor = underlineColor
        self.strikethrough = strikethrough
        self.strikethroughColor = strikethroughColor
        self.letterSpacing = letterSpacing
        self.wordSpacing = wordSpacing
        self.baselineOffset = baselineOffset
        self.textTransform = textTransform
        self.link = link
        let stored = tap?.role == .link && tap?.value == link ? nil : tap
        let e = TextStyleExtras(
            shadow: shadow, strokeColor: strokeColor, strokeWidth: strokeWidth,
            ligatures: ligatures, expansion: expansion, obliqueness: obliqueness,
            writingDirection: writingDirection, tap: stored, customAttributes: customAttributes,
            toolTip: toolTip)
        self.boxed = e == TextStyleExtras() ? nil : .box(e)
    }

    /// This style with every unset field taken from `parent`.
    ///
    /// ```swift
    /// TextStyle(italic: true).inheriting(from: TextStyle(fontSize: 16)) // italic, 16pt
    /// ```
    public func inheriting(from parent: TextStyle) -> TextStyle {
        var s = self
        s.fontFamily = fontFamily ?? parent.fontFamily
        s.fontSize = fontSize ?? parent.fontSize
        s.fontWeight = fontWeight ?? parent.fontWeight
        s.italic = italic ?? parent.italic
        s.monospace = monospace ?? parent.monospace
        s.foreground = foreground ?? parent.foreground
        s.background = background ?? parent.background
        s.underline = underline ?? parent.underline
        s.underlineColor = underlineColor ?? parent.underlineColor
        s.strikethrough = strikethrough ?? parent.strikethrough
        s.strikethroughColor = strikethroughColor ?? parent.strikethroughColor
        s.letterSpacing = letterSpacing ?? parent.letterSpacing
        s.wordSpacing = wordSpacing ?? parent.wordSpacing
        s.baselineOffset = baselineOffset ?? parent.baselineOffset
        s.textTransform = textTransform ?? parent.textTransform
        s.link = link ?? parent.link
        if boxed == nil && parent.boxed == nil { return s }
        let own = extras
        let inherited = parent.extras
        var e = TextStyleExtras(
            shadow: own.shadow ?? inherited.shadow,
            strokeColor: own.strokeColor ?? inherited.strokeColor,
            strokeWidth: own.strokeWidth ?? inherited.strokeWidth,
            ligatures: own.ligatures ?? inherited.ligatures,
            expansion: own.expansion ?? inherited.expansion,
            obliqueness: own.obliqueness ?? inherited.obliqueness,
            writingDirection: own.writingDirection ?? inherited.writingDirection,
            tap: own.tap ?? (link == nil ? inherited.tap : nil),
            customAttributes: own.customAttributes ?? inherited.customAttributes,
            toolTip: own.toolTip ?? inherited.toolTip)
        if let mine = own.customAttributes, let theirs = inherited.customAttributes {
            e.customAttributes = theirs.merging(mine) { $1 }
        }
        s.extras = e
        return s
    }

    /// Whether every field is unset.
    public var isEmpty: Bool { self == TextStyle() }

    /// Whether the resolved weight is bold (600 or more).
    public var isBold: Bool { (fontWeight ?? 400) >= 600 }
}

/// A decoration line style (underline, strikethrough).
public enum LineStyle: String, Hashable, Sendable, Codable, CaseIterable {
    /// No line (cancels an inherited one).
    case none
    /// One solid line.
    case single
    /// Two lines.
    case double
    /// Dotted.
    case dotted
    /// Dashed.
    case dashed
    /// Wavy.
    case wavy
}

/// A case transform (`text-transform`).
public enum TextTransform: String, Hashable, Sendable, Codable, CaseIterable {
    /// No transform (cancels an inherited one).
    case none
    /// UPPER CASE.
    case uppercase
    /// lower case.
    case lowercase
    /// First Letter Of Each Word.
    case capitalize
}

/// Which ligatures to draw (`font-variant-ligatures`; Apple's `NSLigature` 0, 1, 2).
public enum Ligatures: String, Hashable, Sendable, Codable, CaseIterable {
    /// No ligatures (`none`, `no-common-ligatures`).
    case none
    /// The font's standard ligatures (`normal`, `common-ligatures`).
    case standard
    /// Discretionary ones too (`discretionary-ligatures`).
    case all
}

/// The rarely set fields of a `TextStyle`, kept out of line (`TextStyle.boxed`).
struct TextStyleExtras: Hashable, Sendable, Codable {
    var shadow: TextShadow?
    var strokeColor: RGBAColor?
    var strokeWidth: Double?
    var ligatures: Ligatures?
    var expansion: Double?
    var obliqueness: Double?
    var writingDirection: WritingDirection?
    /// A tap target other than the one a link implies.
    var tap: TapTarget?
    var customAttributes: [String: String]?
    var toolTip: String?

    /// One heap box: a style without these fields holds nil, a style with them a reference.
    indirect enum Box: Hashable, Sendable, Codable {
        case box(TextStyleExtras)
    }
}
