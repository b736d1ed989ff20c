import MarkupAST

extension Stylesheet {
    /// A copy with the rules of a small CSS stylesheet added (later rules win).
    ///
    /// Selectors name one element: `:root`/`html`/`body` (the root style), element names
    /// (`p`, `h1`, `blockquote`, `pre`, `ul`/`ol`, `li`, `table`, `th`, `td`, `dt`, `dd`,
    /// `strong`, `em`, `u`, `del`, `code`, `a`, `img`, `mark`, `sub`, `sup`, `small`, `kbd`
    /// style their element kind; any other name (`b`, `i`, `important`, `spoiler`) is a tag
    /// override), `.class`, `[role=name]` for named styles, compound selectors of a name or
    /// none with classes, an id and attribute tests (`p.lead`, `.note.warning`, `#intro`,
    /// `[lang=fr]`, `a[title^="Read"]`), and those joined by descendant and child combinators
    /// (`.post p`, `ul > li a`), all applied by specificity around the class rules. Comma lists
    /// are allowed; other selectors (pseudo-classes, `+`, `~`) are skipped with a
    /// `style.unsupported-selector` diagnostic. The
    /// property `-mconv-policy: stylesheet-first | markup-first` in `:root` sets the policy;
    /// `-mconv-tap-scheme: myapp` and `-mconv-tap-roles: product, user` set `tapScheme` and
    /// `tapRoles`. In any rule, `-mconv-attribute: KEY VALUE` attaches an attribute mconv does
    /// not model (`TextStyle.customAttributes`), once per key.
    ///
    /// ```swift
    /// let sheet = Stylesheet.standard.adding(css: "a { color: #0a84ff } .note { font-style: italic }")
    /// ```
    public func adding(css: String) -> Stylesheet {
        var diagnostics: [Diagnostic] = []
        return adding(css: css, diagnostics: &diagnostics)
    }

    /// `adding(css:)`, reporting unsupported selectors and invalid values; when `source` is
    /// given (a file name), each message starts with it and the line of the rule
    /// (`user.css:2: ignored rule for selector 'a:hover'`). A bad rule or value is skipped; the
    /// others apply.
    ///
    /// ```swift
    /// var diagnostics: [Diagnostic] = []
    /// let sheet = Stylesheet.standard.adding(
    ///     css: "p { color: red }\na:hover { color: blue }", source: "user.css",
    ///     diagnostics: &diagnostics)
    /// diagnostics[0].description
    /// // "warning: style.unsupported-selector: user.css:2: ignored rule for selector 'a:hover'"
    /// ```
    public func adding(
        css: String, source: String? = nil, diagnostics: inout [Diagnostic]
    ) -> Stylesheet {
        adding(css: css, source: source, trusted: true, diagnostics: &diagnostics)
    }

    /// `adding(css:source:diagnostics:)`; an untrusted sheet (a document's own `<style>`)
    /// may not attach custom attributes or set the tap settings (reported and skipped).
    func adding(
        css: String, source: String?, trusted: Bool, diagnostics: inout [Diagnostic]
    ) -> Stylesheet {
        var sheet = self
        for (selectors, body, line) in Stylesheet.ruleBlocks(css) {
            let reported = diagnostics.count
            defer {
                if let source {
                    for i in reported..<diagnostics.count {
                        diagnostics[i].message = "\(source):\(line): " + diagnostics[i].message
                    }
                }
                if !trusted { Stylesheet.markupDiagnostics(&diagnostics, from: reported) }
            }
            var declarations = CSSDeclaration.parseList(body)
            if !trusted { Stylesheet.dropAppSettings(&declarations, &diagnostics) }
            sheet.takeSettings(&declarations, diagnostics: &diagnostics)
            let rule = StyleRule(
                declarations: CSSValueParser.compile(declarations, diagnostics: &diagnostics))
            for raw in selectors.split(separator: ",") {
                let selector = CSSValueParser.trim(raw).lowercased()
                if selector == ":root" || selector == "html" || selector == "body" {
                    sheet.root = sheet.root.appending(rule)
                } else if selector.hasPrefix("."), CompoundSelector.isName(selector.dropFirst()) {
                    let name = String(selector.dropFirst())
                    sheet.classes[name] = (sheet.classes[name] ?? StyleRule()).appending(rule)
                } else if selector.hasPrefix("[role="), selector.hasSuffix("]") {
                    var name = selector.dropFirst(6).dropLast()
                    if name.first == "\"" || name.first == "'" {
                        name = name.dropFirst().dropLast()
                    }
                    let key = String(name)
                    sheet.named[key] = (sheet.named[key] ?? StyleRule()).appending(rule)
                } else if CompoundSelector.isName(selector[...]) {
                    if let kind = Stylesheet.kindNames[selector] {
                        sheet[kind] = (sheet[kind] ?? StyleRule()).appending(rule)
                    } else {
                        sheet.tags[selector] = (sheet.tags[selector] ?? StyleRule()).appending(rule)
                    }
                } else if !sheet.addSelectorRule(selector: selector, rule: rule) {
                    diagnostics.append(
                        Diagnostic(
                            .warning, .styleUnsupportedSelector,
                            "ignored rule for selector '\(selector)'"))
                }
            }
        }
        return sheet
    }

