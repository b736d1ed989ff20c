import ConformanceKit
import Foundation
import MarkupAST
import WorkerThread
import Testing

@testable import MarkdownFormat

/// A document written in two halves on two threads gives exactly the Markdown and the
/// diagnostics of one pass, wherever the cut falls.
@Suite("Markdown writer halves")
struct MarkdownWriterHalvesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Option sets that change what crosses a block boundary (markers, fences, wrapping).
    static var variants: [MarkdownWriterOptions] {
        var wrapped = MarkdownWriterOptions()
        wrapped.wrap = .auto
        wrapped.columns = 30
        let plain = MarkdownWriterOptions(
            extensions: .commonmark, headingStyle: .setext, bulletMarker: .asterisk,
            orderedDelimiter: .parenthesis, codeBlockStyle: .indented, rawHTML: false)
        return [MarkdownWriterOptions(), wrapped, plain]
    }

    /// One pass, and two halves cut at `cut` (a top-level index after `prepare`).
    func both(_ document: Document, _ options: MarkdownWriterOptions, cut: Int) -> (WriteResult, WriteResult) {
        var one = options
        one.parallelThreshold = nil
        let whole = MarkdownWriter(options: one).write(document)
        let renderer = MarkdownWriter.Renderer(options: one)
        let blocks = renderer.prepare(document.blocks)
        renderer.renderInHalves(blocks, at: cut)
        return (whole, WriteResult(output: renderer.outputString(), diagnostics: renderer.diagnostics))
    }

    @Test("every case input, three in a row, cut after each top-level block but lists")
    func everyCut() {
        let triples = CommandCase.caseDocumentsInThrees(packageRoot: Self.root)
        #expect(triples.count > 500)
        var cuts = 0
        for (k, triple) in triples.enumerated() {
            let joined = Document(triple)
            let options = Self.variants[k % Self.variants.count]
            let blocks = MarkdownWriter.Renderer(options: options).prepare(joined.blocks)
            guard blocks.count > 1 else { continue }
            for cut in 1..<blocks.count {
                if case .list = blocks[cut - 1] { continue }
                let (one, two) = both(joined, options, cut: cut)
                #expect(one.output == two.output, "case \(k), cut \(cut)")
                #expect(one.diagnostics == two.diagnostics, "case \(k), cut \(cut)")
                cuts += 1
            }
        }
        #expect(cuts > 1_000)
    }

    @Test("a large document is cut by the writer itself, with the same output")
    func large() {
        let documents = CommandCase.caseDocuments(packageRoot: Self.root)
        let big = Document(documents.flatMap(\.blocks))
        var one = MarkdownWriterOptions()
        one.parallelThreshold = nil
        var two = MarkdownWriterOptions()
        two.parallelThreshold = 64
        let blocks = MarkdownWriter.Renderer(options: two).prepare(big.blocks)
        #expect(ParallelWork.splitIndex(of: blocks, minimum: 64, allowed: { _ in true }) != nil)
        let a = MarkdownWriter(options: one).write(big)
        let b = MarkdownWriter(options: two).write(big)
        #expect(a.output == b.output)
        #expect(a.diagnostics == b.diagnostics)
    }
}
