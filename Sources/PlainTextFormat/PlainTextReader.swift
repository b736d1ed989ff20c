import MarkupAST

/// Reads plain text: blank-line separated paragraphs, newlines as line breaks, nothing is markup.
///
/// ```swift
/// try PlainTextReader().read("a <b>\nc\n\nd").document
/// // paragraph [text "a <b>", linebreak, text "c"], paragraph [text "d"]
/// ```
public struct PlainTextReader: MarkupReader {
    /// Creates a reader.
    public init() {}

    /// Reads text.
    public func read(_ input: String) throws(ReadError) -> ReadResult {
        var blocks: [Block] = []
        var lines: [Substring] = []
        func flush() {
            guard !lines.isEmpty else { return }
            var inlines: [Inline] = []
            for (i, line) in lines.enumerated() {
                if i > 0 { inlines.append(.lineBreak) }
                inlines.append(.text(String(line)))
            }
            blocks.append(.paragraph(inlines, .none))
            lines.removeAll()
        }
        for rawLine in input.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                flush()
            } else {
                lines.append(line)
            }
        }
        flush()
        return ReadResult(document: Normalize.document(Document(blocks)))
    }
}
