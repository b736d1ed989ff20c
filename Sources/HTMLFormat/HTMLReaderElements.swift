import ByteScan
import Foundation
import MarkupAST

/// What each HTML element becomes (the element table of `Formats/html.md`).
enum HTMLReaderElements {
    enum Role {
        /// Dropped with a note (`what` names it in the diagnostic).
        case dropped(String)
        /// Skipped silently (`<source>`, `<track>`, `<wbr>`, `<base>`, `<link>`...).
        case ignored
        case head, title, meta
        /// Children join the current block (`picture`, `object`).
        case transparent
        /// A block boundary whose children join the parent (`html`, `body`, `form`).
        case boundary
        case wrapper(HTMLInlineWrapper.Kind, canonical: String)
        case span, link, code, lineBreak, image, embed, input, sup
        case paragraph
        case heading(Int)
        case div(canonical: String)
        case blockQuote, pre
        case list(ordered: Bool)
        case listItem, definitionList, term, definition, table, cell, thematicBreak
        /// Table parts outside a table.
        case tablePart
    }

    /// The role of an HTML element; unknown elements are a `.div` when they contain blocks,
    /// else a `.span`.
    static func role(of name: String, containsBlock: Bool) -> Role {
        if let role = knownRole(of: name) { return role }
        return containsBlock ? .div(canonical: "div") : .span
    }

    /// The role of a known HTML element, nil for unknown ones (whose role depends on their
    /// content: see `role(of:containsBlock:)`).
    static func knownRole(of name: String) -> Role? {
        roles[name: name]
    }

    /// `knownRole(of:)` of an element with tag code `code` (`HTMLNode.tagCode`) and `name`.
    static func knownRole(code: UInt8, name: @autoclosure () -> String) -> Role? {
        roles[code: code, name: name()]
    }

    private static let roles = HTMLReaderNameTable<Role>(pairs: roleEntries)

    /// The roles by name (each name once): built for the two tables made from it, not kept.
    /// A list, not a `[String: Role]`: hashing every name into a dictionary, twice, was
    /// 850,000 instructions of a conversion's first HTML page.
    private static var roleEntries: [(String, Role)] {
        var r: [(String, Role)] = []
        r.reserveCapacity(160)
        func add(_ names: [String], _ role: Role) {
            for n in names { r.append((n, role)) }
        }
        for n in [
            "script", "style", "noscript", "template", "canvas", "select", "textarea",
            "datalist", "frameset", "frame", "noframes", "noembed", "map", "applet",
        ] {
            r.append((n, .dropped("<\(n)> elements")))
        }
        add(
            ["source", "track", "wbr", "base", "link", "param", "area", "col", "colgroup"], .ignored
        )
        r.append(("head", .head))
        r.append(("title", .title))
        r.append(("meta", .meta))
        add(["picture", "object", "slot"], .transparent)
        add(["html", "body", "form", "hgroup"], .boundary)
        r.append(("b", .wrapper(.strong, canonical: "strong")))
        r.append(("strong", .wrapper(.strong, canonical: "strong")))
        r.append(("i", .wrapper(.emphasis, canonical: "em")))
        r.append(("em", .wrapper(.emphasis, canonical: "em")))
        r.append(("s", .wrapper(.strikethrough, canonical: "del")))
        r.append(("strike", .wrapper(.strikethrough, canonical: "del")))
        r.append(("del", .wrapper(.strikethrough, canonical: "del")))
        r.append(("u", .wrapper(.underline, canonical: "u")))
        r.append(("ins", .wrapper(.underline, canonical: "u")))
        r.append(("sub", .wrapper(.sub, canonical: "sub")))
        r.append(("mark", .wrapper(.highlight, canonical: "mark")))
        r.append(("sup", .sup))
        add(
            [
                "span", "small", "big", "kbd", "abbr", "acronym", "q", "cite", "dfn", "var",
                "bdi", "bdo", "data", "time", "label", "nobr", "ruby", "rb", "rt", "rp", "rtc",
                "output", "meter", "progress", "blink", "font", "button", "marquee", "legend",
                "option", "optgroup",
            ], .span)
        r.append(("a", .link))
        add(["code", "tt", "samp"], .code)
        r.append(("br", .lineBreak))
        add(["img", "image"], .image)
        add(["iframe", "video", "audio", "embed"], .embed)
        r.append(("input", .input))
        r.append(("p", .paragraph))
        for level in 1...6 { r.append(("h\(level)", .heading(level))) }
        add(
            [
                "div", "section", "article", "aside", "nav", "header", "footer", "main",
                "address", "center", "figure", "figcaption", "details", "summary", "fieldset",
                "search", "dialog",
            ], .div(canonical: "div"))
        r.append(("blockquote", .blockQuote))
        add(["pre", "listing", "xmp", "plaintext"], .pre)
        r.append(("ul", .list(ordered: false)))
        r.append(("menu", .list(ordered: false)))
        r.append(("dir", .list(ordered: false)))
        r.append(("ol", .list(ordered: true)))
        r.append(("li", .listItem))
        r.append(("dl", .definitionList))
        r.append(("dt", .term))
        r.append(("dd", .definition))
        r.append(("table", .table))
        r.append(("td", .cell))
        r.append(("th", .cell))
        add(["caption", "thead", "tbody", "tfoot", "tr"], .tablePart)
        r.append(("hr", .thematicBreak))
        return r
    }

