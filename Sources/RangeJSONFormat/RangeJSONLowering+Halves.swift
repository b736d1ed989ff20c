import MarkupAST
import WorkerThread

extension RangeJSONLowering {
    /// The tape handed to the worker thread. It points into the input's bytes, which stay
    /// valid and unchanged while both halves run (`ParallelWork.both` returns after both).
    private struct SharedTape: @unchecked Sendable {
        let tape: JSONTape
    }

    /// What the worker's half hands back.
    private struct Half: Sendable {
        var lowered: Result<[LoweredParagraph], ReadError>
        var diagnostics: [Diagnostic]
    }

    /// Lowers `paragraphs` in two halves, the second on the worker thread, cut where the tape
    /// is halved (about half the text and ranges on each side).
    ///
    /// Each paragraph lowers on its own (lists and quotes are grouped afterwards), so the
    /// result is what one pass gives: the paragraphs in order, the first half's diagnostics
    /// before the second's, and in strict mode the first error in document order.
    mutating func lowerInHalves(_ tape: JSONTape, _ paragraphs: [Int]) throws(ReadError)
        -> [LoweredParagraph]
    {
        let cut = RangeJSONLowering.cutIndex(tape, paragraphs)
        let shared = SharedTape(tape: tape)
        let reader = self.reader
        let (first, second) = ParallelWork.both(
            { () -> Result<[LoweredParagraph], ReadError> in
                Result { () throws(ReadError) -> [LoweredParagraph] in
                    try self.lower(tape, paragraphs[..<cut])
                }
            },
            { () -> Half in
                var other = RangeJSONLowering(reader: reader)
                let lowered = Result { () throws(ReadError) -> [LoweredParagraph] in
                    try other.lower(shared.tape, paragraphs[cut...])
                }
                return Half(lowered: lowered, diagnostics: other.diagnostics)
            })
        var lowered = try first.get()
        lowered += try second.lowered.get()
        diagnostics += second.diagnostics
        return lowered
    }

    /// The first paragraph of the second half: the one whose tape entries start nearest the
    /// middle of the paragraphs' entries (1 ..< count, so each half has one at least).
    static func cutIndex(_ tape: JSONTape, _ paragraphs: [Int]) -> Int {
        let middle = (paragraphs[0] + tape.after(paragraphs[paragraphs.count - 1])) / 2
        var lo = 1
        var hi = paragraphs.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if paragraphs[mid] < middle { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
