import Foundation
import MarkupAST

extension NSAttributedString.Key {
    /// `NSFont`: a `UIFont`/`NSFont` on Apple platforms, a `StyledFont` on Linux.
    public static let mconvFont = NSAttributedString.Key(rawValue: "NSFont")
    /// `NSColor`: a `UIColor`/`NSColor` on Apple platforms, an `RGBAColor` on Linux.
    public static let mconvForegroundColor = NSAttributedString.Key(rawValue: "NSColor")
    /// `NSBackgroundColor`.
    public static let mconvBackgroundColor = NSAttributedString.Key(rawValue: "NSBackgroundColor")
    /// `NSLink`: a `URL` (a `String` when the destination does not parse as one).
    public static let mconvLink = NSAttributedString.Key(rawValue: "NSLink")
    /// `NSParagraphStyle`: an `NSParagraphStyle` on Apple platforms, a `ParagraphStyle` on Linux.
    public static let mconvParagraphStyle = NSAttributedString.Key(rawValue: "NSParagraphStyle")
    /// `NSUnderline`: an `Int` with `NSUnderlineStyle` bits.
    public static let mconvUnderline = NSAttributedString.Key(rawValue: "NSUnderline")
    /// `NSUnderlineColor`.
    public static let mconvUnderlineColor = NSAttributedString.Key(rawValue: "NSUnderlineColor")
    /// `NSStrikethrough`: an `Int` with `NSUnderlineStyle` bits.
    public static let mconvStrikethrough = NSAttributedString.Key(rawValue: "NSStrikethrough")
    /// `NSStrikethroughColor`.
    public static let mconvStrikethroughColor = NSAttributedString.Key(
        rawValue: "NSStrikethroughColor")
    /// `NSKern`: a `Double` in points.
    public static let mconvKern = NSAttributedString.Key(rawValue: "NSKern")
    /// `NSBaselineOffset`: a `Double` in points.
    public static let mconvBaselineOffset = NSAttributedString.Key(rawValue: "NSBaselineOffset")
    /// `NSAttachment`: an `NSTextAttachment` on Apple platforms, a `TextAttachment` on Linux.
    public static let mconvAttachment = NSAttributedString.Key(rawValue: "NSAttachment")
    /// `MConvAttachment`: the neutral `TextAttachment` (URL, alt, size) on every platform,
    /// so the app can load the image.
    public static let mconvAttachmentInfo = NSAttributedString.Key(rawValue: "MConvAttachment")
    /// `MConvWordSpacing`: a `Double` in points (no standard key exists).
    public static let mconvWordSpacing = NSAttributedString.Key(rawValue: "MConvWordSpacing")
    /// `MConvRule`: `true` on the U+FFFC of an `<hr>` paragraph.
    public static let mconvRule = NSAttributedString.Key(rawValue: "MConvRule")
}

