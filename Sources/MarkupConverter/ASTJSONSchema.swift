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
        let blocks = try c.decodeIfPresent([ASTJSONBlock].self, forKey: .blocks) ?? []
        let metadata = try c.decodeIfPresent([String: String].self, forKey: .metadata) ?? [:]
        document = Document(blocks.map(\.block), metadata: metadata)
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ASTJSONKey.self)
        try c.encode(astJSONVersion, forKey: .version)
        try c.encode(document.blocks.map(ASTJSONBlock.init), forKey: .blocks)
        try c.encode(document.metadata, forKey: .metadata)
    }
}

extension KeyedEncodingContainer<ASTJSONKey> {
    mutating func encodeAttributes(_ attributes: Attributes) throws {
        if !attributes.isEmpty { try encode(attributes, forKey: .attributes) }
    }

    mutating func encodeBlocks(_ blocks: [Block], forKey key: ASTJSONKey) throws {
        try encode(blocks.map(ASTJSONBlock.init), forKey: key)
    }

    mutating func encodeInlines(_ inlines: [Inline], forKey key: ASTJSONKey = .children) throws {
        try encode(inlines.map(ASTJSONInline.init), forKey: key)
    }
}

extension KeyedDecodingContainer<ASTJSONKey> {
    func attributes() throws -> Attributes {
        try decodeIfPresent(Attributes.self, forKey: .attributes) ?? .none
    }

    func blocks(_ key: ASTJSONKey = .children) throws -> [Block] {
        (try decodeIfPresent([ASTJSONBlock].self, forKey: key) ?? []).map(\.block)
    }

    func inlines(_ key: ASTJSONKey = .children) throws -> [Inline] {
        (try decodeIfPresent([ASTJSONInline].self, forKey: key) ?? []).map(\.inline)
    }

    func string(_ key: ASTJSONKey) throws -> String {
        try decodeIfPresent(String.self, forKey: key) ?? ""
    }
}

/// A `Block` in the AST JSON schema.
struct ASTJSONBlock: Codable {
    var block: Block

    init(_ block: Block) { self.block = block }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ASTJSONKey.self)
        switch block {
        case .paragraph(let xs, let a), .plain(let xs, let a):
            if case .paragraph = block {
                try c.encode("paragraph", forKey: .type)
            } else {
                try c.encode("plain", forKey: .type)
            }
            try c.encodeAttributes(a)
            try c.encodeInlines(xs)
        case .heading(let level, let xs, let a):
            try c.encode("heading", forKey: .type)
            try c.encode(level, forKey: .level)
            try c.encodeAttributes(a)
            try c.encodeInlines(xs)
        case .blockQuote(let bs, let a):
            try c.encode("blockquote", forKey: .type)
            try c.encodeAttributes(a)
            try c.encodeBlocks(bs, forKey: .children)
        case .codeBlock(let info, let code, let a):
            try c.encode("code_block", forKey: .type)
            try c.encode(info, forKey: .info)
            try c.encode(code, forKey: .code)
            try c.encodeAttributes(a)
        case .rawBlock(let format, let content):
            try c.encode("raw_block", forKey: .type)
            try c.encode(format, forKey: .format)
            try c.encode(content, forKey: .content)
        case .list(let list):
            try c.encode("list", forKey: .type)
            try c.encode(list.kind, forKey: .kind)
            try c.encode(list.start, forKey: .start)
            try c.encode(list.delimiter, forKey: .delimiter)
            try c.encode(list.tight, forKey: .tight)
            try c.encodeAttributes(list.attributes)
            try c.encode(list.items.map(ASTJSONListItem.init), forKey: .items)
        case .definitionList(let items, let a):
            try c.encode("definition_list", forKey: .type)
            try c.encodeAttributes(a)
            try c.encode(items.map(ASTJSONDefinitionItem.init), forKey: .items)
        case .table(let table):
            try c.encode("table", forKey: .type)
            try c.encode(table.columns, forKey: .columns)
            try c.encodeAttributes(table.attributes)
            if !table.caption.isEmpty { try c.encodeBlocks(table.caption, forKey: .caption) }
            try c.encode(table.head.map(ASTJSONRow.init), forKey: .head)
            try c.encode(table.body.map(ASTJSONRow.init), forKey: .body)
            if !table.foot.isEmpty { try c.encode(table.foot.map(ASTJSONRow.init), forKey: .foot) }
        case .thematicBreak(let a):
            try c.encode("thematic_break", forKey: .type)
            try c.encodeAttributes(a)
        case .div(let bs, let a):
            try c.encode("div", forKey: .type)
            try c.encodeAttributes(a)
            try c.encodeBlocks(bs, forKey: .children)
        case .footnoteDefinition(let label, let bs, let a):
            try c.encode("footnote_definition", forKey: .type)
            try c.encode(label, forKey: .label)
            try c.encodeAttributes(a)
            try c.encodeBlocks(bs, forKey: .children)
        }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ASTJSONKey.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "paragraph": block = .paragraph(try c.inlines(), try c.attributes())
        case "plain": block = .plain(try c.inlines(), try c.attributes())
        case "heading":
            block = .heading(
                level: try c.decode(Int.self, forKey: .level), try c.inlines(), try c.attributes())
        case "blockquote": block = .blockQuote(try c.blocks(), try c.attributes())
        case "code_block":
            block = .codeBlock(
                info: try c.string(.info), code: try c.string(.code), try c.attributes())
        case "raw_block":
            block = .rawBlock(format: try c.string(.format), try c.string(.content))
        case "list":
            let items = try c.decodeIfPresent([ASTJSONListItem].self, forKey: .items) ?? []
            block = .list(
                ListBlock(
                    kind: try c.decodeIfPresent(ListKind.self, forKey: .kind) ?? .bullet,
                    start: try c.decodeIfPresent(Int.self, forKey: .start) ?? 1,
                    delimiter: try c.decodeIfPresent(ListDelimiter.self, forKey: .delimiter)
                        ?? .period,
                    tight: try c.decodeIfPresent(Bool.self, forKey: .tight) ?? true,
                    items: items.map(\.item), attributes: try c.attributes()))
        case "definition_list":
            let items = try c.decodeIfPresent([ASTJSONDefinitionItem].self, forKey: .items) ?? []
            block = .definitionList(items.map(\.item), try c.attributes())
        case "table":
            func rows(_ key: ASTJSONKey) throws -> [TableRow] {
                (try c.decodeIfPresent([ASTJSONRow].self, forKey: key) ?? []).map(\.row)
            }
            block = .table(
                Table(
                    caption: try c.blocks(.caption),
                    columns: try c.decodeIfPresent([ColumnAlignment].self, forKey: .columns) ?? [],
                    head: try rows(.head), body: try rows(.body), foot: try rows(.foot),
                    attributes: try c.attributes()))
        case "thematic_break": block = .thematicBreak(try c.attributes())
        case "div": block = .div(try c.blocks(), try c.attributes())
        case "footnote_definition":
            block = .footnoteDefinition(
                label: try c.string(.label), try c.blocks(), try c.attributes())
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown block type \"\(type)\"")
        }
    }
}

