/// A start or end tag token.
struct TagToken {
    var name: String
    var attributes: [HTMLAttribute]
    var selfClosing: Bool
    var isEnd: Bool
    /// The tree builder's tag id (set by the tree builder).
    var id: Tag = .other
}

/// A DOCTYPE token.
struct DoctypeToken {
    var name: String?
    var publicIdentifier: String?
    var systemIdentifier: String?
    var forceQuirks: Bool
}

/// What the tokenizer emits. Adjacent characters arrive as one run; a U+0000 from the data
/// state or a CDATA section arrives on its own as `.nullCharacter`.
enum Token {
    case doctype(DoctypeToken)
    case tag(TagToken)
    case comment(String)
    case characters(String)
    case nullCharacter
    case eof
}

/// Receives tokens. Returning a state switches the tokenizer (RCDATA after `<title>` ...).
protocol TokenSink {
    mutating func process(_ token: consuming Token, offset: Int) -> TokenizerState?
    /// Whether the adjusted current node is not in the HTML namespace (CDATA is allowed).
    var allowsCDATA: Bool { get }
}

/// The tokenizer states, named as in the WHATWG spec ("Data state" = `.data`).
enum TokenizerState: UInt8 {
    case data, rcdata, rawtext, scriptData, plaintext
    case tagOpen, endTagOpen, tagName
    case rcdataLessThanSign, rcdataEndTagOpen, rcdataEndTagName
    case rawtextLessThanSign, rawtextEndTagOpen, rawtextEndTagName
    case scriptDataLessThanSign, scriptDataEndTagOpen, scriptDataEndTagName
    case scriptDataEscapeStart, scriptDataEscapeStartDash, scriptDataEscaped
    case scriptDataEscapedDash, scriptDataEscapedDashDash, scriptDataEscapedLessThanSign
    case scriptDataEscapedEndTagOpen, scriptDataEscapedEndTagName
    case scriptDataDoubleEscapeStart, scriptDataDoubleEscaped, scriptDataDoubleEscapedDash
    case scriptDataDoubleEscapedDashDash, scriptDataDoubleEscapedLessThanSign
    case scriptDataDoubleEscapeEnd
    case beforeAttributeName, attributeName, afterAttributeName, beforeAttributeValue
    case attributeValueDoubleQuoted, attributeValueSingleQuoted, attributeValueUnquoted
    case afterAttributeValueQuoted, selfClosingStartTag
    case bogusComment, markupDeclarationOpen
    case commentStart, commentStartDash, comment, commentLessThanSign, commentLessThanSignBang
    case commentLessThanSignBangDash, commentLessThanSignBangDashDash, commentEndDash, commentEnd
    case commentEndBang
    case doctype, beforeDoctypeName, doctypeName, afterDoctypeName
    case afterDoctypePublicKeyword, beforeDoctypePublicIdentifier
    case doctypePublicIdentifierDoubleQuoted, doctypePublicIdentifierSingleQuoted
    case afterDoctypePublicIdentifier, betweenDoctypePublicAndSystemIdentifiers
    case afterDoctypeSystemKeyword, beforeDoctypeSystemIdentifier
    case doctypeSystemIdentifierDoubleQuoted, doctypeSystemIdentifierSingleQuoted
    case afterDoctypeSystemIdentifier, bogusDoctype
    case cdataSection
}
