import MarkupAST

/// Turns the intermediate tree into AST blocks and inlines.
///
/// Paragraph inlines are built as before (raw), trimmed, then normalized like `Normalize`
/// does (only when needed), so the blocks come out normalized and the reader needs no
/// separate `Normalize.document` pass. Heading content is kept raw and normalized as a whole.
struct BBCodeLowering {
    var diagnostics: [Diagnostic]
    /// Whether paragraphs are normalized as they are built (off inside headings and other
    /// content that is flattened to inlines).
    private var normalizing = true
    /// Paragraphs dropped because they normalized to nothing (`Normalize` would have dropped
    /// them later; list and table structure still counts them).
    private var dropped = 0

    /// The finished blocks `.block` nodes point to (from the builder).
    private let blockLeaves: [Block]
    /// Whether the builder's tree may hold something `Normalize` changes (when false, the
    /// paragraphs are normalized already and are not checked).
    private let mayNeedNormalize: Bool

    init(diagnostics: [Diagnostic], blockLeaves: [Block], mayNeedNormalize: Bool = true) {
        self.diagnostics = diagnostics
        self.blockLeaves = blockLeaves
        self.mayNeedNormalize = mayNeedNormalize
    }

    /// Whether `nodes` holds an element (flattened into inlines by `appendInlines`).
    private func runHasElement(_ nodes: ArraySlice<BBNode>) -> Bool {
        for node in nodes {
            if case .element = node { return true }
        }
        return false
    }

    /// Whether the inlines made of `nodes` may hold a line break inside an inline of a run or
    /// a flattened block element (nothing else makes one; `topLevelBreak` looks at the rest).
    private func nodesMayHoldBreak(_ nodes: ArraySlice<BBNode>) -> Bool {
        for node in nodes {
            switch node {
            case .element: return true
            case .run(_, let breaks, _): if breaks { return true }
            case .block, .newlines: break
            }
        }
        return false
    }

    /// Whether `inlines` holds a line break at its top level.
    private func topLevelBreak(_ inlines: [Inline]) -> Bool {
        for i in inlines.indices {
            if case .lineBreak = inlines[i] { return true }
        }
        return false
    }

