import ByteScan
import MarkupAST

extension HTMLWriter.Renderer {
    typealias Escaping = HTMLWriter.Escaping

    /// Appends `<tag` + the writer's own attributes (`extra`) + the node's attributes + `close`.
    mutating func appendOpenTag(
        _ tag: String, _ attributes: Attributes, extra: [(String, String)] = [],
        skip: Set<String> = [], close: String = ">"
    ) {
        put("<")
        append(tag)
        for (name, value) in extra { appendAttribute(name, value) }
        // (Empty parts write nothing: `appendAttributes` reads each part once.)
        if !attributes.isEmpty { appendAttributes(attributes, skip: skip) }
        append(close)
    }

    /// Appends ` id=".." class=".." name="value" ... style=".."`, escaped; in safe mode
    /// without event handlers, unsafe URLs, `srcdoc` and script in CSS.
    mutating func appendAttributes(
        _ attributes: Attributes, skip: Set<String>, includeID: Bool = true
    ) {
        // (Each part is read once: the getters retain the storage and what they return.)
        if includeID {
            let id = attributes.id
            if !id.isEmpty {
                put(" id=\"")
                appendEscaped(id)
                put("\"")
            }
        }
        let classes = attributes.classes
        if !classes.isEmpty {
            put(" class=\"")
            appendEscaped(classes.joined(separator: " "))
            put("\"")
        }
        let pairs = attributes.pairs
        for pair in pairs {
            let name = Self.lowercased(pair.name)
            if name == "id" || name == "class" || name == "style"
                || (!skip.isEmpty && skip.contains(name))
            {
                continue
            }
            guard Self.isValidAttributeName(pair.name) else {
                lose(.lossyInvalidAttribute, "attribute with an invalid name left out")
                continue
            }
            if !options.unsafe {
                // (The bytes first: `hasPrefix` compares characters, and is asked only when
                // they start with `on`.)
                if Self.startsWithOn(name) && name.hasPrefix("on") {
                    lose(
                        .lossyUnsafeAttribute,
                        "event handler attributes removed (safe mode; --unsafe keeps them)")
                    continue
                }
                if name == "srcdoc" {
                    lose(
                        .lossyUnsafeAttribute,
                        "srcdoc attributes removed (safe mode; --unsafe keeps them)")
                    continue
                }
                if Self.mayBeListed(name, in: Self.urlAttributeFilter)
                    && Self.urlAttributes.contains(name)
                    && (Escaping.isDangerousAttributeURL(pair.value)
                        || (Self.urlListAttributes.contains(name)
                            && Escaping.isDangerousAttributeURLList(pair.value)))
                {
                    lose(.lossyUnsafeURL, "unsafe URL removed (safe mode; --unsafe keeps it)")
                    continue
                }
            }
            appendAttribute(pair.name, pair.value)
        }
        let style = attributes.style
        guard !style.isEmpty && (skip.isEmpty || !skip.contains("style")) else { return }
        // (Read in place: no copy, and no retain, of each declaration and its strings.)
        let safe = style.withUnsafeBufferPointer { declarations in
            options.unsafe || !declarations.contains { Self.mayBeUnsafeDeclaration($0) }
        }
        guard safe else {
            appendCheckedStyle(style)
            return
        }
        // Nothing to remove: serialized straight into the output, escaped (escaping is per
        // byte, so escaping the parts equals escaping `serialize`'s result).
        put(" style=\"")
        style.withUnsafeBufferPointer { declarations in
            for index in declarations.indices {
                if index > 0 { put("; ") }
                appendEscaped(declarations[index].property)
                put(": ")
                appendEscaped(declarations[index].value)
                if declarations[index].important { put(" !important") }
            }
        }
        put("\"")
    }

