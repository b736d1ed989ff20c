import MarkupAST

extension StyleResolver {
    mutating func render(_ blocks: [Block]) {
        let ctx = Context()
        blocksIn(blocks, StyleResolver.rootID, ctx, 0)
    }

    /// Renders `blocks` in order, each borrowed from the array (no copy of each node).
    // The walk recurses once per nesting level (blocksIn -> block -> container -> blocksIn,
    // inlines -> inline -> element -> inlines): the handler of each kind of node is a call of
    // its own (`@inline(never)`), not inlined into the switch, and so is the style
    // computation, so that a level's frames hold only what that kind of node needs. Inlined
    // into one another they made a 9.5 KB frame per level: 96 KB of stack for the ten levels
    // of a documentation page (most of what -t styled needed beyond -t markdown), 4.8 MB at
    // the depth cap.
    mutating func blocksIn(_ blocks: [Block], _ parent: StyleID, _ ctx: Context, _ depth: Int) {
        blocks.withUnsafeBufferPointer { buffer in
            // `UnsafePointer`'s subscript is an addressor (a borrow); the buffer's copies.
            guard let base = buffer.baseAddress else { return }
            for i in 0..<buffer.count { block(base[i], parent, ctx, depth) }
        }
    }

    mutating func block(_ b: Block, _ parent: StyleID, _ ctx: Context, _ depth: Int) {
        if depth >= StyleResolver.depthLimit {
            beginParagraph(.paragraph, ctx, parent)
            emit(StyleResolver.flatText(.block(b)), parent)
            closeParagraph()
            return
        }
        switch b {
        case .paragraph, .plain, .heading, .codeBlock: break
        default: flushMarker()
        }
        switch b {
        case .paragraph(let xs, let a):
            textBlock(.paragraph, .paragraph, xs, a, parent, ctx, depth)
        case .plain(let xs, let a):
            textBlock(.paragraph, nil, xs, a, parent, ctx, depth)
        case .heading(let level, let xs, let a):
            let kind = ParagraphKind(rawValue: "h\(min(6, max(1, level)))")!
            textBlock(kind, .heading(level), xs, a, parent, ctx, depth)
        case .blockQuote(let bs, let a):
            container(.blockQuote, bs, a, parent, ctx, depth)
        case .div(let bs, let a):
            container(nil, bs, a, parent, ctx, depth)
        case .footnoteDefinition(let label, let bs, let a):
            footnote(label, bs, a, parent, ctx, depth)
        case .codeBlock(_, let code, let a):
            codeBlock(code, a, parent, ctx)
        case .rawBlock(let format, let raw):
            omitted(format, raw, applied: depth == 0 && sheet.embeddedStyles)
        case .list(let list):
            self.list(list, parent, ctx, depth)
        case .definitionList(let items, let a):
            definitionList(items, a, parent, ctx, depth)
        case .table(let table):
            self.table(table, parent, ctx, depth)
        case .thematicBreak(let a):
            rule(a, parent, ctx)
        }
    }

    @inline(never)
    mutating func footnote(
        _ label: String, _ bs: [Block], _ a: Attributes, _ parent: StyleID, _ ctx: Context,
        _ depth: Int
    ) {
        let (s, c, d) = blockStyle(nil, a, parent, ctx)
        addMargin(d.marginTop)
        marker = Marker(
            text: "[\(label)]", style: s, hasTab: false, task: nil, kind: .paragraph)
        markerContext = c
        markerBase = s
        blocksIn(bs, s, c, depth + 1)
        flushMarker()
        addMargin(d.marginBottom)
    }

    @inline(never)
    mutating func codeBlock(_ code: String, _ a: Attributes, _ parent: StyleID, _ ctx: Context) {
        let (s, c, d) = blockStyle(.codeBlock, a, parent, ctx)
        addMargin(d.marginTop)
        beginParagraph(.codeBlock, c, s, textIndent: d.textIndent)
        var body = Substring(code)
        if body.hasSuffix("\n") { body = body.dropLast() }
        if !body.isEmpty {
            emit(
                body.split(separator: "\n", omittingEmptySubsequences: false).joined(
                    separator: "\u{2028}"), s)
        } else {
            flushMarker()
        }
        closeParagraph()
        addMargin(d.marginBottom)
    }

