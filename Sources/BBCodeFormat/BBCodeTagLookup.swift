import ByteScan

/// Finds a dialect's tags by name bytes, case-insensitively, without building a `String`.
///
/// An open-addressed table keyed by the lower-cased name's first eight bytes and its length
/// (the scanner folds the key as it reads the name); longer names compare their other bytes
/// too. Rebuilt when the dialect changes.
struct BBCodeTagLookup: Sendable {
    /// One table entry: a name's key and length, and its tag index + 1 (0: empty).
    private struct Slot {
        var key: UInt64 = 0
        var length: Int32 = 0
        var entry: Int32 = 0
    }

    /// All names' UTF-8 bytes, back to back.
    private var bytes: [UInt8] = []
    /// Per tag index: where its name starts in `bytes` (the end is the next start).
    private var starts: [Int] = [0]
    /// The count is a power of two.
    private var slots: [Slot] = []

    /// A table for `names` (already lower-case), indexed like the dialect's tags.
    init(names: [String]) {
        for name in names {
            bytes.append(contentsOf: name.utf8)
            starts.append(bytes.count)
        }
        var size = 64
        while size < names.count * 4 { size *= 2 }
        slots = Array(repeating: Slot(), count: size)
        for index in names.indices {
            let s = starts[index]
            let e = starts[index + 1]
            guard e > s else { continue }
            var key: UInt64 = 0
            for k in s..<min(e, s + 8) { key = BBCodeTagLookup.fold(key, bytes[k], at: k - s) }
            var slot = BBCodeTagLookup.hash(key, e - s) & (size - 1)
            while slots[slot].entry != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Slot(key: key, length: Int32(e - s), entry: Int32(index + 1))
        }
    }

    /// Adds the lower-cased name byte `byte` at `position` (< 8) to `key`.
    @inline(__always)
    static func fold(_ key: UInt64, _ byte: UInt8, at position: Int) -> UInt64 {
        key | UInt64(ByteScan.lowercasedASCII(byte)) &<< UInt64(position &* 8)
    }

    @inline(__always)
    private static func hash(_ key: UInt64, _ count: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 40) &+ count &* 13
    }

    /// The index of the tag named by `b[start..<end]` (ASCII letters in any case), or nil.
    /// `key` is the `fold` of its first eight bytes.
    @inline(__always)
    func find(_ b: UnsafePointer<UInt8>, _ start: Int, _ end: Int, key: UInt64) -> Int? {
        let count = end - start
        guard count > 0, !slots.isEmpty else { return nil }
        // (Read through buffer pointers: the probe loop runs for every tag of the input.)
        return slots.withUnsafeBufferPointer { slots in
            let mask = slots.count - 1
            var slot = BBCodeTagLookup.hash(key, count) & mask
            while true {
                let candidate = slots[slot]
                if candidate.entry == 0 { return nil }
                if candidate.key == key, Int(candidate.length) == count {
                    let index = Int(candidate.entry) - 1
                    if count <= 8 || matchesTail(b, start, count, index) { return index }
                }
                slot = (slot + 1) & mask
            }
        }
    }

    /// Whether the bytes after the first eight of `b[start..<start + count]` are those of
    /// the name of tag `index` (ignoring ASCII case).
    private func matchesTail(_ b: UnsafePointer<UInt8>, _ start: Int, _ count: Int, _ index: Int)
        -> Bool
    {
        starts.withUnsafeBufferPointer { starts in
            bytes.withUnsafeBufferPointer { names in
                let s = starts[index]
                var k = 8
                while k < count, names[s + k] == ByteScan.lowercasedASCII(b[start + k]) { k += 1 }
                return k == count
            }
        }
    }
}