    /// The style of `appendAttributes` when a declaration may be unsafe: each one is checked
    /// as it is written (`property: value`, so that neither part can smuggle in a declaration
    /// of its own), as a CSS parser reads it (escapes decoded, comments removed, lower-cased);
    /// unsafe ones are removed and reported.
    private mutating func appendCheckedStyle(_ style: [CSSDeclaration]) {
        var declarations = style
        declarations.removeAll { declaration in
            let css = Self.unescapedCSS(declaration.property + ": " + declaration.value)
            let bad = Self.unsafeCSS.contains { css.contains($0) } || Self.hasUnsafeCSSURL(css)
            if bad {
                lose(.lossyUnsafeStyle, "scripting CSS removed (safe mode; --unsafe keeps it)")
            }
            return bad
        }
        if !declarations.isEmpty {
            put(" style=\"")
            appendEscaped(CSSDeclaration.serialize(declarations))
            put("\"")
        }
    }

    /// Whether a declaration needs the full check of `appendCheckedStyle`: false only when
    /// its property and value are ASCII without CSS escapes or comments and hold none of
    /// `unsafeCSS` and `url(` (ASCII case-insensitive), and the property does not end a
    /// pattern that `: ` completes (`javascript` + `: `), which that check finds.
    static func mayBeUnsafeDeclaration(_ declaration: CSSDeclaration) -> Bool {
        let starts = unsafeCSSFirstBytes
        // One pass: the patterns are tried only where a byte can start one of them.
        func unsafe(_ bytes: UnsafeBufferPointer<UInt8>, _ patterns: [[UInt8]]) -> Bool {
            for i in bytes.indices {
                let byte = bytes[i]
                if byte >= 0x80 || byte == 0x5C { return true }
                guard starts[Int(ByteScan.lowercasedASCII(byte))] else { continue }
                if matches(bytes, at: i, commentStart) { return true }
                for pattern in patterns where matches(bytes, at: i, pattern) { return true }
            }
            return false
        }
        return declaration.value.withUTF8InPlace { unsafe($0, unsafeCSSBytes) }
            || declaration.property.withUTF8InPlace { unsafe($0, unsafeCSSPropertyBytes) }
    }

    /// Whether `css` (as `unescapedCSS` gives it) holds a `url(...)` whose URL has a scheme
    /// other than `http`, `https` or a raster `data:` image (`isDangerousURL`'s exception):
    /// a stylesheet URL is fetched, and some schemes run script or read local files.
    static func hasUnsafeCSSURL(_ css: String) -> Bool {
        var rest = css[...]
        while let open = rest.firstRange(ofASCII: "url(") {
            rest = rest[open.upperBound...]
            // The URL without quotes, white space and controls, as a browser's scheme check.
            var url: [UInt8] = []
            for byte in rest.utf8.prefix(while: { $0 != UInt8(ascii: ")") })
            where byte > 0x20 && byte != 0x7F && byte != UInt8(ascii: "\"")
                && byte != UInt8(ascii: "'")
            {
                url.append(byte)
            }
            guard let colon = url.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let scheme = url[..<colon]
            let isScheme = scheme.allSatisfy { byte in
                (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: ".")
            }
            guard isScheme else { continue }  // a relative URL such as `a.png?x:y`
            if scheme.elementsEqual("http".utf8) || scheme.elementsEqual("https".utf8) { continue }
            let allowedImage =
                scheme.elementsEqual("data".utf8)
                && !url.withUnsafeBufferPointer { Escaping.isDangerousURL($0) }
            if !allowedImage { return true }
        }
        return false
    }

