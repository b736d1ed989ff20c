import ByteScan
import MarkupAST

/// Byte-level pre-passes: document detection and snippet leniency.
extension HTMLReader {
    /// Whether the input has an `<html>`, `<head>`, `<body>` tag or a doctype (case-insensitive).
    ///
    /// For `<p>x</p>` it is false; for `<!DOCTYPE html><p>x` or `<body>x` true.
    static func looksLikeDocument(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = b.count
        var i = 0
        while i + 1 < count {
            i = ByteScan.firstIndex(of: UInt8(ascii: "<"), in: b, from: i)
            guard i + 1 < count else { break }
            var j = i + 1
            if b[j] == UInt8(ascii: "!") {
                if matchesWord(b, j + 1, doctype) { return true }
                i += 1
                continue
            }
            if b[j] == UInt8(ascii: "/") { j += 1 }
            // `html`, `head` or `body`, then the end of the tag name.
            if j + 4 <= count
                && (j + 4 == count || isTagEnd(b[j + 4]))
                && (matchesWord(b, j, html) || matchesWord(b, j, head) || matchesWord(b, j, body))
            {
                return true
            }
            i += 1
        }
        return false
    }

    private static let doctype = Array("doctype".utf8)
    private static let html = Array("html".utf8)
    private static let head = Array("head".utf8)
    private static let body = Array("body".utf8)

    /// Whether `word` (lower case) is at `start`, ASCII case-insensitively.
    private static func matchesWord(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ word: [UInt8]
    ) -> Bool {
        guard start + word.count <= bytes.count else { return false }
        for k in 0..<word.count where ByteScan.lowercasedASCII(bytes[start + k]) != word[k] {
            return false
        }
        return true
    }

    static func isTagEnd(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D || b == UInt8(ascii: "/")
            || b == UInt8(ascii: ">")
    }

    static func isASCIILetter(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
    }

    /// Offsets of `<` that start an unknown tag with no attribute value (no `=` before its `>`)
    /// and no end tag anywhere in the input (`<Hot>`, `<Congratulation!>`, `<get 1 free>`),
    /// skipping comments and raw-text elements.
    static func literalTagOffsets(
        _ bytes: UnsafeBufferPointer<UInt8>, customTags: Set<String>
    ) -> [Int] {
        let count = bytes.count
        // Pass 1 (only when an unknown start tag needs it): the names of every end tag.
        func endTagNames() -> Set<[UInt8]> {
            var endNames = Set<[UInt8]>()
            var i = 0
            while i + 2 < count {
                if bytes[i] == UInt8(ascii: "<") && bytes[i + 1] == UInt8(ascii: "/")
                    && isASCIILetter(bytes[i + 2])
                {
                    var j = i + 2
                    var name: [UInt8] = []
                    while j < count && !isTagEnd(bytes[j]) {
                        name.append(ByteScan.lowercasedASCII(bytes[j]))
                        j += 1
                    }
                    endNames.insert(name)
                    i = j
                } else {
                    i += 1
                }
            }
            return endNames
        }
        var endNames: Set<[UInt8]>? = nil
        // Read once: the static's lazy-initialization check and a retain and release of its
        // storage cost more per tag than the lookup.
        let known = snippetTags
        // Pass 2: start tags.
        var offsets: [Int] = []
        var name: [UInt8] = []
        var literalEnd = -1
        var i = 0
        while i + 1 < count {
            i = ByteScan.firstIndex(of: UInt8(ascii: "<"), in: bytes, from: i)
            guard i + 1 < count else { break }
            let next = bytes[i + 1]
            if next == UInt8(ascii: "!") && i + 3 < count && bytes[i + 2] == UInt8(ascii: "-")
                && bytes[i + 3] == UInt8(ascii: "-")
            {
                i = skip(bytes, from: i + 4, past: Array("-->".utf8))
                continue
            }
            guard isASCIILetter(next) else {
                i += 1
                continue
            }
            var j = i + 1
            while j < count && !isTagEnd(bytes[j]) { j += 1 }
            // Known names (nearly every tag) are looked up from the bytes; the lower-cased
            // name is only copied out for the rest.
            let nameBytes = UnsafeBufferPointer(rebasing: bytes[(i + 1)..<j])
            let key = HTMLReaderNameTable<Bool>.key(nameBytes.lazy.map(ByteScan.lowercasedASCII))
            if let key, let isRawText = known[key] {
                if isRawText {
                    name.removeAll(keepingCapacity: true)
                    for k in (i + 1)..<j { name.append(ByteScan.lowercasedASCII(bytes[k])) }
                    i = skip(bytes, from: j, past: Array("</".utf8) + name)
                } else {
                    i = j
                }
                continue
            }
            name.removeAll(keepingCapacity: true)
            for k in (i + 1)..<j { name.append(ByteScan.lowercasedASCII(bytes[k])) }
            if !customTags.isEmpty && customTags.contains(String(decoding: name, as: UTF8.self)) {
                i = j
                continue
            }
            let names = endNames ?? endTagNames()
            endNames = names
            if names.contains(name) {
                i = j
                continue
            }
            // No attribute value: no `=` before the `>` that ends the tag, whatever bare words
            // come between (`<Hot>`, `<Hot/>`, `<get 1 free>`). The `<`s in that stretch are
            // attribute names to the tokenizer, so a tag that is not text skips them. A
            // stretch already scanned (up to `literalEnd`) ended in `>` with no `=`, so is
            // not scanned again (`<a <b <c ... >` stays linear).
            var k = j
            if k <= literalEnd {
                k = literalEnd
            } else {
                while k < count && bytes[k] != UInt8(ascii: ">") && bytes[k] != UInt8(ascii: "=") {
                    k += 1
                }
            }
            // No `>` (nor `=`) up to the end: no later tag can be text either.
            if k == count { break }
            if bytes[k] == UInt8(ascii: ">") {
                literalEnd = k
                // Escaped: what follows the `<` is text, so look again inside the tag
                // (`<Vec<u8>>` holds a second tag).
                offsets.append(i)
                i += 1
                continue
            }
            i = k
        }
        return offsets
    }

