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
        // Grid positions, with rowspans occupying later rows (bounded: see TableLayout). Without
        // spans a cell's column is its index: no layout is built (an array per row, the
        // largest part of a read of many short rows besides the rows themselves).
        let starts: [[Int]]?
        let width: Int
        if Self.hasSpans(head) || Self.hasSpans(body) || Self.hasSpans(foot) {
            let layout = TableLayout(head + body + foot)
            width = layout.columnCount
            starts = layout.starts
        } else {
            width = max(Self.widest(head), Self.widest(body), Self.widest(foot))
            starts = nil
        }
        var columns = Array(repeating: ColumnAlignment.none, count: width)
        for (c, a) in columnAlignments.prefix(width).enumerated() { columns[c] = a }
        if let firstRow = head.first ?? body.first ?? foot.first, starts?.isEmpty != true {
            for (k, cell) in firstRow.cells.enumerated() {
                let start = starts?[0][k] ?? k
                if cell.colspan == 1 && start < width && columns[start] == .none {
                    columns[start] = cell.alignment
                }
            }
        }
        let aligned = columns.contains { $0 != .none }
        func settle(_ rows: [TableRow], _ offset: Int) -> [TableRow] {
            guard aligned else { return rows }
            var out = rows
            for r in out.indices {
                for k in out[r].cells.indices {
                    let start = starts?[offset + r][k] ?? k
                    // (Only real changes are written: a write copies the shared rows.)
                    if start < width && columns[start] != .none
                        && out[r].cells[k].alignment == columns[start]
                    {
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

    /// Whether a cell of `rows` spans more than one column or row.
    static func hasSpans(_ rows: [TableRow]) -> Bool {
        rows.contains { $0.cells.contains { $0.colspan != 1 || $0.rowspan != 1 } }
    }

    /// The most cells in one of `rows`.
    static func widest(_ rows: [TableRow]) -> Int {
        rows.reduce(0) { max($0, $1.cells.count) }
    }
}
