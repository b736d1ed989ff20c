/// Every choice the Apple adapter makes, as plain values decided here (and tested on Linux):
/// which font family to look up, the system font's weight class, which symbolic traits to
/// add, the final paragraph style numbers and an attachment's bounds. `PlatformAttributes`
/// on Apple platforms only turns them into `UIFont`/`NSFont`, `NSParagraphStyle` and
/// `NSTextAttachment`.
///
/// ```swift
/// let plan = PlatformValues.font(StyledFont(family: ["Georgia", "serif"], weight: 700, italic: true))
/// plan.names          // ["Georgia"]
/// plan.boldTrait      // true (a font found by name keeps the weight as a trait)
/// plan.italicTrait    // true
/// ```
public enum PlatformValues {
    /// How to build a platform font.
    public struct Font: Hashable, Sendable {
        /// Family or PostScript names to try in order; the first installed one wins.
        public var names: [String]
        /// The size in points.
        public var size: Double
        /// The system font's weight, used when no name is installed.
        public var weight: FontWeightClass
        /// Whether the system font is the monospaced one.
        public var monospacedSystemFont: Bool
        /// Whether to add the bold trait to a font found by name (its weight otherwise).
        public var boldTrait: Bool
        /// Whether to add the italic trait, keeping the font's other traits (bold included).
        public var italicTrait: Bool
    }

    /// The generic CSS families: they ask for the system font (the monospace ones for the
    /// monospaced system font), never a font by name.
    static let genericFamilies: Set<String> = [
        "serif", "sans-serif", "system-ui", "-apple-system", "blinkmacsystemfont",
        "ui-sans-serif", "ui-serif", "ui-rounded", "cursive", "fantasy", "math",
        "monospace", "ui-monospace",
    ]

    /// The font plan for a font request.
    ///
    /// ```swift
    /// PlatformValues.font(StyledFont(family: ["ui-monospace"], size: 13)).monospacedSystemFont
    /// // true
    /// ```
    public static func font(_ font: StyledFont) -> Font {
        var names: [String] = []
        var monospaced = font.monospace
        for name in font.family {
            let lower = name.lowercased()
            if genericFamilies.contains(lower) {
                if lower == "monospace" || lower == "ui-monospace" { monospaced = true }
            } else if !name.isEmpty {
                names.append(name)
            }
        }
        let size = font.size.isFinite ? min(max(font.size, 1), 1000) : 16
        return Font(
            names: names, size: size, weight: FontWeightClass(font.weight),
            monospacedSystemFont: monospaced, boldTrait: font.weight >= 600,
            italicTrait: font.italic)
    }

    /// `NSParagraphStyle`'s numbers for a paragraph style: every property the adapter sets,
    /// 0 meaning the platform default.
    public struct Paragraph: Hashable, Sendable {
        /// Alignment (`natural` when unset).
        public var alignment: TextAlignment = .natural
        /// `minimumLineHeight` and `maximumLineHeight` (a fixed `line-height`).
        public var minimumLineHeight = 0.0
        public var maximumLineHeight = 0.0
        /// `lineHeightMultiple`.
        public var lineHeightMultiple = 0.0
        /// `paragraphSpacingBefore` and `paragraphSpacing` (after).
        public var paragraphSpacingBefore = 0.0
        public var paragraphSpacing = 0.0
        /// `headIndent` and `firstLineHeadIndent` (the head indent when unset).
        public var headIndent = 0.0
        public var firstLineHeadIndent = 0.0
        /// `tailIndent` in Apple's sign: negative, from the trailing edge.
        public var tailIndent = 0.0
        /// Tab stops: `NSTextTab(textAlignment:location:options:)` with each one's alignment
        /// (left, center or right) and location.
        public var tabStops: [Tab] = []
        /// `baseWritingDirection`'s raw value: -1 natural, 0 left-to-right, 1 right-to-left.
        public var baseWritingDirection = -1
        /// `hyphenationFactor`: 1 for `hyphens: auto`, else 0 (the default: none).
        public var hyphenationFactor = 0.0
        /// `lineBreakMode`'s raw value: 0 word wrap (the default), 1 char wrap, 2 clip,
        /// 3 truncate head, 4 truncate tail, 5 truncate middle.
        public var lineBreakMode = 0
    }

