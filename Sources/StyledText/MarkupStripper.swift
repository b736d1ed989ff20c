import MarkupAST

/// Plain-text extraction ("stripping") of a document or any subtree.
///
/// Uses the same layout as styled output (list markers, tab-separated table cells, blank
/// paragraphs between blocks are not added): paragraphs end with `"\n"`, line breaks
/// become `"\n"`, images become their alt text, rules `"---"`.
///
/// ```swift
/// MarkupStripper.plainText(of: .inline(.strong([.text("Hi")], .none))) // "Hi"
/// ```
public enum MarkupStripper {
    /// The text of `node`.
    public static func plainText(of node: MarkupNode) -> String {
        text(of: StyledText(node: node, stylesheet: .plain))
    }

    /// The text of a whole document.
    public static func plainText(of document: Document) -> String {
        text(of: StyledText(document, stylesheet: .plain))
    }

    /// The plain text of resolved styled text.
    public static func text(of styled: StyledText) -> String {
        var out = ""
        let units = Array(styled.string.utf16)
        for run in styled.runs {
            if let a = run.attachment {
                out += a.kind == .rule ? "---" : a.alt
                continue
            }
            let piece = String(decoding: units[run.range], as: UTF16.self)
            for scalar in piece.unicodeScalars {
                out.unicodeScalars.append(scalar == "\u{2028}" ? "\n" : scalar)
            }
        }
        return out
    }
}
