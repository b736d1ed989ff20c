import MarkupAST

/// The one-pass walk from AST to `StyledText`.
///
/// Styles flow down as values (each element's resolved style is computed once from its
/// parent's); runs are appended and merged as text is emitted; paragraph spacing collapses
/// as browsers collapse margins (the larger of the adjoining margins, first and last dropped).
struct StyleResolver {
    let sheet: Stylesheet
    let root: TextStyle
    let rootSize: Double
    static let depthLimit = 512

    var text = ""
    var utf16 = 0
    var runs: [StyledRun] = []
    var paragraphs: [StyledParagraph] = []
    var diagnostics: [Diagnostic] = []
    var rawCount = 0
    /// Whether `runs.last` is an attachment (never extended).
    var lastRunIsAttachment = false

    /// Margin collected since the last paragraph.
    var margin: Double = 0
    /// The paragraph to open at the first emitted character.
    var pending: Pending?
    var paragraphOpen = false
    var paragraphStart = 0
    /// The list marker waiting for the item's first paragraph.
    var marker: Marker?
    var markerContext = Context()
    var markerBase = TextStyle()
    /// Inside a table cell: breaks become spaces.
    var inCell = false
    /// Width measurement for table cells: points and terminal cells.
    var measuring = false
    var measuredPoints: Double = 0
    var measuredCells = 0

    struct Pending {
        var kind: ParagraphKind
        var style: ParagraphStyle
        var baseStyle: TextStyle
        var listLevel: Int
    }

    struct Marker {
        var text: String
        var style: TextStyle
        var hasTab: Bool
        var task: Bool?
        var kind: ParagraphKind
    }

    /// What block-level context children inherit.
    struct Context {
        var paragraph = ParagraphStyle()
        var indent: Double = 0
        var tail: Double = 0
        var listLevel = 0
        var bulletLevel = 0
    }

    /// The block-level part of an element's declarations.
    struct BlockDelta {
        var alignment: TextAlignment?
        var lineHeight: LineHeightValue?
        var marginTop: Double?
        var marginBottom: Double?
        var indent: Double?
        var tail: Double?
        var textIndent: Double?
        var direction: WritingDirection?
        var listStyle: ListStyleType?
        var width: Double?
        var height: Double?
    }

    init(stylesheet: Stylesheet) {
        sheet = stylesheet
        let base: TextStyle
        if stylesheet.root == Stylesheet.standardRoot {
            base = StyleResolver.standardRootStyle
        } else {
            base = StyleResolver.rootStyle(of: stylesheet.root)
        }
        root = base
        rootSize = base.fontSize ?? 16
        text.reserveCapacity(256)
        runs.reserveCapacity(16)
    }

    /// The resolved style of a stylesheet's root rule (16pt unless it sets a size).
    static func rootStyle(of rule: StyleRule) -> TextStyle {
        var base = TextStyle()
        var delta = BlockDelta()
        var scratch: [Diagnostic] = []
        StyleResolver.apply(
            rule.declarations, important: nil, to: &base, parent: TextStyle(),
            rootSize: 16, delta: &delta, diagnostics: &scratch)
        if base.fontSize == nil { base.fontSize = 16 }
        return base
    }

    /// The standard root resolved once.
    static let standardRootStyle = rootStyle(of: Stylesheet.standardRoot)

    mutating func finish() -> StyledText {
        closeParagraph()
        if rawCount > 0 {
            diagnostics.append(
                Diagnostic(
                    .note, "lossy.raw",
                    "\(rawCount) raw markup node\(rawCount == 1 ? "" : "s") omitted"))
        }
        return StyledText(
            string: text, utf16Count: utf16, runs: runs, paragraphs: paragraphs,
            diagnostics: diagnostics, rootStyle: root)
    }

    // MARK: - Style computation

