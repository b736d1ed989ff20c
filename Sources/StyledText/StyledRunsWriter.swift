import MarkupAST

/// Writes resolved styled runs, one per line: the `-t styled` format.
///
/// Each paragraph starts with a `¶` line naming its kind (`p`, `h1`...`h6`, `li`, `pre`,
/// `tr`, `caption`, `hr`, `dt`) and the paragraph attributes that are set; its runs follow,
/// indented by two spaces, as a quoted string and the attributes that differ from the root
/// style, `; `-separated in a fixed order. The `"\n"` between paragraphs is not printed.
///
/// ```text
/// ¶ p after=16
///   "Hello "
///   "world" weight=700; color=#ff0000
/// ¶ p
///   "\u{FFFC}" image="cat.png"; alt="A cat"; width=120
/// ```
///
/// Text escapes: `\"`, `\\`, `\n`, `\t`, `\r` and `\u{XXXX}` for other control and invisible
/// characters (U+2028 line break, U+FFFC attachment, U+00A0 no-break space ...).
public struct StyledRunsWriter: MarkupWriter {
    /// The stylesheet runs are resolved with.
    public var stylesheet: Stylesheet

    /// Creates a writer with the standard stylesheet.
    public init() { self.stylesheet = .standard }

    /// Creates a writer with `stylesheet`.
    public init(stylesheet: Stylesheet) { self.stylesheet = stylesheet }

    /// Writes the runs.
    ///
    /// The lines are written from the resolver's own tables (the text as UTF-8, a style id
    /// per run, each style once), without the `StyledText` made of them: its runs, their
    /// boxed styles and the text copied into a `String` were the largest part of a styled
    /// conversion's peak beside the document.
    public func write(_ document: Document) -> WriteResult {
        var resolver = StyledText.resolver(for: document, stylesheet: stylesheet)
        resolver.render(document.blocks)
        resolver.complete()
        var out = RunsOutput()
        StyledRunsWriter.appendLines(of: resolver, to: &out)
        let diagnostics = resolver.diagnostics
        // The resolver's tables are released before the output is copied into a String.
        _ = consume resolver
        return WriteResult(output: out.string, diagnostics: diagnostics)
    }

    /// The `-t styled` text of already resolved runs.
    public static func format(_ styled: consuming StyledText) -> String {
        var out = RunsOutput()
        var text = styled.string
        text.makeContiguousUTF8()
        text.utf8.withContiguousStorageIfAvailable { utf8 in
            styled.runs.withUnsafeBufferPointer { runs in
                appendLines(
                    text: utf8, paragraphs: styled.paragraphs, runs: StyledRunTable(runs: runs),
                    root: styled.rootStyle, to: &out)
            }
        }
        // The runs and their text are released before the output is copied into a String:
        // holding both was the peak of a styled conversion.
        _ = consume text
        _ = consume styled
        return out.string
    }

    /// Appends the `-t styled` lines of a completed resolver's text, runs and paragraphs.
    private static func appendLines(of resolver: borrowing StyleResolver, to out: inout RunsOutput)
    {
        resolver.bytes.withUnsafeBufferPointer { utf8 in
            resolver.runs.withUnsafeBufferPointer { records in
                resolver.styles.withUnsafeBufferPointer { styles in
                    resolver.attachments.withUnsafeBufferPointer { attachments in
                        let runs = RunRecordTable(
                            records: records, styles: styles, attachments: attachments)
                        appendLines(
                            text: utf8, paragraphs: resolver.paragraphs, runs: runs,
                            root: styles[StyleResolver.rootID], to: &out)
                    }
                }
            }
        }
    }

