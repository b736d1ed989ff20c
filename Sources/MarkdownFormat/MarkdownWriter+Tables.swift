import ByteScan
import MarkupAST

extension MarkdownWriter.Renderer {
    /// Whether a GFM pipe table can express `table` exactly.
    func pipeExpressible(_ table: Table) -> Bool {
        guard ext.contains(.table), table.head.count == 1, table.foot.isEmpty,
            table.caption.isEmpty
        else { return false }
        for row in table.allRows {
            for cell in row.cells {
                if cell.colspan > 1 || cell.rowspan > 1 { return false }
                if cell.blocks.count > 1 { return false }
                if let block = cell.blocks.first, !Self.isParagraphLike(block) { return false }
            }
        }
        return true
    }

    func renderTable(_ table: Table) {
        reportAttributes(table.attributes, element: "table")
        if pipeExpressible(table) {
            for row in table.allRows {
                for (index, cell) in row.cells.enumerated()
                where cell.alignment != .none
                    && cell.alignment
                        != (index < table.columns.count ? table.columns[index] : .none)
                {
                    // Alignment is presentational (a style the pipe table cannot show).
                    lossy(
                        .lossyTableAlignment, "cell alignment that differs from its column dropped",
                        severity: .info)
                }
            }
            renderPipeTable(
                table.allRows.map { row in row.cells.map { cellInlines($0) } },
                columns: table.columns)
            return
        }
        if options.tables == .html && !options.rawHTML {
            lossy(.lossyTable, "HTML table fallback needs raw HTML; written as a pipe table")
        }
        if options.tables != .pipe && options.rawHTML {
            emitHTMLBlock { htmlTable(table, depth: depth, into: &$0) }
            return
        }
        renderFlattenedTable(table)
    }

    /// A pipe table with spans flattened, extra header/footer rows moved to the body, block
    /// content joined, the caption as a paragraph before it; each loss reported.
    func renderFlattenedTable(_ table: Table) {
        if !ext.contains(.table) {
            lossy(.lossyTable, "table written as pipe text (no table extension)")
        }
        if !table.caption.isEmpty {
            lossy(.lossyTableCaption, "table caption written as a paragraph")
            renderParagraph(flattenInlines(table.caption))
            emitBlank()
        }
        var rows = table.head + table.body + table.foot
        if table.head.count != 1 && !rows.isEmpty {
            lossy(.lossyTableHeader, "table header row inferred or merged")
        }
        if !table.foot.isEmpty {
            lossy(.lossyTableFoot, "table footer rows written as body rows")
        }
        guard !rows.isEmpty else {
            lossy(.lossyTable, "empty table dropped")
            return
        }
        // Place cells on a grid, leaving spanned positions empty (bounded: see TableLayout;
        // over its budget the spans are ignored and every row keeps just its own cells).
        let layout = TableLayout(rows)
        var grid: [[[Inline]]] = []
        grid.reserveCapacity(rows.count)
        var spanned = false
        for (r, row) in rows.enumerated() {
            var line = Array(repeating: [Inline](), count: layout.rowEnds[r])
            for (k, cell) in row.cells.enumerated() {
                line[layout.starts[r][k]] = cellInlines(cell)
                if cell.colspan > 1 || min(cell.rowspan, rows.count - r) > 1 { spanned = true }
            }
            grid.append(line)
        }
        if spanned && layout.spansHonoured {
            lossy(.lossyTableSpan, "table cell spans flattened")
        } else if spanned {
            lossy(.lossyTableSpan, "table cell spans beyond the grid's size budget ignored")
        }
        rows.removeAll()
        renderPipeTable(grid, columns: table.columns)
    }

    /// The inline content of a cell; block content is joined with line breaks (reported).
    func cellInlines(_ cell: TableCell) -> [Inline] {
        if cell.blocks.isEmpty { return [] }
        if cell.blocks.count == 1, case .paragraph(let xs, _) = cell.blocks[0] { return xs }
        if cell.blocks.count == 1, case .plain(let xs, _) = cell.blocks[0] { return xs }
        lossy(.lossyTableBlock, "block content in a table cell joined into one line")
        return flattenInlines(cell.blocks)
    }

    /// Inlines of blocks joined by line breaks (code and other leaves as their text).
    func flattenInlines(_ blocks: [Block]) -> [Inline] {
        var result: [Inline] = []
        var stack: [Block] = blocks.reversed()
        while let block = stack.popLast() {
            var piece: [Inline] = []
            switch block {
            case .paragraph(let xs, _), .plain(let xs, _), .heading(_, let xs, _): piece = xs
            case .codeBlock(_, let code, _):
                var body = code
                if body.hasSuffix("\n") { body.removeLast() }
                piece = [.code(body, .none)]
            case .rawBlock(let format, let s):
                if format == "html" && options.rawHTML { piece = [.rawInline(format: "html", s)] }
            case .thematicBreak: continue
            case .blockQuote(let bs, _), .div(let bs, _), .footnoteDefinition(_, let bs, _):
                stack.append(contentsOf: bs.reversed())
                continue
            case .list(let list):
                for item in list.items.reversed() {
                    stack.append(contentsOf: item.blocks.reversed())
                }
                continue
            case .definitionList(let items, _):
                for item in items.reversed() {
                    for d in item.definitions.reversed() { stack.append(contentsOf: d.reversed()) }
                    stack.append(.plain(item.term, .none))
                }
                continue
            case .table(let t):
                for row in t.allRows.reversed() {
                    stack.append(
                        .plain(
                            Array(
                                row.cells.map { cellInlines($0) }.joined(separator: [.text(" ")])),
                            .none))
                }
                continue
            }
            if piece.isEmpty { continue }
            if !result.isEmpty { result.append(.lineBreak) }
            result.append(contentsOf: piece)
        }
        return result
    }

