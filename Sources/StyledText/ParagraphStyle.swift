/// Paragraph-level style: every field optional, `nil` meaning "inherit" or "platform default".
///
/// Indents and spacing are in points. `tailIndent` is a positive inset from the trailing
/// edge (Apple's `NSParagraphStyle.tailIndent` takes it negated; the adapter does that).
///
/// ```swift
/// ParagraphStyle(alignment: .center, spacingAfter: 16)
/// ```
public struct ParagraphStyle: Hashable, Sendable, Codable {
    /// Horizontal alignment.
    public var alignment: TextAlignment?
    /// Fixed line height in points (`line-height: 24px`).
    public var lineHeight: Double?
    /// Line height as a multiple of the font size (`line-height: 1.5`).
    public var lineHeightMultiple: Double?
    /// Space before the paragraph.
    public var spacingBefore: Double?
    /// Space after the paragraph (collapsed with the next one's top margin, as browsers do).
    public var spacingAfter: Double?
    /// Indent of every line but the first.
    public var headIndent: Double?
    /// Indent of the first line.
    public var firstLineHeadIndent: Double?
    /// Inset from the trailing edge.
    public var tailIndent: Double?
    /// Left tab stop positions.
    public var tabStops: [Double]?
    /// Writing direction.
    public var writingDirection: WritingDirection?

    /// Creates a paragraph style; every field defaults to `nil`.
    public init(
        alignment: TextAlignment? = nil, lineHeight: Double? = nil,
        lineHeightMultiple: Double? = nil, spacingBefore: Double? = nil,
        spacingAfter: Double? = nil, headIndent: Double? = nil,
        firstLineHeadIndent: Double? = nil, tailIndent: Double? = nil,
        tabStops: [Double]? = nil, writingDirection: WritingDirection? = nil
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
        return s
    }

    /// Whether every field is unset.
    public var isEmpty: Bool { self == ParagraphStyle() }
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