    /// Appends the `-t styled` lines of `paragraphs` and `runs` over the UTF-8 `text`.
    private static func appendLines<Runs: RunTable>(
        text utf8: UnsafeBufferPointer<UInt8>, paragraphs: [StyledParagraph], runs: Runs,
        root: borrowing TextStyle, to out: inout RunsOutput
    ) {
        out.bytes.reserveCapacity(min(utf8.count * 2 + 64 * runs.count, RunsOutput.pieceSize))
        var cursor = UTF16Cursor(utf8)
        var runIndex = 0
        for p in paragraphs {
            out.appendLiteral("\u{00B6} ")
            out.append(p.kind.rawValue)
            out.appendParagraphAttributes(p.style, leadingSpace: true)
            out.append(0x0A)
            out.endLine()
            while runIndex < runs.count, runs.range(runIndex).upperBound <= p.range.lowerBound {
                runIndex += 1
            }
            var i = runIndex
            while i < runs.count {
                let range = runs.range(i)
                guard range.lowerBound < p.range.upperBound else { break }
                let lo = max(range.lowerBound, p.range.lowerBound)
                let hi = min(range.upperBound, p.range.upperBound)
                if lo < hi {
                    out.appendLiteral("  \"")
                    if let a = cursor.offset(lo), let b = cursor.offset(hi) {
                        out.escape(UnsafeBufferPointer(rebasing: utf8[a..<b]))
                    } else {
                        // A range that splits a surrogate pair (only in hand-made
                        // StyledText): decode as UTF-16 does, with replacement characters.
                        let units = Array(String(decoding: utf8, as: UTF8.self).utf16)
                        out.escape(String(decoding: units[lo..<hi], as: UTF16.self))
                    }
                    out.append(0x22)
                    runs.appendAttributes(i, root: root, to: &out)
                    out.append(0x0A)
                    out.endLine()
                }
                i += 1
            }
        }
    }

    /// `key=value; ...` for the run's style relative to `root`, plus its attachment.
    public static func runAttributes(_ run: StyledRun, root: TextStyle) -> String {
        var out = RunsOutput()
        out.appendRunAttributes(run, root: root, leadingSpace: false)
        return out.string
    }

    /// `key=value; ...` for the set fields of a paragraph style.
    public static func paragraphAttributes(_ p: ParagraphStyle) -> String {
        var out = RunsOutput()
        out.appendParagraphAttributes(p, leadingSpace: false)
        return out.string
    }

    /// A number with at most two decimals, no trailing zeros: `16`, `13.33`, `-3.2`.
    public static func number(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
        var s = String(format2: r)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }
}

/// Maps UTF-16 offsets of a UTF-8 text to byte offsets, moving forward from the last query
/// (queries in increasing order cost linear time in all).
struct UTF16Cursor {
    let utf8: UnsafeBufferPointer<UInt8>
    var byte = 0
    var unit = 0

    init(_ utf8: UnsafeBufferPointer<UInt8>) { self.utf8 = utf8 }

    /// The byte offset of UTF-16 offset `target`; nil when it falls inside a surrogate pair
    /// or past the end.
    mutating func offset(_ target: Int) -> Int? {
        if target < unit {
            byte = 0
            unit = 0
        }
        let count = utf8.count
        while unit < target {
            guard byte < count else { return nil }
            let b = utf8[byte]
            let length = b < 0x80 ? 1 : (b < 0xE0 ? 2 : (b < 0xF0 ? 3 : 4))
            let units = length == 4 ? 2 : 1
            if unit + units > target { return nil }
            unit += units
            byte += length
        }
        return byte
    }
}

/// The bytes of `-t styled` output, appended without intermediate strings.
struct RunsOutput {
    /// The piece being written.
    var bytes: [UInt8] = []
    /// The pieces written before it, in order.
    private var pieces: [[UInt8]] = []
    /// The size of a piece: `endLine` sets the piece aside once it is about this full.
    ///
    /// Written in pieces, the output fills the blocks the resolver freed as its lists grew
    /// (a list that doubles leaves its old block behind) instead of growing the heap by its
    /// whole size while the resolver's tables are held; it is joined into one String once
    /// they are released.
    static let pieceSize = 32 << 10
    /// Whether the next part is the first of its list, and whether that one gets a space.
    private var firstPart = true
    private var leadingSpace = false
    var string: String {
        if pieces.isEmpty { return String(decoding: bytes, as: UTF8.self) }
        let total = pieces.reduce(bytes.count) { $0 + $1.count }
        return String(unsafeUninitializedCapacity: total) { target in
            var at = 0
            for piece in pieces + [bytes] {
                piece.withUnsafeBufferPointer { source in
                    _ = UnsafeMutableBufferPointer(rebasing: target[at...]).initialize(
                        fromContentsOf: source)
                }
                at += piece.count
            }
            return at
        }
    }

