import MarkupAST

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
        let root = try JSONValue.parse(input)
        var state = RangeJSONLowering(reader: self)
        let blocks = try state.document(root)
        return ReadResult(document: Normalize.document(Document(blocks)), diagnostics: state.diagnostics)
    }
}

/// Paragraph text as UTF-8 bytes with the byte offset of every scalar (and the end).
struct ScalarText {
    let bytes: [UInt8]
    let utf8Offsets: [Int]
    var count: Int { utf8Offsets.count - 1 }

    init(_ text: String) {
        bytes = Array(text.utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(bytes.count + 1)
        for (i, b) in bytes.enumerated() where b & 0xC0 != 0x80 { offsets.append(i) }
        offsets.append(bytes.count)
        utf8Offsets = offsets
    }
}

/// One style range in scalar offsets.
struct StyleRange {
    var kind: RangeKind
    var start: Int
    var end: Int
    var link: Link?
    var attributes: Attributes
}

/// Markup types in canonical order (outermost first for equal ranges).
enum RangeKind: Int, Comparable {
    case link, strong, emphasis, underline, strikethrough, sup, sub, highlight, span, code

    static func < (a: RangeKind, b: RangeKind) -> Bool { a.rawValue < b.rawValue }

    init?(name: String) {
        switch name.uppercased() {
        case "A": self = .link
        case "STRONG": self = .strong
        case "EM": self = .emphasis
        case "U": self = .underline
        case "S": self = .strikethrough
        case "SUP": self = .sup
        case "SUB": self = .sub
        case "MARK": self = .highlight
        case "SPAN": self = .span
        case "CODE": self = .code
        default: return nil
        }
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

    var name: String {
        switch self {
        case .link: return "A"
        case .strong: return "STRONG"
        case .emphasis: return "EM"
        case .underline: return "U"
        case .strikethrough: return "S"
        case .sup: return "SUP"
        case .sub: return "SUB"
        case .highlight: return "MARK"
        case .span: return "SPAN"
        case .code: return "CODE"
        }
    }
}

struct RangeJSONLowering {
    let reader: RangeJSONReader
    var diagnostics: [Diagnostic] = []

    init(reader: RangeJSONReader) { self.reader = reader }

    static let paragraphCodes: [Int: String] = [
        1: "P", 3: "H3", 4: "IMG", 6: "BQ", 8: "PRE", 9: "ULI", 10: "OLI", 13: "H4",
    ]

    mutating func problem(_ place: String, _ code: String, _ message: String) throws(ReadError) {
        // `message` is "what; repair": strict mode reports only what.
        if reader.strict {
            let what = message.split(separator: ";", maxSplits: 1).first.map(String.init) ?? message
            throw ReadError("\(place): \(what)")
        }
        diagnostics.append(Diagnostic(.warning, code, "\(place): \(message)"))
    }

    mutating func document(_ root: JSONValue) throws(ReadError) -> [Block] {
        var paragraphsValue = root["paragraphs"]
        if paragraphsValue == nil, case .array = root { paragraphsValue = root }
        if paragraphsValue == nil, let content = root["content"]?["bodyModel"]?["paragraphs"] {
            paragraphsValue = content
        }
        guard case .array(let paragraphs)? = paragraphsValue else {
            throw ReadError("range JSON: expected an object with a \"paragraphs\" array")
        }
        var blocks: [Block] = []
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
        for (index, paragraph) in paragraphs.enumerated() {
            let place = "paragraphs[\(index)]"
            guard case .object = paragraph else {
                try problem(place, "parse.invalid-paragraph", "not an object; skipped")
                continue
            }
            var type = "P"
            if let name = paragraph["type"]?.string {
                type = name.uppercased()
            } else if let code = paragraph["type"]?.int {
                if let name = RangeJSONLowering.paragraphCodes[code] {
                    type = name
                } else {
                    try problem(place, "parse.unknown-type", "unknown paragraph type \(code); read as P")
                }
            }
            let text = paragraph["text"]?.string ?? ""
            let inlines = try self.inlines(text, paragraph["markups"], place: place)
            if type != "ULI" && type != "OLI" { flushList() }
            if type != "BQ" && type != "PQ" { flushQuote() }
            switch type {
            case "P":
                blocks.append(.paragraph(inlines, .none))
            case "H1", "H2", "H3", "H4", "H5", "H6":
                blocks.append(.heading(level: Int(String(type.last!))!, inlines, .none))
            case "BQ", "PQ":
                let attributes = type == "PQ" ? Attributes(classes: ["pullquote"]) : Attributes.none
                if quote != nil, quote!.attributes != attributes { flushQuote() }
                if quote == nil { quote = ([], attributes) }
                quote!.paragraphs.append(.paragraph(inlines, .none))
            case "ULI", "OLI":
                let kind: ListKind = type == "ULI" ? .bullet : .ordered
                if list != nil, list!.kind != kind { flushList() }
                if list == nil { list = ListBlock(kind: kind, items: []) }
                list!.items.append(ListItem([.plain(inlines, .none)]))
            case "PRE", "CODE_BLOCK":
                if case .array(let ms)? = paragraph["markups"], !ms.isEmpty {
                    diagnostics.append(
                        Diagnostic(.note, "parse.code-markup", "\(place): markups inside code ignored"))
                }
                let lang = paragraph["lang"]?.string ?? paragraph["codeBlockMetadata"]?["lang"]?.string ?? ""
                blocks.append(.codeBlock(info: lang, code: text.isEmpty ? "" : text + "\n", .none))
            case "IMG":
                var attributes = Attributes()
                let metadata = paragraph["metadata"]
                let id = metadata?["id"]?.string
                if let id { attributes.set("data-id", id) }
                if let w = metadata?["width"]?.int ?? metadata?["originalWidth"]?.int {
                    attributes.set("width", String(w))
                }
                if let h = metadata?["height"]?.int ?? metadata?["originalHeight"]?.int {
                    attributes.set("height", String(h))
                }
                let src = paragraph["src"]?.string ?? id ?? ""
                blocks.append(.paragraph([.image(inlines, Link(src), attributes)], .none))
            case "IFRAME", "MIXTAPE_EMBED":
                let href =
                    paragraph["href"]?.string ?? paragraph["src"]?.string
                    ?? paragraph["iframe"]?["src"]?.string
                    ?? paragraph["mixtapeMetadata"]?["href"]?.string ?? ""
                let embed = type == "IFRAME" ? "iframe" : "mixtape"
                let content = inlines.isEmpty ? [Inline.text(href)] : inlines
                blocks.append(
                    .paragraph(
                        [.link(content, Link(href), Attributes(pairs: [Attribute(name: "data-embed", value: embed)]))],
                        .none))
            case "HR":
                blocks.append(.thematicBreak(.none))
            default:
                try problem(place, "parse.unknown-type", "unknown paragraph type \(type); read as P")
                blocks.append(.paragraph(inlines, .none))
            }
        }
        flushList()
        flushQuote()
        return blocks
    }

