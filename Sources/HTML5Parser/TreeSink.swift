/// What the tree builder needs from a DOM. Node handles are small non-negative integers
/// (the default DOM uses indices into its node array).
protocol TreeSink {
    associatedtype Output
    /// The document (or fragment root) node.
    var document: Int { get }
    /// Creates an element; `tag` is its name's `Tag` when the caller knows it (nil: found
    /// from `name`).
    mutating func createElement(
        name: String, namespace: HTMLNamespace, attributes: [HTMLAttribute], tag: Tag?
    ) -> Int
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

extension TreeSink {
    /// Creates an element whose `Tag` is found from its name.
    mutating func createElement(
        name: String, namespace: HTMLNamespace, attributes: [HTMLAttribute]
    ) -> Int {
        createElement(name: name, namespace: namespace, attributes: attributes, tag: nil)
    }
}

/// The default sink: builds an ``HTMLDocument``.
struct DOMBuilder: TreeSink {
    var doc: HTMLDocument
    var sawSelectedContent = false

    init(isFragment: Bool, inputSize: Int = 0) {
        doc = HTMLDocument(isFragment: isFragment, capacity: Self.nodeEstimate(inputSize))
    }

    /// How many nodes to reserve for `inputSize` bytes: about as many as the input can make
    /// (one per two bytes, `<b>x` repeated), up to 4M nodes (256 MB of address space). The
    /// reservation costs memory only where nodes are written (pages are touched when used), so
    /// the slack is free; growing the array instead copied it at every doubling, and the old
    /// and new arrays together were the peak of a parse (twice the DOM). Short snippets get
    /// one node per byte (they are mostly markup).
    static func nodeEstimate(_ inputSize: Int) -> Int {
        max(16, min(inputSize / 2 + 64, 1 << 22), min(inputSize, 2048))
    }

    /// A String for `text`, reusing the base string when the substring covers all of it.
    @inline(__always) static func string(_ text: Substring) -> String {
        if text.startIndex == text.base.startIndex && text.endIndex == text.base.endIndex {
            return text.base
        }
        return String(text)
    }

    var document: Int { 0 }

    /// Appends a new node.
    @inline(__always) private mutating func add(
        _ kind: HTMLNodeKind, _ text: consuming String, _ namespace: HTMLNamespace = .html,
        _ attributes: consuming [HTMLAttribute] = [], tagCode: UInt8 = 0
    ) -> Int {
        doc.nodes.append(
            HTMLNode(
                kind: kind, text: text, namespace: namespace, attributeList: attributes,
                tagCode: tagCode))
        return doc.nodes.count - 1
    }

    // The link updates below go through a pointer into `doc.nodes`: reading a field of an
    // array element otherwise copies (and retains, then releases) the whole node.

    /// Runs `body` on the node storage (no copy-on-write copy: `doc.nodes` is unique).
    @inline(__always) private mutating func withNodes<R>(
        _ body: (UnsafeMutablePointer<HTMLNode>) -> R
    ) -> R {
        doc.nodes.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }

