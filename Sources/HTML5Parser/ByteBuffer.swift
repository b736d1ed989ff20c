import ByteScan

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// A growable byte buffer without copy-on-write or ARC: the tokenizer's scratch space.
/// Its owner must call ``free()`` once.
struct ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int
    /// Whether `base` was allocated by this buffer (and is freed by it).
    private var ownsBase: Bool

    /// A buffer of `capacity` bytes; with 0, nothing is allocated until the first append
    /// (for buffers most parses never use: a short snippet pays no malloc for them).
    init(capacity: Int = 64) {
        // With capacity 0, `base` is a never-dereferenced placeholder (count stays 0).
        base = capacity > 0 ? .allocate(capacity: capacity) : UnsafeMutablePointer(bitPattern: 16)!
        self.capacity = capacity
        ownsBase = capacity > 0
    }

    /// A buffer starting in `capacity` bytes at `storage`, which its owner frees (after this
    /// buffer's ``free()``); it moves to memory of its own if it outgrows them. Lets several
    /// buffers share one allocation.
    init(storage: UnsafeMutablePointer<UInt8>, capacity: Int) {
        base = storage
        self.capacity = capacity
        ownsBase = false
    }

    func free() { if ownsBase { base.deallocate() } }

    private mutating func grow(_ needed: Int) {
        var c = max(capacity * 2, 32)
        while c < needed { c *= 2 }
        let nb = UnsafeMutablePointer<UInt8>.allocate(capacity: c)
        if count > 0 { nb.update(from: base, count: count) }
        if ownsBase { base.deallocate() }
        base = nb
        capacity = c
        ownsBase = true
    }

    @inline(__always) var isEmpty: Bool { count == 0 }
    @inline(__always) mutating func clear() { count = 0 }

    @inline(__always) mutating func append(_ b: UInt8) {
        if count == capacity { grow(count + 1) }
        base[count] = b
        count += 1
    }

    @inline(__always) mutating func append(_ p: UnsafePointer<UInt8>, _ n: Int) {
        if count + n > capacity { grow(count + n) }
        (base + count).update(from: p, count: n)
        count += n
    }

    mutating func append(contentsOf bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0.baseAddress!, $0.count) }
    }

    mutating func append(buffer other: ByteBuffer) {
        append(UnsafePointer(other.base), other.count)
    }

    mutating func append(utf8 s: String) {
        var s = s
        s.withUTF8 { if let b = $0.baseAddress { append(b, $0.count) } }
    }

    @inline(__always) mutating func removeLast(_ k: Int) { count -= k }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The bytes as a `String`, not validated again (debug builds check): the tokenizer's
    /// input is valid UTF-8 (``InputStream`` repaired it) and its tokens end next to ASCII
    /// bytes.
    func string() -> String { ByteScan.string(fromValidUTF8: bytes) }

    func equals(_ other: ByteBuffer) -> Bool {
        count == other.count && (count == 0 || memcmp(base, other.base, count) == 0)
    }

    /// Whether the `n` bytes at `offset` are those at `other`.
    func matches(_ other: UnsafePointer<UInt8>, _ n: Int, at offset: Int) -> Bool {
        memcmp(base + offset, other, n) == 0
    }

    func equals(_ s: StaticString) -> Bool {
        count == s.utf8CodeUnitCount && memcmp(base, s.utf8Start, count) == 0
    }
}
