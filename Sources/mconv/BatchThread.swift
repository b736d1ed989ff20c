#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts the batch's threads with `pthread_create`, without Foundation's `Thread` and its
/// bookkeeping: the threads are started on the way to a batch's first conversion (with the
/// working folder from getcwd and one look-up of the number of cores, the time from a batch's
/// start to its first conversion went 1.07 -> 0.79 ms, p25 of 20 runs).
enum BatchThread {
    /// What a thread runs, passed through `pthread_create`'s argument.
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Linux's `SCHED_BATCH` policy.
    static let batchPolicy: Int32 = 3

    /// Runs `body` on a new (detached) thread with a stack of `stackSize` bytes (0: the
    /// system's default). A `helper` (reading ahead, writing behind) runs under Linux's
    /// `SCHED_BATCH`: the same share of the processor, but being woken (by a worker handing
    /// it work) does not preempt a running worker: with `--jobs 1` on 2 cores the batch took
    /// 154.0 -> 151.5 ms (p25 of 15 interleaved runs; median 167.9 -> 154.1 on a machine busy
    /// with other work, where the helpers often share the worker's core).
    static func start(
        stackSize: Int = 0, helper: Bool = false, _ body: @escaping @Sendable () -> Void
    ) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        if stackSize > 0 { pthread_attr_setstacksize(&attributes, stackSize) }
        let argument = Unmanaged.passRetained(
            Body {
                #if os(Linux)
                    if helper {
                        var parameters = sched_param()
                        _ = sched_setscheduler(0, batchPolicy, &parameters)
                    }
                #endif
                body()
            }
        ).toOpaque()
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?
        #endif
        let error = pthread_create(
            &thread, &attributes,
            { argument in
                // (An optional argument on Linux, not on Darwin.)
                let body = (argument as UnsafeMutableRawPointer?)!
                Unmanaged<Body>.fromOpaque(body).takeRetainedValue().run()
                return nil
            }, argument)
        if error != 0 {
            Unmanaged<Body>.fromOpaque(argument).release()
            fatalError("mconv: cannot start a thread (error \(error))")
        }
    }
}
