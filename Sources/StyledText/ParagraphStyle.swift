/// Paragraph-level style: every field optional, `nil` meaning "inherit" or "platform default".
///
/// Indents and spacing are in points. `tailIndent` is a positive inset from the trailing
/// edge (Apple's `NSParagraphStyle.tailIndent` takes it negated; the adapter does that).
///
/// ```swift
/// ParagraphStyle(alignment: .center, spacingAfter: 16)
/// ```
public struct ParagraphStyle: Hashable, Sendable, Codable {
    // Stored compactly (72 bytes): the seven lengths as plain Doubles (0 when unset) and a
    // bit per length that is set, instead of seven `Double?` of 16 bytes each (136 bytes).
    // Every `StyledParagraph` holds one: the paragraphs of a 500 KB page took 580 KB.
    // Unset lengths are always 0, so the synthesized `==` and `hash(into:)` compare what the
    // optionals would.

    /// Horizontal alignment.
    public var alignment: TextAlignment?
    /// Writing direction (`direction`, `dir=`).
    public var writingDirection: WritingDirection?
    /// Automatic hyphenation (`hyphens: auto` true, `manual`/`none` false; Apple's
    /// `hyphenationFactor` 1 or 0).
    public var hyphenation: Bool?
    /// How lines break or truncate (`white-space`, `text-overflow`).
    public var lineBreak: LineBreakMode?
    /// Bit k set: the k-th length (in the order of the accessors below) is set.
    private var setLengths: UInt8 = 0
    private var storedLineHeight: Double = 0
    private var storedLineHeightMultiple: Double = 0
    private var storedSpacingBefore: Double = 0
    private var storedSpacingAfter: Double = 0
    private var storedHeadIndent: Double = 0
    private var storedFirstLineHeadIndent: Double = 0
    private var storedTailIndent: Double = 0
    /// Tab stops, in increasing order (table rows: one per column after the first, right or
    /// centre for right- or centre-aligned cells).
    public var tabStops: [TabStop]?

    /// Fixed line height in points (`line-height: 24px`).
    public var lineHeight: Double? {
        get { Self.length(storedLineHeight, bit: 1, of: setLengths) }
        set { (storedLineHeight, setLengths) = Self.storing(newValue, bit: 1, in: setLengths) }
    }
    /// Line height as a multiple of the font size (`line-height: 1.5`).
    public var lineHeightMultiple: Double? {
        get { Self.length(storedLineHeightMultiple, bit: 2, of: setLengths) }
        set {
            (storedLineHeightMultiple, setLengths) = Self.storing(newValue, bit: 2, in: setLengths)
        }
    }
    /// Space before the paragraph.
    public var spacingBefore: Double? {
        get { Self.length(storedSpacingBefore, bit: 4, of: setLengths) }
        set { (storedSpacingBefore, setLengths) = Self.storing(newValue, bit: 4, in: setLengths) }
    }
    /// Space after the paragraph (collapsed with the next one's top margin, as browsers do).
    public var spacingAfter: Double? {
        get { Self.length(storedSpacingAfter, bit: 8, of: setLengths) }
        set { (storedSpacingAfter, setLengths) = Self.storing(newValue, bit: 8, in: setLengths) }
    }
    /// Indent of every line but the first.
    public var headIndent: Double? {
        get { Self.length(storedHeadIndent, bit: 16, of: setLengths) }
        set { (storedHeadIndent, setLengths) = Self.storing(newValue, bit: 16, in: setLengths) }
    }
    /// Indent of the first line.
    public var firstLineHeadIndent: Double? {
        get { Self.length(storedFirstLineHeadIndent, bit: 32, of: setLengths) }
        set {
            (storedFirstLineHeadIndent, setLengths) = Self.storing(
                newValue, bit: 32, in: setLengths)
        }
    }
    /// Inset from the trailing edge.
    public var tailIndent: Double? {
        get { Self.length(storedTailIndent, bit: 64, of: setLengths) }
        set { (storedTailIndent, setLengths) = Self.storing(newValue, bit: 64, in: setLengths) }
    }

    /// A stored length: `value` when `bit` is set in `mask`, else nil.
    @inline(__always)
    private static func length(_ value: Double, bit: UInt8, of mask: UInt8) -> Double? {
        mask & bit != 0 ? value : nil
    }

    /// What to store for `value` (0 when nil) and the mask with `bit` set or cleared.
    @inline(__always)
    private static func storing(_ value: Double?, bit: UInt8, in mask: UInt8) -> (Double, UInt8) {
        guard let value else { return (0, mask & ~bit) }
        return (value, mask | bit)
    }

    /// Creates a paragraph style; every field defaults to `nil`.
    public init(
        alignment: TextAlignment? = nil, lineHeight: Double? = nil,
        lineHeightMultiple: Double? = nil, spacingBefore: Double? = nil,
        spacingAfter: Double? = nil, headIndent: Double? = nil,
        firstLineHeadIndent: Double? = nil, tailIndent: Double? = nil,
        tabStops: [TabStop]? = nil, writingDirection: WritingDirection? = nil,
        hyphenation: Bool? = nil, lineBreak: LineBreakMode? = nil
    ) {
        self.alignment = alignment
        self.lineHeight = lineHeight
        self.lineHeightMultiple = lineHeightMultiple
        self.spacingBefore = spacingBefore
        self.spacingAfter = spacingAfter
        self.headIndent = headIndent
        self.firstLineHeadIndent = firstLineHeadIndent
        self.tailIndent = tailIndent
        self.tabStops = tabStops
        self.writingDirection = writingDirection
        self.hyphenation = hyphenation
        self.lineBreak = lineBreak
    }

