import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The temporary files being written (each output is written to one, then renamed), and the
/// Ctrl-C handler that removes them: an interrupted run leaves no temporary file and no
/// half-written output, and exits with 130 (128 + SIGINT, as shells report it).
///
/// The handler runs on a dispatch queue, not in the signal context, so it can take the lock:
/// with the lock held it marks the run interrupted (no new temporary file is started),
/// removes the files and ends the process.
final class TemporaryFiles: @unchecked Sendable {
    static let shared = TemporaryFiles()

    /// The files being written; nil once the run is interrupted.
    private let paths = Locked<Set<String>?>([])
    private var source: DispatchSourceSignal?

    /// Installs the SIGINT handler (only runs that write files need it; called once, before
    /// any file is written).
    func removeOnInterrupt() {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source?.setEventHandler { [self] in interrupt() }
        source?.resume()
    }

    /// Registers a temporary file about to be created; false once the run is interrupted.
    func add(_ path: String) -> Bool { paths.withLock { $0?.insert(path) != nil } }

    /// Forgets a temporary file renamed or removed.
    func remove(_ path: String) { paths.withLock { _ = $0?.remove(path) } }

    /// Removes the registered files and ends the process with 130.
    private func interrupt() {
        paths.withLock { paths in
            for path in paths ?? [] { unlink(path) }
            paths = nil
            // Clears a progress line first.
            let clear = isatty(STDERR_FILENO) != 0 ? "\r\u{1B}[K" : ""
            _ = writeAll(clear + "mconv: interrupted\n", to: STDERR_FILENO)
            _exit(130)
        }
    }
}
