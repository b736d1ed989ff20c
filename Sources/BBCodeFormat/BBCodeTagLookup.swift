/// Finds a dialect's tags by name bytes, case-insensitively, without building a `String`.
///
/// An open-addressed table over the lower-cased names; rebuilt when the dialect changes.
struct BBCodeTagLookup: Sendable {
    /// All names' UTF-8 bytes, back to back.
    private var bytes: [UInt8] = []
    /// Per tag index: where its name starts in `bytes` (the end is the next start).
    private var starts: [Int] = [0]
    /// Tag index + 1 per slot, 0 when empty; the count is a power of two.
    private var slots: [Int32] = []

    /// A table for `names` (already lower-case), indexed like the dialect's tags.
    init(names: [String]) {
        for name in names {
            bytes.append(contentsOf: name.utf8)
            starts.append(bytes.count)
        }
        var size = 64
        while size < names.count * 4 { size *= 2 }
        slots = Array(repeating: 0, count: size)
        for index in names.indices {
            let s = starts[index]
            let e = starts[index + 1]
            guard e > s else { continue }
            var slot = BBCodeTagLookup.hash(bytes[s], bytes[e - 1], e - s) & (size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(index + 1)
        }
    }

    @inline(__always)
    private static func hash(_ first: UInt8, _ last: UInt8, _ count: Int) -> Int {
        Int(first) &* 31 &+ Int(last) &* 7 &+ count &* 13
    }

    @inline(__always)
    private static func lower(_ x: UInt8) -> UInt8 {
        (x >= 0x41 && x <= 0x5A) ? x + 32 : x
    }

    /// The index of the tag named by `b[start..<end]` (ASCII letters in any case), or nil.
    func find(_ b: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        let count = end - start
        guard count > 0, !slots.isEmpty else { return nil }
        // (Read through buffer pointers: the probe loop runs for every tag of the input.)
        return slots.withUnsafeBufferPointer { slots in
            starts.withUnsafeBufferPointer { starts in
                bytes.withUnsafeBufferPointer { names in
                    let mask = slots.count - 1
                    var slot =
                        BBCodeTagLookup.hash(
                            BBCodeTagLookup.lower(b[start]), BBCodeTagLookup.lower(b[end - 1]),
                            count) & mask
                    while true {
                        let entry = Int(slots[slot])
                        if entry == 0 { return nil }
                        let index = entry - 1
                        let s = starts[index]
                        if starts[index + 1] - s == count {
                            var k = 0
                            while k < count, names[s + k] == BBCodeTagLookup.lower(b[start + k]) {
                                k += 1
                            }
                            if k == count { return index }
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }
    }

    /// The index of the tag named `name` (lower-case), or nil.
    func find(_ name: String) -> Int? {
        let b = Array(name.utf8)
        return b.withUnsafeBufferPointer { p in p.baseAddress.flatMap { find($0, 0, b.count) } }
    }
}
