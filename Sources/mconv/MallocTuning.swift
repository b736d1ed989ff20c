#if canImport(Glibc)
    import Glibc
#endif

/// The C allocator's settings for this process (glibc only; elsewhere nothing changes).
///
/// One conversion allocates and frees a few large buffers (the input bytes, the decoded
/// text, cmark-gfm's chunks, the output) and many small values. With glibc's defaults a block
/// past 128 KB is mapped on its own and unmapped when freed, and the heap's top is given back
/// past 128 KB free, so memory freed early (the input bytes once decoded, the Markdown tree
/// once lowered) came back later as fresh pages, each a page fault. Keeping it in the heap
/// (mapped alone only past 64 MB, trimmed only past 128 MB free, grown 8 MB at a time): the
/// 37 corpus Markdown files joined (2.2 MB) -f markdown -t html 56.4 -> 54.0 ms task-clock
/// (median of 40, page faults 7,650 -> 7,090) and the largest corpus page -f html -t markdown
/// 16.7 -> 15.6 ms; peak RSS within 2% (40.1 -> 40.5 MB on the Markdown files).
enum MallocTuning {
    /// Blocks mapped on their own only from this size on.
    static let mmapThreshold: Int32 = 64 << 20
    /// The heap's top is given back only when this much is free.
    static let trimThreshold: Int32 = 128 << 20
    /// How much more than asked the heap grows by.
    static let topPad: Int32 = 8 << 20

    /// Applies the settings (`mallopt`, which the Glibc module does not export, is looked up).
    static func apply() {
        #if canImport(Glibc)
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else {
                return
            }
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            // glibc's parameter numbers: M_TRIM_THRESHOLD -1, M_TOP_PAD -2, M_MMAP_THRESHOLD -3.
            _ = mallopt(-1, trimThreshold)
            _ = mallopt(-2, topPad)
            _ = mallopt(-3, mmapThreshold)
        #endif
    }
}
