#if canImport(Glibc)
    import Glibc
#endif

/// The C allocator's settings for this process (glibc only; elsewhere nothing changes).
///
/// One conversion allocates and frees a few large buffers (the input bytes, the decoded text,
/// the output) and many small values. With glibc's defaults a block past 128 KB (the threshold
/// then follows the largest block freed) is mapped on its own and unmapped when freed, so the
/// memory of the input bytes, freed once decoded, came back as fresh pages, a page fault each.
/// Blocks up to 4 MB now come from the heap and are reused: the 37 corpus Markdown files
/// joined (2.2 MB) -f markdown -t html 7,640 -> 7,080 page faults, the largest corpus page
/// -f html -t markdown 2,770 -> 2,510, about 1.5% less CPU time; peak RSS unchanged (within
/// 1%, lower on the HTML shapes of Benchmarks/pathological). Keeping the heap's top as well
/// (`M_TRIM_THRESHOLD`, `M_TOP_PAD`) saved 1-2% more but added 3-16 MB of peak RSS on those
/// shapes, so a single conversion keeps glibc's values.
///
/// A batch (`--output-dir`) is different: each file's conversion grows the heap again by what
/// the previous one gave back, so there `keepFreedMemory()` keeps it. On the 72-page corpus
/// with `--jobs 1` that took 9,630 -> 3,690 page faults and 190 -> 180 ms (`perf stat -r 15`),
/// with peak RSS 27.3 -> 27.8 MB.
enum MallocTuning {
    /// Blocks are mapped on their own only from this size on.
    static let mmapThreshold: Int32 = 4 << 20
    /// In a batch, the free memory at the top of a heap is given back only past this size.
    static let batchTrimThreshold: Int32 = 256 << 20
    /// In a batch, a heap grows by this much more than asked (untouched pages cost no RSS).
    static let batchTopPad: Int32 = 64 << 20

    /// Applies the settings for one conversion.
    static func apply() {
        set(parameter: -3, to: mmapThreshold)  // glibc's M_MMAP_THRESHOLD
    }

    /// Applies the settings for a batch of files.
    static func keepFreedMemory() {
        set(parameter: -1, to: batchTrimThreshold)  // glibc's M_TRIM_THRESHOLD
        set(parameter: -2, to: batchTopPad)  // glibc's M_TOP_PAD
    }

    /// Calls `mallopt` (which the Glibc module does not export, so it is looked up).
    private static func set(parameter: Int32, to value: Int32) {
        #if canImport(Glibc)
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else {
                return
            }
            _ = unsafeBitCast(symbol, to: Mallopt.self)(parameter, value)
        #endif
    }
}
