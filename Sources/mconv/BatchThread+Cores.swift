import Foundation

#if canImport(Glibc)
    import Glibc
#endif

extension BatchThread {
    /// The number of cores the process may run on: on Linux the CPUs of its affinity mask,
    /// fewer when its control group's CPU quota (cgroup v2 `cpu.max`, v1 `cpu.cfs_quota_us`
    /// over `cpu.cfs_period_us`) allows fewer, rounded up. Foundation's
    /// `activeProcessorCount` counts the same (v1 files only) through `URL` and `Data`, 0.4 ms
    /// of an empty file's 3.2 ms batch; these are a few system calls.
    static func availableCores() -> Int {
        #if os(Linux)
            var mask = [UInt64](repeating: 0, count: 16)  // glibc's cpu_set_t: 1,024 CPUs
            let got = mask.withUnsafeMutableBytes {
                affinity(0, $0.count, $0.baseAddress!)
            }
            guard got == 0 else { return ProcessInfo.processInfo.activeProcessorCount }
            let cpus = mask.reduce(0) { $0 + $1.nonzeroBitCount }
            var cores = max(cpus, 1)
            let limit: (quota: Double, period: Double)? =
                if let v2 = readNumbers("/sys/fs/cgroup/cpu.max"), v2.count == 2 {
                    (v2[0], v2[1])
                } else if let quota = readNumbers("/sys/fs/cgroup/cpu/cpu.cfs_quota_us")?.first,
                    let period = readNumbers("/sys/fs/cgroup/cpu/cpu.cfs_period_us")?.first
                {
                    (quota, period)
                } else {
                    nil
                }
            if let limit, limit.quota > 0, limit.period > 0 {
                cores = min(cores, max(1, Int((limit.quota / limit.period).rounded(.up))))
            }
            return cores
        #else
            return ProcessInfo.processInfo.activeProcessorCount
        #endif
    }

    #if os(Linux)
        /// The numbers of a small file such as `cpu.max` ("200000 100000"; "max" and other
        /// words are left out), or nil when it cannot be read.
        private static func readNumbers(_ path: String) -> [Double]? {
            let file = open(path, O_RDONLY | O_CLOEXEC)
            guard file >= 0 else { return nil }
            defer { close(file) }
            var buffer = [UInt8](repeating: 0, count: 128)
            let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            return String(decoding: buffer[..<count], as: UTF8.self)
                .split(whereSeparator: { $0 == " " || $0 == "\n" })
                .compactMap { Double($0) }
        }
    #endif
}

#if os(Linux)
    /// glibc's `sched_getaffinity`, which the Glibc module does not export (it needs
    /// `_GNU_SOURCE`): declared by its C name.
    @_silgen_name("sched_getaffinity")
    private func affinity(_ process: pid_t, _ size: Int, _ mask: UnsafeMutableRawPointer) -> Int32
#endif