    @inline(never)
    mutating func definitionList(
        _ items: [DefinitionItem], _ a: Attributes, _ parent: StyleID, _ ctx: Context,
        _ depth: Int
    ) {
        let (s, c, d) = blockStyle(nil, a, parent, ctx)
        addMargin(d.marginTop ?? sheet[.paragraph].map { _ in rootSize })
        for item in items {
            let (ts, tc, _) = blockStyle(.definitionTerm, item.attributes, s, c)
            beginParagraph(.term, tc, ts)
            inlines(item.term, ts, depth + 1)
            closeParagraph()
            for definition in item.definitions {
                let (ds, dc, _) = blockStyle(.definitionDescription, .none, s, c)
                for x in definition { block(x, ds, dc, depth + 1) }
            }
        }
        addMargin(d.marginBottom ?? sheet[.paragraph].map { _ in rootSize })
    }

    @inline(never)
    mutating func rule(_ a: Attributes, _ parent: StyleID, _ ctx: Context) {
        let (s, c, d) = blockStyle(nil, a, parent, ctx)
        addMargin(d.marginTop ?? StyleResolver.round2(fontSize(s) / 2))
        beginParagraph(.rule, c, s)
        emitAttachment(TextAttachment(kind: .rule, url: ""), s)
        closeParagraph()
        addMargin(d.marginBottom ?? StyleResolver.round2(fontSize(s) / 2))
    }

    @inline(never)
    mutating func textBlock(
        _ kind: ParagraphKind, _ element: ElementKind?, _ xs: [Inline], _ a: Attributes,
        _ parent: StyleID, _ ctx: Context, _ depth: Int
    ) {
        let (s, c, d) = blockStyle(element, a, parent, ctx, legacy: true)
        addMargin(d.marginTop)
        beginParagraph(kind, c, s, textIndent: d.textIndent)
        enterElement(element, a)
        inlines(xs, s, depth + 1)
        leaveElement()
        flushMarker()
        closeParagraph()
        addMargin(d.marginBottom)
    }

    @inline(never)
    mutating func container(
        _ element: ElementKind?, _ bs: [Block], _ a: Attributes, _ parent: StyleID,
        _ ctx: Context, _ depth: Int
    ) {
        let (s, c, d) = blockStyle(element, a, parent, ctx, legacy: true)
        addMargin(d.marginTop)
        enterElement(element, a)
        blocksIn(bs, s, c, depth + 1)
        leaveElement()
        addMargin(d.marginBottom)
    }

    /// A block element's style, the context its children inherit and its block delta; with
    /// `legacy`, its `align=` and `dir=` attributes count too (below its CSS).
    @inline(never)
    mutating func blockStyle(
        _ element: ElementKind?, _ a: Attributes, _ parent: StyleID, _ ctx: Context,
        legacy: Bool = false
    ) -> (StyleID, Context, BlockDelta) {
        var d = BlockDelta()
        let s = style(element, a, parent: parent, delta: &d)
        if legacy { legacyBlockAttributes(a, &d) }
        return (s, context(ctx, d), d)
    }

    /// Emits a waiting list marker as a paragraph of its own.
    mutating func flushMarker() {
        guard marker != nil else { return }
        beginParagraph(.paragraph, markerContext, markerBase)
        openParagraph()
        closeParagraph()
    }

    // MARK: - Lists

    @inline(never)
    mutating func list(_ list: ListBlock, _ parent: StyleID, _ ctx: Context, _ depth: Int) {
        var d = BlockDelta()
        let s = style(.list, list.attributes, parent: parent, delta: &d)
        if ctx.listLevel == 0 { addMargin(d.marginTop) }
        var c = context(ctx, d)
        c.indent += sheet.indentStep
        c.listLevel += 1
        let type: ListStyleType
        if let t = d.listStyle {
            type = t
        } else if let t = list.attributes.value(of: "type").flatMap(ListStyleType.init(htmlType:)) {
            type = t
        } else if list.kind == .ordered {
            type = .decimal
        } else {
            type = [.disc, .circle, .square][min(2, ctx.bulletLevel)]
        }
        if list.kind == .bullet { c.bulletLevel += 1 }
        let reversed = list.attributes.value(of: "reversed") != nil
        var n = list.start
        if reversed && list.start == 1 && list.attributes.value(of: "start") == nil {
            n = list.items.count
        }
        let delimiter = list.delimiter == .parenthesis ? ")" : "."
        enterElement(.list, list.attributes)
        defer { leaveElement() }
        for item in list.items {
            if let v = item.attributes.value(of: "value").flatMap({ Int($0) }) { n = v }
            let (itemStyle, ic, id) = blockStyle(.listItem, item.attributes, s, c)
            let itemType = id.listStyle ?? type
            let text = itemType.marker(for: n, delimiter: delimiter)
            let markerStyle = withLink(itemStyle, nil, tap: nil)
            marker = Marker(
                text: text, style: markerStyle, hasTab: itemType != .none, task: item.task,
                kind: .listItem)
            markerContext = ic
            markerBase = itemStyle
            addMargin(id.marginTop)
            enterElement(.listItem, item.attributes)
            blocksIn(item.blocks, itemStyle, ic, depth + 1)
            leaveElement()
            flushMarker()
            closeParagraph()
            addMargin(id.marginBottom)
            n += reversed ? -1 : 1
        }
        if ctx.listLevel == 0 { addMargin(d.marginBottom) }
    }

