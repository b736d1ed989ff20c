import MarkupAST

/// The formatting tag kinds (`strong` ... `highlight`: no attributes or link of their own), as
/// a plain value the reader reads per tag without copying the tag's kind.
///
/// ```swift
/// BBCodeFormatting(.strong)?.inline([.text("x")])  // .strong([.text("x")], .none)
/// BBCodeFormatting(.quote)  // nil
/// ```
enum BBCodeFormatting {
    case strong, emphasis, underline, strikethrough, sub, sup, highlight

    /// The formatting kind of `kind`; nil for other kinds.
    init?(_ kind: BBCodeTagKind) {
        switch kind {
        case .strong: self = .strong
        case .emphasis: self = .emphasis
        case .underline: self = .underline
        case .strikethrough: self = .strikethrough
        case .sub: self = .sub
        case .sup: self = .sup
        case .highlight: self = .highlight
        default: return nil
        }
    }

    /// The inline of this kind holding `xs`, with the attributes `a`.
    @inline(__always)
    func inline(_ xs: [Inline], _ a: Attributes = .none) -> Inline {
        switch self {
        case .strong: .strong(xs, a)
        case .emphasis: .emphasis(xs, a)
        case .underline: .underline(xs, a)
        case .strikethrough: .strikethrough(xs, a)
        case .sub: .sub(xs, a)
        case .sup: .sup(xs, a)
        case .highlight: .highlight(xs, a)
        }
    }
}
