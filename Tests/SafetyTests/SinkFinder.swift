import HTML5Parser

/// Finds script-capable sinks in HTML output by parsing it again with HTML5Parser, as a
/// browser would (as a document with scripting on, and as a `<body>` fragment with scripting
/// off), and checking every node of the DOM, template contents included.
///
/// A sink is: an element the safe HTML writer never writes (script-capable ones, raw-text
/// ones, `form`, any SVG or MathML element); an `on*` or `srcdoc` attribute; a URL attribute
/// whose value, with ASCII whitespace and control characters removed and ASCII lower-cased,
/// starts with `javascript:`, `vbscript:`, `file:` or `data:` other than the raster images the
/// writer allows (`data:image/png|gif|jpeg|webp`), in list attributes (`srcset`, `ping` ...)
/// any of the listed URLs; a `style` attribute holding `expression(`, `behavior`,
/// `-moz-binding`, `javascript:`, `vbscript:`, `@import` or a `url(` whose scheme is not
/// http(s) (or an allowed raster `data:` image), read as CSS reads it (escapes decoded,
/// comments removed); a comment other than the writer's `raw HTML omitted`; a NUL byte.
enum SinkFinder {
    /// What a parse of the output shows: its sinks and its visible text.
    struct Report {
        var sinks: [String] = []
        /// The text content and the images' alt texts.
        var visibleText = ""
    }

    static func inspect(_ html: String) -> Report {
        var report = Report()
        if html.utf8.contains(0) { report.sinks.append("raw NUL byte") }
        let parses = [
            HTMLParser.parseDocument(html, options: HTMLParserOptions(scripting: true)),
            HTMLParser.parseFragment(html, context: "body"),
        ]
        for document in parses {
            for node in document.nodes {
                switch node.kind {
                case .element: check(node, into: &report.sinks)
                case .comment where node.data != " raw HTML omitted ":
                    report.sinks.append("comment <!--\(node.data)-->")
                default: break
                }
            }
        }
        let document = parses[0]
        report.visibleText = document.textContent(of: document.root)
        for node in document.nodes where node.kind == .element && node.name == "img" {
            report.visibleText += " " + (node.attribute("alt") ?? "")
        }
        return report
    }

    private static func check(_ node: HTMLNode, into sinks: inout [String]) {
        if node.namespace != .html {
            sinks.append("<\(node.name)> in \(node.namespace)")
        } else if forbiddenElements.contains(node.name) {
            sinks.append("<\(node.name)>")
        }
        for attribute in node.attributes {
            let name = attribute.qualifiedName
            let value = attribute.value
            if name.hasPrefix("on") || name == "srcdoc" {
                sinks.append("<\(node.name) \(name)=\"\(value)\">")
            } else if urlAttributes.contains(name), isScriptURL(value) {
                sinks.append("<\(node.name) \(name)=\"\(value)\">")
            } else if listAttributes.contains(name),
                value.split(whereSeparator: { isASCIIWhitespace($0) || $0 == "," })
                    .contains(where: { isScriptURL(String($0)) })
            {
                sinks.append("<\(node.name) \(name)=\"\(value)\">")
            } else if name == "style", let bad = styleSink(value) {
                sinks.append("<\(node.name) style=\"\(value)\">: \(bad)")
            }
        }
    }

    /// Elements that run script, load documents or code, change the page's base or policy,
    /// submit, or parse their content as raw text (none of which the safe writer writes).
    static let forbiddenElements: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "base",
        "meta", "link", "form", "noscript", "template", "textarea", "title", "xmp", "plaintext",
        "noembed", "noframes", "portal", "svg", "math", "isindex",
    ]

    static let urlAttributes: Set<String> = [
        "href", "src", "action", "formaction", "poster", "background", "cite", "longdesc",
        "xlink:href", "data", "codebase", "classid", "manifest", "dynsrc", "lowsrc", "icon",
        "profile",
    ]

    /// Attributes holding several URLs (separated by white space, and commas in `srcset`).
    static let listAttributes: Set<String> = ["srcset", "imagesrcset", "ping", "archive"]

    static func isASCIIWhitespace(_ c: Character) -> Bool {
        c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}" || c == "\r\n"
    }

    /// Whether a browser may run `url` as script (or it names a local file or a non-raster
    /// `data:` document): ASCII whitespace and controls removed, ASCII lower-cased.
    static func isScriptURL(_ url: String) -> Bool {
        var bytes: [UInt8] = []
        for byte in url.utf8 where byte > 0x20 && byte != 0x7F {
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        let cleaned = String(decoding: bytes, as: UTF8.self)
        if cleaned.hasPrefix("data:") {
            return !["png", "gif", "jpeg", "webp"].contains {
                cleaned.hasPrefix("data:image/" + $0)
            }
        }
        return ["javascript:", "vbscript:", "file:"].contains { cleaned.hasPrefix($0) }
    }

    /// The reason `css` (a `style` attribute's value) may run script, or nil.
    static func styleSink(_ css: String) -> String? {
        let text = cssAsRead(css)
        let words = [
            "expression(", "behavior", "-moz-binding", "javascript:", "vbscript:", "@import",
        ]
        if let word = words.first(where: { text.contains($0) }) { return word }
        var rest = text[...]
        while let open = rest.range(of: "url(") {
            rest = rest[open.upperBound...]
            // The argument without quotes, white space and controls (as `isScriptURL` reads it).
            let url = String(
                rest.prefix { $0 != ")" }.unicodeScalars
                    .filter { $0.value > 0x20 && $0.value != 0x7F && $0 != "\"" && $0 != "'" })
            if let colon = url.firstIndex(of: ":"),
                url[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) })
            {
                let scheme = url[..<colon]
                if scheme != "http" && scheme != "https" && (scheme != "data" || isScriptURL(url)) {
                    return "url(\(url))"
                }
            }
        }
        return nil
    }

    /// `css` as a CSS tokenizer reads it: comments removed, escapes (`\65 `, `\:`) decoded,
    /// ASCII lower-cased.
    static func cssAsRead(_ css: String) -> String {
        var out = ""
        var scalars = css.unicodeScalars[...]
        while let c = scalars.popFirst() {
            if c == "/", scalars.first == "*" {
                scalars = scalars.dropFirst()
                while !scalars.isEmpty
                    && !(scalars.first == "*" && scalars.dropFirst().first == "/")
                {
                    scalars = scalars.dropFirst()
                }
                scalars = scalars.dropFirst(2)
            } else if c == "\\", let next = scalars.first {
                let hex = scalars.prefix(6).prefix { $0.properties.isASCIIHexDigit }
                if hex.isEmpty {
                    out.unicodeScalars.append(next)
                    scalars = scalars.dropFirst()
                } else {
                    scalars = scalars.dropFirst(hex.count)
                    if let space = scalars.first, " \t\n\r\u{0C}".unicodeScalars.contains(space) {
                        scalars = scalars.dropFirst()
                    }
                    let value = UInt32(String(String.UnicodeScalarView(hex)), radix: 16)!
                    out.unicodeScalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                }
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return String(
            out.unicodeScalars.map { $0.isASCII ? Character($0).lowercased() : String($0) }.joined()
        )
    }
}
