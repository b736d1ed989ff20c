import ByteScan
import MarkupAST

/// Writes a `Document` as BBCode for a dialect.
///
/// What the dialect cannot express (headings, footnotes, task items, tables in `classic` ...)
/// degrades to the closest BBCode with a `lossy.*` diagnostic. Text that would read back as a
/// tag is wrapped in `[noparse]`.
///
/// ```swift
/// let doc = Document([.paragraph([.strong([.text("Hi")], .none), .text(" [b]")], .none)])
/// BBCodeWriter().write(doc).output // "[b]Hi[/b] [noparse][b][/noparse]\n"
/// ```
public struct BBCodeWriter: MarkupWriter {
    /// The dialect whose tags are emitted.
    public var dialect: BBCodeDialect

    /// Creates a phpBB writer.
    public init() {
        self.init(dialect: .phpBB)
    }

    /// Creates a writer for `dialect`, e.g. `BBCodeWriter(dialect: .classic)`.
    public init(dialect: BBCodeDialect) {
        self.dialect = dialect
    }

    /// Renders `document`; the output ends with a newline unless empty.
    public func write(_ document: Document) -> WriteResult {
        var renderer = BBCodeRenderer(dialect: dialect)
        var output = renderer.blocks(document.blocks).text
        if !output.isEmpty { output += "\n" }
        return WriteResult(output: output, diagnostics: renderer.diagnostics)
    }
}

/// A rendered block: its text and whether it starts/ends with a block tag.
struct BBRendered {
    var text: String
    var tagged: Bool
}

struct BBCodeRenderer {
    let dialect: BBCodeDialect
    var diagnostics: [Diagnostic] = []
    private var reported: Set<String> = []
    /// The semantic inlines around the inline being written: a span's declaration that
    /// implies only these (`font-weight: bold` inside `.strong`, where style promotion puts
    /// it) is already written by their tags.
    private var enclosing = ImpliedInlines()
    private var tagNames: Set<String>

    init(dialect: BBCodeDialect) {
        self.dialect = dialect
        self.tagNames = Set(dialect.tags.map(\.name))
    }

    mutating func lossy(_ code: DiagnosticCode, _ message: String) {
        diagnostics.append(Diagnostic(.warning, code, message))
    }

    /// A presentational loss every converter makes (a class, an id, a `data-*` dropped):
    /// info, shown with `--verbose`, not lossy.
    mutating func presentational(_ code: DiagnosticCode, _ message: String) {
        diagnostics.append(Diagnostic(.info, code, message))
    }

    func name(_ kind: BBCodeTagKind) -> String? {
        dialect.preferredTag(for: kind)?.name
    }

    // MARK: Blocks

    mutating func blocks(_ blocks: [Block]) -> BBRendered {
        var text = ""
        var previousTagged = true
        var first = true
        for block in blocks {
            guard let r = self.block(block) else { continue }
            if !first { text += (previousTagged || r.tagged) ? "\n" : "\n\n" }
            text += r.text
            previousTagged = r.tagged
            first = false
        }
        return BBRendered(text: text, tagged: false)
    }

    private mutating func wrap(_ open: String, _ close: String, _ inner: [Block]) -> BBRendered {
        let body = blocks(inner).text
        return BBRendered(
            text: open + "\n" + body + (body.isEmpty ? "" : "\n") + close, tagged: true)
    }

