import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Two pieces of one conversion run at once: one on a worker thread, the other on the calling
/// thread. The HTML parser, the HTML reader and the Markdown and StyledText writers use it
/// for large documents only; each piece works on its own values, so the result does not
/// depend on the timing.
///
/// The worker is one long-lived thread, started at the first call (or by ``startWorker(first:)``):
/// a new thread per call started on its creator's CPU and shared it for milliseconds, and a
/// new thread's memory is fresh pages the kernel must fault in. For each job it keeps off the
/// submitter's CPU; between jobs, and a caller waiting for one, it spins (yielding) for up to
/// 10 ms before sleeping, since a sleeping thread on a virtual machine can take milliseconds
/// to wake. When it is busy (two conversions at once, or a call from the worker itself), the
/// call runs both pieces on the calling thread, one after the other.
///
/// ```swift
/// let (a, b) = ParallelWork.both({ sum(first) }, { sum(second) })
/// // a + b == sum(first + second)
/// ```
public enum ParallelWork {
    /// The other piece's result (written by the worker before it signals, read after).
    private final class Slot<Value>: @unchecked Sendable {
        var value: Value?
    }

    /// Runs `other` on the worker and `here` on this thread; returns both results when both
    /// are done.
    ///
    /// ```swift
    /// let (x, y) = ParallelWork.both({ 1 + 1 }, { 2 + 2 })  // (2, 4)
    /// ```
    public static func both<Here, Other>(
        _ here: () -> Here, _ other: @escaping @Sendable () -> Other
    ) -> (Here, Other) {
        let slot = Slot<Other>()
        guard let ticket = Worker.shared.submit({ slot.value = other() }) else {
            // Busy or no threads: one after the other here.
            let mine = here()
            return (mine, other())
        }
        let mine = here()
        Worker.shared.wait(for: ticket)
        return (mine, slot.value!)
    }

    /// Starts the worker now and runs `first` on it before any piece of work (an
    /// executable can have it prepare the worker's memory while the input is read).
    ///
    /// ```swift
    /// ParallelWork.startWorker { warmUpAllocator() }
    /// ```
    public static func startWorker(first: (@Sendable () -> Void)? = nil) {
        if let first { _ = Worker.shared.submit(first, warmUp: true) } else { Worker.shared.start() }
    }
}

/// The long-lived worker thread: one job at a time, handed over under a mutex.
final class Worker: @unchecked Sendable {
    static let shared = Worker()

    private var mutex = pthread_mutex_t()
    private var condition = pthread_cond_t()
    private var started = false
    private var failed = false
    /// Jobs waiting, in order (the first may be a warm-up), with their submitter's CPU.
    private var queue: [(job: () -> Void, cpu: Int32)] = []
    /// Jobs submitted and finished so far (changed under the mutex; atomic so that the worker
    /// and waiting callers can spin on them without it).
    private let submitted = Atomic<Int>(0)
    private let finished = Atomic<Int>(0)
    private var warmUpTicket = -1

    private init() {
        pthread_mutex_init(&mutex, nil)
        pthread_cond_init(&condition, nil)
    }

    /// Starts the thread if it is not running (under the mutex).
    private func startLocked() {
        guard !started, !failed else { return }
        #if canImport(Darwin)
            var thread: pthread_t? = nil
        #else
            var thread = pthread_t()
        #endif
        let context = Unmanaged.passRetained(self).toOpaque()
        let result = pthread_create(
            &thread, nil,
            { raw in
                #if canImport(Darwin)
                    let worker = Unmanaged<Worker>.fromOpaque(raw).takeRetainedValue()
                #else
                    let worker = Unmanaged<Worker>.fromOpaque(raw!).takeRetainedValue()
                #endif
                worker.loop()
                return nil
            }, context)
        if result == 0 {
            started = true
            #if canImport(Darwin)
                if let thread { pthread_detach(thread) }
            #else
                pthread_detach(thread)
            #endif
        } else {
            Unmanaged<Worker>.fromOpaque(context).release()
            failed = true
        }
    }

