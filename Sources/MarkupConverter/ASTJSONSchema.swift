import MarkupAST

// The AST JSON schema (Formats/json.md): every node is an object with a `"type"` and named
// fields; `"attributes"` only when not empty. These wrappers give the AST that form without
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

/// A `Document` in the AST JSON schema.
struct ASTJSONDocument: Codable {
    var document: Document

    init(_ document: Document) { self.document = document }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ASTJSONKey.self)
        let version = try c.decodeIfPresent(Int.self, forKey: .version) ?? astJSONVersion
        guard version == astJSONVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: c,
                debugDescription: "unsupported AST JSON version \(version) (this reads 1)")
        }
        let blocks = try c.blocks(.blocks)
        document = Document(blocks, metadata: try c.value(.metadata, or: [String: String]()))
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ASTJSONKey.self)
        try c.encode(astJSONVersion, forKey: .version)
        try c.encode(document.blocks, as: ASTJSONBlock.self, forKey: .blocks)
        try c.encode(document.metadata, forKey: .metadata)
    }
}

/// A wrapper that gives an AST value its AST JSON form.
protocol ASTJSONForm: Codable {
    associatedtype Value
    var value: Value { get }
    init(_ value: Value)
}

extension KeyedEncodingContainer<ASTJSONKey> {
    mutating func encodeAttributes(_ attributes: Attributes) throws {
        if !attributes.isEmpty { try encode(attributes, forKey: .attributes) }
    }

    /// `values` in the form `W` gives them.
    mutating func encode<W: ASTJSONForm>(_ values: [W.Value], as _: W.Type, forKey key: ASTJSONKey)
        throws
    {
        try encode(values.map(W.init), forKey: key)
    }
}

extension KeyedDecodingContainer<ASTJSONKey> {
    func attributes() throws -> Attributes { try value(.attributes, or: .none) }

    func blocks(_ key: ASTJSONKey = .children) throws -> [Block] {
        try list(key, of: ASTJSONBlock.self)
    }

    func inlines(_ key: ASTJSONKey = .children) throws -> [Inline] {
        try list(key, of: ASTJSONInline.self)
    }

    func string(_ key: ASTJSONKey) throws -> String { try value(key, or: "") }

    /// The value at `key`, `fallback` when it is missing.
    func value<T: Decodable>(_ key: ASTJSONKey, or fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }

    /// The list at `key` in the form `W` gives its elements, empty when it is missing.
    func list<W: ASTJSONForm>(_ key: ASTJSONKey, of _: W.Type) throws -> [W.Value] {
        try value(key, or: [W]()).map(\.value)
    }
}

/// A `Block` in the AST JSON schema.
struct ASTJSONBlock: ASTJSONForm {
    var value: Block

    init(_ value: Block) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ASTJSONKey.self)
        try c.encode(value.kindName, forKey: .type)
        try c.encodeAttributes(value.attributes)
        switch value {
        case .paragraph(let xs, _), .plain(let xs, _):
            try c.encode(xs, as: ASTJSONInline.self, forKey: .children)
        case .heading(let level, let xs, _):
            try c.encode(level, forKey: .level)
            try c.encode(xs, as: ASTJSONInline.self, forKey: .children)
        case .blockQuote(let bs, _), .div(let bs, _):
            try c.encode(bs, as: Self.self, forKey: .children)
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
            try c.encode(list.items, as: ASTJSONListItem.self, forKey: .items)
        case .definitionList(let items, _):
            try c.encode(items, as: ASTJSONDefinitionItem.self, forKey: .items)
        case .table(let table):
            try c.encode(table.columns, forKey: .columns)
            if !table.caption.isEmpty {
                try c.encode(table.caption, as: Self.self, forKey: .caption)
            }
            try c.encode(table.head, as: ASTJSONRow.self, forKey: .head)
            try c.encode(table.body, as: ASTJSONRow.self, forKey: .body)
            if !table.foot.isEmpty { try c.encode(table.foot, as: ASTJSONRow.self, forKey: .foot) }
        case .thematicBreak: break
        case .footnoteDefinition(let label, let bs, _):
            try c.encode(label, forKey: .label)
            try c.encode(bs, as: Self.self, forKey: .children)
        }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ASTJSONKey.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "paragraph": value = .paragraph(try c.inlines(), try c.attributes())
        case "plain": value = .plain(try c.inlines(), try c.attributes())
        case "heading":
            value = .heading(
                level: try c.decode(Int.self, forKey: .level), try c.inlines(), try c.attributes())
        case "blockquote": value = .blockQuote(try c.blocks(), try c.attributes())
        case "code_block":
            value = .codeBlock(
                info: try c.string(.info), code: try c.string(.code), try c.attributes())
        case "raw_block":
            value = .rawBlock(format: try c.string(.format), try c.string(.content))
        case "list":
            let items = try c.list(.items, of: ASTJSONListItem.self)
            value = .list(
                ListBlock(
                    kind: try c.value(.kind, or: .bullet), start: try c.value(.start, or: 1),
                    delimiter: try c.value(.delimiter, or: .period),
                    tight: try c.value(.tight, or: true), items: items,
                    attributes: try c.attributes()))
        case "definition_list":
            let items = try c.list(.items, of: ASTJSONDefinitionItem.self)
            value = .definitionList(items, try c.attributes())
        case "table":
            value = .table(
                Table(
                    caption: try c.blocks(.caption), columns: try c.value(.columns, or: []),
                    head: try c.list(.head, of: ASTJSONRow.self),
                    body: try c.list(.body, of: ASTJSONRow.self),
                    foot: try c.list(.foot, of: ASTJSONRow.self), attributes: try c.attributes()))
        case "thematic_break": value = .thematicBreak(try c.attributes())
        case "div": value = .div(try c.blocks(), try c.attributes())
        case "footnote_definition":
            value = .footnoteDefinition(
                label: try c.string(.label), try c.blocks(), try c.attributes())
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown block type \"\(type)\"")
        }
    }
}

