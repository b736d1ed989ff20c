#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension HTMLWriter {
    /// A growable byte buffer with cheap appends; the owner calls `deallocate()` once.
    ///
    /// The storage is C heap memory grown with `realloc`, which extends large buffers in place
    /// (no copy of what was written).
    package struct OutputBuffer {
        package private(set) var base: UnsafeMutablePointer<UInt8>
        package private(set) var count = 0
        private var capacity: Int

        package init(capacity: Int = 1_024) {
            self.capacity = max(64, capacity)
            base = malloc(self.capacity)!.assumingMemoryBound(to: UInt8.self)
        }

        /// The last byte written, if any.
        @inline(__always)
        package var last: UInt8? { count > 0 ? base[count - 1] : nil }

        @inline(__always)
        package mutating func append(_ byte: UInt8) {
            if count == capacity { grow(count + 1) }
            base[count] = byte
            count += 1
        }

        @inline(__always)
        package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress, bytes.count > 0 else { return }
            if count + bytes.count > capacity { grow(count + bytes.count) }
            (base + count).update(from: source, count: bytes.count)
            count += bytes.count
        }

        @inline(__always)
        package mutating func append(_ text: StaticString) {
            append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        package mutating func append(_ text: String) {
            var text = text
            text.withUTF8 { append($0) }
        }

        /// Drops what was written after the first `count` bytes.
        @inline(__always)
        package mutating func truncate(to count: Int) {
            if count < self.count { self.count = max(0, count) }
        }

        private mutating func grow(_ needed: Int) {
            var newCapacity = capacity * 2
            while newCapacity < needed { newCapacity *= 2 }
            base = realloc(base, newCapacity)!.assumingMemoryBound(to: UInt8.self)
            capacity = newCapacity
        }

        /// The bytes as a String (they are valid UTF-8 by construction).
        package func string() -> String {
            String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
        }

        /// Frees the storage; the buffer must not be used afterwards.
        package func deallocate() { free(base) }
    }
}
