import ByteScan
import MarkupAST

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// How range offsets count text.
public enum RangeJSONOffsetUnit: String, Hashable, Sendable, CaseIterable {
    /// UTF-16 code units (JavaScript, NSString): an emoji counts 2. The default.
    case utf16
    /// Unicode scalars (code points): an emoji counts 1.
    case scalar
}

/// Reads Medium-style range JSON: paragraphs of text plus `[start, end)` style ranges.
///
/// Overlapping and crossing ranges are split and nested minimally. In the default mode bad
/// ranges are clamped or dropped with a diagnostic; with `strict` they throw a `ReadError`
/// naming `paragraphs[i].markups[j]`. Malformed JSON throws with line and column.
///
/// ```swift
/// let json = #"{"paragraphs":[{"type":"P","text":"Hello world","markups":[{"type":"STRONG","start":6,"end":11}]}]}"#
/// try RangeJSONReader().read(json).document
/// // paragraph
/// //   text "Hello "
/// //   strong
/// //     text "world"
/// ```
public struct RangeJSONReader: MarkupReader {
    /// The unit of `start`/`end`.
    public var offsets: RangeJSONOffsetUnit
    /// Whether bad ranges and unknown types throw instead of being repaired.
    public var strict: Bool

    /// Creates a reader with UTF-16 offsets, repairing bad ranges.
    public init() {
        self.init(offsets: .utf16, strict: false)
    }

    /// Creates a reader, e.g. `RangeJSONReader(offsets: .scalar, strict: true)`.
    public init(offsets: RangeJSONOffsetUnit, strict: Bool = false) {
        self.offsets = offsets
        self.strict = strict
    }

    /// Reads range JSON.
    public func read(_ input: String) throws(ReadError) -> ReadResult {
        // The JSON is parsed into a tape over the input's UTF-8 storage (no value per node),
        // and the lowering reads the members it needs from there.
        var input = input
        input.makeContiguousUTF8()
        let source = input
        let result = input.withUTF8 { bytes -> Result<ReadResult, ReadError> in
            Result { () throws(ReadError) -> ReadResult in
                let tape = try JSONTape(parsing: bytes, of: source)
                var state = RangeJSONLowering(reader: self)
                // The blocks are built normalized (see `Normalize`): no empty texts, adjacent
                // texts or empty containers, and no empty paragraphs.
                let blocks = try state.document(tape)
                // A `\uD800` without its pair cannot be text: reported, not replaced silently.
                let replaced = tape.loneSurrogates.map { position in
                    let place = JSONTapeParser(bytes).error("", at: position)
                    return Diagnostic(
                        .warning, .inputInvalidUTF16,
                        "a lone surrogate escape in a JSON string was replaced with U+FFFD",
                        line: place.line, column: place.column)
                }
                return ReadResult(
                    document: Document(blocks), diagnostics: replaced + state.diagnostics)
            }
        }
        return try result.get()
    }
}

/// `text` upper-cased; ASCII text without lower-case letters is returned as is.
func upperCased(_ text: String) -> String {
    text.utf8.contains { $0 >= 0x61 && ($0 <= 0x7A || $0 >= 0x80) } ? text.uppercased() : text
}

/// A paragraph's text as a part of a String: `piece` copies byte ranges of it from the
/// String's (already valid) UTF-8, which is faster than decoding them again.
struct TextSource {
    /// The String holding the text.
    let string: String
    /// Where the text starts in `string.utf8`.
    let offset: Int

