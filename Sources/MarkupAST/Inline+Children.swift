extension Inline {
    /// The node's attributes (`.none` for leaves without any).
    public var attributes: Attributes {
        switch self {
        case .code(_, let a), .emphasis(_, let a), .strong(_, let a), .strikethrough(_, let a),
            .underline(_, let a), .sup(_, let a), .sub(_, let a),
            .highlight(_, let a), .link(_, _, let a), .image(_, _, let a), .span(_, let a):
            return a
        case .text, .softBreak, .lineBreak, .rawInline, .footnoteReference:
            return .none
        }
    }

    /// The child inlines of a container, empty for leaves.
    ///
    /// ```swift
    /// Inline.strong([.text("a")], .none).children // [.text("a")]
    /// ```
    public var children: [Inline] {
        switch self {
        case .emphasis(let xs, _), .strong(let xs, _), .strikethrough(let xs, _),
            .underline(let xs, _), .sup(let xs, _), .sub(let xs, _),
            .highlight(let xs, _), .link(let xs, _, _), .image(let xs, _, _), .span(let xs, _):
            return xs
        case .text, .softBreak, .lineBreak, .code, .rawInline, .footnoteReference:
            return []
        }
    }

    /// A copy with its children replaced (leaves are returned unchanged).
    public func withChildren(_ xs: [Inline]) -> Inline {
        switch self {
        case .emphasis(_, let a): return .emphasis(xs, a)
        case .strong(_, let a): return .strong(xs, a)
        case .strikethrough(_, let a): return .strikethrough(xs, a)
        case .underline(_, let a): return .underline(xs, a)
        case .sup(_, let a): return .sup(xs, a)
        case .sub(_, let a): return .sub(xs, a)
        case .highlight(_, let a): return .highlight(xs, a)
        case .link(_, let l, let a): return .link(xs, l, a)
        case .image(_, let l, let a): return .image(xs, l, a)
        case .span(_, let a): return .span(xs, a)
        case .text, .softBreak, .lineBreak, .code, .rawInline, .footnoteReference: return self
        }
    }

    /// Whether the node can hold children.
    public var isContainer: Bool {
        switch self {
        case .emphasis, .strong, .strikethrough, .underline, .sup, .sub,
            .highlight, .link, .image, .span:
            return true
        case .text, .softBreak, .lineBreak, .code, .rawInline, .footnoteReference:
            return false
        }
    }

    /// The plain text of the node: text, code and alt text, breaks as `\n` or space.
    public var plainText: String {
        var out = ""
        Inline.appendPlainText(of: [self], to: &out)
        return out
    }

    /// Appends the plain text of `inlines` to `out`.
    public static func appendPlainText(of inlines: [Inline], to out: inout String) {
        for inline in inlines {
            switch inline {
            case .text(let s), .code(let s, _): out += s
            case .softBreak: out += " "
            case .lineBreak: out += "\n"
            case .rawInline, .footnoteReference: break
            default: appendPlainText(of: inline.children, to: &out)
            }
        }
    }
}
