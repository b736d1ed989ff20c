import MarkupAST

// The AST JSON schema (Formats/json.md): every node is an object with a `"type"` and named
// fields; `"attributes"` only when not empty. `ASTJSON` gives the AST that form without
// changing its own (synthesized) Codable conformance.

/// The version `ASTJSONWriter` writes and `ASTJSONReader` reads.
let astJSONVersion = 1

/// The keys of every AST JSON object.
enum ASTJSONKey: String, CodingKey {
    case version, blocks, metadata
    case type, children, attributes
    case level, info, code, format, content, label, text, destination, title
    case kind, start, delimiter, tight, items, task
    case term, definitions
    case caption, columns, head, body, foot, cells, header, alignment, colspan, rowspan
}

/// An AST value with an AST JSON form: it writes its fields into the keyed container of its
/// JSON object, and reads them from it.
protocol ASTJSONCodable {
    func encode(json c: inout KeyedEncodingContainer<ASTJSONKey>) throws
    init(json c: KeyedDecodingContainer<ASTJSONKey>) throws
}

/// A value in its AST JSON form, for the JSON coders.
struct ASTJSON<Value: ASTJSONCodable>: Codable {
    var value: Value

    init(_ value: Value) { self.value = value }

    init(from decoder: any Decoder) throws {
        value = try Value(json: decoder.container(keyedBy: ASTJSONKey.self))
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ASTJSONKey.self)
        try value.encode(json: &c)
    }
}

extension KeyedEncodingContainer<ASTJSONKey> {
    mutating func encodeAttributes(_ attributes: Attributes) throws {
        if !attributes.isEmpty { try encode(attributes, forKey: .attributes) }
    }

    /// `values`, each as its JSON object.
    mutating func encodeJSON<V: ASTJSONCodable>(_ values: [V], forKey key: ASTJSONKey = .children)
        throws
    {
        try encode(values.map { ASTJSON($0) }, forKey: key)
    }
}

extension KeyedDecodingContainer<ASTJSONKey> {
    func attributes() throws -> Attributes { try value(.attributes, or: .none) }

    func string(_ key: ASTJSONKey) throws -> String { try value(key, or: "") }

    /// The value at `key`, `fallback` when it is missing.
    func value<T: Decodable>(_ key: ASTJSONKey, or fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }

    /// The list of JSON objects at `key`, empty when it is missing.
    func list<V: ASTJSONCodable>(_ key: ASTJSONKey = .children) throws -> [V] {
        try value(key, or: [ASTJSON<V>]()).map(\.value)
    }
}

extension Document: ASTJSONCodable {
    func encode(json c: inout KeyedEncodingContainer<ASTJSONKey>) throws {
        try c.encode(astJSONVersion, forKey: .version)
        try c.encodeJSON(blocks, forKey: .blocks)
        try c.encode(metadata, forKey: .metadata)
    }

    init(json c: KeyedDecodingContainer<ASTJSONKey>) throws {
        let version = try c.value(.version, or: astJSONVersion)
        guard version == astJSONVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: c,
                debugDescription: "unsupported AST JSON version \(version) (this reads 1)")
        }
        let blocks: [Block] = try c.list(.blocks)
        self.init(blocks, metadata: try c.value(.metadata, or: [String: String]()))
    }
}

extension Block: ASTJSONCodable {
    func encode(json c: inout KeyedEncodingContainer<ASTJSONKey>) throws {
        try c.encode(kindName, forKey: .type)
        try c.encodeAttributes(attributes)
        switch self {
        case .paragraph(let xs, _), .plain(let xs, _): try c.encodeJSON(xs)
        case .heading(let level, let xs, _):
            try c.encode(level, forKey: .level)
            try c.encodeJSON(xs)
        case .blockQuote(let bs, _), .div(let bs, _): try c.encodeJSON(bs)
        case .codeBlock(let info, let code, _):
            try c.encode(info, forKey: .info)
            try c.encode(code, forKey: .code)
        case .rawBlock(let format, let content):
            try c.encode(format, forKey: .format)
            try c.encode(content, forKey: .content)
        case .list(let list):
            try c.encode(list.kind, forKey: .kind)
            try c.encode(list.start, forKey: .start)
            try c.encode(list.delimiter, forKey: .delimiter)
            try c.encode(list.tight, forKey: .tight)
            try c.encodeJSON(list.items, forKey: .items)
        case .definitionList(let items, _): try c.encodeJSON(items, forKey: .items)
        case .table(let table):
            try c.encode(table.columns, forKey: .columns)
            if !table.caption.isEmpty { try c.encodeJSON(table.caption, forKey: .caption) }
            try c.encodeJSON(table.head, forKey: .head)
            try c.encodeJSON(table.body, forKey: .body)
            if !table.foot.isEmpty { try c.encodeJSON(table.foot, forKey: .foot) }
        case .thematicBreak: break
        case .footnoteDefinition(let label, let bs, _):
            try c.encode(label, forKey: .label)
            try c.encodeJSON(bs)
        }
    }

