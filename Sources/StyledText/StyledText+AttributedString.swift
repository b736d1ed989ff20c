import Foundation

/// Attribute keys of the `mconv` scope for Foundation's `AttributedString`.
///
/// ```swift
/// let s = StyledText(doc).attributedStringValue()
/// for run in s.runs { run.mconvTextStyle?.fontWeight }
/// ```
extension AttributeScopes {
    /// The `mconv` attributes: the resolved style, font, colours, paragraph style,
    /// attachment and tap target, plus Foundation's `link`.
    public struct MConvAttributes: AttributeScope {
        /// The whole resolved `TextStyle`.
        public let mconvTextStyle: MConvTextStyleAttribute
        /// The font request.
        public let mconvFont: MConvFontAttribute
        /// Text colour.
        public let mconvForegroundColor: MConvForegroundColorAttribute
        /// Background colour.
        public let mconvBackgroundColor: MConvBackgroundColorAttribute
        /// Paragraph style.
        public let mconvParagraphStyle: MConvParagraphStyleAttribute
        /// Image or rule attachment.
        public let mconvAttachment: MConvAttachmentAttribute
        /// What a tap routes to (links, mentions, hashtags, URLs, custom roles).
        public let mconvTapTarget: MConvTapTargetAttribute
        /// Foundation's attributes (`link`).
        public let foundation: AttributeScopes.FoundationAttributes
    }

    /// The `mconv` scope, for `AttributedString(…, including: \.mconv)`.
    public var mconv: MConvAttributes.Type { MConvAttributes.self }
}

/// The resolved `TextStyle` of a run.
public enum MConvTextStyleAttribute: AttributedStringKey {
    public typealias Value = TextStyle
    public static let name = "MConvTextStyle"
}

/// The font a run asks for.
public enum MConvFontAttribute: AttributedStringKey {
    public typealias Value = StyledFont
    public static let name = "MConvFont"
}

/// A run's text colour.
public enum MConvForegroundColorAttribute: AttributedStringKey {
    public typealias Value = RGBAColor
    public static let name = "MConvForegroundColor"
}

/// A run's background colour.
public enum MConvBackgroundColorAttribute: AttributedStringKey {
    public typealias Value = RGBAColor
    public static let name = "MConvBackgroundColor"
}

/// The paragraph style of the paragraph a run belongs to.
public enum MConvParagraphStyleAttribute: AttributedStringKey {
    public typealias Value = ParagraphStyle
    public static let name = "MConvParagraphStyle"
}

/// The attachment a U+FFFC stands for.
public enum MConvAttachmentAttribute: AttributedStringKey {
    public typealias Value = TextAttachment
    public static let name = "MConvAttachment"
}

/// A run's tap target (role and value); the run's `link` is the link or the tap-scheme URL.
public enum MConvTapTargetAttribute: AttributedStringKey {
    public typealias Value = TapTarget
    public static let name = PlatformValues.tapTargetKey
}

extension AttributeDynamicLookup {
    /// Dynamic member access to the `mconv` keys: `run.mconvFont`.
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.MConvAttributes, T>
    ) -> T {
        self[T.self]
    }
}

extension StyledText {
    /// A Foundation `AttributedString` with the `mconv` scope's attributes (works on Linux).
    ///
    /// Paragraph styles are set on every run of the paragraph, including its newline.
    ///
    /// ```swift
    /// let doc = Document([.paragraph([.text("Hi")], .none)])
    /// let a = StyledText(doc).attributedStringValue()
    /// a.runs.first?.mconvFont?.weight // 400
    /// ```
    public func attributedStringValue() -> AttributedString {
        var result = AttributedString()
        let units = Array(string.utf16)
        var paragraphIndex = 0
        var containers: [TextStyle: AttributeContainer] = [:]
        for run in runs {
            var base: AttributeContainer
            if let c = containers[run.style] {
                base = c
            } else {
                base = AttributeContainer()
                base.mconvTextStyle = run.style
                base.mconvFont = StyledFont(run.style)
                if let c = run.style.foreground { base.mconvForegroundColor = c }
                if let c = run.style.background { base.mconvBackgroundColor = c }
                if let l = run.style.link, let url = URL(string: l) { base.link = url }
                if let t = run.style.tap { base.mconvTapTarget = t }
                containers[run.style] = base
            }
            if let a = run.attachment { base.mconvAttachment = a }
            // Each piece carries its paragraph's style.
            pieces(of: run, paragraph: &paragraphIndex) { range, paragraph in
                var container = base
                if let i = paragraph, !paragraphs[i].style.isEmpty {
                    container.mconvParagraphStyle = paragraphs[i].style
                }
                let piece = String(decoding: units[range], as: UTF16.self)
                result.append(AttributedString(piece, attributes: container))
            }
        }
        return result
    }
}