    /// Ends a line: the piece is set aside when it is nearly full (lines are not split).
    @inline(__always)
    mutating func endLine() {
        if bytes.count >= RunsOutput.pieceSize - 1024 { startPiece() }
    }

    @inline(never)
    private mutating func startPiece() {
        pieces.append(bytes)
        bytes = []
        bytes.reserveCapacity(RunsOutput.pieceSize)
    }

    mutating func append(_ b: UInt8) { bytes.append(b) }

    mutating func append(_ s: String) {
        var s = s
        if s.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
            s.makeContiguousUTF8()
            s.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
        }
    }

    /// Appends a literal byte by byte (no intermediate buffer or bulk-append call).
    mutating func appendLiteral(_ s: StaticString) {
        s.withUTF8Buffer { buffer in
            for b in buffer { bytes.append(b) }
        }
    }

    /// Appends decimal digits (as `String(v)` writes them).
    mutating func appendInt(_ v: Int) {
        if v < 0 { bytes.append(0x2D) }
        var m = v.magnitude
        var divisor: UInt = 1
        while m / divisor >= 10 { divisor &*= 10 }
        while divisor > 0 {
            bytes.append(0x30 &+ UInt8(truncatingIfNeeded: m / divisor))
            m %= divisor
            divisor /= 10
        }
    }

    mutating func appendNumber(_ v: Double) {
        let r = (v * 100).rounded() / 100
        if r == r.rounded(), abs(r) < 1e15 {
            appendInt(Int(r))
        } else {
            append(StyledRunsWriter.number(v))
        }
    }

    mutating func appendHex(_ c: RGBAColor) {
        func digit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 &+ v : 0x57 &+ v }
        bytes.append(0x23)
        for v in c.alpha == 255 ? [c.red, c.green, c.blue] : [c.red, c.green, c.blue, c.alpha] {
            bytes.append(digit(v >> 4))
            bytes.append(digit(v & 0xF))
        }
    }

    mutating func appendQuoted(_ s: String) {
        bytes.append(0x22)
        escape(s)
        bytes.append(0x22)
    }

    mutating func escape(_ s: String) {
        var s = s
        s.makeContiguousUTF8()
        s.utf8.withContiguousStorageIfAvailable { escape($0) }
    }

    /// Appends valid UTF-8 with the escapes of the format: `\"`, `\\`, `\n`, `\t`, `\r`,
    /// and `\u{X}` for other control and invisible characters.
    mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>) {
        let count = utf8.count
        var i = 0
        var clean = 0
        func flush(_ out: inout RunsOutput, _ upTo: Int) {
            if clean < upTo {
                out.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[clean..<upTo]))
            }
        }
        while i < count {
            let b = utf8[i]
            if b >= 0x20 && b < 0x7F && b != 0x22 && b != 0x5C {
                i &+= 1
                continue
            }
            if b < 0x80 {
                flush(&self, i)
                switch b {
                case 0x22: appendLiteral("\\\"")
                case 0x5C: appendLiteral("\\\\")
                case 0x0A: appendLiteral("\\n")
                case 0x09: appendLiteral("\\t")
                case 0x0D: appendLiteral("\\r")
                default: appendScalarEscape(UInt32(b))
                }
                i &+= 1
                clean = i
                continue
            }
            // Non-ASCII: decode the scalar to test the invisible ranges.
            let length = b < 0xE0 ? 2 : (b < 0xF0 ? 3 : 4)
            var v = UInt32(b) & (length == 2 ? 0x1F : (length == 3 ? 0x0F : 0x07))
            for k in 1..<length where i + k < count { v = v << 6 | UInt32(utf8[i + k] & 0x3F) }
            if (v >= 0x7F && v <= 0xA0) || v == 0xAD || (v >= 0x200B && v <= 0x200F)
                || v == 0x2028 || v == 0x2029 || v == 0xFEFF || v == 0xFFFC
            {
                flush(&self, i)
                appendScalarEscape(v)
                i &+= length
                clean = i
                continue
            }
            i &+= length
        }
        flush(&self, count)
    }

    mutating func appendScalarEscape(_ v: UInt32) {
        appendLiteral("\\u{")
        append(String(v, radix: 16, uppercase: true))
        bytes.append(0x7D)
    }

    /// Starts a list of `key=value` parts, with a space before the first when `leadingSpace`.
    mutating func startParts(leadingSpace: Bool) {
        firstPart = true
        self.leadingSpace = leadingSpace
    }

    /// Starts one `key=value` part: a separator, or the leading space before the first.
    mutating func part(_ key: StaticString) {
        if firstPart {
            if leadingSpace { bytes.append(0x20) }
            firstPart = false
        } else {
            bytes.append(0x3B)
            bytes.append(0x20)
        }
        appendLiteral(key)
    }

    /// A `key=number` part when `value` is set.
    mutating func numberPart(_ key: StaticString, _ value: Double?) {
        guard let value else { return }
        part(key)
        appendNumber(value)
    }

    /// A `key=number` part when `value` is set, not zero and not the root's.
    @inline(__always)
    mutating func changedNumberPart(_ key: StaticString, _ value: Double?, _ rootValue: Double?) {
        guard value != rootValue, let value, value != 0 else { return }
        part(key)
        appendNumber(value)
    }

    /// A `key=#hex` part when `value` is set and not the root's.
    mutating func changedColorPart(
        _ key: StaticString, _ value: RGBAColor?, _ rootValue: RGBAColor?
    ) {
        guard value != rootValue, let value else { return }
        part(key)
        appendHex(value)
    }

    /// A `key=name` part (the value's raw value) when `value` is set and not the root's.
    mutating func changedNamePart<Value: RawRepresentable<String> & Equatable>(
        _ key: StaticString, _ value: Value?, _ rootValue: Value? = nil
    ) {
        guard value != rootValue, let value else { return }
        part(key)
        append(value.rawValue)
    }

    /// A `key="text"` part.
    mutating func quotedPart(_ key: StaticString, _ value: String) {
        part(key)
        appendQuoted(value)
    }

    mutating func appendRunAttributes(_ run: StyledRun, root: TextStyle, leadingSpace: Bool) {
        startParts(leadingSpace: leadingSpace)
        if let a = run.attachment { appendAttachment(a) }
        appendStyle(run.style, root)
    }

    /// The parts of an attachment (the first of a run's parts).
    mutating func appendAttachment(_ a: borrowing TextAttachment) {
        switch a.kind {
        case .rule: part("rule")
        case .image:
            quotedPart("image=", a.url)
            if !a.alt.isEmpty { quotedPart("alt=", a.alt) }
            if !a.title.isEmpty { quotedPart("title=", a.title) }
            numberPart("width=", a.width)
            numberPart("height=", a.height)
        }
    }

    mutating func appendStyle(_ s: borrowing TextStyle, _ root: borrowing TextStyle) {
        if s.fontFamily != root.fontFamily, let f = s.fontFamily {
            quotedPart("family=", f.joined(separator: ","))
        }
        if s.fontSize != root.fontSize { numberPart("size=", s.fontSize) }
        if s.fontWeight != root.fontWeight, let v = s.fontWeight {
            part("weight=")
            appendInt(v)
        }
        if s.italic == true && root.italic != true { part("italic") }
        if s.italic == false && root.italic == true {
            part("italic=false")
        }
        if s.monospace == true && root.monospace != true { part("mono") }
        changedColorPart("color=", s.foreground, root.foreground)
        changedColorPart("background=", s.background, root.background)
        if let u = s.underline, u != .none {
            changedNamePart("underline=", u, root.underline)
            changedColorPart("underline-color=", s.underlineColor, root.underlineColor)
        }
        if let u = s.strikethrough, u != .none {
            changedNamePart("strike=", u, root.strikethrough)
            changedColorPart("strike-color=", s.strikethroughColor, root.strikethroughColor)
        }
        changedNumberPart("kern=", s.letterSpacing, root.letterSpacing)
        changedNumberPart("word-spacing=", s.wordSpacing, root.wordSpacing)
        changedNumberPart("baseline=", s.baselineOffset, root.baselineOffset)
        if s.textTransform != TextTransform.none {
            changedNamePart("transform=", s.textTransform, root.textTransform)
        }
        if s.link != root.link, let l = s.link { quotedPart("link=", l) }
        // The boxed fields are all nil without a box (most styles): one test skips them.
        let extras = s.boxed != nil || root.boxed != nil
        if extras, s.tap != root.tap, let t = s.tap {
            if t.role != .link || t.value != s.link { changedNamePart("role=", t.role) }
            if t.value != s.link { quotedPart("value=", t.value) }
        }
        if extras, s.shadow != root.shadow, let h = s.shadow {
            part("shadow=")
            appendNumber(h.offsetX)
            append(0x20)
            appendNumber(h.offsetY)
            append(0x20)
            appendNumber(h.blurRadius)
            if let c = h.color {
                append(0x20)
                appendHex(c)
            }
        }
        if extras {
            changedNumberPart("stroke-width=", s.strokeWidth, root.strokeWidth)
            changedColorPart("stroke-color=", s.strokeColor, root.strokeColor)
            changedNamePart("ligatures=", s.ligatures, root.ligatures)
            changedNumberPart("expansion=", s.expansion, root.expansion)
            changedNumberPart("obliqueness=", s.obliqueness, root.obliqueness)
            changedNamePart("direction=", s.writingDirection, root.writingDirection)
            if s.toolTip != root.toolTip, let t = s.toolTip { quotedPart("tooltip=", t) }
        }
        if extras, s.customAttributes != root.customAttributes, let custom = s.customAttributes {
            for key in custom.keys.sorted() where custom[key] != root.customAttributes?[key] {
                part("attr.")
                append(key)
                append(0x3D)
                appendQuoted(custom[key]!)
            }
        }
    }

    mutating func appendParagraphAttributes(_ p: ParagraphStyle, leadingSpace: Bool) {
        startParts(leadingSpace: leadingSpace)
        changedNamePart("align=", p.alignment)
        numberPart("line-height=", p.lineHeight)
        numberPart("line-height-multiple=", p.lineHeightMultiple)
        numberPart("before=", p.spacingBefore)
        numberPart("after=", p.spacingAfter)
        numberPart("indent=", p.headIndent)
        numberPart(
            "first-indent=",
            p.firstLineHeadIndent == p.headIndent ? nil : p.firstLineHeadIndent)
        numberPart("tail-indent=", p.tailIndent)
        if let t = p.tabStops {
            part("tabs=")
            for (k, v) in t.enumerated() {
                if k > 0 { bytes.append(0x2C) }
                appendNumber(v.location)
                if v.alignment != .left {
                    bytes.append(0x3A)
                    append(v.alignment.rawValue)
                }
            }
        }
        changedNamePart("direction=", p.writingDirection)
        if let h = p.hyphenation {
            part(h ? "hyphenation=true" : "hyphenation=false")
        }
        changedNamePart("line-break=", p.lineBreak)
    }
}

extension String {
    /// Two-decimal fixed formatting without Foundation.
    init(format2 v: Double) {
        let negative = v < 0
        let cents = Int((abs(v) * 100).rounded())
        let frac = cents % 100
        self = (negative ? "-" : "") + "\(cents / 100)." + (frac < 10 ? "0" : "") + "\(frac)"
    }
}
