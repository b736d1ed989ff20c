/// A parsed HTML document (or fragment) stored as an arena of nodes.
///
/// Nodes live in `nodes` and refer to each other by ``HTMLNodeID`` (an index into that array),
/// so a whole page is a few flat arrays rather than one object per node. Walk it from ``root``:
///
/// ```swift
/// let doc = HTMLParser.parseDocument("<p>Hi <b>there</b>")
/// func walk(_ id: HTMLNodeID, _ depth: Int) {
///     let node = doc[id]
///     print(String(repeating: "  ", count: depth), node.kind, node.name, node.data)
///     for child in doc.children(of: id) { walk(child, depth + 1) }
/// }
/// walk(doc.root, 0)
/// // document / element html / element head / element body / element p / text "Hi " ...
/// ```
///
/// Nesting is capped by ``HTMLParserOptions/maxDepth`` (512 by default), so a recursive walk
/// like the one above never goes deeper than that.
public struct HTMLDocument: Sendable {
    /// All nodes; `nodes[0]` is the root (a `.document`, or a `.documentFragment` for fragments).
    public internal(set) var nodes: [HTMLNode]
    /// Parse errors in input order (empty when ``HTMLParserOptions/collectErrors`` is off).
    public internal(set) var errors: [HTMLParseError]
    /// The document's quirks mode, decided by its DOCTYPE.
    public internal(set) var quirksMode: HTMLQuirksMode
    /// Whether this is the result of fragment parsing (then ``root`` is a `.documentFragment`).
    public internal(set) var isFragment: Bool

    init(isFragment: Bool, capacity: Int = 1) {
        nodes = []
        nodes.reserveCapacity(capacity)
        nodes.append(HTMLNode(kind: isFragment ? .documentFragment : .document))
        errors = []
        quirksMode = .noQuirks
        self.isFragment = isFragment
    }

    /// The root node: the document, or for ``HTMLParser/parseFragment(_:context:options:)``
    /// a fragment whose children are the parsed nodes.
    public var root: HTMLNodeID { HTMLNodeID(0) }

    /// The node with the given id.
    ///
    /// ```swift
    /// let doc = HTMLParser.parseDocument("<p>Hi")
    /// doc[doc.root].kind // .document
    /// ```
    public subscript(id: HTMLNodeID) -> HTMLNode {
        nodes[Int(id.index)]
    }

    /// For a `<template>` element: the `.documentFragment` holding its contents (the node
    /// created right after the element).
    ///
    /// ```swift
    /// let d = HTMLParser.parseFragment("<template>x</template>")
    /// let template = d.children(of: d.root).first!
    /// d.textContent(of: d.templateContents(of: template)!) // "x"
    /// ```
    public func templateContents(of id: HTMLNodeID) -> HTMLNodeID? {
        nodes[Int(id.index)].hasTemplateContents ? HTMLNodeID(id.index + 1) : nil
    }

    /// The index of the contents fragment of node `i` when it is a template, else `i`.
    @inline(__always) func contentsIndex(_ i: Int32) -> Int32 {
        nodes[Int(i)].hasTemplateContents ? i + 1 : i
    }

    /// The children of `id` in document order (a template's children are in its
    /// ``templateContents(of:)`` fragment instead).
    ///
    /// ```swift
    /// let doc = HTMLParser.parseDocument("<p>Hi")
    /// for child in doc.children(of: doc.root) { print(doc[child].name) } // html
    /// ```
    public func children(of id: HTMLNodeID) -> HTMLChildren {
        HTMLChildren(nodes: nodes, firstIndex: nodes[Int(id.index)].firstChildIndex)
    }

    /// The first element child of the root (`<html>` for documents), if any.
    public var documentElement: HTMLNodeID? {
        children(of: root).first(where: { self[$0].kind == .element })
    }

    /// The concatenated text of `id` and its descendants (template contents excluded).
    ///
    /// ```swift
    /// let d = HTMLParser.parseFragment("a<b>b</b>c")
    /// d.textContent(of: d.root) // "abc"
    /// ```
    public func textContent(of id: HTMLNodeID) -> String {
        var out = ""
        var stack: [Int32] = [id.index]
        while let i = stack.popLast() {
            let n = nodes[Int(i)]
            if n.kind == .text {
                out += n.data
                continue
            }
            var c = n.lastChildIndex
            while c >= 0 {
                stack.append(c)
                c = nodes[Int(c)].previousSiblingIndex
            }
        }
        return out
    }
}

/// An index into ``HTMLDocument/nodes``.
///
/// ```swift
/// let doc = HTMLParser.parseDocument("<p>Hi")
/// let first = doc.children(of: doc.root).first! // HTMLNodeID
/// doc[first].name // "html"
/// ```
public struct HTMLNodeID: Hashable, Sendable, Comparable {
    /// The position in ``HTMLDocument/nodes``.
    public var index: Int32
    /// Creates an id from an index.
    public init(_ index: Int32) { self.index = index }
    /// Creates an id from an index.
    public init(_ index: Int) { self.index = Int32(index) }
    /// Orders ids by index (creation order).
    public static func < (a: HTMLNodeID, b: HTMLNodeID) -> Bool { a.index < b.index }
}

