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
        for (name, value) in extra {
            put(" ")
            append(name)
            put("=\"")
            appendEscaped(value)
            put("\"")
        }
        if !(attributes.id.isEmpty && attributes.classes.isEmpty && attributes.pairs.isEmpty
            && attributes.style.isEmpty)
        {
            appendAttributes(attributes, skip: skip)
        }
        append(close)
    }

    /// Appends ` id=".." class=".." name="value" ... style=".."`, escaped; in safe mode
    /// without event handlers, unsafe URLs, `srcdoc` and script in CSS.
    mutating func appendAttributes(
        _ attributes: Attributes, skip: Set<String>, includeID: Bool = true
    ) {
        if includeID && !attributes.id.isEmpty {
            put(" id=\"")
            appendEscaped(attributes.id)
            put("\"")
        }
        if !attributes.classes.isEmpty {
            put(" class=\"")
            appendEscaped(attributes.classes.joined(separator: " "))
            put("\"")
        }
        for pair in attributes.pairs {
            let name = pair.name.lowercased()
            if name == "id" || name == "class" || name == "style" || skip.contains(name) {
                continue
            }
            guard Self.isValidAttributeName(pair.name) else {
                lose("lossy.invalid-attribute", "attribute with an invalid name left out")
                continue
            }
            if !options.unsafe {
                if name.hasPrefix("on") {
                    lose(
                        "lossy.unsafe-attribute",
                        "event handler attributes removed (safe mode; --unsafe keeps them)")
                    continue
                }
                if name == "srcdoc" {
                    lose(
                        "lossy.unsafe-attribute",
                        "srcdoc attributes removed (safe mode; --unsafe keeps them)")
                    continue
                }
                if Self.urlAttributes.contains(name) && Escaping.isDangerousAttributeURL(pair.value)
                {
                    lose("lossy.unsafe-url", "unsafe URL removed (safe mode; --unsafe keeps it)")
                    continue
                }
            }
            put(" ")
            append(pair.name)
            put("=\"")
            appendEscaped(pair.value)
            put("\"")
        }
        if !attributes.style.isEmpty && !skip.contains("style") {
            var declarations = attributes.style
            if !options.unsafe {
                declarations.removeAll { declaration in
                    let value = declaration.value.lowercased()
                    let bad =
                        Self.unsafeCSS.contains { value.contains($0) }
                        || declaration.property.hasPrefix("-moz-binding")
                    if bad {
                        lose(
                            "lossy.unsafe-style",
                            "scripting CSS removed (safe mode; --unsafe keeps it)")
                    }
                    return bad
                }
            }
            if !declarations.isEmpty {
                put(" style=\"")
                appendEscaped(CSSDeclaration.serialize(declarations))
                put("\"")
            }
        }
    }

    /// The element name to write: a valid source tag (lower-cased) or `fallback`.
    ///
    /// `allowed` lists the tags that may replace `fallback` (`b` for strong ...); `nil` allows
    /// any valid name (for `.div`/`.span`), except script-capable ones in safe mode and GFM's
    /// filtered tags when the tag filter is on.
    mutating func elementName(_ tag: String?, fallback: String, allowed: Set<String>?) -> String {
        guard let tag, !tag.isEmpty else { return fallback }
        let name = tag.lowercased()
        if name == fallback { return fallback }
        if let allowed { return allowed.contains(name) ? name : fallback }
        guard Self.isValidTagName(name) else {
            lose("lossy.invalid-tag", "element with an invalid tag name written as <\(fallback)>")
            return fallback
        }
        if !options.unsafe && Self.unsafeTags.contains(name) {
            lose(
                "lossy.unsafe-tag",
                "script-capable element written as <\(fallback)> (safe mode; --unsafe keeps it)")
            return fallback
        }
        if options.tagfilter && Self.filteredTagNames.contains(name) {
            lose(
                "lossy.unsafe-tag", "element disallowed by the tag filter written as <\(fallback)>")
            return fallback
        }
        return name
    }

    @inline(__always)
    private mutating func appendEscaped(_ text: String) {
        Escaping.appendHTML(text, to: &out)
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
        for byte in name.utf8 {
            if byte <= 0x20 || byte == 0x7F { return false }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: ">"),
                UInt8(ascii: "/"), UInt8(ascii: "="):
                return false
            default: continue
            }
        }
        return true
    }

    static let urlAttributes: Set<String> = [
        "href", "src", "action", "formaction", "cite", "background", "poster", "longdesc",
        "data", "codebase", "xlink:href", "ping", "manifest", "dynsrc", "lowsrc", "srcset",
    ]

    static let unsafeCSS = ["javascript:", "vbscript:", "expression(", "-moz-binding", "behavior:"]

    static let unsafeTags: Set<String> = [
        "script", "style", "iframe", "object", "embed", "frame", "frameset", "applet", "base",
        "link", "meta", "noscript", "template", "title", "textarea", "xmp", "plaintext",
        "noembed", "noframes", "svg", "math", "portal",
    ]

    static let filteredTagNames: Set<String> = [
        "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
    ]
}
