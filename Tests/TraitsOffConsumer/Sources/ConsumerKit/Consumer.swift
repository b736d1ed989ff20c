import HTMLFormat
import MarkupAST
import MarkupConverter
import StyledText

/// What the consumer prints: HTML -> StyledText (the text and its runs' fonts), HTML ->
/// Markdown output, and the error Markdown input gives without the CMarkGFM trait.
public func consumerReport() throws -> [String] {
    let document = try HTMLReader().read("<p>Hello <b>world</b> &amp; <i>you</i></p>").document
    let styled = StyledText(document)
    var lines = [styled.string]
    lines.append(styled.runs.map { "\($0.range) \(StyledFont($0.style))" }.joined(separator: "; "))
    lines.append(
        try Converter(from: "html", to: "markdown").convert("<p>Hi <b>there</b></p>").output)
    do {
        _ = try Converter(from: "markdown", to: "html")
        lines.append("unexpected: Markdown input works without the CMarkGFM trait")
    } catch {
        lines.append(error.description)
    }
    return lines
}
