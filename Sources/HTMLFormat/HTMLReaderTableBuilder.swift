import MarkupAST

/// Collects the parts of a `<table>` and computes columns, alignments and the header.
struct HTMLReaderTableBuilder {
    enum Section { case head, body, foot }

    var attributes: Attributes
    var caption: [Block] = []
    var columnAlignments: [ColumnAlignment] = []
    var head: [TableRow] = []
    var body: [TableRow] = []
    var foot: [TableRow] = []
    var section: Section = .body

    mutating func add(_ row: TableRow) {
        switch section {
        case .head: head.append(row)
        case .body: body.append(row)
        case .foot: foot.append(row)
        }
    }

    /// The table: header inferred when the first row is all `th`, one alignment per column
    /// (from `<col>` or the first row), cell alignments kept where they differ.
    func build() -> Table {
        var head = self.head
        var body = self.body
        if head.isEmpty, let first = body.first, !first.cells.isEmpty,
            first.cells.allSatisfy(\.header)
        {
            head = [first]
            body.removeFirst()
        }
        // Grid positions, with rowspans occupying later rows (bounded: see TableLayout).
        let layout = TableLayout(head + body + foot)
        let width = layout.columnCount
        let starts = layout.starts
        var columns = Array(repeating: ColumnAlignment.none, count: width)
        for (c, a) in columnAlignments.prefix(width).enumerated() { columns[c] = a }
        if let firstRow = head.first ?? body.first ?? foot.first, let firstStarts = starts.first {
            for (cell, start) in zip(firstRow.cells, firstStarts)
            where cell.colspan == 1 && start < width && columns[start] == .none {
                columns[start] = cell.alignment
            }
        }
        func settle(_ rows: [TableRow], _ offset: Int) -> [TableRow] {
            var out = rows
            for r in out.indices {
                for (k, start) in starts[offset + r].enumerated() where start < width {
                    // (Only real changes are written: a write copies the shared rows.)
                    if columns[start] != .none && out[r].cells[k].alignment == columns[start] {
                        out[r].cells[k].alignment = .none
                    }
                }
            }
            return out
        }
        return Table(
            caption: caption, columns: columns, head: settle(head, 0),
            body: settle(body, head.count), foot: settle(foot, head.count + body.count),
            attributes: attributes)
    }
}