extension StyledText {
    /// An `NSAttributedString` with the standard key names.
    ///
    /// On Apple platforms the values are `UIFont`/`NSFont`, `UIColor`/`NSColor`,
    /// `NSParagraphStyle` and `NSTextAttachment` (see `PlatformAttributes`); on Linux they
    /// are `StyledFont`, `RGBAColor`, `ParagraphStyle` and `TextAttachment`.
    ///
    /// ```swift
    /// let label = StyledText(doc).attributedString()
    /// label.attribute(.mconvFont, at: 0, effectiveRange: nil) // StyledFont / UIFont
    /// ```
    public func attributedString() -> NSAttributedString {
        let result = NSMutableAttributedString(string: string)
        var cache: [TextStyle: [NSAttributedString.Key: Any]] = [:]
        var paragraphValues: [Any?] = []
        paragraphValues.reserveCapacity(paragraphs.count)
        for p in paragraphs {
            paragraphValues.append(
                p.style.isEmpty ? nil : PlatformAttributes.paragraphStyle(p.style))
        }
        var paragraphIndex = 0
        result.beginEditing()
        // One setAttributes per piece of a run inside one paragraph (its "\n" included), with
        // the paragraph style in the same dictionary: no attribute merging by Foundation.
        for run in runs {
            var attributes: [NSAttributedString.Key: Any]
            if let cached = cache[run.style] {
                attributes = cached
            } else {
                // Values stay Swift values: swift-corelibs-foundation halts in
                // CFBasicHashesAreEqual when pre-boxed objects are shared between calls.
                attributes = StyledText.attributes(for: run.style)
                cache[run.style] = attributes
            }
            if let a = run.attachment {
                attributes[.mconvAttachment] = PlatformAttributes.attachment(a)
                attributes[.mconvAttachmentInfo] = a
                if a.kind == .rule { attributes[.mconvRule] = true }
            }
            var lo = run.range.lowerBound
            while lo < run.range.upperBound {
                while paragraphIndex + 1 < paragraphs.count,
                    paragraphs[paragraphIndex].range.upperBound < lo
                {
                    paragraphIndex += 1
                }
                var hi = run.range.upperBound
                var pieceAttributes = attributes
                if paragraphIndex < paragraphs.count {
                    hi = min(hi, paragraphs[paragraphIndex].range.upperBound + 1)
                    if let v = paragraphValues[paragraphIndex] {
                        pieceAttributes[.mconvParagraphStyle] = v
                    }
                }
                if hi <= lo { hi = run.range.upperBound }
                result.setAttributes(pieceAttributes, range: NSRange(location: lo, length: hi - lo))
                lo = hi
            }
        }
        result.endEditing()
        return result
    }

    /// The attribute dictionary of one resolved style.
    public static func attributes(for style: TextStyle) -> [NSAttributedString.Key: Any] {
        var d: [NSAttributedString.Key: Any] = [:]
        d[.mconvFont] = PlatformAttributes.font(StyledFont(style))
        if let c = style.foreground { d[.mconvForegroundColor] = PlatformAttributes.color(c) }
        if let c = style.background { d[.mconvBackgroundColor] = PlatformAttributes.color(c) }
        if let u = style.underline, u != .none {
            d[.mconvUnderline] = PlatformAttributes.lineStyle(u)
            if let c = style.underlineColor {
                d[.mconvUnderlineColor] = PlatformAttributes.color(c)
            }
        }
        if let u = style.strikethrough, u != .none {
            d[.mconvStrikethrough] = PlatformAttributes.lineStyle(u)
            if let c = style.strikethroughColor {
                d[.mconvStrikethroughColor] = PlatformAttributes.color(c)
            }
        }
        if let k = style.letterSpacing, k != 0 { d[.mconvKern] = k }
        if let w = style.wordSpacing, w != 0 { d[.mconvWordSpacing] = w }
        if let b = style.baselineOffset, b != 0 { d[.mconvBaselineOffset] = b }
        if let link = style.link {
            d[.mconvLink] = URL(string: link).map { $0 as Any } ?? link
        }
        return d
    }

    /// The attributes a `UITextView` should use for links (`linkTextAttributes`): the
    /// stylesheet's link colour and underline, so the view does not repaint links blue.
    public static func linkTextAttributes(
        for stylesheet: Stylesheet = .standard
    ) -> [NSAttributedString.Key: Any] {
        let doc = Document([.paragraph([.link([.text("x")], Link("x"), .none)], .none)])
        let styled = StyledText(doc, stylesheet: stylesheet)
        guard let run = styled.runs.first(where: { $0.style.link != nil }) else { return [:] }
        var d: [NSAttributedString.Key: Any] = [:]
        if let c = run.style.foreground { d[.mconvForegroundColor] = PlatformAttributes.color(c) }
        if let u = run.style.underline, u != .none {
            d[.mconvUnderline] = PlatformAttributes.lineStyle(u)
        } else {
            d[.mconvUnderline] = 0
        }
        return d
    }
}
