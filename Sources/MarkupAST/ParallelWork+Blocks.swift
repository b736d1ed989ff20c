import WorkerThread

extension ParallelWork {
    /// A rough size of `block` for balancing two halves of a block list: its inline and
    /// block children at the top two levels (a paragraph of five inlines weighs 6), code by
    /// length. Costs a look at each child, not a walk of the subtree.
    ///
    /// ```swift
    /// ParallelWork.weight(of: .paragraph([.text("a"), .emphasis([.text("b")])], .none))  // 3
    /// ```
    public static func weight(of block: Block) -> Int {
        switch block {
        case .paragraph(let xs, _), .plain(let xs, _), .heading(_, let xs, _):
            return 1 + xs.count
        case .codeBlock(_, let code, _), .rawBlock(_, let code):
            return 1 + code.utf8.count / 32
        case .blockQuote(let bs, _), .div(let bs, _), .footnoteDefinition(_, let bs, _):
            return 1 + bs.count * 8
        case .list(let list):
            var total = 1
            for item in list.items { total += 1 + item.blocks.count * 8 }
            return total
        case .definitionList(let items, _):
            return 1 + items.count * 8
        case .table(let table):
            return 1 + (table.head.count + table.body.count + table.foot.count) * max(1, table.columns.count) * 2
        case .thematicBreak:
            return 1
        }
    }

    /// Where to cut `blocks` into two halves of about equal weight: an index `k` in
    /// `1..<blocks.count` with `allowed(k)` true, the one nearest the middle within the middle
    /// half of the weight; nil when the list weighs less than `minimum` or no index is allowed.
    ///
    /// ```swift
    /// ParallelWork.splitIndex(of: blocks, minimum: 8_192) { _ in true }  // about the middle
    /// ```
    public static func splitIndex(
        of blocks: [Block], minimum: Int, allowed: (Int) -> Bool
    ) -> Int? {
        guard blocks.count > 1 else { return nil }
        var total = 0
        for block in blocks { total += weight(of: block) }
        guard total >= minimum else { return nil }
        var best: Int?
        var bestDistance = Int.max
        var before = weight(of: blocks[0])
        for k in 1..<blocks.count {
            if before >= total / 4, before <= total - total / 4 {
                let distance = abs(2 * before - total)
                if distance < bestDistance, allowed(k) {
                    best = k
                    bestDistance = distance
                }
            }
            before += weight(of: blocks[k])
        }
        return best
    }
}
