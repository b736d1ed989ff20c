#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// A growable byte buffer for writers: appends cost a capacity test and a copy (an `Array`
/// append checks uniqueness and goes through the generic copy), and growing uses `realloc`,
/// which extends large buffers in place.
///
/// A copy shares the storage: the owner keeps one value and calls `deallocate()` once.
///
/// ```swift
/// var out = OutputBytes()
/// out.append(ascii: "# ")
/// out.append(utf8: "Titre")
/// let text = out.string()  // "# Titre"
/// out.deallocate()
/// ```
public struct OutputBytes: RandomAccessCollection, MutableCollection {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    /// How many bytes are written.
    @usableFromInline var used = 0
    @usableFromInline var capacity: Int

    /// An empty buffer with room for `capacity` bytes.
    public init(capacity: Int = 256) {
        self.capacity = Swift.max(16, capacity)
        base = malloc(self.capacity)!.assumingMemoryBound(to: UInt8.self)
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { used }
    @inlinable public var count: Int { used }

    @inlinable
    public subscript(index: Int) -> UInt8 {
        get {
            precondition(index >= 0 && index < count, "index out of range")
            return base[index]
        }
        set {
            precondition(index >= 0 && index < count, "index out of range")
            base[index] = newValue
        }
    }

    @inlinable
    public func withContiguousStorageIfAvailable<R>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> R
    ) rethrows -> R? {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// Calls `body` with the bytes written so far.
    @inlinable
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R)
        rethrows -> R
    {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if count == capacity { grow(count &+ 1) }
        base[count] = byte
        used &+= 1
    }

    @inlinable @inline(__always)
    public mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let length = bytes.count
        if count &+ length > capacity { grow(count &+ length) }
        let target = base + count
        if length <= 16 {
            // Markup and short runs: two overlapping word copies (within the source and the
            // target ranges) instead of a memmove call.
            let from = UnsafeRawPointer(source)
            let to = UnsafeMutableRawPointer(target)
            if length >= 8 {
                to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
                to.storeBytes(
                    of: from.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self),
                    toByteOffset: length &- 8, as: UInt64.self)
            } else if length >= 4 {
                to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
                to.storeBytes(
                    of: from.loadUnaligned(fromByteOffset: length &- 4, as: UInt32.self),
                    toByteOffset: length &- 4, as: UInt32.self)
            } else if length > 0 {
                target[0] = source[0]
                target[length &>> 1] = source[length &>> 1]
                target[length &- 1] = source[length &- 1]
            }
        } else {
            target.update(from: source, count: length)
        }
        used &+= length
    }

    /// Appends the bytes of any sequence (through its contiguous storage when it has one:
    /// arrays, slices of these buffers, native strings' UTF-8).
    @inlinable
    public mutating func append<S: Sequence<UInt8>>(contentsOf bytes: S) {
        if bytes.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) != nil { return }
        for byte in bytes { append(byte) }
    }

    /// Appends the bytes of a literal.
    @inlinable @inline(__always)
    public mutating func append(ascii text: StaticString) {
        append(
            contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 bytes of `text` (in place when they are contiguous).
    @inlinable
    public mutating func append(utf8 text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) != nil { return }
        var copy = text
        copy.withUTF8 { append(contentsOf: $0) }
    }

    /// Appends `count` copies of `byte`.
    @inlinable
    public mutating func append(repeating byte: UInt8, count n: Int) {
        guard n > 0 else { return }
        if count &+ n > capacity { grow(count &+ n) }
        (base + count).update(repeating: byte, count: n)
        used &+= n
    }

    /// Inserts `byte` before `base[index]`.
    public mutating func insert(_ byte: UInt8, at index: Int) {
        precondition(index >= 0 && index <= count, "index out of range")
        append(byte)
        memmove(base + index + 1, base + index, count - 1 - index)
        base[index] = byte
    }

    @inlinable
    public mutating func removeLast() {
        precondition(count > 0, "removeLast from an empty buffer")
        used &-= 1
    }

    /// Empties the buffer; the storage is kept.
    @inlinable
    public mutating func removeAll() { used = 0 }

    /// Grows fourfold: a growing buffer is copied to its new place unless the C allocator can
    /// extend it, and copying at each doubling cost as much as the output's size again.
    @usableFromInline
    mutating func grow(_ needed: Int) {
        var newCapacity = capacity &* 4
        while newCapacity < needed { newCapacity &*= 4 }
        base = realloc(base, newCapacity)!.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }

    /// The bytes as a String, not validated again (debug builds check): the writer makes
    /// them valid UTF-8 (whole strings, ASCII markup, cuts next to ASCII bytes).
    public func string() -> String {
        ByteScan.string(fromValidUTF8: UnsafeBufferPointer(start: base, count: count))
    }

    /// Frees the storage; no copy of the buffer may be used afterwards.
    public func deallocate() { free(base) }
}