    func renderPipeTable(_ rows: [[[Inline]]], columns: [ColumnAlignment]) {
        var count = max(columns.count, 1)
        for row in rows { count = max(count, row.count) }
        var widths = Array(repeating: 3, count: count)
        var cellTotal = 0
        for row in rows { cellTotal += row.count }
        // Every cell's bytes in one buffer, row by row (`cellEnds[k]`: where cell k ends), and
        // each cell's display width: a few allocations per table instead of two per cell.
        var cellBytes: [UInt8] = []
        var cellEnds: [Int] = []
        cellEnds.reserveCapacity(cellTotal)
        var cellWidths: [Int] = []
        cellWidths.reserveCapacity(cellTotal)
        for row in rows {
            for (c, inlines) in row.enumerated() {
                let width = withInlineBytes(inlines, mode: .tableCell) { cell in
                    cell.withUnsafeBufferPointer { bytes in
                        cellBytes.append(contentsOf: bytes)
                        return displayWidth(bytes)
                    }
                }
                widths[c] = max(widths[c], width)
                cellEnds.append(cellBytes.count)
                cellWidths.append(width)
            }
        }
        let contentBytes = cellBytes.count + 3 * cellTotal
        // Padding every row to the full grid is quadratic on ragged or very wide tables (one
        // 100 KB cell over 10,000 rows): past a budget the rows are written unpadded, and body
        // rows stop at their last cell (GFM fills the missing cells with empty ones).
        let lineBytes = widths.reduce(count * 3 + 2) { $0 &+ $1 }
        let (padded, overflow) = lineBytes.multipliedReportingOverflow(by: rows.count)
        let compact =
            overflow
            || rows.count.multipliedReportingOverflow(by: count).partialValue
                > TableLayout.defaultBudget(cellCount: cellTotal)
            || padded > max(1 << 20, contentBytes * 8)
        let dash = UInt8(ascii: "-")
        let colon = UInt8(ascii: ":")
        var first = 0  // the index of the row's first cell
        for (index, row) in rows.enumerated() {
            beginLine()
            out.append(UInt8(ascii: "|"))
            let cellCount = compact && index > 0 ? max(1, row.count) : count
            for c in 0..<cellCount {
                out.append(0x20)
                if c < row.count {
                    let k = first + c
                    out.append(contentsOf: cellBytes[(k == 0 ? 0 : cellEnds[k - 1])..<cellEnds[k]])
                    if !compact {
                        out.append(repeating: 0x20, count: widths[c] - cellWidths[k])
                    }
                } else if !compact {
                    out.append(repeating: 0x20, count: widths[c])
                }
                out.append(0x20)
                out.append(UInt8(ascii: "|"))
            }
            first += row.count
            out.append(0x0A)
            if index == 0 {
                beginLine()
                out.append(UInt8(ascii: "|"))
                for c in 0..<count {
                    let alignment = c < columns.count ? columns[c] : .none
                    let left = alignment == .left || alignment == .center
                    let right = alignment == .right || alignment == .center
                    out.append(0x20)
                    if left { out.append(colon) }
                    let w = compact ? 3 : widths[c]
                    out.append(repeating: dash, count: w - (left ? 1 : 0) - (right ? 1 : 0))
                    if right { out.append(colon) }
                    out.append(0x20)
                    out.append(UInt8(ascii: "|"))
                }
                out.append(0x0A)
            }
        }
    }
}

/// The columns `bytes` (UTF-8) take in a monospace font, for padding pipe-table cells so that
/// the pipes line up: East Asian wide and fullwidth characters and emoji take two, combining
/// marks, format characters (ZWJ, variation selectors), emoji modifiers and the characters a
/// ZWJ joins on take none, everything else one. ASCII is counted without decoding.
func displayWidth(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress, !ByteScan.isASCII(base, 0, bytes.count) else {
        return bytes.count
    }
    var width = 0
    var afterJoiner = false
    for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
        let v = scalar.value
        if v < 0x80 {
            width += 1
            afterJoiner = false
            continue
        }
        if afterJoiner {
            afterJoiner = false
            continue
        }
        if v == 0x200D {
            afterJoiner = true
            continue
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: continue
        default: break
        }
        if (0x1F3FB...0x1F3FF).contains(v) || (0xFE00...0xFE0F).contains(v) { continue }
        width += isWide(v) || scalar.properties.isEmojiPresentation ? 2 : 1
    }
    return width
}

/// Whether `v` is East Asian wide or fullwidth (UAX #11): Hangul Jamo, CJK radicals to
/// Yi, Hangul syllables, CJK compatibility ideographs, vertical and small forms, fullwidth
/// forms and the supplementary ideographic planes.
private func isWide(_ v: UInt32) -> Bool {
    switch v {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
        return true
    default:
        return false
    }
}