/// A list item: `{"children": [...], "task": true, "attributes": {...}}`.
struct ASTJSONListItem: Codable {
    var item: ListItem

    init(_ item: ListItem) { self.item = item }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ASTJSONKey.self)
        try c.encodeIfPresent(item.task, forKey: .task)
        try c.encodeAttributes(item.attributes)
        try c.encodeBlocks(item.blocks, forKey: .children)
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ASTJSONKey.self)
        item = ListItem(
            try c.blocks(), task: try c.decodeIfPresent(Bool.self, forKey: .task),
            attributes: try c.attributes())
    }
}

/// A definition: `{"term": [...], "definitions": [[...], ...], "attributes": {...}}`.
struct ASTJSONDefinitionItem: Codable {
    var item: DefinitionItem

    init(_ item: DefinitionItem) { self.item = item }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ASTJSONKey.self)
        try c.encodeAttributes(item.attributes)
        try c.encodeInlines(item.term, forKey: .term)
        try c.encode(item.definitions.map { $0.map(ASTJSONBlock.init) }, forKey: .definitions)
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ASTJSONKey.self)
        let definitions =
            try c.decodeIfPresent([[ASTJSONBlock]].self, forKey: .definitions) ?? []
        item = DefinitionItem(
            term: try c.inlines(.term), definitions: definitions.map { $0.map(\.block) },
            attributes: try c.attributes())
    }
}

/// A table row: `{"cells": [...], "attributes": {...}}`; a cell
/// `{"header": false, "alignment": "none", "colspan": 2, "rowspan": 1, "children": [...]}`.
struct ASTJSONRow: Codable {
    var row: TableRow

