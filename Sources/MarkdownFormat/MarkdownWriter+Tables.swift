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
                    && cell.alignment != (index < table.columns.count ? table.columns[index] : .none)
                {
                    lossy("lossy.table-alignment", "cell alignment that differs from its column dropped")
                }
            }
            renderPipeTable(
                table.allRows.map { row in row.cells.map { cellInlines($0) } }, columns: table.columns)
            return
        }
        var useHTML = false
        switch options.tables {
        case .auto: useHTML = options.rawHTML
        case .html:
            useHTML = options.rawHTML
            if !options.rawHTML {
                lossy("lossy.table", "HTML table fallback needs raw HTML; written as a pipe table")
            }
        case .pipe: useHTML = false
        }
        if useHTML {
            emitLines(protectBlankLines(htmlTable(table, depth: depth)))
            return
        }
        renderFlattenedTable(table)
    }

    /// A pipe table with spans flattened, extra header/footer rows moved to the body, block
    /// content joined, the caption as a paragraph before it; each loss reported.
    func renderFlattenedTable(_ table: Table) {
        if !ext.contains(.table) {
            lossy("lossy.table", "table written as pipe text (no table extension)")
        }
        if !table.caption.isEmpty {
            lossy("lossy.table-caption", "table caption written as a paragraph")
            renderParagraph(flattenInlines(table.caption))
            emitBlank()
        }
        var rows = table.head + table.body + table.foot
        if table.head.count != 1 || rows.isEmpty {
            if !rows.isEmpty { lossy("lossy.table-header", "table header row inferred or merged") }
        }
        if !table.foot.isEmpty {
            lossy("lossy.table-foot", "table footer rows written as body rows")
        }
        guard !rows.isEmpty else {
            lossy("lossy.table", "empty table dropped")
            return
        }
        // Place cells on a grid, leaving spanned positions empty.
        var grid: [[[Inline]?]] = Array(repeating: [], count: rows.count)
        var spanned = false
        for (r, row) in rows.enumerated() {
            var c = 0
            for cell in row.cells {
                while c < grid[r].count && grid[r][c] != nil { c += 1 }
                let colspan = max(1, cell.colspan)
                let rowspan = max(1, min(cell.rowspan, rows.count - r))
                if colspan > 1 || rowspan > 1 { spanned = true }
                for dr in 0..<rowspan {
                    for dc in 0..<colspan {
                        let rr = r + dr
                        let cc = c + dc
                        while grid[rr].count <= cc { grid[rr].append(nil) }
                        grid[rr][cc] = (dr == 0 && dc == 0) ? cellInlines(cell) : []
                    }
                }
                c += colspan
            }
        }
        if spanned { lossy("lossy.table-span", "table cell spans flattened") }
        rows.removeAll()
        let cells = grid.map { $0.map { $0 ?? [] } }
        renderPipeTable(cells, columns: table.columns)
    }

    /// The inline content of a cell; block content is joined with line breaks (reported).
    func cellInlines(_ cell: TableCell) -> [Inline] {
        if cell.blocks.isEmpty { return [] }
        if cell.blocks.count == 1, case .paragraph(let xs, _) = cell.blocks[0] { return xs }
        if cell.blocks.count == 1, case .plain(let xs, _) = cell.blocks[0] { return xs }
        lossy("lossy.table-block", "block content in a table cell joined into one line")
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
                for item in list.items.reversed() { stack.append(contentsOf: item.blocks.reversed()) }
                continue
            case .definitionList(let items, _):
                for item in items.reversed() {
                    for d in item.definitions.reversed() { stack.append(contentsOf: d.reversed()) }
                    stack.append(.plain(item.term, .none))
                }
                continue
            case .table(let t):
                for row in t.allRows.reversed() {
                    stack.append(.plain(Array(row.cells.map { cellInlines($0) }.joined(separator: [.text(" ")])), .none))
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
        let count = max(columns.count, rows.map(\.count).max() ?? 0, 1)
        let texts: [[String]] = rows.map { row in
            (0..<count).map { c in c < row.count ? paragraphLines(row[c], mode: .tableCell)[0] : "" }
        }
        var widths = Array(repeating: 3, count: count)
        for row in texts {
            for (c, text) in row.enumerated() { widths[c] = max(widths[c], text.unicodeScalars.count) }
        }
        func line(_ cells: [String]) -> String {
            var s = "|"
            for (c, cell) in cells.enumerated() {
                s += " " + cell
                s += String(repeating: " ", count: widths[c] - cell.unicodeScalars.count)
                s += " |"
            }
            return s
        }
        for (index, row) in texts.enumerated() {
            emitLine(line(row))
            if index == 0 {
                var s = "|"
                for c in 0..<count {
                    let alignment = c < columns.count ? columns[c] : .none
                    let w = widths[c]
                    switch alignment {
                    case .none: s += " " + String(repeating: "-", count: w) + " |"
                    case .left: s += " :" + String(repeating: "-", count: w - 1) + " |"
                    case .right: s += " " + String(repeating: "-", count: w - 1) + ": |"
                    case .center: s += " :" + String(repeating: "-", count: w - 2) + ": |"
                    }
                }
                emitLine(s)
            }
        }
    }
}
