import MarkupAST

/// Turns CSS-styled spans into semantic inlines for targets that cannot carry spans.
///
/// `font-weight: bold|bolder|600-900` -> `.strong`, `font-style: italic|oblique` -> `.emphasis`,
/// `text-decoration: underline` -> `.underline`, `text-decoration: line-through` -> `.strikethrough`,
/// `vertical-align: super|sub` -> `.sup`/`.sub`. The span itself stays (with its other styles)
/// inside the new wrappers, so writers that drop spans keep the meaning.
///
/// Only the path from the root to each styled span is rebuilt; every other block, list item,
/// table cell and inline is shared with the input document (one walk, linear in its size).
///
/// ```swift
/// let bold = Attributes(style: [CSSDeclaration(property: "font-weight", value: "bold")])
/// let doc = Document([.paragraph([.span([.text("a")], bold)], .none)])
/// PromoteStyles.apply(to: doc)
/// // span{style="font-weight: bold"} [text "a"]  ->  strong [span{...} [text "a"]]
/// ```
public enum PromoteStyles {
    /// Applies the promotion to every span in `document`.
    public static func apply(to document: Document) -> Document {
        guard let blocks = rewritten(document.blocks, rewrite(_:)) else { return document }
        var copy = document
        copy.blocks = blocks
        return copy
    }

    /// `xs` with `change` applied, or nil when `change` returned nil (no change) for every
    /// element: the array is copied at the first change only.
    static func rewritten<T>(_ xs: [T], _ change: (T) -> T?) -> [T]? {
        var result: [T]?
        for index in xs.indices {
            guard let new = change(xs[index]) else { continue }
            if result == nil { result = xs }
            result![index] = new
        }
        return result
    }

    /// The block with its styled spans promoted, or nil when it holds none.
    static func rewrite(_ block: Block) -> Block? {
        switch block {
        case .paragraph(let xs, let a): return rewritten(xs, rewrite(_:)).map { .paragraph($0, a) }
        case .plain(let xs, let a): return rewritten(xs, rewrite(_:)).map { .plain($0, a) }
        case .heading(let level, let xs, let a):
            return rewritten(xs, rewrite(_:)).map { .heading(level: level, $0, a) }
        case .blockQuote(let bs, let a):
            return rewritten(bs, rewrite(_:)).map { .blockQuote($0, a) }
        case .div(let bs, let a): return rewritten(bs, rewrite(_:)).map { .div($0, a) }
        case .footnoteDefinition(let label, let bs, let a):
            return rewritten(bs, rewrite(_:)).map { .footnoteDefinition(label: label, $0, a) }
        case .codeBlock, .rawBlock, .thematicBreak: return nil
        case .list(var list):
            let items = rewritten(list.items) { item -> ListItem? in
                guard let blocks = rewritten(item.blocks, rewrite(_:)) else { return nil }
                var item = item
                item.blocks = blocks
                return item
            }
            guard let items else { return nil }
            list.items = items
            return .list(list)
        case .definitionList(let items, let a):
            let new = rewritten(items) { item -> DefinitionItem? in
                let term = rewritten(item.term, rewrite(_:))
                let definitions = rewritten(item.definitions) { rewritten($0, rewrite(_:)) }
                guard term != nil || definitions != nil else { return nil }
                var item = item
                if let term { item.term = term }
                if let definitions { item.definitions = definitions }
                return item
            }
            return new.map { .definitionList($0, a) }
        case .table(var table):
            func rows(_ rows: [TableRow]) -> [TableRow]? {
                rewritten(rows) { row -> TableRow? in
                    let cells = rewritten(row.cells) { cell -> TableCell? in
                        guard let blocks = rewritten(cell.blocks, rewrite(_:)) else { return nil }
                        var cell = cell
                        cell.blocks = blocks
                        return cell
                    }
                    guard let cells else { return nil }
                    var row = row
                    row.cells = cells
                    return row
                }
            }
            let caption = rewritten(table.caption, rewrite(_:))
            let head = rows(table.head)
            let body = rows(table.body)
            let foot = rows(table.foot)
            guard caption != nil || head != nil || body != nil || foot != nil else { return nil }
            if let caption { table.caption = caption }
            if let head { table.head = head }
            if let body { table.body = body }
            if let foot { table.foot = foot }
            return .table(table)
        }
    }

    /// The inline with its styled spans promoted (children first), or nil when it holds none.
    static func rewrite(_ inline: Inline) -> Inline? {
        guard inline.isContainer else { return nil }
        let children = rewritten(inline.children, rewrite(_:))
        let node = children.map { inline.withChildren($0) } ?? inline
        if let promoted = node.withPromotedStyles() { return promoted }
        return children == nil ? nil : node
    }
}
