/// A table: caption, column alignments, head/body/foot rows.
///
/// Cells hold blocks (HTML cells may contain any block); Markdown cells hold one `.plain`.
///
/// ```swift
/// Table(columns: [.left, .none],
///       head: [TableRow([TableCell([.plain([.text("a")], .none)], header: true)])])
/// ```
public struct Table: Hashable, Sendable, Codable {
    /// The caption (`<caption>`), empty when absent.
    public var caption: [Block]
    /// One alignment per column (the column count is `columns.count`).
    public var columns: [ColumnAlignment]
    /// Header rows (`<thead>`, or the first Markdown row).
    public var head: [TableRow]
    /// Body rows.
    public var body: [TableRow]
    /// Footer rows (`<tfoot>`).
    public var foot: [TableRow]
    /// Attributes of the `<table>`.
    public var attributes: Attributes

    /// Creates a table.
    public init(
        caption: [Block] = [], columns: [ColumnAlignment], head: [TableRow] = [],
        body: [TableRow] = [], foot: [TableRow] = [], attributes: Attributes = .none
    ) {
        self.caption = caption
        self.columns = columns
        self.head = head
        self.body = body
        self.foot = foot
        self.attributes = attributes
    }

    /// Every row: head, then body, then foot.
    public var allRows: [TableRow] { head + body + foot }
}

/// The horizontal alignment of a column or cell.
public enum ColumnAlignment: String, Hashable, Sendable, Codable {
    case none
    case left
    case center
    case right
}

/// A table row.
public struct TableRow: Hashable, Sendable, Codable {
    /// The cells.
    public var cells: [TableCell]
    /// Attributes of the `<tr>`.
    public var attributes: Attributes

    /// Creates a row.
    public init(_ cells: [TableCell], attributes: Attributes = .none) {
        self.cells = cells
        self.attributes = attributes
    }
}

/// A table cell with its spans.
public struct TableCell: Hashable, Sendable, Codable {
    /// The content.
    public var blocks: [Block]
    /// Whether the cell is a header cell (`<th>`).
    public var header: Bool
    /// The cell's own alignment when it differs from the column's.
    public var alignment: ColumnAlignment
    /// Columns spanned (1...1000 when made by the initializer).
    public var colspan: Int
    /// Rows spanned (1...65534 when made by the initializer).
    public var rowspan: Int
    /// Attributes of the `<td>`/`<th>`.
    public var attributes: Attributes

    /// Creates a cell; spans are clamped as browsers clamp them (`colspan` to 1...1000,
    /// `rowspan` to 1...65534).
    public init(
        _ blocks: [Block], header: Bool = false, alignment: ColumnAlignment = .none,
        colspan: Int = 1, rowspan: Int = 1, attributes: Attributes = .none
    ) {
        self.blocks = blocks
        self.header = header
        self.alignment = alignment
        self.colspan = min(max(1, colspan), TableLayout.maxColspan)
        self.rowspan = min(max(1, rowspan), TableLayout.maxRowspan)
        self.attributes = attributes
    }
}
