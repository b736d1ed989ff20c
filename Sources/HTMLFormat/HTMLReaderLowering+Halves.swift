import HTML5Parser
import MarkupAST
import WorkerThread

extension HTMLReaderLowering {
    /// One of the two halves of a document lowered on two threads. `path` runs from the
    /// document node through `html` and `body` down to the element whose children `split`
    /// divides; the path's elements below `body` are `<div>`-like, so each half holds a part
    /// of each of them (see `allows`).
    struct Part: Sendable {
        let path: [Int32]
        /// How many path entries lower to no block of their own (document, `html`, `body`;
        /// just the root for a fragment); the rest are divs.
        let boundaries: Int
        /// The child of the last path element that the second half starts at.
        let split: Int32
        let second: Bool

        func asSecond() -> Part { Part(path: path, boundaries: boundaries, split: split, second: true) }
    }

    /// What one half's walk produced.
    private struct Half: Sendable {
        var blocks: [Block]
        var footnoteDefinitions: [Block]
        var metadata: [String: String]
        var dropped: [String: Int]
        var embeds: Int
        var diagnostics: [Diagnostic]

        init(_ lowering: HTMLReaderLowering) {
            blocks = lowering.walk().finishBlocks()
            footnoteDefinitions = lowering.footnoteDefinitions
            metadata = lowering.metadata
            dropped = lowering.dropped
            embeds = lowering.embeds
            diagnostics = lowering.diagnostics
        }
    }

    /// Lowers `dom` in two halves on two threads, or nil when it has no safe place to split
    /// or the halves do not join the way the split promises (then the caller walks it whole).
    ///
    /// The split falls between two block-level children (paragraph, heading, div, quote,
    /// pre, list, definition list, table, rule; only white space between them) of `body` or
    /// of a `div`/`section`/`article`/`main` on the way down to the middle of the DOM. There
    /// the walk carries nothing from one child to the next (no open paragraph, wrapper or list
    /// item), so the halves' trees join: the blocks of the first, then those of the second,
    /// with the path's divs (the first half's last block, the second's first at each level)
    /// joined into one. Document-wide state is merged as one walk builds it: metadata
    /// first-come, footnote definitions and diagnostics in order, the 50-embed report limit
    /// over both, dropped counts summed.
    static func runInHalves(dom: HTMLDocument, options: HTMLReaderOptions) -> (
        Document, [Diagnostic]
    )? {
        guard let part = splitPoint(dom) else { return nil }
        let secondPart = part.asSecond()
        let (first, second) = ParallelWork.both(
            { Half(HTMLReaderLowering(dom: dom, options: options, part: part)) },
            { Half(HTMLReaderLowering(dom: dom, options: options, part: secondPart)) })
        let divLevels = part.path.count - part.boundaries
        guard var blocks = join(first.blocks, second.blocks, levels: divLevels) else { return nil }
        blocks += first.footnoteDefinitions
        blocks += second.footnoteDefinitions
        var metadata = first.metadata
        for (key, value) in second.metadata where metadata[key] == nil { metadata[key] = value }
        var dropped = first.dropped
        for (what, count) in second.dropped { dropped[what, default: 0] += count }
        // The second half counted its embeds from 1; one walk reports the first 50 in all.
        var embedReports = max(0, 50 - first.embeds)
        var diagnostics = first.diagnostics
        diagnostics += second.diagnostics.filter { diagnostic in
            guard diagnostic.code == .lossyEmbed else { return true }
            embedReports -= 1
            return embedReports >= 0
        }
        diagnostics += droppedNotes(dropped)
        return (Document(blocks, metadata: metadata), diagnostics)
    }

    /// The blocks of both halves joined, the path's `levels` divs merged; nil when they do
    /// not meet as expected, or when lists meet at the split (implicit lists next to each
    /// other are merged by a whole walk).
    private static func join(_ a: [Block], _ b: [Block], levels: Int) -> [Block]? {
        if levels == 0 {
            if case .list? = a.last, case .list? = b.first { return nil }
            return a + b
        }
        guard case .div(let ac, let aa)? = a.last, case .div(let bc, let ba)? = b.first, aa == ba,
            let inner = join(ac, bc, levels: levels - 1)
        else { return nil }
        var out = Array(a.dropLast())
        out.append(.div(inner, aa))
        out += b.dropFirst()
        return out
    }

    /// Where to split `dom`: descending from `body` (or a fragment's root) into the
    /// `div`-like child that holds the middle of the DOM, the first level with a split point
    /// (see `runInHalves`) in the middle half of its nodes; nil when there is none.
    static func splitPoint(_ dom: HTMLDocument) -> Part? {
        let nodes = dom.nodes
        let root = dom.root.index
        var path: [Int32]
        if let html = lastElementChild(of: root, named: "html", nodes),
            let body = lastElementChild(of: html, named: "body", nodes)
        {
            path = [root, html, body]
        } else if nodes[Int(root)].kind == .documentFragment {
            path = [root]
        } else {
            return nil
        }
        let boundaries = path.count
        var container = path[path.count - 1]
        var end = nodes.count  // one past the container's subtree (nodes are in document order)
        for _ in 0..<8 {
            let start = Int(container)
            let low = start + (end - start) / 4
            let high = end - (end - start) / 4
            let middle = (start + end) / 2
            var best: Int32?
            var inner: (node: Int32, end: Int)?
            var previous: Int32?  // the previous block-level element sibling, past white space
            var child = nodes[Int(container)].firstChild
            while let id = child {
                let i = id.index
                let node = nodes[Int(i)]
                child = node.nextSibling
                let childEnd = child.map { Int($0.index) } ?? end
                switch node.kind {
                case .text:
                    if !isWhitespace(node.data) { previous = nil }
                    continue
                case .element where node.namespace == .html && isSafeBlock(node.name):
                    if let p = previous, Int(i) >= low, Int(i) < high,
                        !(isList(nodes[Int(p)].name) && isList(node.name)),
                        best.map({ abs(Int($0) - middle) > abs(Int(i) - middle) }) ?? true
                    {
                        best = i
                    }
                    if Int(i) <= middle, middle < childEnd, isPathElement(node) {
                        inner = (i, childEnd)
                    }
                    previous = i
                default:
                    previous = nil
                }
            }
            if let best {
                return Part(path: path, boundaries: boundaries, split: best, second: false)
            }
            guard let inner else { return nil }
            path.append(inner.node)
            container = inner.node
            end = inner.end
        }
        return nil
    }

    private static func lastElementChild(
        of parent: Int32, named name: String, _ nodes: [HTMLNode]
    ) -> Int32? {
        var child = nodes[Int(parent)].lastChild
        while let id = child {
            if nodes[Int(id.index)].isHTMLElement(name) { return id.index }
            child = nodes[Int(id.index)].previousSibling
        }
        return nil
    }

    private static func isSafeBlock(_ name: String) -> Bool {
        switch HTMLReaderElements.knownRole(of: name) {
        case .paragraph, .heading, .div, .blockQuote, .pre, .list, .definitionList, .table,
            .thematicBreak:
            return true
        default:
            return false
        }
    }

    private static func isList(_ name: String) -> Bool {
        if case .list? = HTMLReaderElements.knownRole(of: name) { return true }
        return name == "dl"
    }

    /// A plain grouping element the split may descend into (not a footnote section).
    private static func isPathElement(_ node: HTMLNode) -> Bool {
        switch node.name {
        case "div", "section", "article", "main":
            let cls = node.attribute("class") ?? ""
            return !cls.contains("footnote") && node.attribute("role") == nil
        default:
            return false
        }
    }
}