    /// This style with every unset field taken from `parent`.
    public func inheriting(from parent: ParagraphStyle) -> ParagraphStyle {
        var s = self
        s.alignment = alignment ?? parent.alignment
        s.lineHeight = lineHeight ?? parent.lineHeight
        s.lineHeightMultiple = lineHeightMultiple ?? parent.lineHeightMultiple
        s.spacingBefore = spacingBefore ?? parent.spacingBefore
        s.spacingAfter = spacingAfter ?? parent.spacingAfter
        s.headIndent = headIndent ?? parent.headIndent
        s.firstLineHeadIndent = firstLineHeadIndent ?? parent.firstLineHeadIndent
        s.tailIndent = tailIndent ?? parent.tailIndent
        s.tabStops = tabStops ?? parent.tabStops
        s.writingDirection = writingDirection ?? parent.writingDirection
        s.hyphenation = hyphenation ?? parent.hyphenation
        s.lineBreak = lineBreak ?? parent.lineBreak
        return s
    }

    /// Whether every field is unset.
    public var isEmpty: Bool { self == ParagraphStyle() }
}

extension ParagraphStyle {
    private enum CodingKeys: String, CodingKey {
        case alignment, lineHeight, lineHeightMultiple, spacingBefore, spacingAfter, headIndent
        case firstLineHeadIndent, tailIndent, tabStops, writingDirection, hyphenation, lineBreak
    }

    /// Decodes the keys a synthesized conformance of the `Double?` fields would read.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            alignment: try c.decodeIfPresent(TextAlignment.self, forKey: .alignment),
            lineHeight: try c.decodeIfPresent(Double.self, forKey: .lineHeight),
            lineHeightMultiple: try c.decodeIfPresent(Double.self, forKey: .lineHeightMultiple),
            spacingBefore: try c.decodeIfPresent(Double.self, forKey: .spacingBefore),
            spacingAfter: try c.decodeIfPresent(Double.self, forKey: .spacingAfter),
            headIndent: try c.decodeIfPresent(Double.self, forKey: .headIndent),
            firstLineHeadIndent: try c.decodeIfPresent(Double.self, forKey: .firstLineHeadIndent),
            tailIndent: try c.decodeIfPresent(Double.self, forKey: .tailIndent),
            tabStops: try c.decodeIfPresent([TabStop].self, forKey: .tabStops),
            writingDirection: try c.decodeIfPresent(
                WritingDirection.self, forKey: .writingDirection),
            hyphenation: try c.decodeIfPresent(Bool.self, forKey: .hyphenation),
            lineBreak: try c.decodeIfPresent(LineBreakMode.self, forKey: .lineBreak))
    }

    /// Encodes the set fields under their names.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(alignment, forKey: .alignment)
        try c.encodeIfPresent(lineHeight, forKey: .lineHeight)
        try c.encodeIfPresent(lineHeightMultiple, forKey: .lineHeightMultiple)
        try c.encodeIfPresent(spacingBefore, forKey: .spacingBefore)
        try c.encodeIfPresent(spacingAfter, forKey: .spacingAfter)
        try c.encodeIfPresent(headIndent, forKey: .headIndent)
        try c.encodeIfPresent(firstLineHeadIndent, forKey: .firstLineHeadIndent)
        try c.encodeIfPresent(tailIndent, forKey: .tailIndent)
        try c.encodeIfPresent(tabStops, forKey: .tabStops)
        try c.encodeIfPresent(writingDirection, forKey: .writingDirection)
        try c.encodeIfPresent(hyphenation, forKey: .hyphenation)
        try c.encodeIfPresent(lineBreak, forKey: .lineBreak)
    }
}

/// Horizontal text alignment.
public enum TextAlignment: String, Hashable, Sendable, Codable, CaseIterable {
    case left
    case right
    case center
    case justify
    /// Left in left-to-right text, right in right-to-left text.
    case natural
}

/// Base writing direction.
public enum WritingDirection: String, Hashable, Sendable, Codable, CaseIterable {
    case ltr
    case rtl
}

/// How a paragraph's lines break (Apple's `NSLineBreakMode`).
///
/// `white-space: nowrap` clips; `text-overflow: ellipsis` truncates the tail; `white-space:
/// normal` (or `pre-wrap`, `pre-line`, `break-spaces`) wraps at words.
public enum LineBreakMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Wrap at word boundaries.
    case wordWrap = "word-wrap"
    /// Wrap at any character.
    case charWrap = "char-wrap"
    /// One line, cut at the edge.
    case clip
    /// One line, "…" at the start.
    case truncateHead = "truncate-head"
    /// One line, "…" at the end.
    case truncateTail = "truncate-tail"
    /// One line, "…" in the middle.
    case truncateMiddle = "truncate-middle"
}
