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
    /// Where a stored tag and key are in `bytes`: the tag at `tag..<key` (`tag` -1: no tag),
    /// the key at `key..<end`. Lookups compare bytes in place: keeping each key as a `String`
    /// cost a retain and a release of it (and of its tag) per probe.
    private struct Stored {
        var tag: Int32
        var key: Int32
        var end: Int32
    }

    /// A slot of the table: a key's hash and its entry (-1: empty).
    private struct Slot {
        var hash: UInt64
        var entry: Int32
    }

    private var slots: [Slot] = []
    private var stored: [Stored] = []
    private var values: [Value] = []
    /// The UTF-8 of every stored tag and key, one after another.
    private var bytes: [UInt8] = []

    /// The value stored for `tag` and `key`, or `build()` stored and returned.
    mutating func value(tag: String?, key: String, orBuild build: () -> Value) -> Value {
        let (hash, found) = key.withUTF8InPlace { k in
            guard let tag else { return find(k, tag: nil) }
            return tag.withUTF8InPlace { find(k, tag: $0) }
        }
        if found >= 0 { return values[found] }
        let value = build()
        if (values.count + 1) * 2 > slots.count { grow() }
        insert(hash, Int32(values.count))
        let tagStart = tag == nil ? -1 : bytes.count
        if let tag { bytes.append(contentsOf: tag.utf8) }
        let keyStart = bytes.count
        bytes.append(contentsOf: key.utf8)
        stored.append(Stored(tag: Int32(tagStart), key: Int32(keyStart), end: Int32(bytes.count)))
        values.append(value)
        return value
    }

    /// The hash of a key and the index of its entry (-1: not stored).
    private func find(_ key: UnsafeBufferPointer<UInt8>, tag: UnsafeBufferPointer<UInt8>?)
        -> (UInt64, Int)
    {
        var h = Self.mix(key, into: 0xCBF2_9CE4_8422_2325)
        if let tag { h = Self.mix(tag, into: (h ^ 0xFF) &* 0x0000_0100_0000_01B3) }
        // The low bits pick the slot: fold the high ones in.
        let hash = h ^ (h >> 29)
        guard !slots.isEmpty else { return (hash, -1) }
        return slots.withUnsafeBufferPointer { slots in
            stored.withUnsafeBufferPointer { stored in
                bytes.withUnsafeBufferPointer { bytes in
                    let mask = slots.count - 1
                    var slot = Int(truncatingIfNeeded: hash) & mask
                    while slots[slot].entry >= 0 {
                        let e = stored[Int(slots[slot].entry)]
                        if slots[slot].hash == hash && Self.same(bytes, e.key, e.end, key)
                            && (tag == nil
                                ? e.tag < 0 : e.tag >= 0 && Self.same(bytes, e.tag, e.key, tag!))
                        {
                            return (hash, Int(slots[slot].entry))
                        }
                        slot = (slot + 1) & mask
                    }
                    return (hash, -1)
                }
            }
        }
    }

    /// Whether `bytes[start..<end]` are the bytes of `b`.
    private static func same(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int32, _ end: Int32,
        _ b: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        Int(end - start) == b.count
            && (b.isEmpty || memcmp(bytes.baseAddress! + Int(start), b.baseAddress!, b.count) == 0)
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
}