    /// `Attributes(tag: name)` for every element name the table knows, built once.
    ///
    /// `<b>`, `<i>`, `<s>` ... keep their tag (it is not the canonical one), and each
    /// `Attributes` with content allocates its storage; an attribute-less element shares this
    /// value instead. Sharing is safe: `Attributes` never mutates its storage in place.
    static let tagOnlyAttributes = HTMLReaderNameTable<Attributes>(
        pairs: roleEntries.map { ($0.0, Attributes(tag: $0.0)) })

    /// Whether the element starts a block box (used to decide span vs div for unknown
    /// elements).
    static func isBlockElement(_ name: String) -> Bool { blockElements[name: name] != nil }

    /// `isBlockElement(_:)` of an element with tag code `code` (`HTMLNode.tagCode`) and `name`.
    static func isBlockElement(code: UInt8, name: @autoclosure () -> String) -> Bool {
        blockElements[code: code, name: name()] != nil
    }

    private static let blockElements = HTMLReaderNameTable<Bool>(
        pairs: blockElementNames.map { ($0, true) })

    private static let blockElementNames: [String] = [
        "address", "article", "aside", "blockquote", "center", "details", "dialog", "dd", "dir",
        "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2",
        "h3", "h4", "h5", "h6", "header", "hgroup", "hr", "li", "listing", "main", "menu", "nav",
        "ol", "p", "plaintext", "pre", "search", "section", "summary", "table", "ul", "xmp",
        "caption", "thead", "tbody", "tfoot", "tr", "td", "th",
    ]

    /// The language named by a class: `language-x`, `lang-x`, `highlight-source-x`.
    ///
    /// `language(fromClasses: ["hljs", "language-swift"])` is `"swift"`.
    static func language(fromClasses classes: [String]) -> String? {
        for c in classes {
            for prefix: StaticString in ["language-", "lang-", "highlight-source-"]
            where ByteScan.hasPrefix(c, ascii: prefix) {
                let rest = c.dropFirst(prefix.utf8CodeUnitCount)
                if !rest.isEmpty { return String(rest) }
            }
        }
        return nil
    }

    /// A cell or column alignment from `align` and `text-align`.
    static func alignment(_ align: String?, _ textAlign: String?) -> ColumnAlignment {
        if align == nil && textAlign == nil { return .none }
        switch trimmingWhitespaces(textAlign ?? align ?? "").lowercased() {
        case "left", "start": return .left
        case "center", "-webkit-center", "middle": return .center
        case "right", "end": return .right
        default: return .none
        }
    }
}