    // MARK: - Tables

    @inline(never)
    mutating func table(_ table: Table, _ parent: StyleID, _ ctx: Context, _ depth: Int) {
        let (s, c, d) = blockStyle(.table, table.attributes, parent, ctx)
        addMargin(d.marginTop)
        enterElement(.table, table.attributes)
        defer { leaveElement() }
        if !table.caption.isEmpty {
            var cc = c
            cc.paragraph.alignment = .center
            for x in table.caption {
                beginParagraph(.caption, cc, s)
                switch x {
                case .paragraph(let xs, _), .plain(let xs, _): inlines(xs, s, depth + 1)
                default: emit(StyleResolver.flatText(.block(x)), s)
                }
                closeParagraph()
            }
        }
        var rowParagraphs: [Int] = []
        var widths: [Double] = []
        var cells: [Int] = []
        let savedCell = inCell
        inCell = true
        // Cell positions from the table model, bounded (see TableLayout).
        let allRows = table.head + table.body + table.foot
        let layout = TableLayout(allRows)
        // The cells that are not left-aligned, per row (see `cellAlignment`).
        var aligned: [RowAlignments] = []
        for (r, row) in allRows.enumerated() {
            var rd = BlockDelta()
            let rs = style(nil, row.attributes, parent: s, delta: &rd)
            legacyBlockAttributes(row.attributes, &rd)
            beginParagraph(.tableRow, c, rs)
            openParagraph()
            enterElement(nil, row.attributes)
            rowParagraphs.append(paragraphs.count - 1)
            var rowAligned = RowAlignments()
            // One tab before every column after the first, spanned ones included.
            var tabs = 0
            for (k, cell) in row.cells.enumerated() {
                let column = layout.starts[r][k]
                while tabs < column {
                    appendASCII(0x09, rs)
                    tabs += 1
                }
                var cd = BlockDelta()
                let cs = style(
                    cell.header ? .tableHeader : .tableCell, cell.attributes, parent: rs,
                    delta: &cd)
                let span = layout.spansHonoured ? TableLayout.colspan(of: cell) : 1
                if span == 1,
                    let a = StyleResolver.cellAlignment(
                        cell, css: cd.alignment,
                        column: column < table.columns.count
                            ? table.columns[column] : .none, row: rd.alignment)
                {
                    rowAligned.cells.append((column, a))
                    // The first cell has no stop before it: a tab to one of its own.
                    if column == 0 && !cell.blocks.isEmpty {
                        appendASCII(0x09, rs)
                        rowAligned.leading = true
                    }
                }
                measuring = true
                measuredPoints = 0
                measuredCells = 0
                var first = true
                enterElement(cell.header ? .tableHeader : .tableCell, cell.attributes)
                for x in cell.blocks {
                    if !first { emitASCII(0x20, cs) }
                    first = false
                    switch x {
                    case .paragraph(let xs, _), .plain(let xs, _), .heading(_, let xs, _):
                        inlines(xs, cs, depth + 1)
                    default:
                        emit(StyleResolver.flatText(.block(x)).replacingNewlines(), cs)
                    }
                }
                leaveElement()
                measuring = false
                while widths.count < column + span {
                    widths.append(0)
                    cells.append(0)
                }
                if span == 1 {
                    widths[column] = max(widths[column], measuredPoints)
                    cells[column] = max(cells[column], measuredCells)
                }
            }
            while tabs + 1 < layout.rowEnds[r] {
                appendASCII(0x09, rs)
                tabs += 1
            }
            leaveElement()
            closeParagraph()
            aligned.append(rowAligned)
        }
        inCell = savedCell
        // Tab stops from the widest cell of each column, never truncating.
        let gap = StyleResolver.round2(fontSize(s))
        var stops: [TabStop] = []
        var x = c.indent
        for w in widths.dropLast() {
            x += w + gap
            stops.append(TabStop(StyleResolver.round2(x)))
        }
        // Every row shares the table's stops; on a grid past the layout's budget (a ragged
        // table with one very long row) each row carries only the stops it uses, so the
        // paragraphs' stops stay linear in the table's size.
        let shared =
            layout.rowCount.multipliedReportingOverflow(by: widths.count).partialValue
            <= layout.cellBudget
        for (r, i) in rowParagraphs.enumerated() {
            let all = shared || layout.rowEnds[r] >= widths.count
            var rowStops = all ? stops : Array(stops.prefix(max(0, layout.rowEnds[r] - 1)))
            if !aligned[r].cells.isEmpty {
                StyleResolver.align(
                    &rowStops, aligned[r], widths: widths, indent: c.indent, gap: gap)
            }
            if !rowStops.isEmpty { paragraphs[i].style.tabStops = rowStops }
            paragraphs[i].columnWidths = all ? cells : Array(cells.prefix(layout.rowEnds[r]))
        }
        addMargin(d.marginBottom)
    }

