import MarkupAST

extension Stylesheet {
    /// A copy with the rules of a small CSS stylesheet added (later rules win).
    ///
    /// Selectors are single names: `:root`/`html`/`body` (the root style), element names
    /// (`p`, `h1`, `blockquote`, `pre`, `ul`/`ol`, `li`, `table`, `th`, `td`, `dt`, `dd`,
    /// `strong`, `em`, `u`, `del`, `code`, `a`, `img`, `mark`, `sub`, `sup`, `small`, `kbd`
    /// style their element kind; any other name (`b`, `i`, `important`, `spoiler`) is a tag
    /// override), `.class`, and `[role=name]` for named styles. Comma lists are allowed;
    /// other selectors are skipped with a `style.unsupported-selector` diagnostic. The
    /// property `-mconv-policy: stylesheet-first | markup-first` in `:root` sets the policy.
    ///
    /// ```swift
    /// let sheet = Stylesheet.standard.adding(css: "a { color: #0a84ff } .note { font-style: italic }")
    /// ```
    public func adding(css: String) -> Stylesheet {
        var diagnostics: [Diagnostic] = []
        return adding(css: css, diagnostics: &diagnostics)
    }

    /// `adding(css:)`, reporting unsupported selectors and invalid values.
    public func adding(css: String, diagnostics: inout [Diagnostic]) -> Stylesheet {
        var sheet = self
        for (selectors, body) in Stylesheet.ruleBlocks(css) {
            var declarations = CSSDeclaration.parseList(body)
            if let i = declarations.lastIndex(where: { $0.property == "-mconv-policy" }) {
                if let p = StylePolicy(rawValue: declarations[i].value.lowercased()) {
                    sheet.policy = p
                }
                declarations.removeAll { $0.property == "-mconv-policy" }
            }
            let rule = StyleRule(
                declarations: CSSValueParser.compile(declarations, diagnostics: &diagnostics))
            for raw in selectors.split(separator: ",") {
                let selector = CSSValueParser.trim(raw).lowercased()
                if selector == ":root" || selector == "html" || selector == "body" {
                    sheet.root = sheet.root.appending(rule)
                } else if selector.hasPrefix("."), selector.count > 1,
                    selector.dropFirst().allSatisfy({
                        $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_"
                    })
                {
                    let name = String(selector.dropFirst())
                    sheet.classes[name] = (sheet.classes[name] ?? StyleRule()).appending(rule)
                } else if selector.hasPrefix("[role="), selector.hasSuffix("]") {
                    var name = selector.dropFirst(6).dropLast()
                    if name.first == "\"" || name.first == "'" {
                        name = name.dropFirst().dropLast()
                    }
                    let key = String(name)
                    sheet.named[key] = (sheet.named[key] ?? StyleRule()).appending(rule)
                } else if !selector.isEmpty,
                    selector.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
                {
                    if let kind = Stylesheet.kindNames[selector] {
                        sheet[kind] = (sheet[kind] ?? StyleRule()).appending(rule)
                    } else {
                        sheet.tags[selector] = (sheet.tags[selector] ?? StyleRule()).appending(rule)
                    }
                } else {
                    diagnostics.append(
                        Diagnostic(
                            .warning, .styleUnsupportedSelector,
                            "ignored rule for selector '\(selector)'"))
                }
            }
        }
        return sheet
    }

    /// Element names that style an element kind.
    static let kindNames: [String: ElementKind] = [
        "p": .paragraph, "h1": .heading1, "h2": .heading2, "h3": .heading3, "h4": .heading4,
        "h5": .heading5, "h6": .heading6, "blockquote": .blockQuote, "pre": .codeBlock,
        "ul": .list, "ol": .list, "li": .listItem, "table": .table, "th": .tableHeader,
        "td": .tableCell, "dt": .definitionTerm, "dd": .definitionDescription,
        "strong": .strong, "em": .emphasis, "u": .underline, "del": .strikethrough,
        "code": .code, "a": .link, "img": .image, "mark": .mark, "sub": .sub, "sup": .sup,
        "small": .small, "kbd": .kbd,
    ]

    /// `(selectors, declarations)` pairs of a stylesheet, comments and at-rules skipped.
    static func ruleBlocks(_ css: String) -> [(String, String)] {
        var out: [(String, String)] = []
        let s = Array(css.utf8)
        var i = 0
        var selectorStart = 0
        var clean: [UInt8] = []
        clean.reserveCapacity(s.count)
        // Strip comments first.
        while i < s.count {
            if s[i] == UInt8(ascii: "/"), i + 1 < s.count, s[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < s.count, !(s[i] == UInt8(ascii: "*") && s[i + 1] == UInt8(ascii: "/"))
                {
                    i += 1
                }
                i += 2
                continue
            }
            clean.append(s[i])
            i += 1
        }
        i = 0
        while i < clean.count {
            if clean[i] == UInt8(ascii: "{") {
                let selector = String(decoding: clean[selectorStart..<i], as: UTF8.self)
                var depth = 1
                var j = i + 1
                while j < clean.count, depth > 0 {
                    if clean[j] == UInt8(ascii: "{") { depth += 1 }
                    if clean[j] == UInt8(ascii: "}") { depth -= 1 }
                    j += 1
                }
                let bodyEnd = depth == 0 ? j - 1 : j
                let body = String(decoding: clean[(i + 1)..<bodyEnd], as: UTF8.self)
                let trimmed = CSSValueParser.trim(Substring(selector))
                if !trimmed.hasPrefix("@") { out.append((String(trimmed), body)) }
                i = j
                selectorStart = j
                continue
            }
            if clean[i] == UInt8(ascii: ";"),
                CSSValueParser.trim(
                    Substring(String(decoding: clean[selectorStart..<i], as: UTF8.self))
                )
                .hasPrefix("@")
            {
                selectorStart = i + 1
            }
            i += 1
        }
        return out
    }
}