    /// The text's bytes `[start, end)` (scalar boundaries; `bytes` are the text's UTF-8) as
    /// a String. (ASCII, checked 8 bytes at a time, is decoded: cheaper than slicing; other
    /// text is sliced, which does not validate it again as decoding would.)
    @inline(__always)
    func piece(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        guard let base = bytes.baseAddress else { return "" }
        if ByteScan.isASCII(base, start, end) {
            return String(
                decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        let utf8 = string.utf8
        let lo = utf8.index(utf8.startIndex, offsetBy: offset + start)
        let hi = utf8.index(lo, offsetBy: end - start)
        return String(Substring(utf8[lo..<hi]))
    }
}

/// One style range (the reader keeps UTF-8 byte offsets of the paragraph text).
struct StyleRange {
    var kind: RangeKind
    var start: Int
    var end: Int
    var link: Link?
    var attributes: Attributes
}

/// A style range while building: plain values only, so copies cost nothing; a link or
/// attributes live in a side table at `extra` (-1: none).
struct RangeSpan {
    /// A range's link or attributes (a struct: an array of tuples is destroyed through
    /// generic code, measured 1.1M of 860M instructions more on the range JSON pages).
    struct Extra {
        var link: Link?
        var attributes = Attributes.none
    }

    var kind: RangeKind
    var start: Int
    var end: Int
    var extra: Int
}

/// Markup types in canonical order (outermost first for equal ranges).
enum RangeKind: Int {
    case link, strong, emphasis, underline, strikethrough, sup, sub, highlight, span, code

    /// The type names, indexed by raw value.
    private static let names = [
        "A", "STRONG", "EM", "U", "S", "SUP", "SUB", "MARK", "SPAN", "CODE",
    ]
    /// Each name's bytes, big-endian ("A" is 0x41, "EM" is 0x45_4D ...).
    private static let keys = names.map { $0.utf8.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }

    init?(name: String) {
        guard let k = RangeKind.names.firstIndex(of: upperCased(name)) else { return nil }
        self.init(rawValue: k)
    }

    /// `RangeKind(name:)` for an ASCII name given as bytes, without building a String
    /// (ASCII upper-casing is what `upperCased` does to ASCII): `.some(nil)` for an unknown
    /// ASCII name, nil when the name is not ASCII (the caller then uses `init(name:)`).
    static func ascii(_ u: UnsafeBufferPointer<UInt8>) -> RangeKind?? {
        var key: UInt64 = 0
        for byte in u {
            if byte >= 0x80 { return nil }
            if u.count > 8 { continue }
            let upper = byte >= 0x61 && byte <= 0x7A ? byte - 32 : byte
            key = key << 8 | UInt64(upper)
        }
        if u.count > 8 || u.isEmpty { return .some(nil) }
        // Keys of names of different lengths differ unless a name starts with NUL bytes.
        if u.first == 0 { return .some(nil) }
        return .some(keys.firstIndex(of: key).flatMap(RangeKind.init(rawValue:)))
    }

    init?(code: Int) {
        switch code {
        case 1: self = .strong
        case 2: self = .emphasis
        case 3: self = .link
        case 10: self = .code
        default: return nil
        }
    }

    var name: String { RangeKind.names[rawValue] }
}

struct RangeJSONLowering {
    let reader: RangeJSONReader
    var diagnostics: [Diagnostic] = []
    /// Storage reused for the offset map of each paragraph.
    private var unitMap: [Int] = []

    init(reader: RangeJSONReader) { self.reader = reader }

    static let paragraphCodes: [Int: String] = [
        1: "P", 3: "H3", 4: "IMG", 6: "BQ", 8: "PRE", 9: "ULI", 10: "OLI", 13: "H4",
    ]

    mutating func problem(
        _ place: String, _ code: DiagnosticCode, _ message: String
    ) throws(ReadError) {
        // `message` is "what; repair": strict mode reports only what.
        if reader.strict {
            let what = message.split(separator: ";", maxSplits: 1).first.map(String.init) ?? message
            throw ReadError("\(place): \(what)")
        }
        diagnostics.append(Diagnostic(.warning, code, "\(place): \(message)"))
    }

    mutating func document(_ tape: JSONTape) throws(ReadError) -> [Block] {
        let root = 0
        var paragraphsValue = tape.member(root, "paragraphs")
        if paragraphsValue == nil, tape.kind(root) == .array { paragraphsValue = root }
        if paragraphsValue == nil,
            let content = tape.member(
                tape.member(tape.member(root, "content"), "bodyModel"), "paragraphs")
        {
            paragraphsValue = content
        }
        guard let paragraphsIndex = paragraphsValue, tape.kind(paragraphsIndex) == .array else {
            throw ReadError("range JSON: expected an object with a \"paragraphs\" array")
        }
        let paragraphs = tape.elements(paragraphsIndex)
        // Each paragraph (tape indices, in document order) lowers on its own.
        var lowered: [LoweredParagraph] = []
        lowered.reserveCapacity(paragraphs.count)
        for index in paragraphs.indices {
            lowered.append(try lower(tape, paragraph: paragraphs[index], index: index))
        }
        return RangeJSONLowering.group(lowered)
    }

    /// Consecutive list items become one list, consecutive quote paragraphs (of one kind)
    /// one quote; skipped paragraphs end neither.
    static func group(_ lowered: [LoweredParagraph]) -> [Block] {
        var blocks: [Block] = []
        blocks.reserveCapacity(lowered.count)
        var list: ListBlock?
        var quote: (paragraphs: [Block], attributes: Attributes)?
        func flushList() {
            if let l = list { blocks.append(.list(l)) }
            list = nil
        }
        func flushQuote() {
            if let q = quote { blocks.append(.blockQuote(q.paragraphs, q.attributes)) }
            quote = nil
        }
        for paragraph in lowered {
            switch paragraph {
            case .skipped:
                continue
            case .empty, .block:
                flushList()
                flushQuote()
                if case .block(let block) = paragraph { blocks.append(block) }
            case .listItem(let kind, let item):
                flushQuote()
                if list != nil, list!.kind != kind { flushList() }
                if list == nil { list = ListBlock(kind: kind, items: []) }
                list!.items.append(item)
            case .quoted(let block, let attributes):
                flushList()
                if quote != nil, quote!.attributes != attributes { flushQuote() }
                if quote == nil { quote = ([], attributes) }
                if let block { quote!.paragraphs.append(block) }
            }
        }
        flushList()
        flushQuote()
        return blocks
    }

    /// Lowers the paragraph at tape index `paragraph`, the `index`th of the document.
    mutating func lower(_ tape: JSONTape, paragraph: Int, index: Int) throws(ReadError)
        -> LoweredParagraph
    {
        var place: String { "paragraphs[\(index)]" }
        guard tape.kind(paragraph) == .object else {
            try problem(place, .parseInvalidParagraph, "not an object; skipped")
            return .skipped
        }
        var type = "P"
        let typeValue = tape.member(paragraph, "type")
        if let name = tape.string(typeValue) {
            type = upperCased(name)
        } else if let code = tape.int(typeValue) {
            if let name = RangeJSONLowering.paragraphCodes[code] {
                type = name
            } else {
                try problem(place, .parseUnknownType, "unknown paragraph type \(code); read as P")
            }
        }
        let textValue = tape.member(paragraph, "text")
        let markups = tape.member(paragraph, "markups")
        let inlines = try self.inlines(tape, textValue, markups, index: index)
        switch type {
        case "P":
            return inlines.isEmpty ? .empty : .block(.paragraph(inlines, .none))
        case "H1", "H2", "H3", "H4", "H5", "H6":
            return .block(.heading(level: Int(String(type.last!))!, inlines, .none))
        case "BQ", "PQ":
            let attributes = type == "PQ" ? Attributes(classes: ["pullquote"]) : Attributes.none
            return .quoted(inlines.isEmpty ? nil : .paragraph(inlines, .none), attributes)
        case "ULI", "OLI":
            let kind: ListKind = type == "ULI" ? .bullet : .ordered
            return .listItem(kind, ListItem(inlines.isEmpty ? [] : [.plain(inlines, .none)]))
        case "PRE", "CODE_BLOCK":
            if let ms = markups, tape.kind(ms) == .array, tape.count(ms) > 0 {
                diagnostics.append(
                    Diagnostic(.note, .parseCodeMarkup, "\(place): markups inside code ignored"))
            }
            let lang =
                tape.string(tape.member(paragraph, "lang"))
                ?? tape.string(tape.member(tape.member(paragraph, "codeBlockMetadata"), "lang"))
                ?? ""
            let text = tape.string(textValue) ?? ""
            return .block(.codeBlock(info: lang, code: text.isEmpty ? "" : text + "\n", .none))
        case "IMG":
            var attributes = Attributes()
            let metadata = tape.member(paragraph, "metadata")
            let id = tape.string(tape.member(metadata, "id"))
            if let id { attributes.set("data-id", id) }
            if let w = tape.int(tape.member(metadata, "width"))
                ?? tape.int(tape.member(metadata, "originalWidth"))
            {
                attributes.set("width", String(w))
            }
            if let h = tape.int(tape.member(metadata, "height"))
                ?? tape.int(tape.member(metadata, "originalHeight"))
            {
                attributes.set("height", String(h))
            }
            let src = tape.string(tape.member(paragraph, "src")) ?? id ?? ""
            return .block(.paragraph([.image(inlines, Link(src), attributes)], .none))
        case "IFRAME", "MIXTAPE_EMBED":
            let href =
                tape.string(tape.member(paragraph, "href"))
                ?? tape.string(tape.member(paragraph, "src"))
                ?? tape.string(tape.member(tape.member(paragraph, "iframe"), "src"))
                ?? tape.string(tape.member(tape.member(paragraph, "mixtapeMetadata"), "href"))
                ?? ""
            let embed = type == "IFRAME" ? "iframe" : "mixtape"
            let content = !inlines.isEmpty ? inlines : href.isEmpty ? [] : [Inline.text(href)]
            let attributes = Attributes(pairs: [Attribute(name: "data-embed", value: embed)])
            return .block(.paragraph([.link(content, Link(href), attributes)], .none))
        case "HR":
            return .block(.thematicBreak(.none))
        default:
            try problem(place, .parseUnknownType, "unknown paragraph type \(type); read as P")
            return inlines.isEmpty ? .empty : .block(.paragraph(inlines, .none))
        }
    }

    // MARK: Ranges

    /// The inlines of a paragraph's text (`textValue`, a string or absent) and markups.
    mutating func inlines(_ tape: JSONTape, _ textValue: Int?, _ markupsValue: Int?, index: Int)
        throws(ReadError) -> [Inline]
    {
        // Unescaped text (the usual case) is read from the input bytes: only the pieces the
        // inlines hold become Strings.
        if let textValue, let raw = tape.rawBytes(textValue) {
            let offset = raw.baseAddress.map { $0 - tape.bytes.baseAddress! } ?? 0
            let text = TextSource(string: tape.source, offset: offset)
            return try inlines(raw, text, tape, markupsValue, index: index)
        }
        let text = tape.string(textValue) ?? ""
        let bytes = Array(text.utf8)
        return try bytes.withUnsafeBufferPointer { u throws(ReadError) -> [Inline] in
            try inlines(u, TextSource(string: text, offset: 0), tape, markupsValue, index: index)
        }
    }

    /// The inlines of the text `u` (the bytes of `text`) and markups.
    mutating func inlines(
        _ u: UnsafeBufferPointer<UInt8>, _ text: TextSource, _ tape: JSONTape,
        _ markupsValue: Int?, index: Int
    ) throws(ReadError) -> [Inline] {
        var place: String { "paragraphs[\(index)]" }
        var truncated = false
        guard let markupsIndex = markupsValue, tape.kind(markupsIndex) == .array,
            tape.count(markupsIndex) > 0
        else {
            var split = false
            return RangeJSONLowering.sweep(u, text, [], [], truncated: &truncated, split: &split)
        }
        // Offsets are mapped to UTF-8 byte offsets; ASCII text needs no mapping. Otherwise
        // `unitMap[w]` holds the units before byte 8w, and `byteOffset(unit)` walks from the
        // nearest such checkpoint: the byte offset of the scalar starting at `unit`, -1 for
        // the second unit of a surrogate pair, the byte count for the text's length.
        let utf16 = reader.offsets == .utf16
        // The storage is kept from paragraph to paragraph (no allocation per paragraph).
        var mapped = false
        // Lead bytes count one unit; with UTF-16, 4-byte leads count two.
        let length = ByteScan.units(in: u, utf16: utf16)
        let blocks = u.count / 8
        if length != u.count {
            mapped = true
            if unitMap.count < blocks + 1 {
                unitMap = Array(repeating: 0, count: max(blocks + 1, unitMap.count * 2))
            }
            unitMap.withUnsafeMutableBufferPointer { m in
                var units = 0
                for w in 0..<blocks {
                    m[w] = units
                    let word = ByteScan.word(u.baseAddress!, 8 * w)
                    units &+= ByteScan.units(inWord: word, utf16: utf16)
                }
                m[blocks] = units
            }
        }
        let map = unitMap
        func byteOffset(_ unit: Int) -> Int {
            // The last checkpoint at or before `unit`.
            var lo = 0
            var hi = blocks
            while lo < hi {
                let mid = (lo + hi + 1) / 2
                if map[mid] <= unit { lo = mid } else { hi = mid - 1 }
            }
            var p = 8 * lo
            var c = map[lo]
            while p < u.count {
                let b = u[p]
                if b & 0xC0 != 0x80 {
                    if c == unit { return p }
                    if utf16, b >= 0xF0 {
                        if c + 1 == unit { return -1 }
                        c += 2
                    } else {
                        c += 1
                    }
                }
                p += 1
            }
            return u.count
        }
        let markups = tape.elements(markupsIndex)
        var ranges: [RangeSpan] = []
        ranges.reserveCapacity(markups.count)
        var extras: [RangeSpan.Extra] = []
        for (j, markup) in markups.enumerated() {
            var markupPlace: String { "\(place).markups[\(j)]" }
            var kind: RangeKind?
            let typeValue = tape.member(markup, "type")
            if let t = typeValue, let raw = tape.rawBytes(t), let known = RangeKind.ascii(raw) {
                kind = known
            } else if let name = tape.string(typeValue) {
                kind = RangeKind(name: name)
            } else if let code = tape.int(typeValue) {
                kind = RangeKind(code: code)
            }
            guard let kind else {
                let shown = typeValue.map { tape.value($0).serialized } ?? "(none)"
                try problem(markupPlace, .parseUnknownType, "unknown markup type \(shown); dropped")
                continue
            }
            guard var start = tape.int(tape.member(markup, "start")),
                var end = tape.int(tape.member(markup, "end"))
            else {
                try problem(
                    markupPlace, .parseInvalidRange, "start and end must be integers; dropped")
                continue
            }
            if start > end {
                try problem(
                    markupPlace, .parseInvalidRange, "inverted range \(start)..\(end); dropped")
                continue
            }
            if start < 0 || end > length {
                try problem(
                    markupPlace, .parseInvalidRange,
                    "range \(start)..\(end) out of bounds (text length \(length)); clamped")
                start = max(0, min(start, length))
                end = max(0, min(end, length))
            }
            if mapped {
                let startByte = byteOffset(start)
                let endByte = byteOffset(end)
                if startByte < 0 || endByte < 0 {
                    try problem(
                        markupPlace, .parseSurrogateSplit,
                        "range \(start)..\(end) splits a surrogate pair; moved to the code point boundary"
                    )
                }
                start = startByte >= 0 ? startByte : byteOffset(start - 1)
                end = endByte >= 0 ? endByte : byteOffset(end + 1)
            }
            if start == end {
                diagnostics.append(
                    Diagnostic(.note, .parseEmptyRange, "\(markupPlace): empty range dropped"))
                continue
            }
            var range = RangeSpan(kind: kind, start: start, end: end, extra: -1)
            if kind == .link {
                let href = tape.string(tape.member(markup, "href")) ?? ""
                let title = tape.string(tape.member(markup, "title")) ?? ""
                range.extra = extras.count
                extras.append(RangeSpan.Extra(link: Link(href, title: title)))
            } else if kind == .span {
                range.extra = extras.count
                let value = tape.member(markup, "attributes").map { tape.value($0) }
                extras.append(RangeSpan.Extra(attributes: RangeJSONLowering.attributes(value)))
            }
            ranges.append(range)
        }
        if !RangeJSONLowering.isSorted(ranges) { ranges.sort(by: RangeJSONLowering.canonical) }
        var split = false
        let inlines = RangeJSONLowering.sweep(
            u, text, ranges, extras, truncated: &truncated, split: &split)
        if split {
            let limit = RangeJSONLowering.splitLimit(ranges.count)
            diagnostics.append(
                Diagnostic(
                    .warning, .parseDepthLimit,
                    "\(place): ranges split more than \(limit) times; the rest of the split"
                        + " ranges flattened to text"))
        }
        if truncated {
            diagnostics.append(
                Diagnostic(
                    .warning, .parseDepthLimit,
                    "\(place): ranges nested deeper than \(RangeJSONLowering.maxDepth) flattened to text"
                ))
        }
        return inlines
    }

    /// The deepest range nesting kept.
    static let maxDepth = 512

    /// How many times `count` ranges may be split (at the end of an enclosing piece) before
    /// the rest of a split range is left as text: crossing ranges can otherwise make pieces
    /// quadratic in number (each range crossing the end of every enclosing one).
    static func splitLimit(_ count: Int) -> Int { 4 * count + 4_096 }

    /// Canonical order: by start, then the longer range first, then by kind.
    static func canonical(_ a: StyleRange, _ b: StyleRange) -> Bool {
        (a.start, b.end, a.kind.rawValue) < (b.start, a.end, b.kind.rawValue)
    }

    static func attributes(_ value: JSONValue?) -> Attributes {
        var attributes = Attributes()
        guard case .object(let members)? = value else { return attributes }
        for (key, v) in members {
            let s = v.string ?? v.serialized
            switch key {
            case "tag": attributes.tag = s == "span" ? nil : s  // (a SPAN is a span already)
            case "id": attributes.id = s
            case "class": attributes.classes = s.split(separator: " ").map(String.init)
            case "style": attributes.style = CSSDeclaration.parseList(s)
            default: attributes.pairs.append(Attribute(name: key, value: s))
            }
        }
        return attributes
    }

    static func canonical(_ a: RangeSpan, _ b: RangeSpan) -> Bool {
        (a.start, b.end, a.kind.rawValue) < (b.start, a.end, b.kind.rawValue)
    }

    /// Whether `ranges` is in canonical order already (sorting would keep it as it is).
    static func isSorted(_ ranges: [RangeSpan]) -> Bool {
        var k = 1
        while k < ranges.count {
            if canonical(ranges[k], ranges[k - 1]) { return false }
            k += 1
        }
        return true
    }

    /// Builds the inlines of `text` for sorted ranges in UTF-8 byte offsets: nested inlines, in
    /// one sweep over the ranges' boundaries.
    ///
    /// At each position the ranges covering it that no open node stands for are pending
    /// (kept in one heap per kind). A node opens for the pending range with the greatest end
    /// clipped to the enclosing node's end (then the lesser kind, then the longer range, then
    /// the earlier in canonical order), inside the innermost open node; a node closes at its
    /// clipped end, and its range, if it goes on, is pending again (the remainder of a split).
    /// Each range is touched once per piece, with no copy of the ranges per level, so time is
    /// O((n + pieces) log n); nodes deeper than `maxDepth` are not opened (their text stays),
    /// and after `splitLimit` splits the rest of a split range is not pending again (`split`).
    static func sweep(
        _ bytes: UnsafeBufferPointer<UInt8>, _ text: TextSource, _ ranges: [RangeSpan],
        _ extras: [RangeSpan.Extra], truncated: inout Bool, split: inout Bool
    ) -> [Inline] {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return [] }
        if ranges.isEmpty, memchr(base, 0x0A, bytes.count) == nil {
            // The common plain paragraph: the text as one piece.
            return [.text(text.piece(bytes, 0, bytes.count))]
        }
        struct Frame {
            var rank: Int
            var end: Int
            var inCode: Bool
            var children: [Inline] = []
        }
        var heaps = [RangeHeap](repeating: RangeHeap(), count: RangeKind.code.rawValue + 1)
        var root: [Inline] = []
        var stack: [Frame] = []
        var next = 0
        var textStart = 0
        var splits = splitLimit(ranges.count)
        func emitText(_ a: Int, _ hi: Int, inCode: Bool, into out: inout [Inline]) {
            guard hi > a else { return }
            var start = a
            if !inCode {
                // Line ends become line breaks (found with memchr).
                while start < hi, let found = memchr(base + start, 0x0A, hi - start) {
                    let k = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                    if k > start { out.append(.text(text.piece(bytes, start, k))) }
                    out.append(.lineBreak)
                    start = k + 1
                }
            }
            guard hi > start else { return }
            let piece = text.piece(bytes, start, hi)
            out.append(inCode ? .code(piece, .none) : .text(piece))
        }
        /// Emits the text from `textStart` to `x` into the innermost open node.
        func flush(_ x: Int) {
            if stack.isEmpty {
                emitText(textStart, x, inCode: false, into: &root)
            } else {
                let k = stack.count - 1
                emitText(textStart, x, inCode: stack[k].inCode, into: &stack[k].children)
            }
            textStart = x
        }
        /// The kind of the pending range a node opens for at `x` inside a node ending at
        /// `limit`, nil when none is pending (ranges ending at or before `x` are dropped).
        func best(_ x: Int, _ limit: Int) -> Int? {
            var chosen: Int?
            var chosenEnd = 0
            for k in heaps.indices {
                while let top = heaps[k].top, top.end <= x { heaps[k].pop() }
                guard let top = heaps[k].top else { continue }
                let end = min(top.end, limit)
                if chosen == nil || end > chosenEnd {
                    chosen = k
                    chosenEnd = end
                }
            }
            return chosen
        }
        while true {
            let limit = stack.last?.end ?? bytes.count
            let x = next < ranges.count ? min(ranges[next].start, limit) : limit
            // Nodes ending here close (the innermost ends first).
            while let top = stack.last, top.end <= x {
                flush(top.end)
                let frame = stack.removeLast()
                let range = ranges[frame.rank]
                if stack.isEmpty {
                    appendNode(range, frame.children, extras, to: &root)
                } else {
                    appendNode(range, frame.children, extras, to: &stack[stack.count - 1].children)
                }
                if range.end > frame.end {
                    // The rest of a split range is pending again.
                    if splits == 0 {
                        split = true
                    } else {
                        splits -= 1
                        let item = RangeHeap.Item(end: range.end, rank: frame.rank)
                        heaps[range.kind.rawValue].push(item)
                    }
                }
            }
            while next < ranges.count, ranges[next].start == x {
                let range = ranges[next]
                heaps[range.kind.rawValue].push(RangeHeap.Item(end: range.end, rank: next))
                next += 1
            }
            // Nodes open here for the pending ranges, each inside the one before.
            while let kind = best(x, stack.last?.end ?? bytes.count) {
                guard stack.count < maxDepth else {
                    // Deeper nesting is flattened: the text stays, the inner ranges go.
                    truncated = true
                    break
                }
                flush(x)
                let item = heaps[kind].pop()
                let range = ranges[item.rank]
                let limit = stack.last?.end ?? bytes.count
                let inCode = (stack.last?.inCode ?? false) || range.kind == .code
                stack.append(Frame(rank: item.rank, end: min(range.end, limit), inCode: inCode))
            }
            if stack.isEmpty, next == ranges.count { break }
        }
        flush(bytes.count)
        return root
    }

    /// Appends the node of range `r` around `xs` (code ranges: `xs` itself) to `out`.
    static func appendNode(
        _ r: RangeSpan, _ xs: [Inline], _ extras: [RangeSpan.Extra], to out: inout [Inline]
    ) {
        switch r.kind {
        case .link:
            let link = r.extra >= 0 ? extras[r.extra].link : nil
            out.append(.link(xs, link ?? Link(""), .none))
        case .strong: out.append(.strong(xs, .none))
        case .emphasis: out.append(.emphasis(xs, .none))
        case .underline: out.append(.underline(xs, .none))
        case .strikethrough: out.append(.strikethrough(xs, .none))
        case .sup: out.append(.sup(xs, .none))
        case .sub: out.append(.sub(xs, .none))
        case .highlight: out.append(.highlight(xs, .none))
        case .span: out.append(.span(xs, r.extra >= 0 ? extras[r.extra].attributes : .none))
        case .code: out.append(contentsOf: xs)  // text leaves are already `.code`
        }
    }
}

/// A binary max-heap of pending ranges of one kind: the greatest end first, then the lowest
/// rank (the earlier in canonical order).
struct RangeHeap {
    struct Item {
        var end: Int
        var rank: Int

        @inline(__always)
        func precedes(_ other: Item) -> Bool {
            end != other.end ? end > other.end : rank < other.rank
        }
    }

    private var items: [Item] = []

    var top: Item? { items.first }

    mutating func push(_ item: Item) {
        items.append(item)
        var k = items.count - 1
        while k > 0 {
            let parent = (k - 1) / 2
            guard items[k].precedes(items[parent]) else { break }
            items.swapAt(k, parent)
            k = parent
        }
    }

    @discardableResult
    mutating func pop() -> Item {
        let first = items[0]
        let last = items.removeLast()
        if items.isEmpty { return first }
        items[0] = last
        var k = 0
        while true {
            let l = 2 * k + 1
            guard l < items.count else { break }
            var c = l
            if l + 1 < items.count, items[l + 1].precedes(items[l]) { c = l + 1 }
            guard items[c].precedes(items[k]) else { break }
            items.swapAt(k, c)
            k = c
        }
        return first
    }
}
