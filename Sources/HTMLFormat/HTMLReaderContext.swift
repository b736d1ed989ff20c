import MarkupAST

/// One block being built while lowering the DOM: its blocks so far, the inline buffer of its
/// current implicit paragraph and the inline wrappers open around it.
final class HTMLReaderContext {
    enum Kind {
        /// The document body.
        case root
        /// `.div` (div, section, figure, custom block elements ...).
        case div
        /// Children join the parent (html, body, form): a block boundary only.
        case boundary
        case blockQuote
        case paragraph
        case heading(Int)
        /// A `<dt>` in a definition list.
        case term
        /// A `<dd>`.
        case definition
        case list
        /// A `<li>`; `reopened` when it continues the previous item of a misnested list.
        case item
        case definitionList
        case table
        case row
        case cell
        case caption
        case pre
        /// The footnotes section of pandoc / GFM output; its items are `.footnote`.
        case footnotes
        case footnote(String)
    }

    // Mutable parts are `@exclusivity(unchecked)`: only the lowering walk touches them, one
    // access at a time.
    @exclusivity(unchecked) private(set) var kind: Kind
    @exclusivity(unchecked) var attributes: Attributes
    @exclusivity(unchecked) var blocks: [Block] = []
    @exclusivity(unchecked) var buffer: HTMLReaderInlineBuffer
    /// Inline wrappers open in this block (inherited ones first).
    @exclusivity(unchecked) var openWrappers: [HTMLInlineWrapper]
    /// `.paragraph`, or `.plain` in tight contexts (list items, cells, `<dd>`).
    @exclusivity(unchecked) private(set) var tightText: Bool
    /// Inline-only blocks (p, headings, dt) flatten nested blocks into their text.
    @exclusivity(unchecked) private(set) var inlineOnly: Bool

    // Lists
    @exclusivity(unchecked) var list: ListBlock?
    @exclusivity(unchecked) var item: ListItem?
    @exclusivity(unchecked) var implicitLists: [Int] = []
    /// A list made up around orphan `<li>` elements.
    @exclusivity(unchecked) var isImplicitList = false
    // Definition lists
    @exclusivity(unchecked) var definitions: [DefinitionItem] = []
    // Tables
    @exclusivity(unchecked) var table: HTMLReaderTableBuilder?
    @exclusivity(unchecked) var cells: [TableCell] = []
    @exclusivity(unchecked) var cell: TableCell?
    // Code
    @exclusivity(unchecked) var code: [UInt8] = []
    @exclusivity(unchecked) var language = ""
    /// Earlier code blocks of a `<pre>` holding several `<code>` elements.
    @exclusivity(unchecked) var finishedCode: [(language: String, code: [UInt8])] = []

    init(
        _ kind: Kind, attributes: Attributes = .none, wrappers: [HTMLInlineWrapper],
        tightText: Bool, promotingStyles: Bool = false
    ) {
        self.kind = kind
        self.attributes = attributes
        self.openWrappers = wrappers
        self.buffer = HTMLReaderInlineBuffer(reopening: wrappers, promotingStyles: promotingStyles)
        self.tightText = tightText
        self.inlineOnly = Self.isInlineOnly(kind)
    }

    private static func isInlineOnly(_ kind: Kind) -> Bool {
        switch kind {
        case .paragraph, .heading, .term: return true
        default: return false
        }
    }

    /// Makes a finished context what `init` with these arguments makes, keeping the storage
    /// of its inline buffer and code bytes: the lowering reuses finished contexts (one object,
    /// an event list and a byte buffer per block element were allocated and freed again).
    func reuse(
        _ kind: Kind, attributes: consuming Attributes, wrappers: consuming [HTMLInlineWrapper],
        tightText: Bool
    ) {
        self.kind = kind
        self.attributes = consume attributes
        // What the finished block handed on (moved into the AST) is let go; empty lists keep
        // their storage. Most fields are already empty: they are only written when not.
        if !blocks.isEmpty { blocks = [] }
        buffer.reset(reopening: wrappers)
        openWrappers = consume wrappers
        self.tightText = tightText
        inlineOnly = Self.isInlineOnly(kind)
        if list != nil { list = nil }
        if item != nil { item = nil }
        if !implicitLists.isEmpty { implicitLists.removeAll(keepingCapacity: true) }
        isImplicitList = false
        if !definitions.isEmpty { definitions = [] }
        if table != nil { table = nil }
        if !cells.isEmpty { cells = [] }
        if cell != nil { cell = nil }
        if !code.isEmpty { code.removeAll(keepingCapacity: true) }
        if !language.isEmpty { language = "" }
        if !finishedCode.isEmpty { finishedCode = [] }
    }

    /// Appends a block. The list is sized for a few at the first: growing it 1, 2, 4 ...
    /// reallocated and copied the blocks of every container.
    @inline(__always)
    func append(_ block: Block) {
        if blocks.capacity == 0 { blocks.reserveCapacity(4) }
        blocks.append(block)
    }

    /// Closes the implicit paragraph, if it has content, and restarts the buffer (reusing its
    /// storage). A buffer nothing was added to since its last restart is left as it is.
    func flushInlines() {
        if buffer.isPristine { return }
        closeInlines()
        buffer.reset(reopening: openWrappers)
    }

    /// Closes the implicit paragraph, if it has content, without restarting the buffer (the
    /// context is finishing).
    private func closeInlines() {
        if buffer.hasContent {
            let inlines = buffer.build()
            if !inlines.isEmpty {
                append(tightText ? .plain(inlines, .none) : .paragraph(inlines, .none))
            }
        }
    }

    /// The inline content of an inline-only block.
    func takeInlines() -> [Inline] {
        buffer.hasContent ? buffer.build() : []
    }

    /// The blocks, with the implicit paragraph closed and adjacent implicit lists merged.
    func finishBlocks() -> [Block] {
        closeInlines()
        guard implicitLists.count > 1 else {
            // Moved out, so the caller holds the only reference (or an exact-size copy).
            var out: [Block] = []
            swap(&out, &blocks)
            return out.trimmed()
        }
        var out: [Block] = []
        out.reserveCapacity(blocks.count)
        let implicit = Set(implicitLists)
        var pending: ListBlock?
        var previousImplicit = -2
        for (index, block) in blocks.enumerated() {
            if implicit.contains(index), case .list(let next) = block {
                if var merged = pending, previousImplicit == index - 1 {
                    pending = nil  // keep `merged` unique while appending
                    merged.items += next.items
                    merged.tight = merged.tight && next.tight
                    pending = merged
                } else {
                    if let list = pending { out.append(.list(list)) }
                    pending = next
                }
                previousImplicit = index
                continue
            }
            if let list = pending {
                out.append(.list(list))
                pending = nil
            }
            out.append(block)
        }
        if let list = pending { out.append(.list(list)) }
        return out
    }
}
