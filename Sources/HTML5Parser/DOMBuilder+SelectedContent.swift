extension DOMBuilder {
    /// Customizable `<select>`: the first `<selectedcontent>` inside a select gets a copy of the
    /// selected option's children (the last option with `selected`, else the first option),
    /// as the DOM does when the parser pops an option. (Only the first: a select has one
    /// enabled selectedcontent. Filling every one let each copy the ones filled before it
    /// inside the option, doubling the tree each time: 319 bytes took 17 GB.)
    mutating func updateSelectedContent() {
        let count = doc.nodes.count
        var updated = Set<Int32>()
        for i in 0..<count {
            let n = doc.nodes[i]
            guard n.kind == .element, n.namespace == .html, n.name == "selectedcontent" else {
                continue
            }
            var a = n.parentIndex
            while a >= 0 && !doc.nodes[Int(a)].isHTMLElement("select") {
                a = doc.nodes[Int(a)].parentIndex
            }
            guard a >= 0, updated.insert(a).inserted else { continue }
            var first: Int32 = -1
            var chosen: Int32 = -1
            var stack: [Int32] = [doc.nodes[Int(a)].firstChildIndex]
            while let top = stack.popLast() {
                var c = top
                while c >= 0 {
                    let e = doc.nodes[Int(c)]
                    if e.isHTMLElement("option") {
                        if first < 0 { first = c }
                        if e.attribute("selected") != nil { chosen = c }
                    } else if e.firstChildIndex >= 0 && !e.isHTMLElement("select") {
                        stack.append(e.nextSiblingIndex)
                        c = e.firstChildIndex
                        continue
                    }
                    c = e.nextSiblingIndex
                }
            }
            let option = chosen >= 0 ? chosen : first
            guard option >= 0 else { continue }
            while doc.nodes[i].firstChildIndex >= 0 { detach(Int(doc.nodes[i].firstChildIndex)) }
            cloneChildren(of: Int(option), into: i)
        }
    }

    /// Appends to `target` a copy of the children of `source` as they are now (the target may
    /// be inside the source: its new children are not copied again).
    private mutating func cloneChildren(of source: Int, into target: Int) {
        // The subtree in tree order, each node with the entry of its parent (-1: the target).
        var order: [(source: Int32, parent: Int32)] = []
        var stack: [(source: Int32, parent: Int32)] = []
        var c = doc.nodes[source].lastChildIndex
        while c >= 0 {
            stack.append((c, -1))
            c = doc.nodes[Int(c)].previousSiblingIndex
        }
        while let (node, parent) = stack.popLast() {
            let entry = Int32(order.count)
            order.append((node, parent))
            var k = doc.nodes[Int(node)].lastChildIndex
            while k >= 0 {
                stack.append((k, entry))
                k = doc.nodes[Int(k)].previousSiblingIndex
            }
        }
        var copies: [Int] = []
        copies.reserveCapacity(order.count)
        for (node, parent) in order {
            var copy = doc.nodes[Int(node)]
            copy.parentIndex = -1
            copy.firstChildIndex = -1
            copy.lastChildIndex = -1
            copy.previousSiblingIndex = -1
            copy.nextSiblingIndex = -1
            copy.hasTemplateContents = false
            doc.nodes.append(copy)
            copies.append(doc.nodes.count - 1)
            append(doc.nodes.count - 1, to: parent < 0 ? target : copies[Int(parent)])
        }
    }
}