    init(json c: KeyedDecodingContainer<ASTJSONKey>) throws {
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "paragraph": self = .paragraph(try c.list(), try c.attributes())
        case "plain": self = .plain(try c.list(), try c.attributes())
        case "heading":
            self = .heading(
                level: try c.decode(Int.self, forKey: .level), try c.list(), try c.attributes())
        case "blockquote": self = .blockQuote(try c.list(), try c.attributes())
        case "code_block":
            self = .codeBlock(
                info: try c.string(.info), code: try c.string(.code), try c.attributes())
        case "raw_block":
            self = .rawBlock(format: try c.string(.format), try c.string(.content))
        case "list":
            let items: [ListItem] = try c.list(.items)
            self = .list(
                ListBlock(
                    kind: try c.value(.kind, or: .bullet), start: try c.value(.start, or: 1),
                    delimiter: try c.value(.delimiter, or: .period),
                    tight: try c.value(.tight, or: true), items: items,
                    attributes: try c.attributes()))
        case "definition_list": self = .definitionList(try c.list(.items), try c.attributes())
        case "table":
            self = .table(
                Table(
                    caption: try c.list(.caption), columns: try c.value(.columns, or: []),
                    head: try c.list(.head), body: try c.list(.body), foot: try c.list(.foot),
                    attributes: try c.attributes()))
        case "thematic_break": self = .thematicBreak(try c.attributes())
        case "div": self = .div(try c.list(), try c.attributes())
        case "footnote_definition":
            self = .footnoteDefinition(
                label: try c.string(.label), try c.list(), try c.attributes())
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown block type \"\(type)\"")
        }
    }
}

/// A list item: `{"children": [...], "task": true, "attributes": {...}}`.
extension ListItem: ASTJSONCodable {
    func encode(json c: inout KeyedEncodingContainer<ASTJSONKey>) throws {
        try c.encodeIfPresent(task, forKey: .task)
        try c.encodeAttributes(attributes)
        try c.encodeJSON(blocks)
    }

    init(json c: KeyedDecodingContainer<ASTJSONKey>) throws {
        self.init(
            try c.list(), task: try c.decodeIfPresent(Bool.self, forKey: .task),
            attributes: try c.attributes())
    }
}

/// A definition: `{"term": [...], "definitions": [[...], ...], "attributes": {...}}`.
extension DefinitionItem: ASTJSONCodable {
    func encode(json c: inout KeyedEncodingContainer<ASTJSONKey>) throws {
        try c.encodeAttributes(attributes)
        try c.encodeJSON(term, forKey: .term)
        try c.encode(definitions.map { $0.map(ASTJSON.init) }, forKey: .definitions)
    }

    init(json c: KeyedDecodingContainer<ASTJSONKey>) throws {
        let definitions = try c.value(.definitions, or: [[ASTJSON<Block>]]())
        self.init(
            term: try c.list(.term), definitions: definitions.map { $0.map(\.value) },
            attributes: try c.attributes())
    }
}

/// A table row: `{"cells": [...], "attributes": {...}}`.
extension TableRow: ASTJSONCodable {
    func encode(json c: inout KeyedEncodingContainer<ASTJSONKey>) throws {
        try c.encodeAttributes(attributes)
        try c.encodeJSON(cells, forKey: .cells)
    }

    init(json c: KeyedDecodingContainer<ASTJSONKey>) throws {
        self.init(try c.list(.cells), attributes: try c.attributes())
    }
}

/// A table cell:
/// `{"header": false, "alignment": "none", "colspan": 2, "rowspan": 1, "children": [...]}`.
extension TableCell: ASTJSONCodable {
    func encode(json c: inout KeyedEncodingContainer<ASTJSONKey>) throws {
        try c.encode(header, forKey: .header)
        try c.encode(alignment, forKey: .alignment)
        try c.encode(colspan, forKey: .colspan)
        try c.encode(rowspan, forKey: .rowspan)
        try c.encodeAttributes(attributes)
        try c.encodeJSON(blocks)
    }

    init(json c: KeyedDecodingContainer<ASTJSONKey>) throws {
        self.init(
            try c.list(), header: try c.value(.header, or: false),
            alignment: try c.value(.alignment, or: .none), colspan: try c.value(.colspan, or: 1),
            rowspan: try c.value(.rowspan, or: 1), attributes: try c.attributes())
    }
}

extension Inline: ASTJSONCodable {
    /// The container inlines by `"type"`.
    private static let containers: [String: @Sendable ([Inline], Attributes) -> Inline] = [
        "emphasis": Inline.emphasis, "strong": Inline.strong, "strikethrough": Inline.strikethrough,
        "underline": Inline.underline, "superscript": Inline.sup, "subscript": Inline.sub,
        "highlight": Inline.highlight, "span": Inline.span,
    ]

    func encode(json c: inout KeyedEncodingContainer<ASTJSONKey>) throws {
        try c.encode(kindName, forKey: .type)
        try c.encodeAttributes(attributes)
        switch self {
        case .text(let s): try c.encode(s, forKey: .text)
        case .code(let s, _): try c.encode(s, forKey: .code)
        case .link(_, let link, _), .image(_, let link, _):
            try c.encode(link.destination, forKey: .destination)
            if !link.title.isEmpty { try c.encode(link.title, forKey: .title) }
        case .rawInline(let format, let content):
            try c.encode(format, forKey: .format)
            try c.encode(content, forKey: .content)
        case .footnoteReference(let label): try c.encode(label, forKey: .label)
        default: break
        }
        if isContainer { try c.encodeJSON(children) }
    }

    init(json c: KeyedDecodingContainer<ASTJSONKey>) throws {
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "text": self = .text(try c.string(.text))
        case "softbreak": self = .softBreak
        case "linebreak": self = .lineBreak
        case "code": self = .code(try c.string(.code), try c.attributes())
        case "link", "image":
            let link = Link(try c.string(.destination), title: try c.string(.title))
            let (xs, a): ([Inline], Attributes) = (try c.list(), try c.attributes())
            self = type == "link" ? .link(xs, link, a) : .image(xs, link, a)
        case "raw_inline":
            self = .rawInline(format: try c.string(.format), try c.string(.content))
        case "footnote_reference": self = .footnoteReference(label: try c.string(.label))
        default:
            guard let container = Self.containers[type] else {
                throw DecodingError.dataCorruptedError(
                    forKey: .type, in: c, debugDescription: "unknown inline type \"\(type)\"")
            }
            self = container(try c.list(), try c.attributes())
        }
    }
}
