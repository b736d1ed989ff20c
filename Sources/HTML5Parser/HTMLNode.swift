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
    // Storage is kept to 64 bytes (a cache line): an element's or DOCTYPE's name and a text
    // or comment node's data share `text`, and the rarely present DOCTYPE identifiers live
    // in a side object. A page has tens of thousands of nodes, so this halves the DOM's
    // memory traffic (and the page faults of building it).

    /// Element or DOCTYPE name, or text/comment data, by ``kind``.
    var text: String
    /// Attributes in source order.
    var attributeList: [HTMLAttribute]
    /// DOCTYPE identifiers (nil unless a DOCTYPE has one).
    var doctypeIdentifiers: DoctypeIdentifiers?
    var parentIndex: Int32 = -1
    var firstChildIndex: Int32 = -1
    var lastChildIndex: Int32 = -1
    var previousSiblingIndex: Int32 = -1
    var nextSiblingIndex: Int32 = -1
    var templateContentsIndex: Int32 = -1

    /// What the node is.
    public internal(set) var kind: HTMLNodeKind
    /// Element namespace (`.html` for non-elements).
    public internal(set) var namespace: HTMLNamespace

    /// Element local name (lower case for HTML; `foreignObject` style for SVG) or DOCTYPE name.
    public var name: String { kind == .element || kind == .doctype ? text : "" }
    /// Attributes in source order (duplicates dropped, first wins).
    public var attributes: [HTMLAttribute] { attributeList }
    /// Text or comment content.
    public var data: String { kind == .text || kind == .comment ? text : "" }
    /// DOCTYPE public identifier, when given.
    public var publicIdentifier: String? { doctypeIdentifiers?.publicIdentifier }
    /// DOCTYPE system identifier, when given.
    public var systemIdentifier: String? { doctypeIdentifiers?.systemIdentifier }

    init(
        kind: HTMLNodeKind, name: String = "", namespace: HTMLNamespace = .html,
        attributes: [HTMLAttribute] = [], data: String = ""
    ) {
        self.kind = kind
        self.text = kind == .element || kind == .doctype ? name : data
        self.namespace = namespace
        self.attributeList = attributes
        self.doctypeIdentifiers = nil
    }

    /// A node whose ``name`` (elements, DOCTYPEs) or ``data`` (text, comments) is `text`.
    @inline(__always) init(
        kind: HTMLNodeKind, text: consuming String, namespace: HTMLNamespace = .html,
        attributeList: consuming [HTMLAttribute] = []
    ) {
        self.kind = kind
        self.text = text
        self.namespace = namespace
        self.attributeList = attributeList
        self.doctypeIdentifiers = nil
    }

    private static func id(_ i: Int32) -> HTMLNodeID? { i >= 0 ? HTMLNodeID(i) : nil }

    /// The parent, nil for the root and detached nodes.
    public var parent: HTMLNodeID? { Self.id(parentIndex) }
    /// The first child.
    public var firstChild: HTMLNodeID? { Self.id(firstChildIndex) }
    /// The last child.
    public var lastChild: HTMLNodeID? { Self.id(lastChildIndex) }
    /// The previous sibling.
    public var previousSibling: HTMLNodeID? { Self.id(previousSiblingIndex) }
    /// The next sibling.
    public var nextSibling: HTMLNodeID? { Self.id(nextSiblingIndex) }
    /// For `<template>` elements: the `.documentFragment` holding its contents.
    public var templateContents: HTMLNodeID? { Self.id(templateContentsIndex) }

    /// Whether this is an HTML element with the given (lower-case) name.
    ///
    /// ```swift
    /// node.isHTMLElement("p")
    /// ```
    public func isHTMLElement(_ localName: String) -> Bool {
        kind == .element && namespace == .html && name == localName
    }

    /// The value of the first attribute with this (local) name.
    ///
    /// ```swift
    /// node.attribute("href") // "/x"
    /// ```
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}

/// The public and system identifiers of a DOCTYPE node (kept out of line: one per document).
final class DoctypeIdentifiers: Sendable {
    let publicIdentifier: String?
    let systemIdentifier: String?

    init(publicIdentifier: String?, systemIdentifier: String?) {
        self.publicIdentifier = publicIdentifier
        self.systemIdentifier = systemIdentifier
    }
}
