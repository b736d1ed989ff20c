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
    /// `MConvTapTarget`: the run's `TapTarget` (role and value) on every tappable run; the
    /// run's `NSLink` is the link or the tap-scheme URL (`myapp://mention/ann`).
    public static let mconvTapTarget = NSAttributedString.Key(
        rawValue: PlatformValues.tapTargetKey)
    /// `NSShadow`: an `NSShadow` on Apple platforms, a `PlatformValues.Shadow` on Linux.
    public static let mconvShadow = NSAttributedString.Key(rawValue: "NSShadow")
    /// `NSStrokeWidth`: a `Double`, percent of the font size (negative: stroke and fill).
    public static let mconvStrokeWidth = NSAttributedString.Key(rawValue: "NSStrokeWidth")
    /// `NSStrokeColor`.
    public static let mconvStrokeColor = NSAttributedString.Key(rawValue: "NSStrokeColor")
    /// `NSLigature`: an `Int` (0 none, 1 standard, 2 all).
    public static let mconvLigature = NSAttributedString.Key(rawValue: "NSLigature")
    /// `NSExpansion`: a `Double`, the log of the horizontal stretch factor.
    public static let mconvExpansion = NSAttributedString.Key(rawValue: "NSExpansion")
    /// `NSObliqueness`: a `Double`, the skew (tangent of the slant angle).
    public static let mconvObliqueness = NSAttributedString.Key(rawValue: "NSObliqueness")
    /// `NSWritingDirection`: an array of one `Int` embedding (0 left-to-right, 1
    /// right-to-left).
    public static let mconvWritingDirection = NSAttributedString.Key(
        rawValue: "NSWritingDirection")
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
    /// let doc = Document([.paragraph([.text("Hi")], .none)])
    /// let label = StyledText(doc).attributedString()
    /// label.attribute(.mconvFont, at: 0, effectiveRange: nil) as? StyledFont // or UIFont
    /// ```
    public func attributedString() -> NSAttributedString {
        attributedString(swappingText: AttributedPrototypes.mutableStringKeepsRuns)
    }

    /// `attributedString()`, its text laid down as stand-ins and swapped in at the end
    /// through `mutableString` when `swappingText` (only right where that keeps the runs).
    func attributedString(swappingText: Bool) -> NSAttributedString {
        // Foundation's cost is per call and per dictionary it bridges (on Linux each bridged
        // key is hashed through Swift again when CoreFoundation copies and compares it), so:
        // 1. split the runs at paragraph ends into pieces, each with one dictionary id (a
        //    distinct run style x paragraph style pair; an attachment has its own);
        // 2. per maximal stretch of equal ids append a one-character attributed prototype
        //    from a cache shared by all calls (`AttributedPrototypes`), so a style seen
        //    before costs no bridging at all;
        // 3. insert the rest of the stretch after it (inserted characters take the
        //    attributes of the one before, so Foundation neither copies nor compares a
        //    dictionary). Where `mutableString` edits leave the runs alone
        //    (swift-corelibs-foundation) the prototype is a placeholder, the rest ASCII
        //    stand-ins, and the real text is swapped in at the end; elsewhere the prototype
        //    holds the stretch's first character (a placeholder replaced by the whole text
        //    when that is not ASCII).
        var keys: [AttributedPrototypes.Key] = []
        var pieceStarts: [Int] = []
        var pieceKinds: [Int] = []
        pieceStarts.reserveCapacity(runs.count + paragraphs.count)
        pieceKinds.reserveCapacity(runs.count + paragraphs.count)
        // Style and paragraph style ids (hashed once each, for the shared cache), then
        // prototype ids per (style, paragraph) pair.
        var styles = DistinctValues<TextStyle>()
        var paragraphStyles = DistinctValues<ParagraphStyle>()
        var paragraphOf: [Int] = []  // per paragraph: id in paragraphStyles, -1 for none
        paragraphOf.reserveCapacity(paragraphs.count)
        for p in paragraphs {
            paragraphOf.append(p.style.isEmpty ? -1 : paragraphStyles.id(of: p.style))
        }
        let cache = AttributedPrototypes.shared
        var pairIDs: [Int: Int] = [:]
        var paragraphIndex = 0
        for run in runs {
            let styleID = styles.id(of: run.style)
            pieces(of: run, paragraph: &paragraphIndex) { range, paragraph in
                let paragraphID = paragraph.map { paragraphOf[$0] } ?? -1
                let pair = styleID &* (paragraphStyles.values.count + 1) &+ (paragraphID + 1)
                let kind: Int
                if run.attachment == nil, let id = pairIDs[pair] {
                    kind = id
                } else {
                    kind = keys.count
                    if run.attachment == nil { pairIDs[pair] = kind }
                    var hasher = Hasher()
                    hasher.combine(styles.hash(of: styleID))
                    hasher.combine(paragraphID >= 0 ? paragraphStyles.hash(of: paragraphID) : 0)
                    hasher.combine(run.attachment)
                    keys.append(
                        AttributedPrototypes.Key(
                            style: styles.values[styleID],
                            paragraph: paragraphID >= 0 ? paragraphStyles.values[paragraphID] : nil,
                            attachment: run.attachment, hash: hasher.finalize()))
                }
                if pieceKinds.last != kind {
                    pieceStarts.append(range.lowerBound)
                    pieceKinds.append(kind)
                }
            }
        }
        guard !keys.isEmpty else { return NSMutableAttributedString(string: string) }
        // Appending whole attributed pieces lets Foundation copy and compare its own
        // dictionaries; `setAttributes` or `init(string:attributes:)` bridge a Swift
        // dictionary per call.
        let result = NSMutableAttributedString(string: "")
        result.beginEditing()
        // The prototypes of each kind, looked up once.
        var sets: [AttributedPrototypes.Set?] = Array(repeating: nil, count: keys.count)
        func prototypes(of kind: Int) -> AttributedPrototypes.Set {
            if let found = sets[kind] { return found }
            let set = cache.prototypes(keys[kind])
            sets[kind] = set
            return set
        }
        if swappingText, pieceStarts[0] == 0 {
            // swift-corelibs-foundation: each stretch laid down as its placeholder and ASCII
            // stand-ins (an ASCII Swift string maps UTF-16 offsets without a breadcrumb walk
            // after every edit), then the real text swapped in at once through
            // `mutableString`, which there leaves the attribute runs as they are.
            var written = 0
            for i in pieceKinds.indices {
                let lo = pieceStarts[i]
                let length = (i + 1 < pieceStarts.count ? pieceStarts[i + 1] : utf16Count) - lo
                let set = prototypes(of: pieceKinds[i])
                if length >= 1 && length <= AttributedPrototypes.standInLimit,
                    let prototype = set.standIn(length)
                {
                    // The whole stretch in one call.
                    result.append(prototype)
                    written += length
                    continue
                }
                result.append(set.placeholder)
                written += 1
                if length > 1 {
                    result.replaceCharacters(
                        in: NSRange(location: written, length: 0),
                        with: length <= AttributedPrototypes.standIns.count
                            ? AttributedPrototypes.standIns[length - 1]
                            : String(repeating: "x", count: length - 1))
                    written += length - 1
                }
            }
            // Runs made by hand may not cover the text in order: then the general way below.
            if result.length == utf16Count {
                result.mutableString.setString(string)
                result.endEditing()
                return result
            }
            result.deleteCharacters(in: NSRange(location: 0, length: result.length))
        }
        // Piece ends are found by walking the UTF-8 bytes (UTF-16 offsets into a non-ASCII
        // Swift string cost a breadcrumb walk each).
        var text = string
        text.withUTF8 { bytes in
            var byte = 0
            var written = 0  // UTF-16 length of the result so far
            for i in pieceKinds.indices {
                let requested =
                    (i + 1 < pieceStarts.count ? pieceStarts[i + 1] : utf16Count)
                    - pieceStarts[i]
                if requested <= 0 { continue }  // runs made by hand, out of order
                var units = requested
                let first = byte
                while units > 0 && byte < bytes.count {
                    let b = bytes[byte]
                    if b < 0x80 {
                        byte += 1
                        units -= 1
                    } else if b < 0xE0 {
                        byte += 2
                        units -= 1
                    } else if b < 0xF0 {
                        byte += 3
                        units -= 1
                    } else {
                        byte += 4
                        units -= 2
                    }
                }
                byte = min(byte, bytes.count)
                let leading = first < bytes.count && bytes[first] < 0x80 ? Int(bytes[first]) : 128
                let set = prototypes(of: pieceKinds[i])
                result.append(set.prototype(leading))
                if leading == 128 {
                    result.replaceCharacters(
                        in: NSRange(location: written, length: 1),
                        with: String(
                            decoding: UnsafeBufferPointer(rebasing: bytes[first..<byte]),
                            as: UTF8.self))
                } else if byte > first + 1 {
                    result.replaceCharacters(
                        in: NSRange(location: written + 1, length: 0),
                        with: String(
                            decoding: UnsafeBufferPointer(rebasing: bytes[(first + 1)..<byte]),
                            as: UTF8.self))
                }
                written += requested - units
            }
        }
        result.endEditing()
        return result
    }

    /// The attribute dictionary of one piece: the style's, the paragraph style's and an
    /// attachment's, every value an object.
    static func objectAttributes(
        for style: TextStyle, paragraph: ParagraphStyle?, attachment: TextAttachment?
    ) -> [NSAttributedString.Key: Any] {
        var attributes = objectAttributes(for: style)
        if let a = attachment {
            #if canImport(ObjectiveC)
                attributes[.mconvAttachment] = PlatformAttributes.attachment(
                    a, color: style.foreground)
                attributes[.mconvAttachmentInfo] = a
            #else
                let box = StyledValueBox(a)
                attributes[.mconvAttachment] = box
                attributes[.mconvAttachmentInfo] = box
            #endif
            if a.kind == .rule { attributes[.mconvRule] = NSNumber(value: true) }
        }
        if let p = paragraph { attributes[.mconvParagraphStyle] = paragraphObject(p) }
        return attributes
    }

    /// `attributes(for:)` with every value already an object (on Linux a `StyledValueBox`,
    /// an `NSNumber` or an `NSURL`), so Foundation does not convert the values again in
    /// every call that uses the dictionary.
    static func objectAttributes(for style: TextStyle) -> [NSAttributedString.Key: Any] {
        #if canImport(ObjectiveC)
            return attributes(for: style)
        #else
            return attributes(for: style, objects: true)
        #endif
    }

    #if !canImport(ObjectiveC)
        /// A run attribute value as the object Foundation stores (Linux).
        static func object(_ v: PlatformValues.RunValue) -> Any {
            switch v {
            case .number(let x): return NSNumber(value: x)
            case .integer(let x): return NSNumber(value: x)
            case .integers(let x): return NSArray(array: x.map { NSNumber(value: $0) })
            case .color(let c): return StyledValueBox(c)
            case .shadow(let s): return StyledValueBox(s)
            case .tap(let t): return StyledValueBox(t)
            case .string(let s): return NSString(string: s)
            }
        }
    #endif

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
        attributes(for: style, objects: false)
    }

    /// The attributes of `style`: platform values, or with `objects` (Linux only) the
    /// objects of `objectAttributes(for:)`.
    static func attributes(for style: TextStyle, objects: Bool) -> [NSAttributedString.Key: Any] {
        var d: [NSAttributedString.Key: Any] = [:]
        let font = StyledFont(style)
        #if canImport(ObjectiveC)
            let value = PlatformAttributes.value
            d[.mconvFont] = PlatformAttributes.font(font)
        #else
            let value = objects ? StyledText.object : PlatformAttributes.value
            d[.mconvFont] = objects ? StyledValueBox(font) : PlatformAttributes.font(font)
        #endif
        if let c = style.foreground { d[.mconvForegroundColor] = value(.color(c)) }
        if let c = style.background { d[.mconvBackgroundColor] = value(.color(c)) }
        if let u = style.underline, u != .none {
            d[.mconvUnderline] = value(.integer(PlatformAttributes.lineStyle(u)))
            if let c = style.underlineColor { d[.mconvUnderlineColor] = value(.color(c)) }
        }
        if let u = style.strikethrough, u != .none {
            d[.mconvStrikethrough] = value(.integer(PlatformAttributes.lineStyle(u)))
            if let c = style.strikethroughColor { d[.mconvStrikethroughColor] = value(.color(c)) }
        }
        if let k = style.letterSpacing, k != 0 { d[.mconvKern] = value(.number(k)) }
        if let w = style.wordSpacing, w != 0 { d[.mconvWordSpacing] = value(.number(w)) }
        if let b = style.baselineOffset, b != 0 { d[.mconvBaselineOffset] = value(.number(b)) }
        if let link = style.link {
            d[.mconvLink] = objects ? linkObject(link) : URL(string: link).map { $0 as Any } ?? link
        }
        for a in PlatformValues.runAttributes(style) {
            d[NSAttributedString.Key(rawValue: a.key)] = value(a.value)
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

/// Small attributed strings holding one attribute dictionary each, shared by every
/// `attributedString()` call: bridging a dictionary into Foundation costs far more than
/// appending an attributed string that already holds it, and documents use few styles.
/// Per distinct dictionary (`Key`): a placeholder `x`, then, as they are asked for, runs of
/// 1 to `standInLimit` stand-in `x`s (swift-corelibs-foundation) or one per leading ASCII
/// character (elsewhere).
///
/// The prototypes are immutable and only ever read (appended) after they are stored
/// (reading a one-run attributed string writes only its run array's lookup cache, always
/// with the same values); the locks guard the tables. The table is emptied when it holds
/// `limit` keys, so at most `limit` x (`standInLimit` + 2) prototypes are kept on Linux. On
/// Apple platforms an attachment's `NSTextAttachment` is a mutable object the app may fill
/// in, so pieces with attachments are never shared there.
final class AttributedPrototypes: @unchecked Sendable {
    /// What a piece's dictionary is made from.
    struct Key: Hashable {
        let style: TextStyle
        let paragraph: ParagraphStyle?
        let attachment: TextAttachment?
        /// The three values' hash, computed by the caller from hashes it keeps per value.
        let hash: Int

        static func == (a: Key, b: Key) -> Bool {
            a.hash == b.hash && a.style == b.style && a.paragraph == b.paragraph
                && a.attachment == b.attachment
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
    }

    /// The prototypes of one key: one per leading ASCII character, and a placeholder.
    final class Set: @unchecked Sendable {
        private let lock = NSLock()
        private var slots: [NSAttributedString?] = Array(repeating: nil, count: 129)
        /// The placeholder prototype (`x`).
        let placeholder: NSAttributedString

        /// A set whose placeholder is a copy of `bridged` made by Foundation (a dictionary
        /// Foundation made itself copies faster than one bridged from Swift).
        init(_ bridged: NSAttributedString) {
            placeholder = NSAttributedString(attributedString: bridged)
            slots[128] = placeholder
        }

        /// Prototypes of 1 to `standInLimit` stand-in `x`s, by length.
        private var standIns: [NSAttributedString?] = Array(
            repeating: nil, count: AttributedPrototypes.standInLimit + 1)
        /// The lengths asked for once.
        private var asked: [Bool] = Array(
            repeating: false, count: AttributedPrototypes.standInLimit + 1)

        /// The prototype whose character is the ASCII `first` (128: the placeholder).
        func prototype(_ first: Int) -> NSAttributedString {
            lock.lock()
            defer { lock.unlock() }
            if let found = slots[first] { return found }
            let prototype = derive(String(UnicodeScalar(UInt8(first))))
            slots[first] = prototype
            return prototype
        }

        /// The prototype of `length` stand-in `x`s (1 to `standInLimit`), made the second
        /// time it is asked for (making one costs more than the two calls it saves once).
        func standIn(_ length: Int) -> NSAttributedString? {
            lock.lock()
            defer { lock.unlock() }
            if let found = standIns[length] { return found }
            if !asked[length] {
                asked[length] = true
                return nil
            }
            let prototype = derive(AttributedPrototypes.standIns[length])
            standIns[length] = prototype
            return prototype
        }

        /// The placeholder's dictionary on `text`, made by Foundation without bridging the
        /// dictionary again.
        private func derive(_ text: String) -> NSAttributedString {
            let made = NSMutableAttributedString(attributedString: placeholder)
            made.replaceCharacters(in: NSRange(location: 0, length: 1), with: text)
            return NSAttributedString(attributedString: made)
        }
    }

    static let shared = AttributedPrototypes()

    /// Stand-in texts of 0 to 127 `x`s, made once.
    static let standIns: [String] = (0..<128).map { String(repeating: "x", count: $0) }
    /// The longest stretch appended as one cached stand-in prototype (longer ones are a
    /// placeholder and inserted stand-ins).
    static let standInLimit = 32

    /// Whether `NSMutableAttributedString.mutableString` is the string's own storage, whose
    /// edits leave the attribute runs as they are (swift-corelibs-foundation; on Apple
    /// platforms it is a proxy that edits attributes too). Checked once, by trying it.
    static let mutableStringKeepsRuns: Bool = {
        let probe = NSMutableAttributedString(string: "ab")
        probe.addAttribute(
            .mconvKern, value: NSNumber(value: 1), range: NSRange(location: 0, length: 1))
        probe.mutableString.setString("c\u{e9}")
        var range = NSRange(location: 0, length: 0)
        let kept = probe.attribute(.mconvKern, at: 0, effectiveRange: &range) != nil
        return probe.string == "c\u{e9}" && probe.length == 2 && kept && range.length == 1
            && probe.attribute(.mconvKern, at: 1, effectiveRange: nil) == nil
    }()
    /// The most keys kept.
    let limit = 512
    private let lock = NSLock()
    private var table: [Key: Set] = [:]

    /// The prototypes for `key`, its placeholder made on first use.
    func prototypes(_ key: Key) -> Set {
        func make() -> Set {
            Set(
                NSAttributedString(
                    string: "x",
                    attributes: StyledText.objectAttributes(
                        for: key.style, paragraph: key.paragraph, attachment: key.attachment)))
        }
        #if canImport(ObjectiveC)
            if key.attachment != nil { return make() }
        #endif
        lock.lock()
        let found = table[key]
        lock.unlock()
        if let found { return found }
        let made = make()
        lock.lock()
        defer { lock.unlock() }
        if let raced = table[key] { return raced }
        if table.count >= limit { table.removeAll(keepingCapacity: true) }
        table[key] = made
        return made
    }
}

/// The distinct values of one kind met while converting, numbered in order of first use:
/// a few are found by comparison (cheaper than hashing a style), more through a table.
struct DistinctValues<Value: Hashable> {
    private(set) var values: [Value] = []
    private var hashes: [Int?] = []
    private var table: [Value: Int]? = nil

    /// The number of `value`, numbering it when new.
    mutating func id(of value: Value) -> Int {
        if let table {
            if let id = table[value] { return id }
        } else {
            // Most often the value is the last one met.
            var k = values.count - 1
            while k >= 0 {
                if values[k] == value { return k }
                k -= 1
            }
        }
        values.append(value)
        hashes.append(nil)
        if table != nil {
            table![value] = values.count - 1
        } else if values.count > 16 {
            var t: [Value: Int] = [:]
            for (k, v) in values.enumerated() { t[v] = k }
            table = t
        }
        return values.count - 1
    }

    /// The hash of value number `id`, computed once.
    mutating func hash(of id: Int) -> Int {
        if let h = hashes[id] { return h }
        let h = values[id].hashValue
        hashes[id] = h
        return h
    }
}