    private mutating func block(_ block: Block) -> BBRendered? {
        switch block {
        case .paragraph(let xs, _), .plain(let xs, _):
            return BBRendered(text: inlines(xs), tagged: false)
        case .heading(let level, let xs, _):
            if let tag = dialect.tags.first(where: { $0.kind == .heading(level: level) }) {
                return BBRendered(text: "[\(tag.name)]\(inlines(xs))[/\(tag.name)]", tagged: true)
            }
            presentational(.lossyHeading, "heading level \(level) written as bold text")
            var text = inlines(xs)
            if let b = name(.strong) { text = "[\(b)]\(text)[/\(b)]" }
            let percent = [1: "200%", 2: "150%", 3: "120%"][level]
            if let percent, let size = name(.size),
                let (value, _) = BBCodeSize.bbcode(percent, scale: dialect.sizeScale)
            {
                text = "[\(size)=\(value)]\(text)[/\(size)]"
            }
            return BBRendered(text: text, tagged: false)
        case .blockQuote(let bs, let a):
            guard let q = name(.quote) else {
                lossy(.lossyBlockquote, "block quote written without [quote]")
                return blocks(bs)
            }
            // The other attributes first: an author written bare would run to the first `[`
            // or `]`, so it is quoted when a later value holds one.
            var rest = ""
            var bracketsLater = false
            for pair in a.pairs where pair.name != "author" {
                guard dialect.quoteAttributes else {
                    lossy(.lossyQuoteAttribute, "quote attribute \(pair.name) dropped")
                    continue
                }
                guard BBCodeTagScanner.isAttributeName(pair.name) else {
                    lossy(
                        .lossyInvalidAttribute, "quote attribute \(pair.name) left out: not a name")
                    continue
                }
                guard let value = quoted(pair.value, leavingOut: "quote attribute \(pair.name)")
                else { continue }
                rest += " \(pair.name)=\(value)"
                bracketsLater = bracketsLater || value.utf8.contains { $0 == 0x5B || $0 == 0x5D }
            }
            var open = "[\(q)"
            if let author = a.value(of: "author"),
                let value = quoted(author, forced: bracketsLater, leavingOut: "quote author")
            {
                open += "=" + value
            }
            open += rest
            return wrap(open + "]", "[/\(q)]", bs)
        case .codeBlock(let info, let code, _):
            guard let c = name(.code) else {
                lossy(.lossyCode, "code block written as text")
                return BBRendered(text: escape(code), tagged: false)
            }
            let language = info.split(separator: " ").first.map(String.init) ?? ""
            if code.contains("[/\(c)]") {
                lossy(.lossyCode, "code contains [/\(c)] and ends early")
            }
            var body = code
            if body.hasSuffix("\n") { body.removeLast() }
            let open = language.isEmpty ? "[\(c)]" : "[\(c)=\(language)]"
            if body.contains("\n") || body.isEmpty {
                return BBRendered(text: open + "\n" + body + "\n[/\(c)]", tagged: true)
            }
            return BBRendered(text: open + body + "[/\(c)]", tagged: true)
        case .rawBlock(let format, _):
            lossy(.lossyRaw, "raw \(format) block dropped")
            return nil
        case .list(let list):
            return self.list(list)
        case .definitionList(let items, _):
            presentational(
                .lossyDefinitionList, "definition list written as bold terms and indented text")
            var parts: [Block] = []
            for item in items {
                parts.append(.paragraph([.strong(item.term, .none)], .none))
                for definition in item.definitions {
                    parts.append(
                        .div(
                            definition,
                            Attributes(style: [
                                CSSDeclaration(
                                    property: "margin-left", value: BBCodeValues.indentMargin)
                            ])))
                }
            }
            return blocks(parts)
        case .table(let table):
            return self.table(table)
        case .thematicBreak:
            guard let hr = name(.horizontalRule) else {
                lossy(.lossyThematicBreak, "thematic break written as a line of dashes")
                return BBRendered(text: "----", tagged: false)
            }
            return BBRendered(text: "[\(hr)]", tagged: true)
        case .div(let bs, let a):
            if let align = a.styleValue("text-align"), let tag = name(.align(align.lowercased())) {
                return wrap("[\(tag)]", "[/\(tag)]", bs)
            }
            // `[indent]` reads as a div with a left margin, `[spoiler]` as a div of class
            // `spoiler` (the tags are also recognised by name, as older ASTs hold them).
            if a.tag == "indent" || a.styleValue("margin-left") != nil, let tag = name(.indent) {
                let others = a.style.filter { $0.property != "margin-left" }
                if !others.isEmpty {
                    let css = others.map(\.cssText).joined(separator: "; ")
                    presentational(.lossyStyle, "style \(css) dropped")
                }
                return wrap("[\(tag)]", "[/\(tag)]", bs)
            }
            if a.tag == "spoiler" || a.classes.contains(BBCodeValues.spoilerClass),
                let tag = name(.spoiler)
            {
                let title =
                    a.value(of: "title").flatMap { quoted($0, leavingOut: "\(tag) title") }
                    .map { "=" + $0 } ?? ""
                return wrap("[\(tag)\(title)]", "[/\(tag)]", bs)
            }
            if let custom = a.tag, let tag = name(.div(tag: custom)) {
                let value =
                    a.value(of: custom).flatMap { quoted($0, leavingOut: "[\(tag)] value") }
                    .map { "=" + $0 } ?? ""
                return wrap("[\(tag)\(value)]", "[/\(tag)]", bs)
            }
            // A sectioning tag (`<nav>`, `<center>`) or a style alone loses nothing a reader
            // sees but the look; a title or a custom tag does.
            if let (message, content) = a.droppedContainer {
                if content { lossy(.lossyDiv, message) } else { presentational(.lossyDiv, message) }
            }
            return blocks(bs)
        case .footnoteDefinition(let label, let bs, _):
            lossy(.lossyFootnote, "footnote \(label) written as a paragraph")
            var parts = bs
            let marker: Inline = .text("[\(label)] ")
            if case .paragraph(let xs, let a)? = parts.first {
                parts[0] = .paragraph([marker] + xs, a)
            } else {
                parts.insert(.paragraph([marker], .none), at: 0)
            }
            return blocks(parts)
        }
    }