    // MARK: - Inlines

    mutating func inlines(_ xs: [Inline], _ parent: StyleID, _ depth: Int) {
        // Each node borrowed from the array: iterating copies (retains) every node.
        xs.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for i in 0..<buffer.count { inline(base[i], parent, depth) }
        }
    }

    @inline(__always)
    mutating func inline(_ x: Inline, _ parent: StyleID, _ depth: Int) {
        if depth >= StyleResolver.depthLimit {
            emit(StyleResolver.flatText(.inline(x)), parent)
            return
        }
        switch x {
        case .text(let s):
            emit(s, parent)
        case .softBreak:
            emitASCII(0x20, parent)
        case .lineBreak:
            if inCell {
                emitASCII(0x20, parent)
            } else {
                emitLineSeparator(parent)
            }
        case .code(let s, let a):
            code(s, a, parent)
        case .image(let xs, let link, let a):
            image(xs, link, a, parent, depth)
        case .rawInline(let format, let raw):
            omitted(format, raw, applied: false)
        case .footnoteReference(let label):
            footnoteReference(label, parent)
        case .emphasis(let xs, let a): element(.emphasis, xs, a, parent, depth)
        case .strong(let xs, let a): element(.strong, xs, a, parent, depth)
        case .strikethrough(let xs, let a): element(.strikethrough, xs, a, parent, depth)
        case .underline(let xs, let a): element(.underline, xs, a, parent, depth)
        case .sup(let xs, let a): element(.sup, xs, a, parent, depth)
        case .sub(let xs, let a): element(.sub, xs, a, parent, depth)
        case .highlight(let xs, let a): element(.mark, xs, a, parent, depth)
        case .link(let xs, let link, let a):
            self.link(xs, link, a, parent, depth)
        case .span(let xs, let a):
            let kind: ElementKind?
            switch a.tag {
            case "small": kind = .small
            case "kbd", "samp", "tt": kind = .kbd
            default: kind = nil
            }
            element(kind, xs, a, parent, depth)
        }
    }

    /// A link: its style (with the link and its tap target), then its children in it.
    @inline(never)
    mutating func link(
        _ xs: [Inline], _ link: Link, _ a: Attributes, _ parent: StyleID, _ depth: Int
    ) {
        var d = BlockDelta()
        let role: TapRole = a.value(of: "role") == "url" ? .url : .link
        var st = withLink(
            style(.link, a, parent: parent, delta: &d), link.destination,
            tap: TapTarget(role: role, value: link.destination))
        if !link.title.isEmpty { st = withToolTip(st, link.title) }
        enterElement(.link, a)
        inlines(xs, st, depth + 1)
        leaveElement()
    }

    /// An inline element: its style, then its children in it.
    @inline(never)
    mutating func element(
        _ kind: ElementKind?, _ children: [Inline], _ attributes: Attributes,
        _ parent: StyleID, _ depth: Int
    ) {
        var d = BlockDelta()
        var st = style(kind, attributes, parent: parent, delta: &d)
        if !attributes.pairs.isEmpty {
            if let dir = attributes.value(of: "dir") {
                legacyDirection(dir, &d)
            }
            if let tap = tapTarget(attributes, children) {
                let link = sheet.tapScheme.map { tap.url(scheme: $0) }
                st = withLink(
                    st, link ?? styles.withUnsafeBufferPointer { $0[st].link }, tap: tap)
            }
        }
        if let w = d.direction, styles.withUnsafeBufferPointer({ $0[st].writingDirection != w }) {
            st = derived(st) { $0.writingDirection = w }
        }
        if let l = d.lineHeight { raiseLineHeight(l, fontSize(st)) }
        enterElement(kind, attributes)
        inlines(children, st, depth + 1)
        leaveElement()
    }

    /// The tap target of an element whose `role` is `mention`, `hashtag` or one of the
    /// stylesheet's tap roles: its `data-value`, else its text (a mention's or hashtag's
    /// without the `@`/`#` marks).
    mutating func tapTarget(_ a: Attributes, _ children: [Inline]) -> TapTarget? {
        guard let name = a.value(of: "role") else { return nil }
        let role = TapRole(rawValue: name)
        guard role == .mention || role == .hashtag || sheet.tapRoles.contains(name) else {
            return nil
        }
        if let value = a.value(of: "data-value"), !value.isEmpty {
            return TapTarget(role: role, value: value)
        }
        let text = StyleResolver.shortText(children)
        if role == .mention || role == .hashtag {
            let marks: Set<Character> = ["@", "#", "\u{FF20}", "\u{FF03}"]
            var value = Substring(text)
            if let first = value.first, marks.contains(first) { value = value.dropFirst() }
            if role == .hashtag, let last = value.last, last == "#" || last == "\u{FF03}" {
                value = value.dropLast()
            }
            return TapTarget(role: role, value: String(value))
        }
        return TapTarget(role: role, value: text)
    }

    /// The start of the text of `children` for a tap value: at most 64 nodes visited and
    /// 256 UTF-8 bytes kept, so nested role elements cost a constant each (a value names a
    /// target, it is not content).
    static func shortText(_ children: [Inline]) -> String {
        var out = ""
        var stack: [ArraySlice<Inline>] = [children[...]]
        var visited = 0
        while var top = stack.popLast(), visited < 64, out.utf8.count < 256 {
            guard let first = top.first else { continue }
            top = top.dropFirst()
            stack.append(top)
            visited += 1
            switch first {
            case .text(let t), .code(let t, _): out += t
            case .softBreak, .lineBreak: out += " "
            default: stack.append(first.children[...])
            }
        }
        guard out.utf8.count > 256 else { return out }
        // Cut at 256 bytes, back to the start of a scalar.
        let bytes = Array(out.utf8.prefix(257))
        var end = 256
        while end > 0, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// An inline element's `line-height` sets its paragraph's line height when it is taller,
    /// as a browser's line box grows to its tallest inline (the paragraph's own `normal`
    /// counts as 1.2 times its font size; an inline `normal` changes nothing).
    mutating func raiseLineHeight(_ value: LineHeightValue, _ size: Double) {
        let height: Double
        switch value {
        case .normal: return  // lines grow to fit their fonts on every platform
        case .multiple(let m): height = size * m
        case .length(let l): height = l.points(fontSize: size, rootSize: rootSize)
        }
        let h = StyleResolver.round2(height)
        if paragraphOpen {
            let i = paragraphs.count - 1
            let p = paragraphs[i].style
            if h > p.lineHeight ?? (p.lineHeightMultiple ?? 1.2) * paragraphBaseSize {
                paragraphs[i].style.lineHeight = h
                paragraphs[i].style.lineHeightMultiple = nil
            }
        } else if hasPending, var p = pending {
            let base = fontSize(p.baseStyle)
            let current =
                p.inherited.lineHeight ?? (p.inherited.lineHeightMultiple ?? 1.2) * base
            if h > current {
                p.inherited.lineHeight = h
                p.inherited.lineHeightMultiple = nil
                pending = p
            }
        }
    }

    /// The legacy `align=` and `dir=` attributes of a block element (below its CSS: a
    /// `text-align` or `direction` in its style wins).
    mutating func legacyBlockAttributes(_ a: Attributes, _ d: inout BlockDelta) {
        guard !a.pairs.isEmpty else { return }
        if d.alignment == nil, let align = a.value(of: "align") {
            switch align.lowercased() {
            case "left": d.alignment = .left
            case "right": d.alignment = .right
            case "center", "middle": d.alignment = .center
            case "justify": d.alignment = .justify
            default:
                diagnostics.append(
                    Diagnostic(.warning, .styleInvalidValue, "ignored align=\"\(align)\""))
            }
        }
        if let dir = a.value(of: "dir") { legacyDirection(dir, &d) }
    }

    /// `dir=ltr` or `dir=rtl` when the style set no `direction` (`auto` is left to the
    /// platform's detection).
    mutating func legacyDirection(_ dir: String, _ d: inout BlockDelta) {
        guard d.direction == nil else { return }
        switch dir.lowercased() {
        case "ltr": d.direction = .ltr
        case "rtl": d.direction = .rtl
        case "auto", "": break
        default:
            diagnostics.append(
                Diagnostic(.warning, .styleInvalidValue, "ignored dir=\"\(dir)\""))
        }
    }

    mutating func code(_ s: String, _ a: Attributes, _ parent: StyleID) {
        var d = BlockDelta()
        let st = style(.code, a, parent: parent, delta: &d)
        emit(inCell ? s.replacingNewlines() : s, st)
    }

    mutating func footnoteReference(_ label: String, _ parent: StyleID) {
        var d = BlockDelta()
        emit("[\(label)]", style(.footnote, .none, parent: parent, delta: &d))
    }

    @inline(never)
    mutating func image(
        _ xs: [Inline], _ link: Link, _ a: Attributes, _ parent: StyleID, _ depth: Int
    ) {
        var d = BlockDelta()
        let st = style(.image, a, parent: parent, delta: &d)
        if link.destination.isEmpty {
            inlines(xs, st, depth + 1)
            return
        }
        var alt = ""
        Inline.appendPlainText(of: xs, to: &alt)
        emitAttachment(
            TextAttachment(
                url: link.destination, alt: alt, title: link.title,
                width: d.width ?? a.value(of: "width").flatMap(StyleResolver.pixels),
                height: d.height ?? a.value(of: "height").flatMap(StyleResolver.pixels)), st)
    }

    /// An HTML length attribute (`120`, `120px`); nil for percentages and junk.
    static func pixels(_ s: String) -> Double? {
        var t = Substring(s)
        while t.first == " " { t = t.dropFirst() }
        while t.last == " " { t = t.dropLast() }
        if t.hasSuffix("px") { t = t.dropLast(2) }
        guard let v = Double(t), v.isFinite, v >= 0 else { return nil }
        return min(v, CSSValueParser.maxLength)
    }

    /// The text of a subtree without styles, iteratively (used past the depth limit).
    static func flatText(_ node: MarkupNode) -> String {
        PlainText(lineBreak: " ", blockEnd: "").text(of: node)
    }
}

