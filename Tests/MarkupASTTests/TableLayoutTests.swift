import MarkupAST
import Testing

/// Cell placement as the HTML table model gives it, and its bound on the grid.
@Suite("Table layout")
struct TableLayoutTests {
    func cell(_ colspan: Int = 1, _ rowspan: Int = 1) -> TableCell {
        TableCell([], colspan: colspan, rowspan: rowspan)
    }

    @Test("colspans push later cells right; rowspans occupy columns in later rows")
    func spans() {
        let layout = TableLayout([
            TableRow([cell(2), cell(1, 2)]),
            TableRow([cell(), cell()]),
            TableRow([cell(), cell(), cell()]),
        ])
        #expect(layout.spansHonoured)
        #expect(layout.starts == [[0, 2], [0, 1], [0, 1, 2]])
        #expect(layout.rowEnds == [3, 3, 3])
        #expect(layout.columnCount == 3)
    }

    @Test("a slot covered by a rowspan stays covered when a later cell overlaps it")
    func overlap() {
        // Row 1's second cell covers column 1 for three rows; row 2's colspan also covers
        // it for one row. Row 3 must still start after column 1.
        let layout = TableLayout([
            TableRow([cell(), cell(1, 3)]),
            TableRow([cell(3)]),
            TableRow([cell(), cell()]),
        ])
        #expect(layout.starts == [[0, 1], [0], [0, 2]])
    }

    @Test("a row ends where its last cell ends, or after the rowspans that follow it")
    func rowEnds() {
        let layout = TableLayout([
            TableRow([cell(), cell(1, 2), cell(1, 2)]),
            TableRow([cell()]),
            TableRow([]),
        ])
        #expect(layout.rowEnds == [3, 3, 0])
    }

    @Test("spans are clamped as browsers clamp them")
    func clamping() {
        #expect(TableCell([], colspan: 5000, rowspan: 1_000_000).colspan == 1000)
        #expect(TableCell([], colspan: 5000, rowspan: 1_000_000).rowspan == 65534)
        #expect(TableCell([], colspan: -3, rowspan: 0).colspan == 1)
        var wide = TableCell([])
        wide.colspan = Int.max
        #expect(TableLayout([TableRow([wide, wide])]).columnCount == 2000)
    }

    @Test("past the budget every cell counts as 1 x 1, and the work stays bounded")
    func budget() {
        // 20 cells of colspan 1000 and rowspan 65534 per row: each row starts 20,000 columns
        // further right than the one above; 500 rows would make a 5e9-position grid.
        let row = TableRow(Array(repeating: cell(1000, 65534), count: 20))
        let layout = TableLayout(Array(repeating: row, count: 500))
        #expect(!layout.spansHonoured)
        #expect(layout.columnCount == 20)
        #expect(layout.starts[499] == Array(0..<20))
        // The same table under a budget it fits keeps its spans.
        let small = TableLayout(Array(repeating: row, count: 2), cellBudget: 100_000)
        #expect(small.spansHonoured)
        #expect(small.starts[1].first == 20_000)
    }
}
