#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A growable list of plain values (no references inside) that appends and reads without
/// `Array`'s uniqueness checks: the tokenizer appends a token or a tag every few bytes and
/// the tree builder reads each once. The owner calls `deallocate()` once, after the last use.
///
/// ```swift
/// var tokens = TrivialBuffer<UInt32>()
/// tokens.append(7)
/// tokens[0]  // 7
/// tokens.deallocate()
/// ```
struct TrivialBuffer<Element: BitwiseCopyable> {
    private var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private(set) var capacity = 0

    /// `count` copies of `value`.
    init(repeating value: Element, count: Int) {
        guard count > 0 else { return }
        reserveCapacity(count)
        base.unsafelyUnwrapped.initialize(repeating: value, count: count)
        self.count = count
    }

    init() {}

    /// Makes room for `minimumCapacity` elements in all (growing never shrinks).
    /// (C `realloc`, not `UnsafeMutablePointer.allocate`, which asks `posix_memalign` for
    /// its memory: three times the instructions of `malloc`, at every post. Up to 4 KiB the
    /// size is rounded up to a power of two: posts of different lengths then ask for the
    /// same few sizes, which the C allocator hands back from its per-thread cache.)
    mutating func reserveCapacity(_ minimumCapacity: Int) {
        guard minimumCapacity > capacity else { return }
        let stride = MemoryLayout<Element>.stride
        var bytes = minimumCapacity * stride
        if bytes <= 4096 { bytes = max(256, 1 << (Int.bitWidth - (bytes - 1).leadingZeroBitCount)) }
        guard let grown = realloc(base, bytes) else { fatalError("out of memory") }
        capacity = bytes / stride
        base = grown.bindMemory(to: Element.self, capacity: capacity)
    }

    /// The first element's address (nil before the first `reserveCapacity`): valid until the
    /// buffer grows or is freed.
    var baseAddress: UnsafeMutablePointer<Element>? { base }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { reserveCapacity(max(16, 2 * capacity)) }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
            return base.unsafelyUnwrapped[index]
        }
        set {
            precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "index out of range")
            base.unsafelyUnwrapped[index] = newValue
        }
    }

    var last: Element? { count > 0 ? self[count - 1] : nil }

    /// Frees the storage; the buffer must not be used afterwards.
    func deallocate() { free(base) }
}
