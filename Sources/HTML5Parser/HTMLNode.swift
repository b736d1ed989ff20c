/// One node of an ``HTMLDocument``. Links are ids into the same document.
///
/// ```swift
/// let d = HTMLParser.parseFragment("<a href=x>y</a>")
/// let a = d[d.children(of: d.root).first!]
/// a.name                   // "a"
/// a.attributes[0].value    // "x"
/// d[a.firstChild!].data    // "y"
/// ```
public struct HTMLNode: Sendable {
    // Storage is kept within 48 bytes: an element's or DOCTYPE's name and a text or comment
    // node's data share `text`, a DOCTYPE's identifiers (rare: one per document) are kept in
    // `attributeList` (see ``doctypeIdentifier(_:)``), and a template's contents fragment is
    // the node right after it (``HTMLDocument/templateContents(of:)``), so it takes a flag,
    // not an index. A page has tens of thousands of nodes, and markup-dense input (table
    // cells, `<b>x` repeated) makes a node every two or three bytes: the DOM is most of the
    // memory of a read. No field is an optional class reference: with one, the optimizer builds
    // every new node twice and copies it (retains, releases and all) into the node array.

    /// Element or DOCTYPE name, or text/comment data, by ``kind``.
    @usableFromInline var text: String
    /// Attributes in source order; for a DOCTYPE, its identifiers (``doctypeIdentifier(_:)``).
    @usableFromInline var attributeList: [HTMLAttribute]
    @usableFromInline var parentIndex: Int32 = -1
    @usableFromInline var firstChildIndex: Int32 = -1
    @usableFromInline var lastChildIndex: Int32 = -1
    @usableFromInline var previousSiblingIndex: Int32 = -1
    @usableFromInline var nextSiblingIndex: Int32 = -1

    /// What the node is.
    public internal(set) var kind: HTMLNodeKind
    /// Element namespace (`.html` for non-elements).
    public internal(set) var namespace: HTMLNamespace
    /// A `<template>` element whose contents fragment is the next node.
    @usableFromInline var hasTemplateContents = false
    /// For an HTML element whose name the tree builder distinguishes (`p`, `div`, `table`,
    /// `a` ...), a nonzero code of that name (``tagCode(of:)``); 0 for every other node. A
    /// reader looks a node up in a table by this byte instead of hashing its name.
    ///
    /// ```swift
    /// let d = HTMLParser.parseFragment("<p>x</p><x-y>z</x-y>")
    /// let ids = Array(d.children(of: d.root))
    /// (d[ids[0]].tagCode == HTMLNode.tagCode(of: "p"))  // true
    /// d[ids[1]].tagCode  // 0
    /// ```
    public internal(set) var tagCode: UInt8 = 0

    /// The ``tagCode`` an HTML element named `name` (lower case) gets: nonzero for the names
    /// the tree builder distinguishes, 0 for the others.
    ///
    /// ```swift
    /// (HTMLNode.tagCode(of: "div") != 0)  // true
    /// HTMLNode.tagCode(of: "time")  // 0
    /// ```
    public static func tagCode(of name: String) -> UInt8 {
        var name = name
        return name.withUTF8 { Tag.of(bytes: $0).rawValue }
    }

    /// Element local name (lower case for HTML; `foreignObject` style for SVG) or DOCTYPE name.
    ///
    /// The accessors are inlinable: a call from another module (the HTML reader reads them for
    /// every node) copied the whole node, retaining and releasing each of its fields, to read
    /// one.
    @inlinable @inline(__always) public var name: String {
        kind == .element || kind == .doctype ? text : ""
    }
    /// Attributes in source order (duplicates dropped, first wins).
    @inlinable @inline(__always) public var attributes: [HTMLAttribute] {
        kind == .doctype ? [] : attributeList
    }
    /// Text or comment content.
    @inlinable @inline(__always) public var data: String {
        kind == .text || kind == .comment ? text : ""
    }
    /// DOCTYPE public identifier, when given.
    public var publicIdentifier: String? { doctypeIdentifier(Self.publicIdentifierKey) }
    /// DOCTYPE system identifier, when given.
    public var systemIdentifier: String? { doctypeIdentifier(Self.systemIdentifierKey) }

    /// The names under which a DOCTYPE node keeps its identifiers in `attributeList`.
    static let publicIdentifierKey = "public"
    static let systemIdentifierKey = "system"

    /// A DOCTYPE node's identifier kept under `key` (nil when absent or not a DOCTYPE).
    func doctypeIdentifier(_ key: String) -> String? {
        kind == .doctype ? attributeList.first { $0.name == key }?.value : nil
    }

    init(
        kind: HTMLNodeKind, name: String = "", namespace: HTMLNamespace = .html,
        attributes: [HTMLAttribute] = [], data: String = ""
    ) {
        self.kind = kind
        self.text = kind == .element || kind == .doctype ? name : data
        self.namespace = namespace
        self.attributeList = attributes
    }