    func start() {
        pthread_mutex_lock(&mutex)
        startLocked()
        pthread_mutex_unlock(&mutex)
    }

    /// Queues `job` and returns its ticket, or nil when the worker is busy with another
    /// caller's job (a warm-up still running is waited for) or cannot run.
    func submit(_ job: @escaping () -> Void, warmUp: Bool = false) -> Int? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        startLocked()
        let count = submitted.load(ordering: .relaxed)
        let inFlight = count - finished.load(ordering: .relaxed)
        guard started, inFlight == 0 || (inFlight == 1 && count == warmUpTicket) else {
            return nil
        }
        queue.append((job, currentCPU()))
        submitted.store(count + 1, ordering: .releasing)
        if warmUp { warmUpTicket = count + 1 }
        pthread_cond_broadcast(&condition)
        return count + 1
    }

    /// Blocks until the job with `ticket` has run. It spins first (yielding the CPU), for
    /// up to `Worker.spinNanoseconds`: on a virtual machine a thread that sleeps can take
    /// milliseconds to be woken, which is the whole gain of a second thread here.
    func wait(for ticket: Int) {
        if spin(until: { self.finished.load(ordering: .acquiring) >= ticket }) { return }
        pthread_mutex_lock(&mutex)
        while finished.load(ordering: .acquiring) < ticket { pthread_cond_wait(&condition, &mutex) }
        pthread_mutex_unlock(&mutex)
    }

    /// How long the worker and a waiting caller spin before they sleep: the pieces of one
    /// conversion follow each other within a few milliseconds.
    static let spinNanoseconds: UInt64 = 10_000_000

    /// Calls `done` until it is true or the spin time is over; whether it became true.
    private func spin(until done: () -> Bool) -> Bool {
        let start = monotonicNanoseconds()
        var rounds = 0
        while !done() {
            rounds += 1
            if rounds & 63 == 0 {
                if monotonicNanoseconds() - start > Worker.spinNanoseconds { return false }
                sched_yield()
            }
        }
        return true
    }

    private func loop() {
        var avoided: Int32 = -2
        while true {
            _ = spin(until: {
                self.submitted.load(ordering: .acquiring) > self.finished.load(ordering: .relaxed)
            })
            pthread_mutex_lock(&mutex)
            while queue.isEmpty { pthread_cond_wait(&condition, &mutex) }
            let (job, cpu) = queue.removeFirst()
            pthread_mutex_unlock(&mutex)
            // Off the submitter's CPU for this job (the submitter may have moved since).
            if cpu != avoided {
                moveOff(cpu: cpu)
                avoided = cpu
            }
            job()
            pthread_mutex_lock(&mutex)
            finished.add(1, ordering: .releasing)
            pthread_cond_broadcast(&condition)
            pthread_mutex_unlock(&mutex)
        }
    }
}

/// CLOCK_MONOTONIC in nanoseconds.
func monotonicNanoseconds() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return UInt64(ts.tv_sec) &* 1_000_000_000 &+ UInt64(ts.tv_nsec)
}

#if canImport(Glibc)
    @_silgen_name("sched_getcpu") private func sched_getcpu_() -> Int32
    @_silgen_name("sched_setaffinity") private func sched_setaffinity_(
        _ pid: Int32, _ size: Int, _ mask: UnsafeRawPointer) -> Int32

    /// The CPU this thread runs on, or -1.
    func currentCPU() -> Int32 { sched_getcpu_() }

    /// Keeps this thread off `cpu` (the submitter's, where the other half runs): a thread
    /// woken for a job tends to run on the waker's CPU and share it for milliseconds before
    /// the scheduler moves one of them.
    func moveOff(cpu: Int32) {
        guard cpu >= 0, cpu < 1024 else { return }
        var mask = [UInt64](repeating: ~0, count: 16)
        mask[Int(cpu) / 64] &= ~(1 << UInt64(cpu % 64))
        _ = mask.withUnsafeBytes { sched_setaffinity_(0, 128, $0.baseAddress!) }
    }
#else
    func currentCPU() -> Int32 { -1 }
    func moveOff(cpu: Int32) {}
#endif