    private mutating func list(_ list: ListBlock) -> BBRendered {
        guard let l = name(.list), let star = name(.listItem) else {
            lossy(.lossyList, "list written as paragraphs")
            return blocks(list.items.flatMap(\.blocks))
        }
        var open = "[\(l)"
        let type = list.attributes.value(of: "type")
        if list.kind == .ordered {
            if let type, ["a", "A", "i", "I"].contains(type) {
                open += "=\(type)"
                if list.start != 1 { lossy(.lossyListStart, "list start \(list.start) dropped") }
            } else {
                open += "=\(list.start)"
            }
        } else if let type, ["disc", "circle", "square"].contains(type) {
            open += "=\(type)"
        }
        var text = open + "]\n"
        for item in list.items {
            var blocks = item.blocks
            if let task = item.task {
                lossy(.lossyTaskItem, "task item written with a \(task ? "☒" : "☐") marker")
                let marker: Inline = .text(task ? "☒ " : "☐ ")
                switch blocks.first {
                case .paragraph(let xs, let a)?: blocks[0] = .paragraph([marker] + xs, a)
                case .plain(let xs, let a)?: blocks[0] = .plain([marker] + xs, a)
                default: blocks.insert(.plain([marker], .none), at: 0)
                }
            }
            text += "[\(star)]" + self.blocks(blocks).text + "\n"
        }
        return BBRendered(text: text + "[/\(l)]", tagged: true)
    }

    private mutating func table(_ table: Table) -> BBRendered {
        guard let t = name(.table), let tr = name(.tableRow), let td = name(.tableCell) else {
            lossy(.lossyTable, "table written as lines of cells separated by |")
            let lines = table.allRows.map { row in
                row.cells.map {
                    self.blocks($0.blocks).text.replacingOccurrences(of: "\n", with: " ")
                }
                .joined(separator: " | ")
            }
            return BBRendered(text: lines.joined(separator: "\n"), tagged: false)
        }
        let th = name(.tableHeader) ?? td
        if !table.caption.isEmpty { lossy(.lossyTableCaption, "table caption dropped") }
        var text = "[\(t)]\n"
        for row in table.allRows {
            text += "[\(tr)]"
            for cell in row.cells {
                let tag = cell.header ? th : td
                var open = "[\(tag)"
                if cell.colspan != 1 { open += " colspan=\(cell.colspan)" }
                if cell.rowspan != 1 { open += " rowspan=\(cell.rowspan)" }
                if cell.alignment != .none {
                    presentational(.lossyTableAlign, "cell alignment dropped")
                }
                text += open + "]" + blocks(cell.blocks).text + "[/\(tag)]"
            }
            text += "[/\(tr)]\n"
        }
        if table.columns.contains(where: { $0 != .none }) {
            presentational(.lossyTableAlign, "column alignment dropped")
        }
        return BBRendered(text: text + "[/\(t)]", tagged: true)
    }

    // MARK: Inlines

    mutating func inlines(_ xs: [Inline], inLink: Bool = false) -> String {
        var out = ""
        for x in xs { inline(x, inLink: inLink, into: &out) }
        return out
    }