    init(_ row: TableRow) { self.row = row }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ASTJSONKey.self)
        try c.encodeAttributes(row.attributes)
        try c.encode(row.cells.map(Cell.init), forKey: .cells)
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ASTJSONKey.self)
        let cells = try c.decodeIfPresent([Cell].self, forKey: .cells) ?? []
        row = TableRow(cells.map(\.cell), attributes: try c.attributes())
    }

    struct Cell: Codable {
        var cell: TableCell

        init(_ cell: TableCell) { self.cell = cell }

        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: ASTJSONKey.self)
            try c.encode(cell.header, forKey: .header)
            try c.encode(cell.alignment, forKey: .alignment)
            try c.encode(cell.colspan, forKey: .colspan)
            try c.encode(cell.rowspan, forKey: .rowspan)
            try c.encodeAttributes(cell.attributes)
            try c.encodeBlocks(cell.blocks, forKey: .children)
        }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: ASTJSONKey.self)
            cell = TableCell(
                try c.blocks(), header: try c.decodeIfPresent(Bool.self, forKey: .header) ?? false,
                alignment: try c.decodeIfPresent(ColumnAlignment.self, forKey: .alignment) ?? .none,
                colspan: try c.decodeIfPresent(Int.self, forKey: .colspan) ?? 1,
                rowspan: try c.decodeIfPresent(Int.self, forKey: .rowspan) ?? 1,
                attributes: try c.attributes())
        }
    }
}

/// An `Inline` in the AST JSON schema.
struct ASTJSONInline: Codable {
    var inline: Inline

    init(_ inline: Inline) { self.inline = inline }

    /// The `"type"` of each container inline (one spelling, shared by both directions).
    private static func containerType(_ inline: Inline) -> String? {
        switch inline {
        case .emphasis: return "emphasis"
        case .strong: return "strong"
        case .strikethrough: return "strikethrough"
        case .underline: return "underline"
        case .sup: return "superscript"
        case .sub: return "subscript"
        case .highlight: return "highlight"
        case .span: return "span"
        case .text, .softBreak, .lineBreak, .code, .link, .image, .rawInline,
            .footnoteReference:
            return nil
        }
    }

    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: ASTJSONKey.self)
        switch inline {
        case .text(let s):
            try c.encode("text", forKey: .type)
            try c.encode(s, forKey: .text)
        case .softBreak: try c.encode("softbreak", forKey: .type)
        case .lineBreak: try c.encode("linebreak", forKey: .type)
        case .code(let s, let a):
            try c.encode("code", forKey: .type)
            try c.encode(s, forKey: .code)
            try c.encodeAttributes(a)
        case .link(let xs, let link, let a), .image(let xs, let link, let a):
            if case .link = inline {
                try c.encode("link", forKey: .type)
            } else {
                try c.encode("image", forKey: .type)
            }
            try c.encode(link.destination, forKey: .destination)
            if !link.title.isEmpty { try c.encode(link.title, forKey: .title) }
            try c.encodeAttributes(a)
            try c.encodeInlines(xs)
        case .rawInline(let format, let content):
            try c.encode("raw_inline", forKey: .type)
            try c.encode(format, forKey: .format)
            try c.encode(content, forKey: .content)
        case .footnoteReference(let label):
            try c.encode("footnote_reference", forKey: .type)
            try c.encode(label, forKey: .label)
        case .emphasis(let xs, let a), .strong(let xs, let a), .strikethrough(let xs, let a),
            .underline(let xs, let a), .sup(let xs, let a), .sub(let xs, let a),
            .highlight(let xs, let a), .span(let xs, let a):
            try c.encode(Self.containerType(inline), forKey: .type)
            try c.encodeAttributes(a)
            try c.encodeInlines(xs)
        }
    }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ASTJSONKey.self)
        let type = try c.decode(String.self, forKey: .type)
        switch type {
        case "text": inline = .text(try c.string(.text))
        case "softbreak": inline = .softBreak
        case "linebreak": inline = .lineBreak
        case "code": inline = .code(try c.string(.code), try c.attributes())
        case "link", "image":
            let link = Link(try c.string(.destination), title: try c.string(.title))
            inline =
                type == "link"
                ? .link(try c.inlines(), link, try c.attributes())
                : .image(try c.inlines(), link, try c.attributes())
        case "raw_inline":
            inline = .rawInline(format: try c.string(.format), try c.string(.content))
        case "footnote_reference": inline = .footnoteReference(label: try c.string(.label))
        case "emphasis": inline = .emphasis(try c.inlines(), try c.attributes())
        case "strong": inline = .strong(try c.inlines(), try c.attributes())
        case "strikethrough": inline = .strikethrough(try c.inlines(), try c.attributes())
        case "underline": inline = .underline(try c.inlines(), try c.attributes())
        case "superscript": inline = .sup(try c.inlines(), try c.attributes())
        case "subscript": inline = .sub(try c.inlines(), try c.attributes())
        case "highlight": inline = .highlight(try c.inlines(), try c.attributes())
        case "span": inline = .span(try c.inlines(), try c.attributes())
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: c, debugDescription: "unknown inline type \"\(type)\"")
        }
    }
}