extension HTMLReaderElements {
    /// `s.trimmingCharacters(in: .whitespaces)`: tab, the space separators (Unicode category
    /// Zs) and U+200B ZERO WIDTH SPACE (Foundation's set) removed from both ends, scalar by
    /// scalar.
    ///
    /// Foundation's version cost more than the rest of reading a table cell (every cell with
    /// `align` or `text-align` asks for its alignment).
    ///
    /// With `newlines`, as `.whitespacesAndNewlines`: line feed, vertical tab, form feed,
    /// carriage return, U+0085 and the line and paragraph separators go too.
    static func trimmingWhitespaces(_ s: String, newlines: Bool = false) -> Substring {
        func isWhitespace(_ c: Unicode.Scalar) -> Bool {
            if c == " " || c == "\t" { return true }
            if newlines && ((c.value >= 0x0A && c.value <= 0x0D) || c.value == 0x85) {
                return true
            }
            guard c.value >= 0x80 else { return false }
            switch c.properties.generalCategory {
            case .spaceSeparator: return true
            case .lineSeparator, .paragraphSeparator: return newlines
            default: return c.value == 0x200B
            }
        }
        let scalars = s.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
            let last = scalars.lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        return Substring(scalars[first...last])
    }

    /// The tokens of a class list: `value.split(whereSeparator:)` at the Characters space, tab,
    /// newline, carriage return and form feed (only space when `spacesOnly`), empty tokens
    /// omitted.
    ///
    /// Scans the UTF-8 bytes: the Character split cost a grapheme break and five `Character`
    /// comparisons per character of every class attribute. A white-space byte is a Character of
    /// its own unless a neighbour joins it (`\r\n` is one Character; a combining mark after a
    /// space, or a prepended mark before it, makes one): only next to non-ASCII bytes or in a
    /// `\r\n` pair are the Characters walked.
    static func classList(_ value: String, spacesOnly: Bool = false) -> [String] {
        var value = value
        value.makeContiguousUTF8()
        let utf8 = value.utf8
        return utf8.withContiguousStorageIfAvailable { bytes -> [String] in
            var tokens: [String] = []
            let n = bytes.count
            var start = 0
            // A Character boundary at or before the byte being decided, and its offset.
            var boundary = value.startIndex
            var boundaryOffset = 0
            for i in 0..<n {
                let b = bytes[i]
                let isSpace =
                    b == 0x20
                    || (!spacesOnly && (b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C))
                guard isSpace else { continue }
                let before = i > 0 ? bytes[i - 1] : 0
                let after = i + 1 < n ? bytes[i + 1] : 0
                if before >= 0x80 || after >= 0x80 || (b == 0x0D && after == 0x0A)
                    || (b == 0x0A && before == 0x0D)
                {
                    // Whether the byte is a Character of its own: Characters are walked from
                    // the token start (a boundary), never twice over the same bytes.
                    if boundaryOffset < start {
                        boundary = utf8.index(utf8.startIndex, offsetBy: start)
                        boundaryOffset = start
                    }
                    while boundaryOffset < i {
                        boundary = value.index(after: boundary)
                        boundaryOffset = utf8.distance(from: utf8.startIndex, to: boundary)
                    }
                    if boundaryOffset != i || value[boundary].utf8.count != 1 { continue }
                }
                if start < i {
                    // Sized at the first token: most lists have a few.
                    if tokens.isEmpty { tokens.reserveCapacity(4) }
                    tokens.append(token(bytes, start, i))
                }
                start = i + 1
            }
            if start < n { tokens.append(token(bytes, start, n)) }
            return tokens
        }!
    }

    /// The token `bytes[start..<end]`, cut next to ASCII bytes or at Character boundaries of
    /// valid UTF-8.
    private static func token(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
        -> String
    {
        ByteScan.string(fromValidUTF8: UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }
}