    private mutating func simple(
        _ kind: BBCodeTagKind, _ xs: [Inline], _ inLink: Bool, _ out: inout String,
        what: String, _ code: DiagnosticCode, implied: ImpliedInlines = ImpliedInlines()
    ) {
        let outer = enclosing
        enclosing.formUnion(implied)
        let inner = inlines(xs, inLink: inLink)
        enclosing = outer
        if let tag = name(kind) {
            out += "[\(tag)]\(inner)[/\(tag)]"
        } else {
            lossy(code, "\(what) has no tag in \(dialect.name); written as plain text")
            out += inner
        }
    }

    private mutating func inline(_ x: Inline, inLink: Bool, into out: inout String) {
        switch x {
        case .text(let s): out += escape(s)
        case .softBreak: out += " "
        case .lineBreak: out += "\n"
        case .code(let s, _):
            if let c = name(.code) {
                out += s.contains("[/\(c)]") ? escape(s) : "[\(c)]\(s)[/\(c)]"
            } else {
                out += escape(s)
            }
        case .emphasis(let xs, _):
            simple(
                .emphasis, xs, inLink, &out, what: "emphasis", .lossyEmphasis, implied: .emphasis)
        case .strong(let xs, _):
            simple(
                .strong, xs, inLink, &out, what: "strong", .lossyStrong, implied: .strong)
        case .strikethrough(let xs, _):
            simple(
                .strikethrough, xs, inLink, &out, what: "strikethrough", .lossyStrikethrough,
                implied: .strikethrough)
        case .underline(let xs, _):
            simple(
                .underline, xs, inLink, &out, what: "underline", .lossyUnderline,
                implied: .underline)
        case .sup(let xs, _):
            simple(
                .sup, xs, inLink, &out, what: "superscript", .lossySuperscript, implied: .sup)
        case .sub(let xs, _):
            simple(
                .sub, xs, inLink, &out, what: "subscript", .lossySubscript, implied: .sub)
        case .highlight(let xs, _):
            simple(.highlight, xs, inLink, &out, what: "highlight", .lossyHighlight)
        case .link(let xs, let target, let a):
            link(xs, target, a, inLink: inLink, into: &out)
        case .image(let xs, let target, let a):
            guard let img = name(.image), BBCodeURL.isSafe(target.destination, image: true) else {
                lossy(.lossyImage, "image \(target.destination) written as its description")
                out += inlines(xs, inLink: inLink)
                return
            }
            var open = "[\(img)"
            let width = a.value(of: "width")
            let height = a.value(of: "height")
            if let width, let height, Int(width) != nil, Int(height) != nil {
                open += "=\(width)x\(height)"
            } else {
                if let width, let value = quoted(width, leavingOut: "image width") {
                    open += " width=\(value)"
                }
                if let height, let value = quoted(height, leavingOut: "image height") {
                    open += " height=\(value)"
                }
            }
            if !xs.isEmpty { lossy(.lossyImageAlt, "image description dropped") }
            out += open + "]" + target.destination + "[/\(img)]"
        case .rawInline(let format, _):
            lossy(.lossyRaw, "raw \(format) inline dropped")
        case .span(let xs, let a):
            span(xs, a, inLink: inLink, into: &out)
        case .footnoteReference(let label):
            lossy(.lossyFootnote, "footnote reference \(label) written as [\(label)]")
            out += escape("[\(label)]")
        }
    }

    private mutating func link(
        _ xs: [Inline], _ target: Link, _ a: Attributes, inLink: Bool, into out: inout String
    ) {
        let content = inlines(xs, inLink: true)
        let destination = target.destination
        guard !inLink else {
            lossy(.lossyNestedLink, "link inside a link written as its text")
            out += content
            return
        }
        guard BBCodeURL.isSafe(destination, image: false) else {
            lossy(.lossyUnsafeURL, "unsafe link \(destination) written as its text")
            out += content
            return
        }
        if !target.title.isEmpty { presentational(.lossyLinkTitle, "link title dropped") }
        // (`data-embed="youtube"` as the reader writes it; the tag as older ASTs hold it.)
        if a.tag == "youtube" || a.value(of: "data-embed") == "youtube", let tag = name(.youtube),
            let id = BBCodeURL.youTubeID(destination)
        {
            out += "[\(tag)]\(id)[/\(tag)]"
            return
        }
        if destination.lowercased().hasPrefix("mailto:"), let email = name(.email) {
            let address = String(destination.dropFirst(7))
            if xs == [.text(address)] {
                out += "[\(email)]\(address)[/\(email)]"
            } else {
                out += "[\(email)=\(quoted(url: address))]\(content)[/\(email)]"
            }
            return
        }
        guard let url = name(.link) else {
            lossy(.lossyLink, "link written as its text")
            out += content
            return
        }
        if xs == [.text(destination)], !destination.contains("[") {
            out += "[\(url)]\(destination)[/\(url)]"
        } else {
            out += "[\(url)=\(quoted(url: destination))]\(content)[/\(url)]"
        }
    }

