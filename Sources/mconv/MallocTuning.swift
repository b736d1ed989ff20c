import MarkdownFormat
import MarkupAST

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
///
/// Reading Markdown, cmark-gfm's tree and the AST take about 12 bytes of heap per input byte,
/// each page first touched by a fault: a quarter of the CPU time on the joined corpus Markdown.
/// So `apply()` reserves heap address space at start-up, and `prepare` asks for transparent
/// huge pages on it for Markdown of `hugePageInput` bytes or more: that file -f gfm -t html
/// 7,480 -> 1,660 page faults, 56.4 -> 47.3 ms (`perf stat -r 20`), peak RSS 48.5 -> 49.5 MB.
/// Other inputs give the reserve back: on HTML the 2 MB pages and the kept heap top took 5
/// shapes of Benchmarks/pathological over its memory bound (`<b>x` x 200,000: 50.5 -> 62.3 MB).
enum MallocTuning {
    /// Blocks are mapped on their own only from this size on.
    static let mmapThreshold: Int32 = 4 << 20
    /// In a batch, the free memory at the top of a heap is given back only past this size.
    static let batchTrimThreshold: Int32 = 256 << 20
    /// In a batch and at start-up, a heap grows by this much more than asked (untouched pages
    /// cost no RSS).
    static let topPad: Int32 = 64 << 20
    /// glibc's `M_TOP_PAD`, restored when the reserve is not used.
    static let defaultTopPad: Int32 = 128 << 10
    /// Markdown inputs from this size on take their heap in 2 MB pages.
    static let hugePageInput = 512 << 10
    /// In a batch whose workers leave a core free, at most this much of each worker's heap is
    /// faulted in by the main thread (see `prefault` and `batchPrefault(largestInput:)`).
    static let batchPrefaultLimit = 8 << 20
    /// How much `prefault` faults in at a time: the call holds the process's memory map lock,
    /// and 8 MB at once held up other threads' `mmap` for up to 2 ms (the read-ahead thread's
    /// first file: the worker's first conversion started 2.3-3.7 instead of 1 ms in).
    static let prefaultStep = 256 << 10

    /// The heap's start (page-aligned) and the block that grows it (a global: a block freed
    /// unused is optimised away).
    nonisolated(unsafe) private static var heapStart: UInt = 0
    nonisolated(unsafe) private static var growth: UnsafeMutableRawPointer?

    /// Applies the settings for one conversion and reserves the heap (see `prepare`).
    static func apply() {
        set(parameter: -3, to: mmapThreshold)  // glibc's M_MMAP_THRESHOLD
        #if canImport(Glibc)
            heapStart = (UInt(bitPattern: sbrk(0)) + 4095) & ~4095
            set(parameter: -2, to: topPad)  // glibc's M_TOP_PAD (trimming keeps it)
            growth = malloc(256 << 10)  // past the heap's free top: grows it
            free(growth)
        #endif
    }

    /// Uses the reserve for a conversion by `reader` of `inputBytes`, or gives it back.
    static func prepare(for reader: any MarkupReader, inputBytes: Int) {
        #if canImport(Glibc)
            let end = UInt(bitPattern: sbrk(0))
            guard reader is MarkdownReader, inputBytes >= hugePageInput, end > heapStart else {
                return set(parameter: -2, to: defaultTopPad)
            }
            let start = UnsafeMutableRawPointer(bitPattern: heapStart)
            _ = madvise(start, Int(end - heapStart), MADV_HUGEPAGE)
        #endif
    }

    /// Applies the settings for a batch of files.
    static func keepFreedMemory() {
        set(parameter: -1, to: batchTrimThreshold)  // glibc's M_TRIM_THRESHOLD
        set(parameter: -2, to: topPad)  // glibc's M_TOP_PAD
    }

    /// How much of a batch worker's heap to fault in ahead, for a batch whose largest file
    /// has `largestInput` bytes: five times that (the heap a conversion of HTML touches; the
    /// 72 corpus pages, the largest 1.5 MB, touch about 7.5 MB), at most
    /// `batchPrefaultLimit`, in whole 64 KB. A batch of small files faults in little: 8 MB
    /// took an empty file's batch 9.1 ms instead of 2.1 ms for the same file converted alone.
    static func batchPrefault(largestInput: Int) -> Int {
        let step = 64 << 10
        return min(batchPrefaultLimit, (largestInput * 5 + step - 1) / step * step)
    }

    /// Allocates `bytes` on the calling thread's heap, in blocks glibc does not map on their
    /// own, and frees them: the memory the thread's next allocations take. Returns where the
    /// blocks were.
    static func nextHeapBlocks(bytes: Int) -> [UnsafeMutableRawBufferPointer] {
        let size = min(Int(mmapThreshold) / 2, bytes)
        guard size > 0 else { return [] }
        let blocks = (0..<(bytes / size)).compactMap { _ in
            malloc(size).map { UnsafeMutableRawBufferPointer(start: $0, count: size) }
        }
        for block in blocks { free(block.baseAddress) }
        return blocks
    }

    /// Faults in the pages of `blocks` (from `nextHeapBlocks` on another thread) without
    /// touching their contents (`MADV_POPULATE_WRITE`, Linux 5.14; elsewhere nothing happens),
    /// so the thread that allocates there does not stop at a page fault for each new page.
    /// A batch's worker starts with an empty heap: with `--jobs 1` on 2 cores the first 8 MB of
    /// it (the 72 corpus pages touch about 7.5 MB) faulted in by the otherwise idle main thread
    /// took the worker's page faults 1,890 -> 285 and its CPU time 146.8 -> 140.8 ms (p25 of
    /// 15 interleaved runs; min 143.7 -> 139.2; the batch's wall time moved less than the
    /// shared machine's noise). Freed heap memory stays mapped (the batch's trim threshold);
    /// had it been given back, the call would fail harmlessly.
    /// It stops early once `finished()` is true (checked every `prefaultStep`): the workers
    /// are done, and the pages would only be cleared for the process to end.
    static func prefault(_ blocks: [UnsafeMutableRawBufferPointer], until finished: () -> Bool) {
        #if canImport(Glibc)
            for block in blocks {
                var start = (UInt(bitPattern: block.baseAddress) + 4095) & ~4095
                let end = (UInt(bitPattern: block.baseAddress) + UInt(block.count)) & ~4095
                while start < end {
                    if finished() { return }
                    let count = min(end - start, UInt(prefaultStep))
                    _ = madvise(UnsafeMutableRawPointer(bitPattern: start), Int(count), 23)
                    start += count
                }
            }
        #endif
    }

    private static func set(parameter: Int32, to value: Int32) {
        #if canImport(Glibc)
            _ = mallopt(parameter, value)
        #endif
    }
}

#if canImport(Glibc)
    /// glibc's `mallopt`, which the Glibc module does not export: declared by its C name (a
    /// look-up with `dlsym` finds nothing in a static executable).
    @_silgen_name("mallopt") private func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