    /// The style of an element: stylesheet rules and inline style in cascade order.
    mutating func style(
        _ kind: ElementKind?, _ attributes: Attributes, parent: TextStyle,
        delta: inout BlockDelta
    ) -> TextStyle {
        let kindRule = kind.flatMap { sheet.kindRules[$0.rawValue] }
        var tagRule: StyleRule? = nil
        var namedTagRule: StyleRule? = nil
        var roleRule: StyleRule? = nil
        if let tag = attributes.tag {
            tagRule = sheet.tags[tag]
            if !sheet.named.isEmpty { namedTagRule = sheet.named[tag] }
        }
        if !sheet.named.isEmpty, !attributes.pairs.isEmpty, let role = attributes.value(of: "role")
        {
            roleRule = sheet.named[role]
        }
        let useClasses = !sheet.classes.isEmpty && !attributes.classes.isEmpty
        let inline: [StyleDeclaration] =
            attributes.style.isEmpty
            ? [] : InlineStyleCache.shared.compile(attributes.style, diagnostics: &diagnostics)
        if kindRule == nil && tagRule == nil && namedTagRule == nil && roleRule == nil
            && !useClasses && inline.isEmpty
        {
            return parent
        }
        var s = parent
        let sheetFirst = sheet.policy == .stylesheetFirst
        var anyImportant = inline.contains { $0.important }
        if !anyImportant {
            anyImportant =
                (kindRule?.hasImportant ?? false) || (tagRule?.hasImportant ?? false)
                || (namedTagRule?.hasImportant ?? false) || (roleRule?.hasImportant ?? false)
            if !anyImportant && useClasses {
                for c in attributes.classes where sheet.classes[c]?.hasImportant == true {
                    anyImportant = true
                }
            }
        }
        let rootSize = self.rootSize
        func run(_ decls: [StyleDeclaration], _ important: Bool?) {
            guard !decls.isEmpty else { return }
            StyleResolver.apply(
                decls, important: important, to: &s, parent: parent, rootSize: rootSize,
                delta: &delta, diagnostics: &diagnostics)
        }
        func pass(_ important: Bool?) {
            if sheetFirst { run(inline, important) }
            if let r = kindRule { run(r.declarations, important) }
            if let r = tagRule { run(r.declarations, important) }
            if let r = namedTagRule { run(r.declarations, important) }
            if let r = roleRule { run(r.declarations, important) }
            if useClasses {
                for c in attributes.classes {
                    if let r = sheet.classes[c] { run(r.declarations, important) }
                }
            }
            if !sheetFirst { run(inline, important) }
        }
        if anyImportant {
            pass(false)
            pass(true)
        } else {
            pass(nil)
        }
        return s
    }

