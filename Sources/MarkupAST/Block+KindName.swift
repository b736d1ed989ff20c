extension Block {
    /// The kind's name, as the AST JSON `"type"` and the tree dump spell it (`code_block`).
    package var kindName: String {
        switch self {
        case .paragraph: return "paragraph"
        case .plain: return "plain"
        case .heading: return "heading"
        case .blockQuote: return "blockquote"
        case .codeBlock: return "code_block"
        case .rawBlock: return "raw_block"
        case .list: return "list"
        case .definitionList: return "definition_list"
        case .table: return "table"
        case .thematicBreak: return "thematic_break"
        case .div: return "div"
        case .footnoteDefinition: return "footnote_definition"
        }
    }
}

extension Inline {
    /// The kind's name, as the AST JSON `"type"` and the tree dump spell it (`superscript`).
    package var kindName: String {
        switch self {
        case .text: return "text"
        case .softBreak: return "softbreak"
        case .lineBreak: return "linebreak"
        case .code: return "code"
        case .emphasis: return "emphasis"
        case .strong: return "strong"
        case .strikethrough: return "strikethrough"
        case .underline: return "underline"
        case .sup: return "superscript"
        case .sub: return "subscript"
        case .highlight: return "highlight"
        case .link: return "link"
        case .image: return "image"
        case .rawInline: return "raw_inline"
        case .span: return "span"
        case .footnoteReference: return "footnote_reference"
        }
    }
}
