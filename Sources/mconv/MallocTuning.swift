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
/// shapes, so they keep glibc's values.
enum MallocTuning {
    /// Blocks are mapped on their own only from this size on.
    static let mmapThreshold: Int32 = 4 << 20

    /// Applies the settings (`mallopt`, which the Glibc module does not export, is looked up).
    static func apply() {
        #if canImport(Glibc)
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else {
                return
            }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            let mmapThresholdParameter: Int32 = -3  // glibc's M_MMAP_THRESHOLD
            _ = mallopt(mmapThresholdParameter, mmapThreshold)
        #endif
    }
}