/// A list item: `{"children": [...], "task": true, "attributes": {...}}`.
struct ASTJSONListItem: ASTJSONForm {
    var value: ListItem

    init(_ value: ListItem) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ASTJSONKey.self)
        try c.encodeIfPresent(value.task, forKey: .task)
        try c.encodeAttributes(value.attributes)
        try c.encode(value.blocks, as: ASTJSONBlock.self, forKey: .children)
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ASTJSONKey.self)
        value = ListItem(
            try c.blocks(), task: try c.decodeIfPresent(Bool.self, forKey: .task),
            attributes: try c.attributes())
    }
}

/// A definition: `{"term": [...], "definitions": [[...], ...], "attributes": {...}}`.
struct ASTJSONDefinitionItem: ASTJSONForm {
    var value: DefinitionItem

    init(_ value: DefinitionItem) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ASTJSONKey.self)
        try c.encodeAttributes(value.attributes)
        try c.encode(value.term, as: ASTJSONInline.self, forKey: .term)
        try c.encode(value.definitions.map { $0.map(ASTJSONBlock.init) }, forKey: .definitions)
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ASTJSONKey.self)
        let definitions = try c.value(.definitions, or: [[ASTJSONBlock]]())
        value = DefinitionItem(
            term: try c.inlines(.term), definitions: definitions.map { $0.map(\.value) },
            attributes: try c.attributes())
    }
}

/// A table row: `{"cells": [...], "attributes": {...}}`; a cell
/// `{"header": false, "alignment": "none", "colspan": 2, "rowspan": 1, "children": [...]}`.
struct ASTJSONRow: ASTJSONForm {
    var value: TableRow

    init(_ value: TableRow) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ASTJSONKey.self)
        try c.encodeAttributes(value.attributes)
        try c.encode(value.cells, as: Cell.self, forKey: .cells)
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ASTJSONKey.self)
        value = TableRow(try c.list(.cells, of: Cell.self), attributes: try c.attributes())
    }

    struct Cell: ASTJSONForm {
        var value: TableCell

        init(_ value: TableCell) { self.value = value }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: ASTJSONKey.self)
            try c.encode(value.header, forKey: .header)
            try c.encode(value.alignment, forKey: .alignment)
            try c.encode(value.colspan, forKey: .colspan)
            try c.encode(value.rowspan, forKey: .rowspan)
            try c.encodeAttributes(value.attributes)
            try c.encode(value.blocks, as: ASTJSONBlock.self, forKey: .children)
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: ASTJSONKey.self)
            value = TableCell(
                try c.blocks(), header: try c.value(.header, or: false),
                alignment: try c.value(.alignment, or: .none),
                colspan: try c.value(.colspan, or: 1), rowspan: try c.value(.rowspan, or: 1),
                attributes: try c.attributes())
        }
    }
}

/// An `Inline` in the AST JSON schema.
struct ASTJSONInline: ASTJSONForm {
    var value: Inline

    init(_ value: Inline) { self.value = value }

    /// The container inlines by `"type"`.
    private static let containers: [String: @Sendable ([Inline], Attributes) -> Inline] = [
        "emphasis": Inline.emphasis, "strong": Inline.strong, "strikethrough": Inline.strikethrough,
        "underline": Inline.underline, "superscript": Inline.sup, "subscript": Inline.sub,
        "highlight": Inline.highlight, "span": Inline.span,
    ]

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ASTJSONKey.self)
        try c.encode(value.kindName, forKey: .type)
        try c.encodeAttributes(value.attributes)
        switch value {
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
        if value.isContainer { try c.encode(value.children, as: Self.self, forKey: .children) }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ASTJSONKey.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "text": value = .text(try c.string(.text))
        case "softbreak": value = .softBreak
        case "linebreak": value = .lineBreak
        case "code": value = .code(try c.string(.code), try c.attributes())
        case "link", "image":
            let link = Link(try c.string(.destination), title: try c.string(.title))
            let (xs, a) = (try c.inlines(), try c.attributes())
            value = type == "link" ? .link(xs, link, a) : .image(xs, link, a)
        case "raw_inline":
            value = .rawInline(format: try c.string(.format), try c.string(.content))
        case "footnote_reference": value = .footnoteReference(label: try c.string(.label))
        default:
            guard let container = Self.containers[type] else {
                throw DecodingError.dataCorruptedError(
                    forKey: .type, in: c, debugDescription: "unknown inline type \"\(type)\"")
            }
            value = container(try c.inlines(), try c.attributes())
        }
    }
}