/// The children of a node, as a forward sequence of ids.
///
/// ```swift
/// let doc = HTMLParser.parseDocument("<p>Hi")
/// Array(doc.children(of: doc.root)).count // 1 (the html element)
/// ```
public struct HTMLChildren: Sequence, Sendable {
    let nodes: [HTMLNode]
    let firstIndex: Int32

    /// Iterates the sibling chain.
    public struct Iterator: IteratorProtocol {
        let nodes: [HTMLNode]
        var cursor: Int32
        /// The next child id, or nil at the end.
        public mutating func next() -> HTMLNodeID? {
            guard cursor >= 0 else { return nil }
            let id = HTMLNodeID(cursor)
            cursor = nodes[Int(cursor)].nextSiblingIndex
            return id
        }
    }

    /// Makes an iterator.
    public func makeIterator() -> Iterator { Iterator(nodes: nodes, cursor: firstIndex) }

    /// The first child, if any.
    ///
    /// ```swift
    /// let doc = HTMLParser.parseDocument("<p>Hi")
    /// doc.children(of: doc.root).first // the id of the <html> element
    /// ```
    public var first: HTMLNodeID? { firstIndex >= 0 ? HTMLNodeID(firstIndex) : nil }
}

/// What a DOM node is.
///
/// ```swift
/// let doc = HTMLParser.parseDocument("<p>Hi")
/// doc[doc.documentElement!].kind // .element
/// ```
public enum HTMLNodeKind: UInt8, Sendable, Hashable {
    /// The document root.
    case document
    /// A fragment root (fragment parsing result, or a template's contents).
    case documentFragment
    /// `<!DOCTYPE name PUBLIC "..." "...">`: see ``HTMLNode/name`` and the identifiers.
    case doctype
    /// An element: ``HTMLNode/name``, ``HTMLNode/namespace``, ``HTMLNode/attributes``.
    case element
    /// A text node: ``HTMLNode/data`` (adjacent text is always merged into one node).
    case text
    /// A comment: ``HTMLNode/data``.
    case comment
}

/// The namespace of an element.
///
/// ```swift
/// HTMLParser.parseFragment("<svg><rect/></svg>") // svg and rect are in .svg
/// ```
public enum HTMLNamespace: UInt8, Sendable, Hashable {
    /// The HTML namespace (`http://www.w3.org/1999/xhtml`).
    case html
    /// SVG (`http://www.w3.org/2000/svg`).
    case svg
    /// MathML (`http://www.w3.org/1998/Math/MathML`).
    case mathml
}

/// The namespace of an attribute (only adjusted foreign attributes have one).
///
/// ```swift
/// // <svg xlink:href="#a">  ->  HTMLAttribute(name: "href", value: "#a", namespace: .xlink)
/// ```
public enum HTMLAttributeNamespace: UInt8, Sendable, Hashable {
    /// No namespace (every HTML attribute).
    case none
    /// `xlink:` attributes on foreign elements.
    case xlink
    /// `xml:lang`, `xml:space` on foreign elements.
    case xml
    /// `xmlns`, `xmlns:xlink` on foreign elements.
    case xmlns
}

/// One attribute, in source order. Names are lower-cased (and adjusted for SVG/MathML).
///
/// ```swift
/// HTMLAttribute(name: "href", value: "/x") // <a href="/x">
/// ```
public struct HTMLAttribute: Hashable, Sendable {
    /// The local name (`href`, `viewBox`; `href` for `xlink:href`).
    public var name: String
    /// The value with character references decoded.
    public var value: String
    /// The namespace of adjusted foreign attributes; `.none` otherwise.
    public var namespace: HTMLAttributeNamespace

    /// Creates an attribute.
    public init(name: String, value: String, namespace: HTMLAttributeNamespace = .none) {
        self.name = name
        self.value = value
        self.namespace = namespace
    }

    /// The name with its prefix as written (`xlink:href`, `xml:lang`, `xmlns:xlink`, `xmlns`).
    public var qualifiedName: String {
        switch namespace {
        case .none: return name
        case .xlink: return "xlink:" + name
        case .xml: return "xml:" + name
        case .xmlns: return name == "xmlns" ? name : "xmlns:" + name
        }
    }
}

/// The document's compatibility mode.
///
/// ```swift
/// HTMLParser.parseDocument("<p>x").quirksMode // .quirks (no DOCTYPE)
/// ```
public enum HTMLQuirksMode: UInt8, Sendable, Hashable {
    /// Standards mode.
    case noQuirks
    /// Limited quirks.
    case limitedQuirks
    /// Quirks mode.
    case quirks
}

/// A parse error: the spec's error code and where it happened (1-based line and column).
///
/// ```swift
/// HTMLParser.parseDocument("<!DOCTYPE html><p>a</x>").errors.first?.code // "unexpected-end-tag"
/// ```
public struct HTMLParseError: Hashable, Sendable, CustomStringConvertible {
    /// The WHATWG error code (`eof-in-tag`, `unexpected-null-character` ...) or a tree
    /// construction code of this parser (`unexpected-start-tag`, `nesting-too-deep` ...).
    public var code: String
    /// 1-based line.
    public var line: Int
    /// 1-based column (in Unicode scalars).
    public var column: Int
    /// Byte offset in the (newline-normalised) input.
    public var offset: Int

    /// Creates an error value.
    public init(code: String, line: Int, column: Int, offset: Int = 0) {
        self.code = code
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line:column: code`.
    public var description: String { "\(line):\(column): \(code)" }
}
