extension DOMBuilder {
    /// Customizable `<select>`: each `<selectedcontent>` inside a select gets a copy of the
    /// selected option's children (the last option with `selected`, else the first option),
    /// as the DOM does when the parser pops an option.
    mutating func updateSelectedContent() {
        let count = doc.nodes.count
        for i in 0..<count {
            let n = doc.nodes[i]
            guard n.kind == .element, n.namespace == .html, n.name == "selectedcontent" else {
                continue
            }
            var a = n.parentIndex
            while a >= 0 && !doc.nodes[Int(a)].isHTMLElement("select") {
                a = doc.nodes[Int(a)].parentIndex
            }
            guard a >= 0 else { continue }
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

    private mutating func cloneChildren(of source: Int, into target: Int) {
        var work: [(Int32, Int)] = []
        var c = doc.nodes[source].lastChildIndex
        var pending: [(Int32, Int)] = []
        while c >= 0 {
            pending.append((c, target))
            c = doc.nodes[Int(c)].previousSiblingIndex
        }
        work = pending
        while let (src, parent) = work.popLast() {
            var copy = doc.nodes[Int(src)]
            copy.parentIndex = -1
            copy.firstChildIndex = -1
            copy.lastChildIndex = -1
            copy.previousSiblingIndex = -1
            copy.nextSiblingIndex = -1
            copy.hasTemplateContents = false
            doc.nodes.append(copy)
            let id = doc.nodes.count - 1
            append(id, to: parent)
            var k = doc.nodes[Int(src)].lastChildIndex
            while k >= 0 {
                work.append((k, id))
                k = doc.nodes[Int(k)].previousSiblingIndex
            }
        }
    }
}
