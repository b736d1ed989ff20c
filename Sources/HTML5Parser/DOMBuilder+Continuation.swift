extension DOMBuilder {
    /// Appends the tree `other` built from the rest of the input (see
    /// ``TreeBuilder/prepareContinuation(names:isFragment:)``): its first `real.count` nodes
    /// are stand-ins for `real` (the root, the open elements, a document's `head`), the
    /// others are new and are appended to this document with their links moved, the new
    /// children of each stand-in after the real node's children. False, with nothing
    /// changed, when the result could differ from one parse: a stand-in got attributes (from
    /// a second `<html>` or `<body>` tag), the stand-in `head` got children, a stand-in's
    /// stand-in child follows a new one, or a new first child is text next to a text node.
    mutating func appendContinuation(_ other: inout DOMBuilder, real: [Int], headStandIn: Int?) -> Bool {
        let standIns = real.count
        let count = other.doc.nodes.count
        guard count >= standIns else { return false }
        var firstNew = [Int32](repeating: -1, count: standIns)
        var lastNew = [Int32](repeating: -1, count: standIns)
        let joinable = other.doc.nodes.withUnsafeBufferPointer { b -> Bool in
            for s in 0..<standIns {
                if s > 0 && !b[s].attributeList.isEmpty { return false }
                var c = b[s].firstChildIndex
                while c >= 0 {
                    if Int(c) < standIns {
                        if firstNew[s] >= 0 { return false }
                    } else {
                        if firstNew[s] < 0 { firstNew[s] = c }
                        lastNew[s] = c
                    }
                    c = b[Int(c)].nextSiblingIndex
                }
                if let head = headStandIn, s == head, firstNew[s] >= 0 { return false }
                if firstNew[s] >= 0, b[Int(firstNew[s])].kind == .text,
                    let last = lastChild(of: real[s]), doc.nodes[last].kind == .text
                {
                    return false
                }
            }
            return true
        }
        guard joinable else { return false }
        let base = doc.nodes.count
        @inline(__always) func map(_ j: Int32) -> Int32 {
            if j < 0 { return -1 }
            return Int(j) < standIns ? Int32(real[Int(j)]) : Int32(base + Int(j) - standIns)
        }
        // The new nodes are moved, not copied: each slot left behind gets an empty node
        // (nothing to release), so neither array retains or releases their strings.
        doc.nodes.reserveCapacity(base + count - standIns)
        let empty = HTMLNode(kind: .text)
        other.doc.nodes.withUnsafeMutableBufferPointer { buffer in
            let b = buffer.baseAddress!
            for j in standIns..<count {
                var node = (b + j).move()
                (b + j).initialize(to: empty)
                node.parentIndex = map(node.parentIndex)
                node.firstChildIndex = map(node.firstChildIndex)
                node.lastChildIndex = map(node.lastChildIndex)
                node.previousSiblingIndex = map(node.previousSiblingIndex)
                node.nextSiblingIndex = map(node.nextSiblingIndex)
                node.templateContentsIndex = map(node.templateContentsIndex)
                doc.nodes.append(node)
            }
        }
        for s in 0..<standIns where firstNew[s] >= 0 {
            let parent = real[s]
            let first = Int(map(firstNew[s]))
            let previous = doc.nodes[parent].lastChildIndex
            doc.nodes[first].previousSiblingIndex = previous
            if previous >= 0 {
                doc.nodes[Int(previous)].nextSiblingIndex = Int32(first)
            } else {
                doc.nodes[parent].firstChildIndex = Int32(first)
            }
            doc.nodes[parent].lastChildIndex = map(lastNew[s])
        }
        if other.sawSelectedContent { sawSelectedContent = true }
        return true
    }
}
