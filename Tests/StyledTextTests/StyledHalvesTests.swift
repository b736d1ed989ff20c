import ConformanceKit
import Foundation
import MarkupAST
import WorkerThread
import Testing

@testable import StyledText

/// Styled text resolved in two halves and joined is exactly what one walk gives, wherever
/// the cut falls.
@Suite("Styled text halves")
struct StyledHalvesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    func halves(_ blocks: [Block], cut: Int, _ sheet: Stylesheet) -> StyledText {
        var first = StyleResolver(stylesheet: sheet)
        first.render(Array(blocks[..<cut]))
        var second = StyleResolver(stylesheet: sheet)
        second.render(Array(blocks[cut...]))
        second.closeParagraph()
        first.append(second)
        return first.finish()
    }

    @Test("every case input, three in a row, cut after each top-level block")
    func everyCut() {
        let triples = CommandCase.caseDocumentsInThrees(packageRoot: Self.root)
        #expect(triples.count > 500)
        let custom = Stylesheet.standard.adding(css: "p { margin-bottom: 30px } h2 { margin-top: 4px } li { color: red }")
        var cuts = 0
        for (k, blocks) in triples.enumerated() {
            guard blocks.count > 1 else { continue }
            for cut in 1..<blocks.count {
                let sheet = (k + cut) % 2 == 0 ? Stylesheet.standard : custom
                let one = StyledText(Document(blocks), stylesheet: sheet, parallelThreshold: nil)
                let two = halves(blocks, cut: cut, sheet)
                #expect(one == two, "case \(k), cut \(cut)")
                cuts += 1
            }
        }
        #expect(cuts > 1_000)
    }

    @Test("a large document is cut by the resolver itself, with the same result")
    func large() {
        let documents = CommandCase.caseDocuments(packageRoot: Self.root)
        let big = Document(documents.flatMap(\.blocks))
        #expect(ParallelWork.splitIndex(of: big.blocks, minimum: 64, allowed: { _ in true }) != nil)
        #expect(
            StyledText(big, parallelThreshold: nil) == StyledText(big, parallelThreshold: 64))
    }
}
