import Foundation

/// Values built from a class attribute (and an element's tag), kept for the rest of one
/// document: pages repeat a few hundred class values over thousands of elements (92% of the
/// class attributes of the benchmark corpus repeat one of their page).
///
/// Keys are compared and hashed by their UTF-8 bytes (FNV-1a, open addressing): `String`
/// hashing normalizes Unicode first and cost more than a hit saves, and values that are
/// canonically equivalent but spelt differently must not share an entry.
struct HTMLReaderClassCache<Value> {
    private struct Entry {
        let hash: UInt64
        let tag: String?
        let key: String
        let value: Value
    }

    private var slots: [Entry?] = []
    private var count = 0

    /// The value stored for `tag` and `key`, or `build()` stored and returned.
    mutating func value(tag: String?, key: String, orBuild build: () -> Value) -> Value {
        var key = key
        let hash = key.withUTF8 { Self.hash($0, tag: tag) }
        if !slots.isEmpty {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while let entry = slots[slot] {
                if entry.hash == hash && Self.sameBytes(entry.key, key)
                    && Self.sameTag(entry.tag, tag)
                {
                    return entry.value
                }
                slot = (slot + 1) & mask
            }
        }
        let value = build()
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != nil { slot = (slot + 1) & mask }
        slots[slot] = Entry(hash: hash, tag: tag, key: key, value: value)
        count += 1
        return value
    }

    private mutating func grow() {
        let old = slots
        slots = Array(repeating: nil, count: max(64, old.count * 2))
        let mask = slots.count - 1
        for case let entry? in old {
            var slot = Int(truncatingIfNeeded: entry.hash) & mask
            while slots[slot] != nil { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, tag: String?) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        if let tag {
            h = (h ^ 0xFF) &* 0x0000_0100_0000_01B3
            for byte in tag.utf8 { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        }
        // The low bits pick the slot: fold the high ones in.
        return h ^ (h >> 29)
    }

    private static func sameTag(_ a: String?, _ b: String?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return sameBytes(a, b)
    }

    private static func sameBytes(_ a: String, _ b: String) -> Bool {
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
