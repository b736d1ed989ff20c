extension HTMLDocument {
    /// The html5lib tree-construction test format of the whole document (or fragment).
    ///
    /// ```swift
    /// HTMLParser.parseFragment("<b>x</b>").treeDump()
    /// // "| <b>\n|   \"x\"\n"
    /// ```
    public func treeDump() -> String {
        var out = ""
        for child in children(of: root) { dumpNode(child, indent: 1, into: &out) }
        return out
    }

    /// Serializes the children of `id` as HTML (the spec's "serializing HTML fragments",
    /// like `innerHTML`). Pass ``root`` for the whole document.
    ///
    /// ```swift
    /// let d = HTMLParser.parseFragment("<p>a &amp; b<br>")
    /// d.innerHTML(of: d.root) // "<p>a &amp; b<br></p>"
    /// ```
    public func innerHTML(of id: HTMLNodeID) -> String {
        var out = ""
        serializeChildren(of: id, into: &out)
        return out
    }

    /// Serializes `id` itself and its subtree as HTML (like `outerHTML`).
    ///
    /// ```swift
    /// let d = HTMLParser.parseFragment("<p><a href=x>y</a>")
    /// let p = d.children(of: d.root).first!
    /// d.outerHTML(of: d.children(of: p).first!) // "<a href=\"x\">y</a>"
    /// ```
    public func outerHTML(of id: HTMLNodeID) -> String {
        var out = ""
        serializeNode(id, parentName: "", into: &out)
        return out
    }
}
