import ByteScan

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
    struct OutputBuffer {
        private var base: UnsafeMutablePointer<UInt8>
        private var count = 0
        private var capacity: Int
        /// How many NUL characters the HTML escaper replaced with U+FFFD.
        package var replacedNULs = 0

        init(capacity: Int = 1_024) {
            self.capacity = max(64, capacity)
            base = malloc(self.capacity)!.assumingMemoryBound(to: UInt8.self)
        }

        /// The last byte written, if any.
        @inline(__always)
        var last: UInt8? { count > 0 ? base[count - 1] : nil }

        @inline(__always)
        mutating func append(_ byte: UInt8) {
            if count == capacity { grow(count + 1) }
            base[count] = byte
            count += 1
        }

        @inline(__always)
        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress, bytes.count > 0 else { return }
            let length = bytes.count
            if count + length > capacity { grow(count + length) }
            let target = base + count
            if length <= 16 {
                // Tags and short runs: two overlapping word copies (unaligned, within the
                // source and target ranges) instead of a memmove call.
                let from = UnsafeRawPointer(source)
                let to = UnsafeMutableRawPointer(target)
                if length >= 8 {
                    to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
                    to.storeBytes(
                        of: from.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self),
                        toByteOffset: length - 8, as: UInt64.self)
                } else if length >= 4 {
                    to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
                    to.storeBytes(
                        of: from.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self),
                        toByteOffset: length - 4, as: UInt32.self)
                } else {
                    target[0] = source[0]
                    target[length / 2] = source[length / 2]
                    target[length - 1] = source[length - 1]
                }
            } else {
                target.update(from: source, count: length)
            }
            count += length
        }

        @inline(__always)
        mutating func append(_ text: StaticString) {
            append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        mutating func append(_ text: String) {
            text.withUTF8InPlace { append($0) }
        }

        /// Grows fourfold: a growing buffer is copied to its new place unless the C allocator
        /// can extend it, and copying each doubling again cost as much as the output's size.
        private mutating func grow(_ needed: Int) {
            var newCapacity = capacity * 4
            while newCapacity < needed { newCapacity *= 4 }
            base = realloc(base, newCapacity)!.assumingMemoryBound(to: UInt8.self)
            capacity = newCapacity
        }

        /// The bytes as a String, not validated again (debug builds check): they are valid
        /// UTF-8 by construction (whole strings, ASCII markup, cuts next to ASCII bytes).
        func string() -> String {
            ByteScan.string(fromValidUTF8: UnsafeBufferPointer(start: base, count: count))
        }

        /// Frees the storage; the buffer must not be used afterwards.
        func deallocate() { free(base) }
    }
}
