/// A tag kind as one byte, without payload: the direct HTML path switches on it in its inner
/// loop without copying `BBCodeTagKind`'s strings. `other` stands for the kinds that path
/// leaves to the reader (tables, headings, custom spans and divs).
///
/// ```swift
/// BBCodeKindCode(.strong) // .strong
/// BBCodeKindCode(.table)  // .other
/// ```
package enum BBCodeKindCode: UInt8, Sendable {
    case strong, emphasis, underline, strikethrough, sub, sup, highlight
    case link, email, image, youtube, code, noParse
    case color, size, font
    case quote, list, listItem, align, indent, spoiler, horizontalRule
    case other

    /// The code of `kind`.
    package init(_ kind: BBCodeTagKind) {
        switch kind {
        case .strong: self = .strong
        case .emphasis: self = .emphasis
        case .underline: self = .underline
        case .strikethrough: self = .strikethrough
        case .sub: self = .sub
        case .sup: self = .sup
        case .highlight: self = .highlight
        case .link: self = .link
        case .email: self = .email
        case .image: self = .image
        case .youtube: self = .youtube
        case .code: self = .code
        case .noParse: self = .noParse
        case .color: self = .color
        case .size: self = .size
        case .font: self = .font
        case .quote: self = .quote
        case .list: self = .list
        case .listItem: self = .listItem
        case .align: self = .align
        case .indent: self = .indent
        case .spoiler: self = .spoiler
        case .horizontalRule: self = .horizontalRule
        case .table, .tableRow, .tableHeader, .tableCell, .heading, .span, .div: self = .other
        }
    }
}