    // MARK: Ranges

    mutating func inlines(_ text: String, _ markupsValue: JSONValue?, place: String)
        throws(ReadError) -> [Inline]
    {
        let scalars = ScalarText(text)
        // utf16 offset -> scalar index (-1 inside a surrogate pair).
        var map: [Int] = []
        if reader.offsets == .utf16 {
            map.reserveCapacity(scalars.count * 2 + 1)
            for k in 0..<scalars.count {
                map.append(k)
                // A 4-byte UTF-8 sequence is an astral scalar: two UTF-16 units.
                if scalars.utf8Offsets[k + 1] - scalars.utf8Offsets[k] == 4 { map.append(-1) }
            }
            map.append(scalars.count)
        }
        let length = reader.offsets == .utf16 ? map.count - 1 : scalars.count
        var ranges: [StyleRange] = []
        var truncated = false
        guard case .array(let markups)? = markupsValue else {
            return RangeJSONLowering.build(scalars, [], 0, scalars.count, inCode: false, truncated: &truncated)
        }
        for (j, markup) in markups.enumerated() {
            let where_ = "\(place).markups[\(j)]"
            var kind: RangeKind?
            if let name = markup["type"]?.string {
                kind = RangeKind(name: name)
            } else if let code = markup["type"]?.int {
                kind = RangeKind(code: code)
            }
            guard let kind else {
                let shown = markup["type"].map { $0.serialized } ?? "(none)"
                try problem(where_, "parse.unknown-type", "unknown markup type \(shown); dropped")
                continue
            }
            guard var start = markup["start"]?.int, var end = markup["end"]?.int else {
                try problem(where_, "parse.invalid-range", "start and end must be integers; dropped")
                continue
            }
            if start > end {
                try problem(where_, "parse.invalid-range", "inverted range \(start)..\(end); dropped")
                continue
            }
            if start < 0 || end > length {
                try problem(
                    where_, "parse.invalid-range",
                    "range \(start)..\(end) out of bounds (text length \(length)); clamped")
                start = max(0, min(start, length))
                end = max(0, min(end, length))
            }
            if reader.offsets == .utf16 {
                if map[start] < 0 || map[end] < 0 {
                    try problem(
                        where_, "parse.surrogate-split",
                        "range \(start)..\(end) splits a surrogate pair; moved to the code point boundary")
                }
                start = map[start] >= 0 ? map[start] : map[start - 1]
                end = map[end] >= 0 ? map[end] : map[end + 1]
            }
            if start == end {
                diagnostics.append(Diagnostic(.note, "parse.empty-range", "\(where_): empty range dropped"))
                continue
            }
            var range = StyleRange(kind: kind, start: start, end: end, link: nil, attributes: .none)
            switch kind {
            case .link:
                let href = markup["href"]?.string ?? ""
                range.link = Link(href, title: markup["title"]?.string ?? "")
            case .span:
                range.attributes = RangeJSONLowering.attributes(markup["attributes"])
            default: break
            }
            ranges.append(range)
        }
        ranges.sort(by: RangeJSONLowering.canonical)
        let inlines = RangeJSONLowering.build(scalars, ranges, 0, scalars.count, inCode: false, truncated: &truncated)
        if truncated {
            diagnostics.append(
                Diagnostic(
                    .warning, "parse.depth-limit",
                    "\(place): ranges nested deeper than \(RangeJSONLowering.maxDepth) flattened to text"))
        }
        return inlines
    }

