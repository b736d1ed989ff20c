import MarkdownFormat
import MarkupAST

/// Helpers for the MarkdownWriter tests.
enum MW {
    static func p(_ xs: Inline...) -> Block { .paragraph(xs, .none) }
    static func t(_ s: String) -> Inline { .text(s) }

    /// Writes `blocks` with `options`.
    static func write(_ blocks: [Block], _ options: MarkdownWriterOptions = MarkdownWriterOptions())
        -> WriteResult
    {
        MarkdownWriter(options: options).write(Document(blocks))
    }

    static func md(_ blocks: [Block], _ options: MarkdownWriterOptions = MarkdownWriterOptions())
        -> String
    {
        write(blocks, options).output
    }

    /// Markdown -> AST -> Markdown with `options`.
    static func rewrite(
        _ markdown: String, _ options: MarkdownWriterOptions = MarkdownWriterOptions()
    ) -> String {
        let doc = try! MarkdownReader(extensions: options.extensions).read(markdown).document
        return MarkdownWriter(options: options).write(doc).output
    }

    /// Whether reading the written Markdown gives the same tree again.
    static func roundTrips(_ document: Document, _ options: MarkdownWriterOptions) -> Bool {
        let written = MarkdownWriter(options: options).write(document).output
        let back = try! MarkdownReader(extensions: options.extensions).read(written).document
        return Normalize.document(back) == Normalize.document(document)
    }

    static func codes(_ result: WriteResult) -> [DiagnosticCode] { result.diagnostics.map(\.code) }

    static var preserve: MarkdownWriterOptions {
        var o = MarkdownWriterOptions()
        o.wrap = .preserve
        return o
    }
}
