import Foundation

/// Reads (and decodes) a batch's input files ahead of the conversions, in order, on a thread of
/// its own: the workers convert while the next files are read, so with `--jobs 1` the one
/// converting thread reads and writes the document only (reading the 72 corpus pages, checking
/// and decoding their bytes is about 5% of a batch's time).
/// At most `window` files read and not yet taken, and at most `byteLimit` bytes of them
/// (though always the next file), wait in memory. With a `window` of 0 there is no thread: each
/// worker reads the files it takes.
///
/// Workers take files in the order they claim them, and claims follow the read order, so a
/// worker waiting for a file never waits behind files nobody will take.
final class BatchReadAhead: @unchecked Sendable {
    /// How many bytes of files read ahead may wait at most.
    static var byteLimit: Int { 64 << 20 }

    private let condition = NSCondition()
    private let items: [BatchFile]
    private let window: Int
    private let read: @Sendable (BatchFile) -> Result<BatchInput, Failure>
    private var ready: [Int: Result<BatchInput, Failure>] = [:]
    private var next = 0
    private var taken = 0
    private var held = 0

    /// Starts reading `items` with `read` on a thread, keeping at most `window` files ahead of
    /// the workers (no thread for a `window` of 0).
    init(
        items: [BatchFile], window: Int,
        read: @escaping @Sendable (BatchFile) -> Result<BatchInput, Failure>
    ) {
        (self.items, self.window, self.read) = (items, window, read)
        if window > 0 { BatchThread.start(helper: true) { [self] in run() } }
    }

    /// What was read of file `index` (or why it could not be read), once read; read on the
    /// calling thread when the reading thread has not started it yet. At the start of a batch
    /// the workers would otherwise wait for the files before theirs, one after the other
    /// (with `--jobs 2`, largest first: the second worker for both of the two largest files).
    func take(_ index: Int) -> Result<BatchInput, Failure> {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let result = ready.removeValue(forKey: index) {
                taken += 1
                held -= bytes(result)
                condition.broadcast()
                return result
            }
            if index == next {
                next += 1
                taken += 1
                condition.broadcast()
                condition.unlock()
                let result = read(items[index])
                condition.lock()
                return result
            }
            condition.wait()
        }
    }

    private func run() {
        while true {
            condition.lock()
            while next < items.count,
                next - taken >= window || (held >= Self.byteLimit && !ready.isEmpty)
            {
                condition.wait()
            }
            guard next < items.count else {
                condition.unlock()
                return
            }
            let index = next
            next += 1
            condition.unlock()
            let result = read(items[index])
            condition.lock()
            ready[index] = result
            held += bytes(result)
            condition.broadcast()
            condition.unlock()
        }
    }

    private func bytes(_ result: Result<BatchInput, Failure>) -> Int {
        (try? result.get())?.text.utf8.count ?? 0
    }
}
