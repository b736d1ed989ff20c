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
    /// are `StyledFont`, `RGBAColor`, `ParagraphStyle` and `TextAttachment`, stored in
    /// `StyledValueBox` objects they bridge to (cast with `as? StyledFont` as usual; the box
    /// keeps swift-corelibs-foundation from halting when it compares attribute values).
    ///
    /// ```swift
    /// let label = StyledText(doc).attributedString()
    /// label.attribute(.mconvFont, at: 0, effectiveRange: nil) as? StyledFont // or UIFont
    /// ```
    public func attributedString() -> NSAttributedString {
        // Foundation's cost is per call (each bridges its dictionary and compares it with its
        // neighbours' in the run array), so the work here is to make few, cheap calls:
        // 1. split the runs at paragraph ends into pieces, each with one dictionary id (a
        //    distinct run style x paragraph style pair; an attachment has its own), whose
        //    values are objects made once per dictionary;
        // 2. append one attributed string per maximal stretch of equal dictionary ids.
        var dictionaries: [[NSAttributedString.Key: Any]] = []
        var pieceStarts: [Int] = []
        var pieceKinds: [Int] = []
        pieceStarts.reserveCapacity(runs.count + paragraphs.count)
        pieceKinds.reserveCapacity(runs.count + paragraphs.count)
        // Style and paragraph style ids, then dictionary ids per (style, paragraph) pair.
        var styleIDs: [TextStyle: Int] = [:]
        var styleAttributes: [[NSAttributedString.Key: Any]] = []
        var paragraphIDs: [ParagraphStyle: Int] = [:]
        var paragraphValues: [Any] = []
        var paragraphOf: [Int] = []  // per paragraph: index into paragraphValues, -1 for none
        paragraphOf.reserveCapacity(paragraphs.count)
        for p in paragraphs {
            if p.style.isEmpty {
                paragraphOf.append(-1)
            } else if let id = paragraphIDs[p.style] {
                paragraphOf.append(id)
            } else {
                paragraphIDs[p.style] = paragraphValues.count
                paragraphOf.append(paragraphValues.count)
                paragraphValues.append(StyledText.paragraphObject(p.style))
            }
        }
        var pairIDs: [Int: Int] = [:]
        var paragraphIndex = 0
        for run in runs {
            let styleID: Int
            if let id = styleIDs[run.style] {
                styleID = id
            } else {
                styleID = styleAttributes.count
                styleIDs[run.style] = styleID
                styleAttributes.append(StyledText.objectAttributes(for: run.style))
            }
            var lo = run.range.lowerBound
            while lo < run.range.upperBound {
                while paragraphIndex + 1 < paragraphs.count,
                    paragraphs[paragraphIndex].range.upperBound < lo
                {
                    paragraphIndex += 1
                }
                var hi = run.range.upperBound
                var paragraphID = -1
                if paragraphIndex < paragraphs.count {
                    hi = min(hi, paragraphs[paragraphIndex].range.upperBound + 1)
                    paragraphID = paragraphOf[paragraphIndex]
                }
                if hi <= lo { hi = run.range.upperBound }
                let kind: Int
                if let a = run.attachment {
                    var attributes = styleAttributes[styleID]
                    #if canImport(ObjectiveC)
                        attributes[.mconvAttachment] = PlatformAttributes.attachment(a)
                        attributes[.mconvAttachmentInfo] = a
                    #else
                        let box = StyledValueBox(a)
                        attributes[.mconvAttachment] = box
                        attributes[.mconvAttachmentInfo] = box
                    #endif
                    if a.kind == .rule { attributes[.mconvRule] = NSNumber(value: true) }
                    if paragraphID >= 0 {
                        attributes[.mconvParagraphStyle] = paragraphValues[paragraphID]
                    }
                    kind = dictionaries.count
                    dictionaries.append(attributes)
                } else {
                    let pair = styleID &* (paragraphValues.count + 1) &+ (paragraphID + 1)
                    if let id = pairIDs[pair] {
                        kind = id
                    } else {
                        var attributes = styleAttributes[styleID]
                        if paragraphID >= 0 {
                            attributes[.mconvParagraphStyle] = paragraphValues[paragraphID]
                        }
                        kind = dictionaries.count
                        pairIDs[pair] = kind
                        dictionaries.append(attributes)
                    }
                }
                if pieceKinds.last != kind {
                    pieceStarts.append(lo)
                    pieceKinds.append(kind)
                }
                lo = hi
            }
        }
        guard !dictionaries.isEmpty else { return NSMutableAttributedString(string: string) }
        // Appending whole attributed pieces lets Foundation compare its own dictionaries
        // when it coalesces runs; `setAttributes` compares a freshly bridged dictionary with
        // its neighbours through the much slower Swift `NSDictionary.isEqual`.
        let result = NSMutableAttributedString(string: "")
        result.beginEditing()
        let utf16 = string.utf16
        var index = utf16.startIndex
        let end = utf16Count
        for i in pieceKinds.indices {
            let lo = pieceStarts[i]
            let hi = i + 1 < pieceStarts.count ? pieceStarts[i + 1] : end
            let next = utf16.index(index, offsetBy: hi - lo)
            result.append(
                NSAttributedString(
                    string: String(string[index..<next]), attributes: dictionaries[pieceKinds[i]]))
            index = next
        }
        result.endEditing()
        return result
    }

    /// `attributes(for:)` with every value already an object (on Linux a `StyledValueBox`,
    /// an `NSNumber` or an `NSURL`), so Foundation does not convert the values again in
    /// every call that uses the dictionary.
    static func objectAttributes(for style: TextStyle) -> [NSAttributedString.Key: Any] {
        #if canImport(ObjectiveC)
            return attributes(for: style)
        #else
            var d: [NSAttributedString.Key: Any] = [:]
            d[.mconvFont] = StyledValueBox(StyledFont(style))
            if let c = style.foreground { d[.mconvForegroundColor] = StyledValueBox(c) }
            if let c = style.background { d[.mconvBackgroundColor] = StyledValueBox(c) }
            if let u = style.underline, u != .none {
                d[.mconvUnderline] = NSNumber(value: PlatformAttributes.lineStyle(u))
                if let c = style.underlineColor { d[.mconvUnderlineColor] = StyledValueBox(c) }
            }
            if let u = style.strikethrough, u != .none {
                d[.mconvStrikethrough] = NSNumber(value: PlatformAttributes.lineStyle(u))
                if let c = style.strikethroughColor {
                    d[.mconvStrikethroughColor] = StyledValueBox(c)
                }
            }
            if let k = style.letterSpacing, k != 0 { d[.mconvKern] = NSNumber(value: k) }
            if let w = style.wordSpacing, w != 0 { d[.mconvWordSpacing] = NSNumber(value: w) }
            if let b = style.baselineOffset, b != 0 { d[.mconvBaselineOffset] = NSNumber(value: b) }
            if let link = style.link {
                d[.mconvLink] = linkObject(link)
            }
            return d
        #endif
    }

    /// The `NSLink` value for a destination: an `NSURL` when `URL(string:)` accepts it, else
    /// the string. The `NSURL` is made from the URL's bytes: `NSURL(string:)` (and bridging
    /// a `URL`) reads the string through CoreFoundation one character at a time, about
    /// 15 times slower on Linux.
    static func linkObject(_ link: String) -> Any {
        guard let url = URL(string: link) else { return NSString(string: link) }
        return NSURL(dataRepresentation: Data(url.absoluteString.utf8), relativeTo: nil)
    }

    /// The paragraph style value as an object.
    static func paragraphObject(_ p: ParagraphStyle) -> Any {
        #if canImport(ObjectiveC)
            return PlatformAttributes.paragraphStyle(p)
        #else
            return StyledValueBox(p)
        #endif
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
