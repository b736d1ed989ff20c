import Dispatch
import Testing
import WorkerThread

/// The worker thread under the two-thread paths: right results, also when callers overlap,
/// when a piece calls it again, and across many calls.
@Suite("Parallel work")
struct ParallelWorkTests {
    @Test("both pieces run and return their values")
    func pair() {
        let (a, b) = ParallelWork.both({ (1...1000).reduce(0, +) }, { (1...2000).reduce(0, +) })
        #expect(a == 500_500)
        #expect(b == 2_001_000)
    }

    @Test("a thousand calls in a row")
    func many() {
        for k in 0..<1_000 {
            let (a, b) = ParallelWork.both({ k * 2 }, { k * 3 })
            #expect(a == k * 2 && b == k * 3)
        }
    }

    @Test("a piece that calls both again gets both results (run one after the other)")
    func nested() {
        let (a, b) = ParallelWork.both(
            { ParallelWork.both({ 1 }, { 2 }) },
            { ParallelWork.both({ 3 }, { 4 }) })
        #expect(a == (1, 2))
        #expect(b == (3, 4))
    }

    @Test("eight threads calling at once all get their own results")
    func overlapping() {
        let results = ResultBox()
        DispatchQueue.concurrentPerform(iterations: 8) { t in
            var ok = true
            for k in 0..<200 {
                let (a, b) = ParallelWork.both({ t * 1_000 + k }, { -(t * 1_000 + k) })
                if a != t * 1_000 + k || b != -a { ok = false }
            }
            results.record(ok)
        }
        #expect(results.allOK && results.count == 8)
    }
}

/// Results gathered from several threads.
final class ResultBox: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var values: [Bool] = []
    func record(_ ok: Bool) {
        lock.wait()
        values.append(ok)
        lock.signal()
    }
    var allOK: Bool { values.allSatisfy { $0 } }
    var count: Int { values.count }
}
