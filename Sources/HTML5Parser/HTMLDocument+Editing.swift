extension HTMLDocument {
    /// Takes the node `id` (with its subtree) out of its parent: it is no longer reached
    /// from ``root``. Constant time; the node stays in ``nodes``.
    ///
    /// ```swift
    /// var d = HTMLParser.parseFragment("<p>a</p><p>b</p>")
    /// d.detach(d.children(of: d.root).first!)
    /// d.innerHTML(of: d.root) // "<p>b</p>"
    /// ```
    public mutating func detach(_ id: HTMLNodeID) {
        nodes.withUnsafeMutableBufferPointer { DOMBuilder.detach($0.baseAddress!, Int(id.index)) }
    }

    /// Moves the node `id` (with its subtree) to the end of `parent`'s children. Constant
    /// time. `parent` must not be inside `id`'s subtree.
    ///
    /// ```swift
    /// var d = HTMLParser.parseFragment("<div><p>a</p></div><p>b</p>")
    /// let top = Array(d.children(of: d.root))
    /// d.append(top[1], to: top[0])  // the second <p> into the <div>
    /// d.innerHTML(of: d.root) // "<div><p>a</p><p>b</p></div>"
    /// ```
    public mutating func append(_ id: HTMLNodeID, to parent: HTMLNodeID) {
        nodes.withUnsafeMutableBufferPointer {
            DOMBuilder.append($0.baseAddress!, Int(id.index), to: Int(parent.index))
        }
    }
}