    /// `css` lower-cased with its escapes decoded and its comments removed, as a CSS parser
    /// reads it (`b\65havior`, `expr/**/ession(`).
    static func unescapedCSS(_ css: String) -> String {
        let scalars = Array(css.lowercased().unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "/", i + 1 < scalars.count, scalars[i + 1] == "*" {
                i += 2
                while i + 1 < scalars.count, !(scalars[i] == "*" && scalars[i + 1] == "/") {
                    i += 1
                }
                i += 2
                continue
            }
            guard c == "\\", i + 1 < scalars.count else {
                out.append(c)
                i += 1
                continue
            }
            i += 1
            var hex = ""
            while hex.count < 6, i < scalars.count, scalars[i].properties.isASCIIHexDigit {
                hex.unicodeScalars.append(scalars[i])
                i += 1
            }
            if hex.isEmpty {
                out.append(scalars[i])
                i += 1
            } else {
                // One white space after a hex escape belongs to it.
                if i < scalars.count, scalars[i].properties.isWhitespace { i += 1 }
                let value = UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init) ?? "\u{FFFD}"
                out.append(contentsOf: String(value).lowercased().unicodeScalars)
            }
        }
        return String(out)
    }

    /// Whether `bytes` holds `pattern` (lower-case ASCII) at `i`, ignoring ASCII case.
    @inline(__always)
    static func matches(
        _ bytes: UnsafeBufferPointer<UInt8>, at i: Int, _ pattern: [UInt8]
    ) -> Bool {
        let m = pattern.count
        guard m > 0, i + m <= bytes.count else { return false }
        var k = 0
        while k < m, ByteScan.lowercasedASCII(bytes[i + k]) == pattern[k] { k += 1 }
        return k == m
    }

    /// `name` lower-cased; `name` itself when it has no upper-case or non-ASCII byte (the
    /// common case, with no allocation).
    static func lowercased(_ name: String) -> String {
        func keeps(_ byte: UInt8) -> Bool { byte < 0x80 && !(byte >= 0x41 && byte <= 0x5A) }
        // (Read in place when the string allows: attribute names are mostly short and plain.)
        if name.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(keeps) }) == true {
            return name
        }
        return name.utf8.allSatisfy(keeps) ? name : name.lowercased()
    }

    /// The element name to write: a valid source tag (lower-cased) or `fallback`.
    ///
    /// `allowed` lists the tags that may replace `fallback` (`b` for strong ...); `nil` allows
    /// any valid name (for `.div`/`.span`), except script-capable ones in safe mode and GFM's
    /// filtered tags when the tag filter is on.
    mutating func elementName(_ tag: String?, fallback: String, allowed: Set<String>?) -> String {
        guard let tag, !tag.isEmpty else { return fallback }
        let name = Self.lowercased(tag)
        if name == fallback { return fallback }
        if let allowed { return allowed.contains(name) ? name : fallback }
        guard Self.isValidTagName(name) else {
            lose(.lossyInvalidTag, "element with an invalid tag name written as <\(fallback)>")
            return fallback
        }
        // Most names (`color`, `quote`, custom tags) match no listed name's first and last
        // letters: then neither set is consulted.
        guard Self.mayBeListedName(name) else { return name }
        if !options.unsafe && Self.unsafeTags.contains(name) {
            lose(
                .lossyUnsafeTag,
                "script-capable element written as <\(fallback)> (safe mode; --unsafe keeps it)")
            return fallback
        }
        if options.tagfilter && Self.filteredTagNames.contains(name) {
            lose(
                .lossyUnsafeTag, "element disallowed by the tag filter written as <\(fallback)>")
            return fallback
        }
        return name
    }

    /// Appends ` name="value"`, the value escaped.
    mutating func appendAttribute(_ name: String, _ value: String) {
        put(" ")
        append(name)
        put("=\"")
        appendEscaped(value)
        put("\"")
    }

    /// `[a-z][a-z0-9-]*` (custom elements included).
    static func isValidTagName(_ name: String) -> Bool {
        var first = true
        for byte in name.utf8 {
            let letter = byte >= 0x61 && byte <= 0x7A
            let digit = byte >= 0x30 && byte <= 0x39
            if first {
                guard letter else { return false }
                first = false
            } else if !(letter || digit || byte == UInt8(ascii: "-")) {
                return false
            }
        }
        return !first
    }

    /// No whitespace, controls, quotes, `<`, `>`, `/` or `=` (HTML's attribute-name rule).
    static func isValidAttributeName(_ name: String) -> Bool {
        guard !name.isEmpty else { return false }
        func allowed(_ byte: UInt8) -> Bool {
            if byte <= 0x20 || byte == 0x7F { return false }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: ">"),
                UInt8(ascii: "/"), UInt8(ascii: "="):
                return false
            default: return true
            }
        }
        // (Read in place when the string allows.)
        if let valid = name.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy(allowed) }) {
            return valid
        }
        return name.utf8.allSatisfy(allowed)
    }

    static let urlAttributes: Set<String> = [
        "href", "src", "action", "formaction", "cite", "background", "poster", "longdesc",
        "data", "codebase", "classid", "archive", "xlink:href", "ping", "manifest", "dynsrc",
        "lowsrc", "srcset", "imagesrcset", "icon", "profile",
    ]

    /// URL attributes holding several URLs (`srcset="a.png 1x, b.png 2x"`, `ping="a b"`):
    /// each one is checked.
    static let urlListAttributes: Set<String> = ["srcset", "imagesrcset", "ping", "archive"]

    /// What a safe style may not hold anywhere (after `unescapedCSS`): script URLs, IE's
    /// `expression(` and `behavior` (`-ms-behavior`), Firefox's `-moz-binding`, and `@import`.
    static let unsafeCSS = [
        "javascript:", "vbscript:", "expression(", "behavior", "binding", "@import",
    ]
    /// What sends a declaration to the full check: `unsafeCSS` and `url(` in the value.
    static let unsafeCSSBytes = (unsafeCSS + ["url("]).map { Array($0.utf8) }
    /// ... and in the property, also the endings that `: ` would complete (`javascript`).
    static let unsafeCSSPropertyBytes = (unsafeCSS + ["url(", "script"]).map { Array($0.utf8) }
    static let commentStart = Array("/*".utf8)
    /// The first bytes of `unsafeCSSPropertyBytes`, `unsafeCSSBytes` and `commentStart`.
    static let unsafeCSSFirstBytes: [Bool] = {
        var starts = [Bool](repeating: false, count: 256)
        for pattern in unsafeCSSPropertyBytes + unsafeCSSBytes + [commentStart] {
            starts[Int(pattern[0])] = true
        }
        return starts
    }()

    /// Whether `name` (valid, lower-case) may be one of `unsafeTags`, `filteredTagNames` or
    /// `HTMLWriter.Renderer.voidElements`: a check of its first and last letters against
    /// theirs, so that the sets are only consulted for names that may be in them.
    @inline(__always)
    static func mayBeListedName(_ name: String) -> Bool {
        mayBeListed(name, in: listedNameFilter)
    }

    /// Whether `name`'s first and last bytes are those of a name of `filter` (made by
    /// `nameFilter`): false when it cannot be one of them.
    @inline(__always)
    static func mayBeListed(_ name: String, in filter: [UInt64]) -> Bool {
        func passes(_ first: UInt8, _ last: UInt8) -> Bool {
            let key = Int(first & 31) &* 32 &+ Int(last & 31)
            return filter[key >> 6] & (1 << UInt64(key & 63)) != 0
        }
        // (The edge bytes read in place when the string allows.)
        if let found = name.utf8.withContiguousStorageIfAvailable({ bytes in
            bytes.isEmpty ? false : passes(bytes[0], bytes[bytes.count - 1])
        }) {
            return found
        }
        let utf8 = name.utf8
        guard let first = utf8.first, let last = utf8.last else { return false }
        return passes(first, last)
    }

    /// One bit per (first letter, last letter) pair of `names` (1,024 bits).
    static func nameFilter(_ names: Set<String>) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: 16)
        for name in names {
            let utf8 = Array(name.utf8)
            let key = Int(utf8[0] & 31) * 32 + Int(utf8[utf8.count - 1] & 31)
            bits[key >> 6] |= 1 << UInt64(key & 63)
        }
        return bits
    }

    /// The filter of the listed names (`mayBeListedName`).
    static let listedNameFilter = nameFilter(unsafeTags.union(filteredTagNames).union(voidElements))

    /// The filter of `urlAttributes`.
    static let urlAttributeFilter = nameFilter(urlAttributes)

    /// Whether `name`'s first two bytes are `on`.
    @inline(__always)
    static func startsWithOn(_ name: String) -> Bool {
        var utf8 = name.utf8.makeIterator()
        return utf8.next() == UInt8(ascii: "o") && utf8.next() == UInt8(ascii: "n")
    }

    static let unsafeTags: Set<String> = [
        "script", "style", "iframe", "object", "embed", "frame", "frameset", "applet", "base",
        "link", "meta", "noscript", "template", "title", "textarea", "xmp", "plaintext",
        "noembed", "noframes", "svg", "math", "portal", "form", "isindex",
    ]

    static let filteredTagNames: Set<String> = [
        "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
    ]
}
