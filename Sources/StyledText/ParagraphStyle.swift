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
    /// Tab stops, in increasing order (table rows: one per column after the first, right or
    /// centre for right- or centre-aligned cells).
    public var tabStops: [TabStop]?
    /// Writing direction (`direction`, `dir=`).
    public var writingDirection: WritingDirection?
    /// Automatic hyphenation (`hyphens: auto` true, `manual`/`none` false; Apple's
    /// `hyphenationFactor` 1 or 0).
    public var hyphenation: Bool?
    /// How lines break or truncate (`white-space`, `text-overflow`).
    public var lineBreak: LineBreakMode?

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
