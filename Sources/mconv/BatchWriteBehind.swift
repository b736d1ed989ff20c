import Foundation

/// Writes a batch's outputs behind the conversions, in the order they are handed over, on a
/// thread of its own: a worker hands its output over and converts the next file while the
/// output file is created, written and renamed (about 4% of a batch's time on the corpus
/// pages, most of it the file system's). At most `limit` writes, and at most `byteLimit` bytes
/// of output (though always one write), wait. With a `limit` of 0 there is no thread: each
/// write is done when it is handed over.
final class BatchWriteBehind: @unchecked Sendable {
    /// How many bytes of outputs may wait at most.
    static let byteLimit = 64 << 20

    private let condition = NSCondition()
    private let limit: Int
    private var jobs: [(bytes: Int, job: () -> Void)] = []
    private var head = 0
    private var held = 0
    private var closed = false
    private var done = false

    /// Starts a writing thread letting at most `limit` writes wait (none for a `limit` of 0).
    init(limit: Int) {
        self.limit = limit
        if limit > 0 { BatchThread.start(helper: true) { [self] in run() } }
    }

    /// Queues `job` (a write of about `bytes` bytes), waiting while the queue is full.
    func submit(bytes: Int, _ job: @escaping () -> Void) {
        if limit == 0 { return job() }
        condition.lock()
        defer { condition.unlock() }
        while head < jobs.count, jobs.count - head >= limit || held + bytes > Self.byteLimit {
            condition.wait()
        }
        jobs.append((bytes, job))
        held += bytes
        condition.broadcast()
    }

    /// Waits until every queued write is done; no write may be queued after.
    func finish() {
        if limit == 0 { return }
        condition.lock()
        defer { condition.unlock() }
        closed = true
        condition.broadcast()
        while !done { condition.wait() }
    }

    private func run() {
        condition.lock()
        while true {
            while head == jobs.count, !closed { condition.wait() }
            guard head < jobs.count else { break }
            let (bytes, job) = jobs[head]
            jobs[head].job = {}
            head += 1
            if head == jobs.count { (jobs, head) = ([], 0) }
            condition.unlock()
            job()
            condition.lock()
            held -= bytes
            condition.broadcast()
        }
        done = true
        condition.broadcast()
        condition.unlock()
    }
}
