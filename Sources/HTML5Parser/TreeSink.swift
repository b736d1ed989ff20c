/// What the tree builder needs from a DOM. Node handles are small non-negative integers
/// (the default DOM uses indices into its node array).
protocol TreeSink {
    associatedtype Output
    /// The document (or fragment root) node.
    var document: Int { get }
    mutating func createElement(name: String, namespace: HTMLNamespace, attributes: [HTMLAttribute])
        -> Int
    mutating func createComment(_ data: String) -> Int
    mutating func appendDoctype(name: String, publicIdentifier: String?, systemIdentifier: String?)
    /// Appends `child` (detaching it first if attached) as the last child of `parent`.
    mutating func append(_ child: Int, to parent: Int)
    /// Inserts `child` before `sibling` (in `sibling`'s parent).
    mutating func insert(_ child: Int, before sibling: Int)
    /// Appends text to `parent`, merging with a last text child.
    mutating func appendText(_ text: Substring, to parent: Int)
    /// Inserts text before `sibling`, merging with the text node before it.
    mutating func insertText(_ text: Substring, before sibling: Int)
    func parent(of node: Int) -> Int?
    func firstChild(of node: Int) -> Int?
    mutating func detach(_ node: Int)
    mutating func moveChildren(from: Int, to: Int)
    /// The contents fragment of a template element.
    func templateContents(of node: Int) -> Int
    mutating func addMissingAttributes(_ attributes: [HTMLAttribute], to node: Int)
    mutating func setQuirksMode(_ mode: HTMLQuirksMode)
    func finish() -> Output
}

/// The default sink: builds an ``HTMLDocument``.
struct DOMBuilder: TreeSink {
    var doc: HTMLDocument
    var sawSelectedContent = false

    init(isFragment: Bool, inputSize: Int = 0) {
        doc = HTMLDocument(isFragment: isFragment)
        doc.nodes.reserveCapacity(max(64, inputSize / 24))
    }

    /// A String for `text`, reusing the base string when the substring covers all of it.
    @inline(__always) static func string(_ text: Substring) -> String {
        if text.startIndex == text.base.startIndex && text.endIndex == text.base.endIndex {
            return text.base
        }
        return String(text)
    }

    var document: Int { 0 }

    @inline(__always) private mutating func add(_ node: HTMLNode) -> Int {
        doc.nodes.append(node)
        return doc.nodes.count - 1
    }

    mutating func createElement(name: String, namespace: HTMLNamespace, attributes: [HTMLAttribute])
        -> Int
    {
        let id = add(
            HTMLNode(kind: .element, name: name, namespace: namespace, attributes: attributes))
        if namespace == .html && name == "template" {
            let frag = add(HTMLNode(kind: .documentFragment))
            doc.nodes[id].templateContentsIndex = Int32(frag)
        } else if namespace == .html && name == "selectedcontent" {
            sawSelectedContent = true
        }
        return id
    }

    mutating func createComment(_ data: String) -> Int {
        add(HTMLNode(kind: .comment, data: data))
    }

    mutating func appendDoctype(name: String, publicIdentifier: String?, systemIdentifier: String?)
    {
        var n = HTMLNode(kind: .doctype, name: name)
        n.publicIdentifier = publicIdentifier
        n.systemIdentifier = systemIdentifier
        let id = add(n)
        append(id, to: 0)
    }

    mutating func append(_ child: Int, to parent: Int) {
        if doc.nodes[child].parentIndex >= 0 { detach(child) }
        let c = Int32(child)
        let last = doc.nodes[parent].lastChildIndex
        doc.nodes[child].parentIndex = Int32(parent)
        doc.nodes[child].previousSiblingIndex = last
        doc.nodes[child].nextSiblingIndex = -1
        if last >= 0 {
            doc.nodes[Int(last)].nextSiblingIndex = c
        } else {
            doc.nodes[parent].firstChildIndex = c
        }
        doc.nodes[parent].lastChildIndex = c
    }

    mutating func insert(_ child: Int, before sibling: Int) {
        if doc.nodes[child].parentIndex >= 0 { detach(child) }
        let parent = Int(doc.nodes[sibling].parentIndex)
        let prev = doc.nodes[sibling].previousSiblingIndex
        let c = Int32(child)
        doc.nodes[child].parentIndex = Int32(parent)
        doc.nodes[child].previousSiblingIndex = prev
        doc.nodes[child].nextSiblingIndex = Int32(sibling)
        doc.nodes[sibling].previousSiblingIndex = c
        if prev >= 0 {
            doc.nodes[Int(prev)].nextSiblingIndex = c
        } else {
            doc.nodes[parent].firstChildIndex = c
        }
    }

    mutating func appendText(_ text: Substring, to parent: Int) {
        let last = doc.nodes[parent].lastChildIndex
        if last >= 0 && doc.nodes[Int(last)].kind == .text {
            doc.nodes[Int(last)].data.append(contentsOf: text)
            return
        }
        let id = add(HTMLNode(kind: .text, data: Self.string(text)))
        append(id, to: parent)
    }

    mutating func insertText(_ text: Substring, before sibling: Int) {
        let prev = doc.nodes[sibling].previousSiblingIndex
        if prev >= 0 && doc.nodes[Int(prev)].kind == .text {
            doc.nodes[Int(prev)].data.append(contentsOf: text)
            return
        }
        let id = add(HTMLNode(kind: .text, data: Self.string(text)))
        insert(id, before: sibling)
    }

    func parent(of node: Int) -> Int? {
        let p = doc.nodes[node].parentIndex
        return p >= 0 ? Int(p) : nil
    }

    func firstChild(of node: Int) -> Int? {
        let c = doc.nodes[node].firstChildIndex
        return c >= 0 ? Int(c) : nil
    }

    mutating func detach(_ node: Int) {
        let parent = doc.nodes[node].parentIndex
        guard parent >= 0 else { return }
        let prev = doc.nodes[node].previousSiblingIndex
        let next = doc.nodes[node].nextSiblingIndex
        if prev >= 0 {
            doc.nodes[Int(prev)].nextSiblingIndex = next
        } else {
            doc.nodes[Int(parent)].firstChildIndex = next
        }
        if next >= 0 {
            doc.nodes[Int(next)].previousSiblingIndex = prev
        } else {
            doc.nodes[Int(parent)].lastChildIndex = prev
        }
        doc.nodes[node].parentIndex = -1
        doc.nodes[node].previousSiblingIndex = -1
        doc.nodes[node].nextSiblingIndex = -1
    }

    mutating func moveChildren(from: Int, to: Int) {
        var c = doc.nodes[from].firstChildIndex
        while c >= 0 {
            let next = doc.nodes[Int(c)].nextSiblingIndex
            append(Int(c), to: to)
            c = next
        }
    }

    func templateContents(of node: Int) -> Int { Int(doc.nodes[node].templateContentsIndex) }

    mutating func addMissingAttributes(_ attributes: [HTMLAttribute], to node: Int) {
        for a in attributes
        where !doc.nodes[node].attributes.contains(where: {
            $0.name == a.name && $0.namespace == a.namespace
        }) {
            doc.nodes[node].attributes.append(a)
        }
    }

    mutating func setQuirksMode(_ mode: HTMLQuirksMode) { doc.quirksMode = mode }

    func finish() -> HTMLDocument {
        guard sawSelectedContent else { return doc }
        var copy = self
        copy.updateSelectedContent()
        return copy.doc
    }
}
