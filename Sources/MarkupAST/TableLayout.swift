/// Where the cells of a table sit on its grid, placed as the HTML table model places them
/// (a cell takes the first column its row has free; a rowspan occupies that column in later
/// rows), with a bound on the grid's size.
///
/// Spans multiply: 20 cells of `colspan=1000 rowspan=65534` per row push every later row
/// 20,000 columns further right, so 500 such rows (374 KB of HTML) describe a grid of
/// 5,000,000,000 positions. Writers that draw the grid (pipe tables, tab stops) must not
/// expand that. The layout therefore honours spans only while the grid stays within
/// ``cellBudget`` positions; beyond it every cell counts as 1 x 1 (``spansHonoured`` is
/// `false`, and writers report `lossy.table-span`). Spans are clamped as browsers clamp them
/// first: `colspan` to 1...1000, `rowspan` to 1...65534 and to the rows left in the table.
/// The work is linear in the number of cells plus the budget.
///
/// ```swift
/// let t = Table(columns: [], body: [
///     TableRow([TableCell([], colspan: 2), TableCell([])]),
///     TableRow([TableCell([]), TableCell([]), TableCell([])]),
/// ])
/// let layout = TableLayout(t.allRows)
/// // layout.starts == [[0, 2], [0, 1, 2]], layout.columnCount == 3
/// ```
public struct TableLayout: Sendable, Hashable {
    /// The number of rows.
    public let rowCount: Int
    /// The grid's width: the furthest column a cell (with its colspan) reaches.
    public let columnCount: Int
    /// The start column of each cell, row by row.
    public let starts: [[Int]]
    /// One past the last column of each row: the end of its last cell, extended over the
    /// columns right after it that rowspans from above cover (0 for an empty row with no
    /// rowspan covering its first column).
    public let rowEnds: [Int]
    /// Whether the spans were honoured (`false`: over the budget, every cell is 1 x 1).
    public let spansHonoured: Bool
    /// The bound on the grid's positions (`rowCount * columnCount`) when spans are honoured.
    public let cellBudget: Int

    /// The largest colspan honoured, as in browsers.
    public static let maxColspan = 1000
    /// The largest rowspan honoured, as in browsers.
    public static let maxRowspan = 65534

    /// The default budget for `cellCount` cells: 65,536 positions, or 16 per cell when more.
    public static func defaultBudget(cellCount: Int) -> Int {
        max(
            1 << 16,
            cellCount.multipliedReportingOverflow(by: 16).overflow ? Int.max : cellCount * 16)
    }

    /// The effective colspan of a cell.
    @inlinable public static func colspan(of cell: TableCell) -> Int {
        min(max(1, cell.colspan), maxColspan)
    }

    /// Lays out `rows` (head, body and foot in order); `cellBudget` defaults to
    /// ``defaultBudget(cellCount:)``.
    public init(_ rows: [TableRow], cellBudget: Int? = nil) {
        var cellCount = 0
        for row in rows { cellCount += row.cells.count }
        let budget = cellBudget ?? Self.defaultBudget(cellCount: cellCount)
        self.rowCount = rows.count
        self.cellBudget = budget
        if let placed = Self.place(rows, budget: budget) {
            self.starts = placed.starts
            self.rowEnds = placed.ends
            self.columnCount = placed.width
            self.spansHonoured = true
        } else {
            let ends = rows.map(\.cells.count)
            self.starts = rows.map { Array($0.cells.indices) }
            self.rowEnds = ends
            self.columnCount = ends.max() ?? 0
            self.spansHonoured = false
        }
    }

    /// The placement with spans, or nil when the grid would pass `budget` positions.
    private static func place(_ rows: [TableRow], budget: Int) -> (
        starts: [[Int]], ends: [Int], width: Int
    )? {
        let rowCount = rows.count
        guard rowCount > 0 else { return ([], [], 0) }
        // Every row costs O(width) below, so the width may not pass budget / rows.
        let maxWidth = budget / rowCount
        var occupied: [Int] = []  // rows still covered, per column (including this row)
        var width = 0
        var starts: [[Int]] = []
        var ends: [Int] = []
        starts.reserveCapacity(rowCount)
        ends.reserveCapacity(rowCount)
        for (r, row) in rows.enumerated() {
            var column = 0
            var rowStarts: [Int] = []
            rowStarts.reserveCapacity(row.cells.count)
            for cell in row.cells {
                while column < occupied.count && occupied[column] > 0 { column += 1 }
                let end = column + colspan(of: cell)
                if end > maxWidth { return nil }
                rowStarts.append(column)
                let rowspan = min(max(1, cell.rowspan), maxRowspan, rowCount - r)
                while occupied.count < end { occupied.append(0) }
                for c in column..<end { occupied[c] = max(occupied[c], rowspan) }
                column = end
            }
            width = max(width, column)
            // The row runs on over columns that rowspans from above cover right after it.
            while column < occupied.count && occupied[column] > 0 { column += 1 }
            ends.append(column)
            starts.append(rowStarts)
            for c in occupied.indices where occupied[c] > 0 { occupied[c] -= 1 }
        }
        return (starts, ends, width)
    }
}