    /// Makes the warnings from `start` on info: the document's own CSS (its `<style>`
    /// elements, `style=""` attributes) is presentation, and what the styled text cannot
    /// follow of it (a selector, a value) is a presentational loss, as every converter's; the
    /// app's own stylesheets keep their warnings.
    static func markupDiagnostics(_ diagnostics: inout [Diagnostic], from start: Int) {
        for i in start..<diagnostics.count where diagnostics[i].severity == .warning {
            diagnostics[i].severity = .info
        }
    }

    /// Applies and removes the stylesheet-wide settings of one rule (`-mconv-policy`,
    /// `-mconv-tap-scheme`, `-mconv-tap-roles`).
    mutating func takeSettings(
        _ declarations: inout [CSSDeclaration], diagnostics: inout [Diagnostic]
    ) {
        let names: Set<String> = ["-mconv-policy", "-mconv-tap-scheme", "-mconv-tap-roles"]
        guard declarations.contains(where: { names.contains($0.property) }) else { return }
        for d in declarations where names.contains(d.property) {
            let value = String(CSSValueParser.trim(Substring(d.value)))
            var valid = true
            switch d.property {
            case "-mconv-policy":
                if let p = StylePolicy(rawValue: value.lowercased()) {
                    policy = p
                } else {
                    valid = false
                }
            case "-mconv-tap-scheme":
                // An ASCII letter, then ASCII letters, digits, `+`, `-` and `.`.
                func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
                let bytes = Array(value.utf8)
                valid =
                    (bytes.first.map(isLetter) ?? false)
                    && bytes.allSatisfy {
                        isLetter($0) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2B || $0 == 0x2D
                            || $0 == 0x2E
                    }
                if valid { tapScheme = value.lowercased() }
                if value.lowercased() == "none" {
                    tapScheme = nil
                    valid = true
                }
            default:
                let roles = value.split(separator: ",").map { String(CSSValueParser.trim($0)) }
                valid = !roles.contains { $0.isEmpty }
                if valid { tapRoles.formUnion(roles) }
            }
            if !valid {
                diagnostics.append(
                    Diagnostic(
                        .warning, .styleInvalidValue, "ignored '\(d.property): \(d.value)'"))
            }
        }
        declarations.removeAll { names.contains($0.property) }
    }

    /// Removes what only the app's own stylesheets may set (`-mconv-attribute`,
    /// `-mconv-tap-scheme`, `-mconv-tap-roles`) from markup's CSS, with a diagnostic each.
    static func dropAppSettings(
        _ declarations: inout [CSSDeclaration], _ diagnostics: inout [Diagnostic]
    ) {
        let names: Set<String> = ["-mconv-attribute", "-mconv-tap-scheme", "-mconv-tap-roles"]
        guard declarations.contains(where: { names.contains($0.property) }) else { return }
        for d in declarations where names.contains(d.property) {
            diagnostics.append(
                Diagnostic(
                    .warning, .styleInvalidValue,
                    "ignored '\(d.property): \(d.value)' (only the app's stylesheets may set it)"))
        }
        declarations.removeAll { names.contains($0.property) }
    }

    /// Element names that style an element kind, the first of a kind the name it is written
    /// as (`ul` for a list).
    static let kindTags: [(tag: String, kind: ElementKind)] = [
        ("p", .paragraph), ("h1", .heading1), ("h2", .heading2), ("h3", .heading3),
        ("h4", .heading4), ("h5", .heading5), ("h6", .heading6), ("blockquote", .blockQuote),
        ("pre", .codeBlock), ("ul", .list), ("ol", .list), ("li", .listItem), ("table", .table),
        ("th", .tableHeader), ("td", .tableCell), ("dt", .definitionTerm),
        ("dd", .definitionDescription), ("strong", .strong), ("em", .emphasis),
        ("u", .underline), ("del", .strikethrough), ("code", .code), ("a", .link),
        ("img", .image), ("mark", .mark), ("sub", .sub), ("sup", .sup), ("small", .small),
        ("kbd", .kbd),
    ]

    /// `kindTags` by name.
    static let kindNames = [String: ElementKind](
        kindTags.map { ($0.tag, $0.kind) }, uniquingKeysWith: { first, _ in first })

    /// `(selectors, declarations, line)` of each rule of a stylesheet (the 1-based line of
    /// its selector), comments and at-rules skipped.
    static func ruleBlocks(_ css: String) -> [(String, String, Int)] {
        var out: [(String, String, Int)] = []
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
                    // Line feeds stay, so lines count as in the source.
                    if s[i] == 0x0A { clean.append(0x0A) }
                    i += 1
                }
                i += 2
                continue
            }
            clean.append(s[i])
            i += 1
        }
        i = 0
        var line = 1
        var counted = 0
        // The line of the first non-space byte from `start`, counting forward only.
        func lineOf(_ start: Int) -> Int {
            var k = start
            while k < clean.count,
                clean[k] == 0x20 || clean[k] == 0x0A || clean[k] == 0x09
                    || clean[k] == 0x0D
            {
                k += 1
            }
            while counted < k {
                if clean[counted] == 0x0A { line += 1 }
                counted += 1
            }
            return line
        }
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
                if !trimmed.hasPrefix("@") {
                    out.append((String(trimmed), body, lineOf(selectorStart)))
                }
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
