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
    /// What the node is.
    public internal(set) var kind: HTMLNodeKind
    /// Element local name (lower case for HTML; `foreignObject` style for SVG) or DOCTYPE name.
    public internal(set) var name: String
    /// Element namespace (`.html` for non-elements).
    public internal(set) var namespace: HTMLNamespace
    /// Attributes in source order (duplicates dropped, first wins).
    public internal(set) var attributes: [HTMLAttribute]
    /// Text or comment content.
    public internal(set) var data: String
    /// DOCTYPE public identifier, when given.
    public internal(set) var publicIdentifier: String?
    /// DOCTYPE system identifier, when given.
    public internal(set) var systemIdentifier: String?

    var parentIndex: Int32 = -1
    var firstChildIndex: Int32 = -1
    var lastChildIndex: Int32 = -1
    var previousSiblingIndex: Int32 = -1
    var nextSiblingIndex: Int32 = -1
    var templateContentsIndex: Int32 = -1

    init(
        kind: HTMLNodeKind, name: String = "", namespace: HTMLNamespace = .html,
        attributes: [HTMLAttribute] = [], data: String = ""
    ) {
        self.kind = kind
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
        self.data = data
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