    /// The deepest range nesting kept.
    static let maxDepth = 512

    static func canonical(_ a: StyleRange, _ b: StyleRange) -> Bool {
        if a.start != b.start { return a.start < b.start }
        if a.end != b.end { return a.end > b.end }
        return a.kind < b.kind
    }

    static func attributes(_ value: JSONValue?) -> Attributes {
        var attributes = Attributes()
        guard case .object(let members)? = value else { return attributes }
        for (key, v) in members {
            let s = v.string ?? v.serialized
            switch key {
            case "tag": attributes.tag = s
            case "id": attributes.id = s
            case "class": attributes.classes = s.split(separator: " ").map(String.init)
            case "style": attributes.style = CSSDeclaration.parseList(s)
            default: attributes.pairs.append(Attribute(name: key, value: s))
            }
        }
        return attributes
    }

    /// Builds nested inlines for sorted ranges inside `[from, to)`.
    static func build(
        _ text: ScalarText, _ ranges: [StyleRange], _ from: Int, _ to: Int, inCode: Bool,
        depth: Int = 0, truncated: inout Bool
    ) -> [Inline] {
        var ranges = ranges
        if depth >= maxDepth, !ranges.isEmpty {
            // Deeper nesting is flattened: the text stays, the inner ranges go.
            truncated = true
            ranges = []
        }
        var out: [Inline] = []
        var cursor = from
        var index = 0
        // Split remainders: they all start at `cursor`, so they precede `ranges[index...]`
        // except for ties, which `canonical` decides.
        var front: [StyleRange] = []
        var frontIndex = 0
        func emitText(_ a: Int, _ b: Int) {
            guard b > a else { return }
            let lo = text.utf8Offsets[a]
            let hi = text.utf8Offsets[b]
            var start = lo
            if !inCode {
                var k = lo
                while k < hi {
                    if text.bytes[k] == 0x0A {
                        if k > start { out.append(.text(String(decoding: text.bytes[start..<k], as: UTF8.self))) }
                        out.append(.lineBreak)
                        start = k + 1
                    }
                    k += 1
                }
            }
            guard hi > start else { return }
            let piece = String(decoding: text.bytes[start..<hi], as: UTF8.self)
            out.append(inCode ? .code(piece, .none) : .text(piece))
        }
        /// Takes the canonically first range of `front` and `ranges[index...]`.
        func take() -> StyleRange? {
            let f = frontIndex < front.count ? front[frontIndex] : nil
            let r = index < ranges.count ? ranges[index] : nil
            if let f, r.map({ canonical(f, $0) }) ?? true {
                frontIndex += 1
                return f
            }
            if let r {
                index += 1
                return r
            }
            return nil
        }
        func peekStart() -> Int? {
            let f = frontIndex < front.count ? front[frontIndex].start : nil
            let r = index < ranges.count ? ranges[index].start : nil
            switch (f, r) {
            case (let a?, let b?): return min(a, b)
            case (let a?, nil): return a
            case (nil, let b?): return b
            default: return nil
            }
        }
        while var next = take() {
            next.start = max(next.start, cursor)
            guard next.start < next.end else { continue }
            emitText(cursor, next.start)
            var children: [StyleRange] = []
            var remainders: [StyleRange] = []
            while let start = peekStart(), start < next.end, var r = take() {
                if r.start < next.start { r.start = next.start }
                if r.end <= next.end {
                    if r.start < r.end { children.append(r) }
                } else {
                    var head = r
                    head.end = next.end
                    if head.start < head.end { children.append(head) }
                    r.start = next.end
                    remainders.append(r)
                }
            }
            children.sort(by: canonical)
            remainders.sort(by: canonical)
            front = Array(front[frontIndex...]) + remainders
            front.sort(by: canonical)
            frontIndex = 0
            let inner = build(
                text, children, next.start, next.end, inCode: inCode || next.kind == .code,
                depth: depth + 1, truncated: &truncated)
            out.append(contentsOf: node(next, inner))
            cursor = next.end
        }
        emitText(cursor, to)
        return out
    }

    static func node(_ r: StyleRange, _ xs: [Inline]) -> [Inline] {
        switch r.kind {
        case .link: return [.link(xs, r.link ?? Link(""), .none)]
        case .strong: return [.strong(xs, .none)]
        case .emphasis: return [.emphasis(xs, .none)]
        case .underline: return [.underline(xs, .none)]
        case .strikethrough: return [.strikethrough(xs, .none)]
        case .sup: return [.sup(xs, .none)]
        case .sub: return [.sub(xs, .none)]
        case .highlight: return [.highlight(xs, .none)]
        case .span: return [.span(xs, r.attributes)]
        case .code: return xs  // text leaves are already `.code`
        }
    }
}