    private mutating func span(
        _ xs: [Inline], _ a: Attributes, inLink: Bool, into out: inout String
    ) {
        var inner = inlines(xs, inLink: inLink)
        if let custom = a.tag, let tag = name(.span(tag: custom)) {
            let value =
                a.value(of: custom).flatMap { quoted($0, leavingOut: "[\(tag)] value") }
                .map { "=" + $0 } ?? ""
            out += "[\(tag)\(value)]\(inner)[/\(tag)]"
            return
        }
        var dropped: [String] = []
        let line = CSSDeclaration.lineIndex(in: a.style)
        for (index, declaration) in a.style.enumerated().reversed() {
            if declaration.setsLines {
                // An overridden line declaration, or lines that draw nothing (`none`),
                // lose nothing.
                if index != line || declaration.drawsNoLine {
                    continue
                }
            }
            switch declaration.property {
            case "color":
                if let tag = name(.color), BBCodeValues.isColor(declaration.value) {
                    inner = "[\(tag)=\(declaration.value)]\(inner)[/\(tag)]"
                } else {
                    dropped.append(declaration.cssText)
                }
            case "font-size":
                if let tag = name(.size),
                    let (value, exact) = BBCodeSize.bbcode(
                        declaration.value, scale: dialect.sizeScale)
                {
                    if !exact {
                        lossy(
                            .lossyFontSize,
                            "font-size \(declaration.value) approximated as \(value)")
                    }
                    inner = "[\(tag)=\(value)]\(inner)[/\(tag)]"
                } else {
                    dropped.append(declaration.cssText)
                }
            case "font-family":
                if let tag = name(.font), BBCodeValues.isFontName(declaration.value),
                    let value = quoted(declaration.value)
                {
                    inner = "[\(tag)=\(value)]\(inner)[/\(tag)]"
                } else {
                    dropped.append(declaration.cssText)
                }
            default:
                // Written already when the inlines around imply it (style promotion wrapped
                // the span in them): `font-weight: bold` inside `.strong`.
                let implied = declaration.impliedInlines
                if implied.isEmpty || !enclosing.isSuperset(of: implied) {
                    dropped.append(declaration.cssText)
                }
            }
        }
        if !dropped.isEmpty {
            presentational(
                .lossyStyle, "style \(dropped.reversed().joined(separator: "; ")) dropped")
        }
        let known: Set<String?> = [nil, "span", "color", "size", "font"]
        if !known.contains(a.tag), let tag = a.tag, !Attributes.isPresentationalTag(tag) {
            lossy(.lossySpan, "\(tag) element written as its content")
        } else if let (names, content) = a.droppedAttributes, content {
            let element = a.tag.flatMap { $0 == "span" ? nil : "<\($0)>" } ?? "a span"
            lossy(.lossySpan, "\(names) of \(element) dropped")  // an <abbr> title
        } else if !known.contains(a.tag), let tag = a.tag {
            presentational(.lossySpan, "\(tag) element written as its content")  // a <kbd>
        } else if let (names, _) = a.droppedAttributes {
            presentational(.lossySpan, "\(names) of a \(a.tag ?? "span") dropped")
        }
        out += inner
    }

    // MARK: Escaping

    /// `value` as a tag's value the reader takes back: bare when it holds no space, bracket,
    /// `=` or quote mark (`[quote=Ann]`), else in the quote mark it does not hold
    /// (`[quote="Ann Lee"]`, `[quote='say "hi"']`); nil when it holds both quote marks or a
    /// line break, which no tag value can carry. `forced` quotes even a plain value.
    private func quoted(_ value: String, forced: Bool = false) -> String? {
        var double = false
        var single = false
        var special = forced
        for x in value.utf8 {
            switch x {
            case 0x22: double = true
            case 0x27: single = true
            case 0x0A, 0x0D: return nil
            case 0x20, 0x3D, 0x5B, 0x5D: special = true
            default: break
            }
        }
        if double && single { return nil }
        if double { return "'\(value)'" }
        return special || single ? "\"\(value)\"" : value
    }