extension String {
    func replacingNewlines() -> String {
        guard utf8.contains(where: { $0 == 0x0A || $0 == 0x09 || $0 == 0x0D }) else { return self }
        return String(map { $0 == "\n" || $0 == "\t" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}

extension StyleResolver {
    /// Counts raw content the styled text leaves out: HTML comments, scripts and `<style>`
    /// elements as a browser hides them (a top-level `<style>` is no loss when `applied`: its
    /// rules are in the stylesheet), anything else as raw markup omitted.
    mutating func omitted(_ format: String, _ raw: String, applied: Bool) {
        guard format == "html" else {
            rawCount += 1
            return
        }
        let head = raw.utf8.prefix(7).map { $0 | 0x20 }
        if head.starts(with: "<!--".utf8) {
            hiddenRaw.comments += 1
        } else if head.starts(with: "<script".utf8) {
            hiddenRaw.scripts += 1
        } else if head.starts(with: "<style".utf8) {
            if !applied { hiddenRaw.styles += 1 }
        } else {
            rawCount += 1
        }
    }
}

extension StyleResolver {
    /// The walk enters the children of an element: it is an ancestor of what follows until
    /// `leaveElement()` (kept only for stylesheets with combinators).
    @inline(__always)
    mutating func enterElement(_ kind: ElementKind?, _ attributes: Attributes) {
        if sheet.hasCombinators {
            ancestors.append(SelectorRule.Element(kind: kind, attributes: attributes))
        }
    }

    /// The walk leaves the children of the element entered last.
    @inline(__always)
    mutating func leaveElement() {
        if sheet.hasCombinators { ancestors.removeLast() }
    }
}
