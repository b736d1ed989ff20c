/// The attributes every container node carries.
///
/// `tag` is the source element name when the node's case does not imply it (a custom
/// `<important>` element read as `.span`, a `<small>` read as `.span`, a BBCode `[spoiler]`).
/// `pairs` keeps the attributes in source order exactly as read; `id`, `classes` and `style`
/// are the computed forms writers and the styler use.
///
/// ```swift
/// var a = Attributes(tag: "x-card")
/// a.set("data-id", "7")
/// a.value(of: "data-id") // "7"
/// ```
public struct Attributes: Hashable, Sendable, Codable {
    /// The parts, boxed so that the common empty case costs one nil word in every AST node.
    private final class Storage: Sendable {
        let tag: String?
        let id: String
        let classes: [String]
        let pairs: [Attribute]
        let style: [CSSDeclaration]

        init(
            tag: String?, id: String, classes: [String], pairs: [Attribute], style: [CSSDeclaration]
        ) {
            self.tag = tag
            self.id = id
            self.classes = classes
            self.pairs = pairs
            self.style = style
        }
    }

    /// nil exactly when every part is empty.
    private var storage: Storage?

    /// Source tag name (lower-cased for HTML), or nil when the node kind implies it.
    public var tag: String? {
        get { storage?.tag }
        set { replace(tag: newValue) }
    }
    /// The element identifier (`id="..."`), empty when absent.
    public var id: String {
        get { storage?.id ?? "" }
        set { replace(id: newValue) }
    }
    /// Class names in source order.
    public var classes: [String] {
        get { storage?.classes ?? [] }
        set { replace(classes: newValue) }
    }
    /// Other attributes in source order (not `id`, `class` or `style`).
    public var pairs: [Attribute] {
        get { storage?.pairs ?? [] }
        set { replace(pairs: newValue) }
    }
    /// Parsed inline CSS (`style="..."`), in source order.
    public var style: [CSSDeclaration] {
        get { storage?.style ?? [] }
        set { replace(style: newValue) }
    }

    /// Creates attributes; every part defaults to empty.
    public init(
        tag: String? = nil, id: String = "", classes: [String] = [],
        pairs: [Attribute] = [], style: [CSSDeclaration] = []
    ) {
        if tag == nil && id.isEmpty && classes.isEmpty && pairs.isEmpty && style.isEmpty {
            storage = nil
        } else {
            storage = Storage(tag: tag, id: id, classes: classes, pairs: pairs, style: style)
        }
    }

    private mutating func replace(
        tag: String?? = nil, id: String? = nil, classes: [String]? = nil,
        pairs: [Attribute]? = nil, style: [CSSDeclaration]? = nil
    ) {
        self = Attributes(
            tag: tag ?? self.tag, id: id ?? self.id, classes: classes ?? self.classes,
            pairs: pairs ?? self.pairs, style: style ?? self.style)
    }

    /// Equal when every part is equal.
    public static func == (lhs: Attributes, rhs: Attributes) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.tag == rhs.tag && lhs.id == rhs.id && lhs.classes == rhs.classes
            && lhs.pairs == rhs.pairs && lhs.style == rhs.style
    }

    /// Hashes every part (consistent with `==`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(tag)
        hasher.combine(id)
        hasher.combine(classes)
        hasher.combine(pairs)
        hasher.combine(style)
    }

    /// No attributes at all.
    public static let none = Attributes()

    /// True when nothing is set.
    public var isEmpty: Bool { storage == nil }

    /// The value of the first attribute named `name` in `pairs`.
    public func value(of name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Sets (replacing) or appends the attribute `name` in `pairs`.
    public mutating func set(_ name: String, _ value: String) {
        if let index = pairs.firstIndex(where: { $0.name == name }) {
            pairs[index].value = value
        } else {
            pairs.append(Attribute(name: name, value: value))
        }
    }

    /// The value of the last declaration of a CSS `property` (lower-case), if any.
    public func styleValue(_ property: String) -> String? {
        // (Read in place: the `style` getter copied the list, for most nodes an empty one.)
        guard let storage, !storage.style.isEmpty else { return nil }
        var found: String?
        for declaration in storage.style where declaration.property == property {
            found = declaration.value
        }
        return found
    }
}

/// One `name="value"` attribute as written in the source.
public struct Attribute: Hashable, Sendable, Codable {
    /// The attribute name.
    public var name: String
    /// The attribute value (empty for a bare attribute).
    public var value: String

    /// Creates an attribute, e.g. `Attribute(name: "href", value: "/a")`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

extension Attributes {
    private enum CodingKeys: String, CodingKey {
        case tag, id, classes, pairs, style
    }

    /// Decodes attributes; every key is optional (empty parts are not written).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            tag: try c.decodeIfPresent(String.self, forKey: .tag),
            id: try c.decodeIfPresent(String.self, forKey: .id) ?? "",
            classes: try c.decodeIfPresent([String].self, forKey: .classes) ?? [],
            pairs: try c.decodeIfPresent([Attribute].self, forKey: .pairs) ?? [],
            style: try c.decodeIfPresent([CSSDeclaration].self, forKey: .style) ?? [])
    }

    /// Encodes only the parts that are set, so empty attributes are `{}`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(tag, forKey: .tag)
        if !id.isEmpty { try c.encode(id, forKey: .id) }
        if !classes.isEmpty { try c.encode(classes, forKey: .classes) }
        if !pairs.isEmpty { try c.encode(pairs, forKey: .pairs) }
        if !style.isEmpty { try c.encode(style, forKey: .style) }
    }
}