    static func round2(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    /// Applies declarations (all, or only those whose importance is `important`).
    static func apply(
        _ declarations: [StyleDeclaration], important: Bool?, to s: inout TextStyle,
        parent: TextStyle, rootSize: Double, delta: inout BlockDelta,
        diagnostics: inout [Diagnostic]
    ) {
        for d in declarations {
            if let important, d.important != important { continue }
            let parentSize = parent.fontSize ?? rootSize
            let size = s.fontSize ?? rootSize
            switch d.property {
            case .fontFamily(let f): s.fontFamily = f
            case .fontSize(let l):
                let v = l.points(fontSize: parentSize, rootSize: rootSize)
                s.fontSize = round2(min(CSSValueParser.maxFontSize, max(0, v)))
            case .fontWeight(let w):
                let p = parent.fontWeight ?? 400
                switch w {
                case .absolute(let v): s.fontWeight = v
                case .bolder: s.fontWeight = p < 350 ? 400 : (p < 550 ? 700 : 900)
                case .lighter: s.fontWeight = p < 550 ? 100 : (p < 750 ? 400 : 700)
                }
            case .italic(let v): s.italic = v
            case .monospace(let v): s.monospace = v
            case .foreground(let c): s.foreground = c
            case .background(let c): s.background = c
            case .underline(let l): s.underline = l
            case .underlineColor(let c): s.underlineColor = c
            case .strikethrough(let l): s.strikethrough = l
            case .strikethroughColor(let c): s.strikethroughColor = c
            case .decorationStyle(let l):
                if let u = s.underline, u != .none { s.underline = l }
                if let u = s.strikethrough, u != .none { s.strikethrough = l }
            case .decorationColor(let c):
                s.underlineColor = c
                s.strikethroughColor = c
            case .letterSpacing(let l):
                s.letterSpacing = round2(l.points(fontSize: size, rootSize: rootSize))
            case .wordSpacing(let l):
                s.wordSpacing = round2(l.points(fontSize: size, rootSize: rootSize))
            case .verticalAlign(let v):
                let base = parent.baselineOffset ?? 0
                let shift: Double
                switch v {
                case .baseline: shift = 0
                case .sub: shift = -parentSize * 0.2
                case .super: shift = parentSize / 3
                case .length(let l): shift = l.points(fontSize: size, rootSize: rootSize)
                }
                let r = round2(base + shift)
                s.baselineOffset = r == 0 ? (parent.baselineOffset == nil ? nil : 0) : r
            case .textTransform(let t): s.textTransform = t
            case .link(let u): s.link = u
            case .alignment(let a): delta.alignment = a
            case .lineHeight(let l):
                switch l {
                case .normal, .multiple: delta.lineHeight = l
                case .length(let len):
                    delta.lineHeight = .length(
                        .px(round2(len.points(fontSize: size, rootSize: rootSize))))
                }
            case .marginTop(let l):
                delta.marginTop = round2(l.points(fontSize: size, rootSize: rootSize))
            case .marginBottom(let l):
                delta.marginBottom = round2(l.points(fontSize: size, rootSize: rootSize))
            case .indent(let l):
                delta.indent = round2(l.points(fontSize: size, rootSize: rootSize))
            case .tailIndent(let l):
                delta.tail = round2(l.points(fontSize: size, rootSize: rootSize))
            case .textIndent(let l):
                delta.textIndent = round2(l.points(fontSize: size, rootSize: rootSize))
            case .direction(let w): delta.direction = w
            case .listStyleType(let t): delta.listStyle = t
            case .width(let l): delta.width = round2(l.points(fontSize: size, rootSize: rootSize))
            case .height(let l):
                delta.height = round2(l.points(fontSize: size, rootSize: rootSize))
            }
        }
    }

    /// The child context after a block element's delta.
    func context(_ ctx: Context, _ d: BlockDelta) -> Context {
        var c = ctx
        if let a = d.alignment { c.paragraph.alignment = a }
        if let w = d.direction { c.paragraph.writingDirection = w }
        if let l = d.lineHeight {
            switch l {
            case .normal:
                c.paragraph.lineHeight = nil
                c.paragraph.lineHeightMultiple = nil
            case .multiple(let m):
                c.paragraph.lineHeight = nil
                c.paragraph.lineHeightMultiple = m
            case .length(let len):
                c.paragraph.lineHeightMultiple = nil
                c.paragraph.lineHeight = len.points(fontSize: rootSize, rootSize: rootSize)
            }
        }
        if let i = d.indent { c.indent += i }
        if let t = d.tail { c.tail += t }
        return c
    }

    mutating func addMargin(_ m: Double?) {
        if let m, m > margin { margin = m }
    }

    // MARK: - Paragraphs and runs

    mutating func beginParagraph(
        _ kind: ParagraphKind, _ ctx: Context, _ base: TextStyle, textIndent: Double? = nil
    ) {
        closeParagraph()
        var p = ctx.paragraph
        if ctx.indent != 0 {
            p.headIndent = ctx.indent
            p.firstLineHeadIndent = ctx.indent
        }
        if let t = textIndent, t != 0 { p.firstLineHeadIndent = ctx.indent + t }
        if ctx.tail != 0 { p.tailIndent = ctx.tail }
        pending = Pending(kind: kind, style: p, baseStyle: base, listLevel: ctx.listLevel)
    }

    mutating func openParagraph() {
        guard var p = pending.take() else { return }
        if !paragraphs.isEmpty {
            if margin > 0 { paragraphs[paragraphs.count - 1].style.spacingAfter = margin }
            appendRaw("\n", p.baseStyle, separator: true)
        }
        margin = 0
        paragraphOpen = true
        paragraphStart = utf16
        if let m = marker.take() {
            p.kind = p.kind == .paragraph ? m.kind : p.kind
            let step = sheet.indentStep
            if m.hasTab {
                p.style.firstLineHeadIndent = max(0, (p.style.headIndent ?? 0) - step)
                p.style.tabStops = [p.style.headIndent ?? 0]
            }
            paragraphs.append(
                StyledParagraph(
                    range: utf16..<utf16, style: p.style, kind: p.kind, listLevel: p.listLevel))
            if m.hasTab {
                appendRaw(m.text + "\t", m.style)
            } else if !m.text.isEmpty {
                appendRaw(m.text + " ", m.style)
            }
            if let task = m.task { appendRaw(task ? "\u{2611} " : "\u{2610} ", m.style) }
            return
        }
        paragraphs.append(
            StyledParagraph(
                range: utf16..<utf16, style: p.style, kind: p.kind, listLevel: p.listLevel))
    }

    mutating func closeParagraph() {
        pending = nil
        guard paragraphOpen else { return }
        paragraphOpen = false
        paragraphs[paragraphs.count - 1].range = paragraphStart..<utf16
    }

    /// Emits text in `style`, opening the pending paragraph first.
    mutating func emit(_ string: String, _ style: TextStyle) {
        if !paragraphOpen {
            if pending == nil { return }
            openParagraph()
        }
        if let t = style.textTransform, t != .none {
            appendRaw(StyleResolver.transform(string, t), style)
        } else {
            appendRaw(string, style)
        }
    }

    mutating func appendRaw(_ string: String, _ style: TextStyle, separator: Bool = false) {
        let n = string.utf16.count
        guard n > 0 else { return }
        if measuring { measure(string, style) }
        let end = utf16 + n
        var extended = false
        if !runs.isEmpty && !lastRunIsAttachment {
            // Compared and extended in place: no copy of the last run or its style.
            extended = runs.withUnsafeMutableBufferPointer { buffer in
                let last = buffer.count - 1
                guard separator || buffer[last].style == style else { return false }
                buffer[last].range = buffer[last].range.lowerBound..<end
                return true
            }
        }
        if !extended {
            runs.append(StyledRun(range: utf16..<end, style: style))
            lastRunIsAttachment = false
        }
        text += string
        utf16 += n
    }

    mutating func emitAttachment(_ attachment: TextAttachment, _ style: TextStyle) {
        if !paragraphOpen {
            if pending == nil { return }
            openParagraph()
        }
        runs.append(StyledRun(range: utf16..<(utf16 + 1), style: style, attachment: attachment))
        lastRunIsAttachment = true
        text += "\u{FFFC}"
        utf16 += 1
        if measuring {
            measuredPoints += attachment.width ?? (style.fontSize ?? rootSize)
            measuredCells += 1
        }
    }

    mutating func measure(_ string: String, _ style: TextStyle) {
        let size = style.fontSize ?? rootSize
        let cells = ANSIWriter.width(string)
        measuredCells += cells
        var wide = 0
        for scalar in string.unicodeScalars where StyleResolver.isWide(scalar) { wide += 1 }
        measuredPoints += Double(wide) * size + Double(cells - 2 * wide) * size * 0.55
    }

    /// East Asian wide and emoji ranges (enough for column layout).
    static func isWide(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x1100 { return false }
        return (v <= 0x115F) || (v >= 0x2E80 && v <= 0xA4CF) || (v >= 0xAC00 && v <= 0xD7A3)
            || (v >= 0xF900 && v <= 0xFAFF) || (v >= 0xFE30 && v <= 0xFE4F)
            || (v >= 0xFF00 && v <= 0xFF60) || (v >= 0xFFE0 && v <= 0xFFE6)
            || (v >= 0x1F300 && v <= 0x1F64F) || (v >= 0x1F900 && v <= 0x1F9FF)
            || (v >= 0x20000 && v <= 0x3FFFD)
    }

    static func transform(_ s: String, _ t: TextTransform) -> String {
        switch t {
        case .none: return s
        case .uppercase: return s.uppercased()
        case .lowercase: return s.lowercased()
        case .capitalize:
            var out = ""
            var atStart = true
            for c in s {
                if c.isWhitespace || c == "-" {
                    atStart = true
                    out.append(c)
                } else if atStart {
                    out += c.uppercased()
                    atStart = false
                } else {
                    out.append(c)
                }
            }
            return out
        }
    }
}