    /// An `NSTextTab`'s alignment and location.
    public struct Tab: Hashable, Sendable {
        /// `NSTextTab.alignment`: `.left`, `.center` or `.right` (absolute, whatever the
        /// writing direction).
        public var alignment: TextAlignment
        /// `NSTextTab.location`, in points.
        public var location: Double

        /// Creates a tab.
        public init(alignment: TextAlignment, location: Double) {
            self.alignment = alignment
            self.location = location
        }

        /// The tab for a model stop.
        ///
        /// ```swift
        /// PlatformValues.Tab(TabStop(120, alignment: .right)).alignment  // .right
        /// ```
        public init(_ stop: TabStop) {
            // The three tab alignments are text alignments of the same names.
            self.init(
                alignment: TextAlignment(rawValue: stop.alignment.rawValue)!,
                location: stop.location)
        }
    }

    /// The paragraph numbers for `style`.
    ///
    /// ```swift
    /// PlatformValues.paragraph(ParagraphStyle(lineHeight: 24, headIndent: 20, tailIndent: 8))
    /// // minimum = maximum line height 24, headIndent = firstLineHeadIndent 20, tailIndent -8
    /// ```
    public static func paragraph(_ style: ParagraphStyle) -> Paragraph {
        var p = Paragraph()
        p.alignment = style.alignment ?? .natural
        if let v = style.lineHeight {
            p.minimumLineHeight = v
            p.maximumLineHeight = v
        }
        p.lineHeightMultiple = style.lineHeightMultiple ?? 0
        p.paragraphSpacingBefore = style.spacingBefore ?? 0
        p.paragraphSpacing = style.spacingAfter ?? 0
        p.headIndent = style.headIndent ?? 0
        p.firstLineHeadIndent = style.firstLineHeadIndent ?? style.headIndent ?? 0
        p.tailIndent = -(style.tailIndent ?? 0)
        if let stops = style.tabStops { p.tabStops = stops.map(Tab.init) }
        if let d = style.writingDirection { p.baseWritingDirection = d == .rtl ? 1 : 0 }
        p.hyphenationFactor = style.hyphenation == true ? 1 : 0
        if let mode = style.lineBreak {
            p.lineBreakMode = LineBreakMode.allCases.firstIndex(of: mode) ?? 0
        }
        return p
    }

    /// An attachment's bounds in points (`NSTextAttachment.bounds`; `y` below 0 drops it
    /// under the baseline).
    public struct Bounds: Hashable, Sendable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        /// Creates bounds.
        public init(x: Double = 0, y: Double = 0, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// The bounds of an attachment: an image at `sizing.size(of:)`, a rule as wide as the
    /// line (`lineWidth`, when the layout says it) and `sizing.ruleThickness` high.
    ///
    /// ```swift
    /// PlatformValues.bounds(of: TextAttachment(kind: .rule, url: ""), lineWidth: 300)
    /// // Bounds(x: 0, y: 0, width: 300, height: 1)
    /// ```
    public static func bounds(
        of attachment: TextAttachment, lineWidth: Double? = nil, sizing: ImageSizing = .standard
    ) -> Bounds {
        if attachment.kind == .rule {
            let width = lineWidth.map { sizing.clamp($0) } ?? sizing.placeholderWidth
            return Bounds(width: width, height: sizing.ruleThickness)
        }
        let size = sizing.size(of: attachment)
        return Bounds(width: size.width, height: size.height)
    }

    /// The colour a rule is drawn in: its text colour, else mid grey.
    ///
    /// ```swift
    /// PlatformValues.ruleColor(TextStyle()) // #999999
    /// ```
    public static func ruleColor(_ style: TextStyle) -> RGBAColor {
        style.foreground ?? RGBAColor(hex: 0x99_9999)
    }
}

/// The nine weights of Apple's system font (`UIFont.Weight`), chosen from a CSS weight
/// 100-900 by the nearest hundred.
///
/// ```swift
/// FontWeightClass(600) // .semibold
/// ```
public enum FontWeightClass: Int, Hashable, Sendable, CaseIterable {
    case ultraLight = 100
    case thin = 200
    case light = 300
    case regular = 400
    case medium = 500
    case semibold = 600
    case bold = 700
    case heavy = 800
    case black = 900

    /// The class of CSS weight `weight` (below 150: ultra light; 850 and above: black).
    public init(_ weight: Int) {
        let hundred = min(max((weight + 50) / 100, 1), 9) * 100
        self = FontWeightClass(rawValue: hundred) ?? .regular
    }
}