    /// The index after the first (ASCII case-insensitive) occurrence of `needle` at or after
    /// `start`, or the end of input.
    private static func skip(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, past needle: [UInt8]
    ) -> Int {
        guard let first = needle.first else { return start }
        var i = start
        let count = bytes.count
        while i < count {
            if ByteScan.lowercasedASCII(bytes[i]) == first && i + needle.count <= count {
                var ok = true
                for (n, b) in needle.enumerated() where ByteScan.lowercasedASCII(bytes[i + n]) != b
                {
                    ok = false
                    break
                }
                if ok { return i + needle.count }
            }
            i += 1
        }
        return count
    }

    /// The input with `<` at each offset replaced by `&lt;`.
    static func escapeLessThan(_ bytes: UnsafeBufferPointer<UInt8>, at offsets: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + offsets.count * 3)
        var previous = 0
        for offset in offsets {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[previous..<offset]))
            out.append(contentsOf: Array("&lt;".utf8))
            previous = offset + 1
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[previous...]))
        return out
    }

    /// `knownElements`, each with whether it is one of the `rawTextElements` (listed first:
    /// the first value of a name is kept, and no name is compared with each raw-text one).
    static let snippetTags = HTMLReaderNameTable<Bool>(
        pairs: rawTextElements.map { ($0, true) } + knownElements.map { ($0, false) })

    static let rawTextElements = [
        "script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes",
        "plaintext",
    ]

    /// HTML, SVG and MathML element names a browser knows (lower case).
    static let knownElements = [
        "a", "abbr", "acronym", "address", "applet", "area", "article", "aside", "audio", "b",
        "base", "basefont", "bdi", "bdo", "bgsound", "big", "blink", "blockquote", "body", "br",
        "button", "canvas", "caption", "center", "cite", "code", "col", "colgroup", "data",
        "datalist", "dd", "del", "details", "dfn", "dialog", "dir", "div", "dl", "dt", "em",
        "embed", "fieldset", "figcaption", "figure", "font", "footer", "form", "frame",
        "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hgroup", "hr", "html",
        "i", "iframe", "image", "img", "input", "ins", "isindex", "kbd", "keygen", "label",
        "legend", "li", "link", "listing", "main", "map", "mark", "marquee", "menu", "menuitem",
        "meta", "meter", "multicol", "nav", "nextid", "nobr", "noembed", "noframes", "noscript",
        "object", "ol", "optgroup", "option", "output", "p", "param", "picture", "plaintext",
        "pre", "progress", "q", "rb", "rp", "rt", "rtc", "ruby", "s", "samp", "script", "search",
        "section", "select", "slot", "small", "source", "spacer", "span", "strike", "strong",
        "style", "sub", "summary", "sup", "table", "tbody", "td", "template", "textarea",
        "tfoot", "th", "thead", "time", "title", "tr", "track", "tt", "u", "ul", "var", "video",
        "wbr", "xmp",
        // SVG and MathML (the common ones)
        "svg", "math", "g", "path", "circle", "rect", "line", "polyline", "polygon", "ellipse",
        "text", "tspan", "use", "defs", "symbol", "lineargradient", "radialgradient", "stop",
        "clippath", "mask", "pattern", "filter", "foreignobject", "desc", "mi", "mo", "mn", "ms",
        "mtext", "mrow", "mfrac", "msqrt", "mroot", "msup", "msub", "msubsup", "munder", "mover",
        "munderover", "mtable", "mtr", "mtd", "mstyle", "mspace", "semantics", "annotation",
        "annotation-xml", "mglyph", "malignmark",
    ]
}