    /// Blocks of a container; `compact` gives `.plain` paragraphs (list items, cells).
    /// (A run that makes a paragraph alone is moved out of `nodes`, not copied: given
    /// nodes nothing else holds, as `BBElement.takeChildren` gives, it is trimmed in place.)
    mutating func blocks(_ givenNodes: consuming [BBNode], compact: Bool) -> [Block] {
        var nodes = givenNodes
        if nodes.isEmpty { return [] }  // (list items ask for the nodes between items)
        var out: [Block] = []
        // (Paragraphs alternate with their breaks: about one block per two nodes.)
        if nodes.count > 2 { out.reserveCapacity(nodes.count / 2 + 1) }
        // The current run of inline nodes is `nodes[runStart..<runEnd]`.
        var runStart = 0
        var runEnd = 0
        func flush(_ this: inout BBCodeLowering) {
            guard runEnd > runStart else { return }
            // A run that the steps below only trim line breaks off (most paragraphs and list
            // items of a post) is taken whole: see `trimmedRun`.
            if runEnd - runStart == 1, this.normalizing, !this.mayNeedNormalize,
                case .run(var xs, mayHoldBreak: false, let ownBreaks) = nodes[runStart],
                let kept = BBCodeLowering.trimmedRun(xs, ownBreaks: ownBreaks)
            {
                nodes[runStart] = .newlines(0)  // (moved out, as below)
                if kept.isEmpty { return }  // (only line breaks: blank)
                if kept.upperBound < xs.count { xs.removeLast(xs.count - kept.upperBound) }
                if kept.lowerBound > 0 { xs.removeFirst(kept.lowerBound) }
                out.append(compact ? .plain(xs, .none) : .paragraph(xs, .none))
                return
            }
            var inlines: [Inline] = []
            let nodeBreaks = this.nodesMayHoldBreak(nodes[runStart..<runEnd])
            let hasElement = this.runHasElement(nodes[runStart..<runEnd])
            if runEnd - runStart == 1, case .run(let xs, _, _) = nodes[runStart] {
                nodes[runStart] = .newlines(0)  // (the builder's run moved out: no copy)
                inlines = xs
            } else {
                this.appendInlines(nodes[runStart..<runEnd], to: &inlines)
            }
            // (Breaks trimmed inside a container may leave it empty: `Normalize` drops it.)
            var nested = false
            BBCodeLowering.trimBreaks(&inlines, leading: true, depth: 0, nested: &nested)
            BBCodeLowering.trimBreaks(&inlines, leading: false, depth: 0, nested: &nested)
            let blank = inlines.allSatisfy {
                if case .text(let s) = $0 { return s.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
                return false
            }
            if blank { return }
            if this.normalizing {
                // (A block element flattened into the run may hold anything: checked then.)
                let normalized = this.mayNeedNormalize || nested || hasElement
                if normalized { inlines = Normalize.inlines(inlines) }
                if inlines.isEmpty {
                    this.dropped += 1
                    return
                }
                // Line breaks that empty wrappers hid from the trim above, then spaces and
                // tabs at the edges of the paragraph and next to its line breaks (a browser
                // shows none of them; Markdown would need `&#32;` for each). (Not normalized,
                // the inlines are as the trim above left them: trimming again changes nothing.)
                if normalized {
                    let leading = BBCodeLowering.trimBreaks(&inlines, leading: true)
                    let trailing = BBCodeLowering.trimBreaks(&inlines, leading: false)
                    if (leading || trailing) && inlines.isEmpty { return }
                }
                let breaks = nodeBreaks || this.topLevelBreak(inlines)
                if BBCodeLowering.trimSpaces(&inlines, mayHoldBreak: breaks) {
                    inlines = Normalize.inlines(inlines)
                    if inlines.isEmpty { return }
                }
            }
            out.append(compact ? .plain(inlines, .none) : .paragraph(inlines, .none))
        }
        // (By index: a loop over `nodes` would hold a second reference to them.)
        var i = 0
        while i < nodes.count {
            defer { i += 1 }
            switch nodes[i] {
            case .newlines(let count) where count >= 2:
                flush(&self)
            case .element(let element) where element.isBlock:
                flush(&self)
                block(element, into: &out)
            case .block(let k):
                flush(&self)
                out.append(blockLeaves[k])
            default:
                if runEnd != i { runStart = i }
                runEnd = i + 1
                continue
            }
            runStart = i + 1
            runEnd = i + 1
        }
        flush(&self)
        return out
    }

    /// Appends the inlines of a run to `out`.
    mutating func appendInlines(_ nodes: ArraySlice<BBNode>, to out: inout [Inline]) {
        for node in nodes {
            switch node {
            case .run(let xs, _, _): out.append(contentsOf: xs)
            case .newlines(let count):
                for _ in 0..<count { out.append(.lineBreak) }
            case .block: break
            case .element(let e):
                // Only block elements remain (inline elements are lowered when they close).
                let saved = normalizing
                normalizing = false
                var flattened: [Block] = []
                block(e, into: &flattened)
                for b in flattened { out.append(contentsOf: b.flattenedInlines) }
                normalizing = saved
            }
        }
    }

    /// Appends the blocks of the block element `e` to `out`.
    private mutating func block(_ e: BBElement, into out: inout [Block]) {
        switch e.tag.kind {
        case .quote:
            out.append(.blockQuote(blocks(e.takeChildren(), compact: false), e.attributes))
        case .list:
            if let list = list(e) { out.append(list) }
        case .table:
            out.append(contentsOf: table(e))
        case .heading(let level):
            let saved = normalizing
            normalizing = false
            let inner = blocks(e.takeChildren(), compact: false)
            normalizing = saved
            var xs: [Inline] = []
            for b in inner {
                if !xs.isEmpty { xs.append(.lineBreak) }
                xs.append(contentsOf: b.flattenedInlines)
            }
            if normalizing { xs = Normalize.inlines(xs) }
            out.append(.heading(level: min(6, max(1, level)), xs, e.attributes))
        case .listItem, .tableRow, .tableCell, .tableHeader:
            // Only reachable for implied containers; keep the content.
            out.append(contentsOf: blocks(e.takeChildren(), compact: false))
        default:
            out.append(.div(blocks(e.takeChildren(), compact: false), e.attributes))
        }
    }

    /// The list of a list element; nil when it has no items.
    private mutating func list(_ e: BBElement) -> Block? {
        var items: [ListItem] = []
        items.reserveCapacity(e.children.count)
        var pending: [BBNode] = []
        for child in e.children {
            if case .element(let c) = child, c.tag.kind == .listItem {
                let mark = dropped
                // (Moved in, not copied: the lowering trims the nodes in place.)
                let before = blocks(consume pending, compact: true)
                if !before.isEmpty || dropped != mark { items.append(ListItem(before)) }
                pending = []
                items.append(ListItem(blocks(c.takeChildren(), compact: true)))
            } else {
                pending.append(child)
            }
        }
        let mark = dropped
        let after = blocks(consume pending, compact: true)
        if !after.isEmpty || dropped != mark {
            if items.isEmpty {
                items.append(ListItem(after))
            } else {
                items[items.count - 1].blocks += after
            }
        }
        guard !items.isEmpty else { return nil }
        let value = e.attributes.value(of: "=") ?? ""
        var attributes = Attributes()
        var kind = ListKind.bullet
        var start = 1
        if let number = Int(value), !value.isEmpty, value.allSatisfy(\.isASCIIDigit) {
            kind = .ordered
            start = number
        } else if !value.isEmpty, ["a", "A", "i", "I"].contains(value) {
            kind = .ordered
            attributes.set("type", value)
        } else if !value.isEmpty, ["disc", "circle", "square"].contains(value.lowercased()) {
            attributes.set("type", value.lowercased())
        } else if !value.isEmpty, let token = e.token {
            diagnostics.append(
                Diagnostic(
                    .warning, .parseInvalidValue, "unknown list type \(value); bullet list used",
                    line: token.line, column: token.column))
        }
        return .list(ListBlock(kind: kind, start: start, items: items, attributes: attributes))
    }

    private mutating func table(_ e: BBElement) -> [Block] {
        var rows: [TableRow] = []
        var fostered: [BBNode] = []
        for child in e.children {
            guard case .element(let r) = child, r.tag.kind == .tableRow else {
                fostered.append(child)
                continue
            }
            var cells: [TableCell] = []
            for c in r.children {
                guard case .element(let cell) = c,
                    cell.tag.kind == .tableCell || cell.tag.kind == .tableHeader
                else {
                    fostered.append(c)
                    continue
                }
                let colspan = Int(cell.attributes.value(of: "colspan") ?? "") ?? 1
                let rowspan = Int(cell.attributes.value(of: "rowspan") ?? "") ?? 1
                cells.append(
                    TableCell(
                        blocks(cell.takeChildren(), compact: true),
                        header: cell.tag.kind == .tableHeader,
                        colspan: max(1, colspan), rowspan: max(1, rowspan)))
            }
            rows.append(TableRow(cells))
        }
        let mark = dropped
        var out = blocks(fostered, compact: false)
        if !out.isEmpty || dropped != mark, let token = e.token {
            diagnostics.append(
                Diagnostic(
                    .warning, .parseMisplacedContent,
                    "content outside [td]/[th] moved before the table",
                    line: token.line, column: token.column))
        }
        var head: [TableRow] = []
        var body = rows
        while let first = body.first, !first.cells.isEmpty, first.cells.allSatisfy(\.header) {
            head.append(first)
            body.removeFirst()
        }
        let columns = TableLayout(rows).columnCount
        guard columns > 0 else { return out }
        out.append(
            .table(
                Table(
                    columns: Array(repeating: .none, count: columns), head: head, body: body,
                    attributes: e.attributes)))
        return out
    }

    /// The part of a run with no line break inside its inlines that is a finished paragraph,
    /// if there is one: the run without the line breaks at its edges starts and ends with a
    /// text whose edge byte is not a space or tab and holds no line break. Then the trims of
    /// `blocks` remove only those edge breaks, it is not blank, and (with nothing to
    /// normalize) `Normalize` is not asked. Empty when the run is line breaks only (blank).
    /// (`ownBreaks` false: the run holds no line break, none is looked for.)
    static func trimmedRun(_ xs: [Inline], ownBreaks: Bool) -> Range<Int>? {
        var start = 0
        var end = xs.count
        if ownBreaks {
            while start < end, case .lineBreak = xs[start] { start += 1 }
            while end > start, case .lineBreak = xs[end - 1] { end -= 1 }
        }
        guard start < end else { return 0..<0 }
        @inline(__always)
        func edge(_ x: Inline, leading: Bool) -> Bool {
            guard case .text(let s) = x else { return false }
            return edgeByte(s, leading: leading).map { $0 != 0x20 && $0 != 0x09 } ?? false
        }
        guard edge(xs[start], leading: true), edge(xs[end - 1], leading: false) else { return nil }
        if ownBreaks {
            for i in start..<end {
                if case .lineBreak = xs[i] { return nil }
            }
        }
        return start..<end
    }

    /// Removes line breaks at the start (or end) of a paragraph, also inside its first
    /// (or last) inline containers, down to a bounded depth; returns whether it removed any.
    @discardableResult
    static func trimBreaks(_ xs: inout [Inline], leading: Bool, depth: Int = 0) -> Bool {
        var nested = false
        return trimBreaks(&xs, leading: leading, depth: depth, nested: &nested)
    }

    /// `trimBreaks`; sets `nested` when it removed a break inside a container.
    @discardableResult
    static func trimBreaks(
        _ xs: inout [Inline], leading: Bool, depth: Int, nested: inout Bool
    ) -> Bool {
        var removed = false
        while !xs.isEmpty {
            let i = leading ? 0 : xs.count - 1
            // (An empty text, from an empty `[noparse]` say, is no content: it goes too.)
            // (Matched in place: no copy of the edge node.)
            // (Other leaves end the trim here; only containers are looked into.)
            switch xs[i] {
            case .lineBreak: break
            case .text(let s): if !s.isEmpty { return removed }
            case .softBreak, .code, .image, .rawInline, .footnoteReference: return removed
            case .emphasis, .strong, .strikethrough, .underline, .sup, .sub, .highlight, .span,
                .link:
                guard depth < 600 else { return removed }
                var children = xs[i].children
                // (A change anywhere below is written back, not only one at this level.)
                if trimBreaks(&children, leading: leading, depth: depth + 1, nested: &nested) {
                    xs[i] = xs[i].withChildren(children)
                    removed = true
                }
                return removed
            }
            if leading { xs.removeFirst() } else { xs.removeLast() }
            removed = true
            if depth > 0 { nested = true }
        }
        return removed
    }

    /// Removes spaces and tabs at the start and end of a paragraph's inlines (its first and
    /// last text at the top level) and next to each line break (the texts just before and
    /// after it, at every level), then the line breaks this leaves at its edges, until
    /// nothing changes; returns whether anything was removed. (`mayHoldBreak` false: `xs`
    /// holds no line break at any depth, so only the edges are looked at.)
    @discardableResult
    static func trimSpaces(_ xs: inout [Inline], mayHoldBreak: Bool = true) -> Bool {
        var changed = false
        while true {
            var pass = mayHoldBreak ? trimAroundBreaks(&xs, depth: 0) : false
            if !xs.isEmpty {
                if trimEdge(&xs[0], leading: true) { pass = true }
                if trimEdge(&xs[xs.count - 1], leading: false) { pass = true }
                if pass { removeEmptyTexts(&xs) }
            }
            // (Breaks only where trimmed spaces uncovered them: the others were trimmed
            // before, and the tree keeps those it kept then.)
            guard pass else { return changed }
            trimBreaks(&xs, leading: true)
            trimBreaks(&xs, leading: false)
            changed = true
        }
    }

    /// Trims the texts next to line breaks in `xs` and, below, in its containers. (Texts
    /// left empty are removed in one sweep at the end: removing each at once would make a
    /// long paragraph quadratic.)
    static func trimAroundBreaks(_ xs: inout [Inline], depth: Int) -> Bool {
        var changed = false
        for i in xs.indices {
            switch xs[i] {
            case .lineBreak:
                if i > 0, trimEdge(&xs[i - 1], leading: false) { changed = true }
                if i + 1 < xs.count, trimEdge(&xs[i + 1], leading: true) { changed = true }
            case let x where x.isContainer && depth < 600:
                var children = x.children
                if trimAroundBreaks(&children, depth: depth + 1) {
                    xs[i] = x.withChildren(children)
                    changed = true
                }
            default:
                break
            }
        }
        if changed { removeEmptyTexts(&xs) }
        return changed
    }

    /// Drops the spaces and tabs at the start (`leading`) or end of `x` when it is a text, byte
    /// by byte (it may be left empty); returns whether it did.
    static func trimEdge(_ x: inout Inline, leading: Bool) -> Bool {
        func blank(_ b: UInt8?) -> Bool { b == 0x20 || b == 0x09 }
        guard case .text(let s) = x, blank(edgeByte(s, leading: leading)) else { return false }
        let u = s.utf8
        if leading {
            let start = u.firstIndex { !blank($0) } ?? u.endIndex
            x = .text(String(Substring(u[start...])))
        } else {
            var end = u.index(before: u.endIndex)
            while end > u.startIndex, blank(u[u.index(before: end)]) { end = u.index(before: end) }
            x = .text(String(Substring(u[..<end])))
        }
        return true
    }

    static func removeEmptyTexts(_ xs: inout [Inline]) {
        xs.removeAll { if case .text(let s) = $0 { s.isEmpty } else { false } }
    }
}

/// The first (`leading`) or last UTF-8 byte of `s`, nil when it is empty. (Read in place when
/// the storage allows: most texts have no space at their edges to trim.)
@inline(__always)
func edgeByte(_ s: String, leading: Bool) -> UInt8? {
    let u = s.utf8
    let inPlace = u.withContiguousStorageIfAvailable { p -> UInt8? in
        p.isEmpty ? nil : (leading ? p[0] : p[p.count - 1])
    }
    return inPlace ?? (leading ? u.first : u.last)
}