    /// A node whose ``name`` (elements, DOCTYPEs) or ``data`` (text, comments) is `text`.
    @inline(__always) init(
        kind: HTMLNodeKind, text: consuming String, namespace: HTMLNamespace = .html,
        attributeList: consuming [HTMLAttribute] = [], tagCode: UInt8 = 0
    ) {
        self.kind = kind
        self.text = text
        self.namespace = namespace
        self.attributeList = attributeList
        self.tagCode = tagCode
    }

    // The links, `isHTMLElement` and `attribute` are inlinable too: called from another module
    // on `nodes[i]`, each copied the whole node (retains and releases) to read one field.
    @inlinable @inline(__always) static func id(_ i: Int32) -> HTMLNodeID? {
        i >= 0 ? HTMLNodeID(i) : nil
    }

    /// The parent, nil for the root and detached nodes.
    @inlinable public var parent: HTMLNodeID? { Self.id(parentIndex) }
    /// The first child.
    @inlinable public var firstChild: HTMLNodeID? { Self.id(firstChildIndex) }
    /// The last child.
    @inlinable public var lastChild: HTMLNodeID? { Self.id(lastChildIndex) }
    /// The previous sibling.
    @inlinable public var previousSibling: HTMLNodeID? { Self.id(previousSiblingIndex) }
    /// The next sibling.
    @inlinable public var nextSibling: HTMLNodeID? { Self.id(nextSiblingIndex) }

    /// Whether this is an HTML element with the given (lower-case) name.
    ///
    /// ```swift
    /// let d = HTMLParser.parseFragment("<p>x")
    /// d[d.children(of: d.root).first!].isHTMLElement("p") // true
    /// ```
    @inlinable
    public func isHTMLElement(_ localName: String) -> Bool {
        kind == .element && namespace == .html && name == localName
    }

    /// The value of the first attribute with this (local) name.
    ///
    /// ```swift
    /// let d = HTMLParser.parseFragment("<a href=/x>y</a>")
    /// d[d.children(of: d.root).first!].attribute("href") // "/x"
    /// ```
    @inlinable
    public func attribute(_ name: String) -> String? {
        // The list is read in place and lengths are compared first: names of other lengths
        // took the general string comparison (readers ask for `href`, `id`, `class` on every
        // element).
        kind == .doctype ? nil : Self.value(of: name, in: attributeList)
    }

    @inlinable static func value(of name: String, in attributes: [HTMLAttribute]) -> String? {
        let length = name.utf8.count
        return attributes.withUnsafeBufferPointer { list in
            for i in list.indices where list[i].name.utf8.count == length && list[i].name == name {
                return list[i].value
            }
            return nil
        }
    }
}

// A node's computed properties and methods, called on `pointee`, copy the whole node out
// first (retaining and releasing its text and attribute list): these read it in place.
extension UnsafePointer<HTMLNode> {
    /// The ``HTMLNode/name`` of the node pointed to, read in place.
    ///
    /// ```swift
    /// let d = HTMLParser.parseFragment("<a href=/x>y</a>")
    /// let a = Int(d.children(of: d.root).first!.index)
    /// d.nodes.withUnsafeBufferPointer { ($0.baseAddress! + a).name }  // "a"
    /// d.nodes.withUnsafeBufferPointer { ($0.baseAddress! + a).attributes.count }  // 1
    /// d.nodes.withUnsafeBufferPointer { ($0.baseAddress! + a).attribute("href") }  // "/x"
    /// ```
    @inlinable @inline(__always)
    public var name: String {
        pointee.kind == .element || pointee.kind == .doctype ? pointee.text : ""
    }

    /// The ``HTMLNode/attributes`` of the node pointed to, read in place (see ``name``).
    @inlinable @inline(__always) public var attributes: [HTMLAttribute] {
        pointee.kind == .doctype ? [] : pointee.attributeList
    }

    /// ``HTMLNode/attribute(_:)`` of the node pointed to, read in place (see ``name``).
    @inlinable public func attribute(_ name: String) -> String? {
        pointee.kind == .doctype ? nil : HTMLNode.value(of: name, in: pointee.attributeList)
    }
}

extension UnsafeBufferPointer<HTMLNode> {
    /// The ``HTMLNode/name`` of node `i`, read in place: `self[i].name` copies the whole node
    /// (retaining and releasing its text and attribute list) to read one field.
    @inlinable @inline(__always) public func name(of i: Int) -> String {
        let kind = self[i].kind
        return kind == .element || kind == .doctype ? self[i].text : ""
    }

    /// The ``HTMLNode/attributes`` of node `i`, read in place (as ``name(of:)``).
    @inlinable @inline(__always) public func attributes(of i: Int) -> [HTMLAttribute] {
        self[i].kind == .doctype ? [] : self[i].attributeList
    }

    /// The ``HTMLNode/data`` of node `i`, read in place (as ``name(of:)``).
    @inlinable @inline(__always) public func data(of i: Int) -> String {
        let kind = self[i].kind
        return kind == .text || kind == .comment ? self[i].text : ""
    }
}
