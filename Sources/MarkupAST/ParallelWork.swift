import Dispatch

/// Two pieces of one conversion run at once: one on a worker thread of the global queue, the
/// other on the calling thread. Readers and writers use it for large documents only (see
/// `HTMLReaderOptions.parallelThreshold`, `MarkdownWriterOptions.parallelThreshold`); each
/// piece works on its own values, so the result does not depend on the timing.
///
/// ```swift
/// let (a, b) = ParallelWork.both({ sum(first) }, { sum(second) })
/// // a + b == sum(first + second)
/// ```
public enum ParallelWork {
    /// The worker's result (written once before the group's wait returns, read after).
    private final class Slot<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// Runs `other` on a worker thread and `here` on this one; returns both results when both
    /// are done.
    ///
    /// ```swift
    /// let (x, y) = ParallelWork.both({ 1 + 1 }, { 2 + 2 })  // (2, 4)
    /// ```
    public static func both<Here, Other>(
        _ here: () -> Here, _ other: @escaping @Sendable () -> Other
    ) -> (Here, Other) {
        let slot = Slot<Other>()
        let group = DispatchGroup()
        DispatchQueue.global(qos: .userInitiated).async(group: group) { slot.value = other() }
        let mine = here()
        group.wait()
        return (mine, slot.value!)
    }

    /// Starts a worker thread ahead of a `both` call, so that call does not wait for the
    /// thread to be created (0.2 to 4 ms on a fresh process here, against 20 to 50 us for a
    /// waiting thread). Readers call it before parsing a large input.
    ///
    /// ```swift
    /// ParallelWork.prepareWorker()   // then parse; the lowering's `both` finds the thread
    /// ```
    public static func prepareWorker() {
        DispatchQueue.global(qos: .userInitiated).async {}
    }
}
