import MarkupAST

extension StyleResolver {
    /// The cells of one table row that are not left-aligned.
    struct RowAlignments {
        /// Column and alignment of each such cell, in column order.
        var cells: [(column: Int, alignment: TabStop.Alignment)] = []
        /// Whether the row starts with a tab (its first cell is centred or right-aligned).
        var leading = false
    }

    /// How a cell lines up in its column; `nil` for left (the default).
    ///
    /// The most specific statement wins, as in a browser: the cell's own CSS `text-align`
    /// (inline or from a stylesheet rule), then its `align=`, then its column's alignment (the
    /// table model's: from `<col>` or the first row, or a Markdown delimiter row), then the
    /// row's `text-align` or `align=`. Justified and natural count as left.
    static func cellAlignment(
        _ cell: TableCell, css: TextAlignment?, column: ColumnAlignment, row: TextAlignment?
    ) -> TabStop.Alignment? {
        if let css { return tabAlignment(css) }
        switch cell.alignment == .none ? column : cell.alignment {
        case .left: return nil
        case .center: return .center
        case .right: return .right
        case .none: return row.flatMap(tabAlignment)
        }
    }

    static func tabAlignment(_ a: TextAlignment) -> TabStop.Alignment? {
        switch a {
        case .center: return .center
        case .right: return .right
        case .left, .justify, .natural: return nil
        }
    }

    /// Turns a row's left stops into right stops at its right-aligned cells' right edges
    /// and centre stops at its centred cells' centres, and adds the stop the leading tab of a
    /// row whose first cell is aligned goes to.
    ///
    /// `stops` holds the start of every column after the first (`widths[k]` points wide); a
    /// column's right edge is its start plus its width, before the gap to the next column,
    /// so the stops stay in increasing order.
    static func align(
        _ stops: inout [TabStop], _ row: RowAlignments, widths: [Double], indent: Double,
        gap: Double
    ) {
        func location(_ start: Double, _ width: Double, _ a: TabStop.Alignment) -> Double {
            round2(start + (a == .right ? width : width / 2))
        }
        var first: TabStop? = nil
        for (column, a) in row.cells where column < widths.count {
            if column == 0 {
                guard row.leading else { continue }
                // Past the row's start even when the column is empty, before the next one.
                let w = widths[0]
                first = TabStop(
                    w > 0 ? location(indent, w, a) : round2(indent + gap / 2), alignment: a)
            } else if column - 1 < stops.count {
                stops[column - 1] = TabStop(
                    location(stops[column - 1].location, widths[column], a), alignment: a)
            }
        }
        if let first { stops.insert(first, at: 0) }
    }
}