    @inline(__always) private func readNodes<R>(_ body: (UnsafePointer<HTMLNode>) -> R) -> R {
        doc.nodes.withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    mutating func createElement(
        name: String, namespace: HTMLNamespace, attributes: [HTMLAttribute], tag: Tag?
    ) -> Int {
        let code = namespace == .html ? tag?.rawValue ?? HTMLNode.tagCode(of: name) : 0
        let id = add(.element, name, namespace, attributes, tagCode: code)
        if namespace == .html {
            let u = name.utf8.count
            if u == 8 && name == "template" {
                // The contents fragment is the next node (`HTMLDocument.templateContents`).
                _ = add(.documentFragment, "")
                withNodes { $0[id].hasTemplateContents = true }
            } else if u == 15 && name == "selectedcontent" {
                sawSelectedContent = true
            }
        }
        return id
    }

    mutating func createComment(_ data: String) -> Int {
        add(.comment, data)
    }

    mutating func appendDoctype(name: String, publicIdentifier: String?, systemIdentifier: String?)
    {
        var ids: [HTMLAttribute] = []
        if let publicIdentifier {
            ids.append(HTMLAttribute(name: HTMLNode.publicIdentifierKey, value: publicIdentifier))
        }
        if let systemIdentifier {
            ids.append(HTMLAttribute(name: HTMLNode.systemIdentifierKey, value: systemIdentifier))
        }
        let id = add(.doctype, name, .html, ids)
        append(id, to: 0)
    }

    @inline(__always) static func detach(_ p: UnsafeMutablePointer<HTMLNode>, _ node: Int) {
        let parent = p[node].parentIndex
        guard parent >= 0 else { return }
        let prev = p[node].previousSiblingIndex
        let next = p[node].nextSiblingIndex
        if prev >= 0 {
            p[Int(prev)].nextSiblingIndex = next
        } else {
            p[Int(parent)].firstChildIndex = next
        }
        if next >= 0 {
            p[Int(next)].previousSiblingIndex = prev
        } else {
            p[Int(parent)].lastChildIndex = prev
        }
        p[node].parentIndex = -1
        p[node].previousSiblingIndex = -1
        p[node].nextSiblingIndex = -1
    }

    @inline(__always) static func append(
        _ p: UnsafeMutablePointer<HTMLNode>, _ child: Int, to parent: Int
    ) {
        if p[child].parentIndex >= 0 { detach(p, child) }
        let c = Int32(child)
        let last = p[parent].lastChildIndex
        p[child].parentIndex = Int32(parent)
        p[child].previousSiblingIndex = last
        p[child].nextSiblingIndex = -1
        if last >= 0 {
            p[Int(last)].nextSiblingIndex = c
        } else {
            p[parent].firstChildIndex = c
        }
        p[parent].lastChildIndex = c
    }

    @inline(__always) private static func insert(
        _ p: UnsafeMutablePointer<HTMLNode>, _ child: Int, before sibling: Int
    ) {
        if p[child].parentIndex >= 0 { detach(p, child) }
        let parent = Int(p[sibling].parentIndex)
        let prev = p[sibling].previousSiblingIndex
        let c = Int32(child)
        p[child].parentIndex = Int32(parent)
        p[child].previousSiblingIndex = prev
        p[child].nextSiblingIndex = Int32(sibling)
        p[sibling].previousSiblingIndex = c
        if prev >= 0 {
            p[Int(prev)].nextSiblingIndex = c
        } else {
            p[parent].firstChildIndex = c
        }
    }

    mutating func append(_ child: Int, to parent: Int) {
        withNodes { Self.append($0, child, to: parent) }
    }

    mutating func insert(_ child: Int, before sibling: Int) {
        withNodes { Self.insert($0, child, before: sibling) }
    }

    mutating func appendText(_ text: Substring, to parent: Int) {
        let merged = withNodes { p -> Bool in
            let last = Int(p[parent].lastChildIndex)
            guard last >= 0 && p[last].kind == .text else { return false }
            p[last].text.append(contentsOf: text)
            return true
        }
        if merged { return }
        let id = add(.text, Self.string(text))
        withNodes { Self.append($0, id, to: parent) }
    }

    mutating func insertText(_ text: Substring, before sibling: Int) {
        let merged = withNodes { p -> Bool in
            let prev = Int(p[sibling].previousSiblingIndex)
            guard prev >= 0 && p[prev].kind == .text else { return false }
            p[prev].text.append(contentsOf: text)
            return true
        }
        if merged { return }
        let id = add(.text, Self.string(text))
        withNodes { Self.insert($0, id, before: sibling) }
    }

    func parent(of node: Int) -> Int? {
        let p = readNodes { $0[node].parentIndex }
        return p >= 0 ? Int(p) : nil
    }

    func firstChild(of node: Int) -> Int? {
        let c = readNodes { $0[node].firstChildIndex }
        return c >= 0 ? Int(c) : nil
    }

    mutating func detach(_ node: Int) {
        withNodes { Self.detach($0, node) }
    }

    mutating func moveChildren(from: Int, to: Int) {
        withNodes { p in
            var c = p[from].firstChildIndex
            while c >= 0 {
                let next = p[Int(c)].nextSiblingIndex
                Self.append(p, Int(c), to: to)
                c = next
            }
        }
    }

    func templateContents(of node: Int) -> Int {
        node + 1
    }

    mutating func addMissingAttributes(_ attributes: [HTMLAttribute], to node: Int) {
        for a in attributes
        where !doc.nodes[node].attributeList.contains(where: {
            $0.name == a.name && $0.namespace == a.namespace
        }) {
            doc.nodes[node].attributeList.append(a)
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
