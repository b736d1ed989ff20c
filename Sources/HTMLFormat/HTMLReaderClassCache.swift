import ByteScan
import Foundation

/// Values built from a class attribute (and an element's tag), kept for the rest of one
/// document: pages repeat a few hundred class values over thousands of elements (92% of the
/// class attributes of the benchmark corpus repeat one of their page).
///
/// Keys are compared and hashed by their UTF-8 bytes (an FNV-style hash, open addressing):
/// `String` hashing normalizes Unicode first and cost more than a hit saves, and values that
/// are canonically equivalent but spelt differently must not share an entry.
struct HTMLReaderClassCache<Value> {
    private struct Entry {
        let tag: String?
        let key: String
        let value: Value
    }

    /// A slot of the table: a key's hash and its entry (-1: empty). Probes read only these:
    /// reading an `Entry?` slot copied the entry out (retaining its strings and value).
    private struct Slot {
        var hash: UInt64
        var entry: Int32
    }

    private var slots: [Slot] = []
    private var entries: [Entry] = []

    /// The value stored for `tag` and `key`, or `build()` stored and returned.
    mutating func value(tag: String?, key: String, orBuild build: () -> Value) -> Value {
        var key = key
        let hash = key.withUTF8 { Self.hash($0, tag: tag) }
        if !slots.isEmpty {
            let found = slots.withUnsafeBufferPointer { slots in
                entries.withUnsafeBufferPointer { entries in
                    let mask = slots.count - 1
                    var slot = Int(truncatingIfNeeded: hash) & mask
                    while slots[slot].entry >= 0 {
                        if slots[slot].hash == hash {
                            let entry = entries.baseAddress! + Int(slots[slot].entry)
                            if Self.sameBytes(entry.pointee.key, key)
                                && Self.sameTag(entry.pointee.tag, tag)
                            {
                                return Int(slots[slot].entry)
                            }
                        }
                        slot = (slot + 1) & mask
                    }
                    return -1
                }
            }
            if found >= 0 { return entries[found].value }
        }
        let value = build()
        if (entries.count + 1) * 2 > slots.count { grow() }
        insert(hash, Int32(entries.count))
        entries.append(Entry(tag: tag, key: key, value: value))
        return value
    }

    private mutating func insert(_ hash: UInt64, _ entry: Int32) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot].entry >= 0 { slot = (slot + 1) & mask }
        slots[slot] = Slot(hash: hash, entry: entry)
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(hash: 0, entry: -1), count: max(64, old.count * 2))
        for slot in old where slot.entry >= 0 { insert(slot.hash, slot.entry) }
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, tag: String?) -> UInt64 {
        var h = mix(bytes, into: 0xCBF2_9CE4_8422_2325)
        if let tag {
            // The bytes in place: iterating `tag.utf8` decoded the string byte by byte.
            var tag = tag
            h = tag.withUTF8 { mix($0, into: (h ^ 0xFF) &* 0x0000_0100_0000_01B3) }
        }
        // The low bits pick the slot: fold the high ones in.
        return h ^ (h >> 29)
    }

    /// `h` with `bytes` mixed in eight at a time (FNV-style multiply, then the rest one by
    /// one): class values are tens of bytes, and a byte at a time cost most of a lookup.
    private static func mix(_ bytes: UnsafeBufferPointer<UInt8>, into h: UInt64) -> UInt64 {
        var h = h
        var p = 0
        if let base = bytes.baseAddress {
            while p + 8 <= bytes.count {
                h = (h ^ ByteScan.word(base, p)) &* 0x0000_0100_0000_01B3
                h ^= h >> 32
                p += 8
            }
        }
        while p < bytes.count {
            h = (h ^ UInt64(bytes[p])) &* 0x0000_0100_0000_01B3
            p += 1
        }
        return h
    }

    private static func sameTag(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return sameBytes(a, b)
    }

    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        // In place when both are contiguous (native or small strings, as attribute values
        // are); `withUTF8` needs `var` copies (a retain and a release each).
        let inPlace = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                x.count == y.count
                    && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
        if let inPlace, let same = inPlace { return same }
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                x.count == y.count
                    && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
    }
}