    /// `quoted(value, forced:)`, or nil after reporting `what` as left out
    /// (`lossy.invalid-attribute`).
    private mutating func quoted(_ value: String, forced: Bool = false, leavingOut what: String)
        -> String?
    {
        if let written = quoted(value, forced: forced) { return written }
        lossy(.lossyInvalidAttribute, "\(what) left out: it holds both quote marks or a line break")
        return nil
    }

    /// A URL as a tag value: `quoted(url)`; when the URL holds both quote marks or a line
    /// break, its `"` are percent-encoded and its line breaks removed first (the same
    /// address: URL parsing removes line breaks).
    private func quoted(url: String) -> String {
        if let written = quoted(url) { return written }
        var encoded = ""
        for c in url.unicodeScalars {
            switch c {
            case "\"": encoded += "%22"
            case "\n", "\r": break
            default: encoded.unicodeScalars.append(c)
            }
        }
        return quoted(encoded) ?? encoded
    }

    /// Text with every `[...]` the reader would take as a tag wrapped in `[noparse]`.
    mutating func escape(_ s: String) -> String {
        var text = s
        if text.utf8.contains(0x0A) {
            text = text.replacingOccurrences(of: "\r\n", with: " ")
                .replacingOccurrences(of: "\n", with: " ")
        }
        guard text.utf8.contains(0x5B) else { return text }
        let u = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(u.count + 20)
        let noparse = name(.noParse)
        var closing: (from: Int, at: Int?)? = nil
        var i = 0
        while i < u.count {
            if u[i] == 0x5B, let end = tagEnd(u, i, closing: &closing) {
                if let noparse, closesNoParse(u, i, noparse) {
                    // Inside `[noparse]` it would end the noparse: only its `[` goes in, and
                    // the rest, no tag without it, follows as text.
                    out += Array("[\(noparse)][[/\(noparse)]".utf8)
                    i += 1
                    continue
                } else if let noparse {
                    out += Array("[\(noparse)]".utf8) + u[i..<end] + Array("[/\(noparse)]".utf8)
                } else {
                    lossy(
                        .lossyEscape,
                        "text that looks like a tag cannot be escaped in \(dialect.name)")
                    out += u[i..<end]
                }
                i = end
            } else {
                out.append(u[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `u[i...]` begins `[/NAME` with `noparse` as NAME (any case), the tag that ends
    /// a noparse.
    private func closesNoParse(_ u: [UInt8], _ i: Int, _ noparse: String) -> Bool {
        let name = Array(noparse.utf8)
        let after = i + 2 + name.count
        guard after <= u.count, u[i + 1] == 0x2F else { return false }
        return zip(u[(i + 2)...], name).allSatisfy {
            ByteScan.lowercasedASCII($0) == ByteScan.lowercasedASCII($1)
        } && (after == u.count || !BBCodeTagScanner.isNameByte(u[after]))
    }

    /// The end of a `[name...]` that names a dialect tag, starting at `i`; the end of the text
    /// when no `]` follows in it (the markup written next could close the tag). `closing` keeps
    /// the last search for `]` (where it started, what it found), reused while it still
    /// answers, so text full of `[quote=` without a `]` costs linear time, not a scan per `[`.
    private func tagEnd(_ u: [UInt8], _ i: Int, closing: inout (from: Int, at: Int?)?) -> Int? {
        var k = i + 1
        if k < u.count, u[k] == 0x2F { k += 1 }
        let nameStart = k
        while k < u.count, k - nameStart < 33, BBCodeTagScanner.isNameByte(u[k]) { k += 1 }
        guard k > nameStart, k < u.count else { return nil }
        let name = String(
            decoding: u[nameStart..<k].map(ByteScan.lowercasedASCII),
            as: UTF8.self)
        guard tagNames.contains(name), u[k] == 0x5D || u[k] == 0x3D || u[k] == 0x20 else {
            return nil
        }
        let found: Int?
        if let last = closing, last.from <= k, last.at.map({ $0 >= k }) ?? true {
            found = last.at
        } else {
            found = u[k...].firstIndex(of: 0x5D)
            closing = (k, found)
        }
        guard let close = found else { return u.count }
        return close + 1
    }
}
