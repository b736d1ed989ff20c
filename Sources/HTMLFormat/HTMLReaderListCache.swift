import HTML5Parser

/// Values computed from an element's attribute list (with a tag and a small key of the
/// caller's), kept by the list's storage. The HTML tokenizer hands the same array storage to
/// every tag whose attribute bytes equal an earlier tag's (three quarters of the lists of the
/// benchmark corpus are such repeats), so a repeat is found by comparing one address, without
/// reading the attributes or hashing their bytes.
///
/// Direct-mapped: a list whose slot is taken replaces the entry there, so the table never
/// holds more entries than it has slots (memory is bounded whatever the input). Each entry
/// keeps its list (retained): the storage an address names cannot be freed and reused for
/// another list while the entry is there.
struct HTMLReaderListCache<Value> {
    /// An entry: what was computed for a list (by the address of its storage, which it keeps),
    /// a tag and a key.
    private struct Entry {
        var address: UInt
        var key: UInt
        var tag: String?
        var list: [HTMLAttribute]
        var value: Value
    }

    /// Per slot, the entry there (-1: none).
    private var slots: [Int32] = []
    private var entries: [Entry] = []
    /// The number of slots (a power of two) allocated on first use.
    private let capacity: Int

    /// A cache of at most `capacity` entries (rounded up to a power of two, at least 16).
    init(capacity: Int) {
        let c = max(16, capacity)
        self.capacity = c.nonzeroBitCount == 1 ? c : 1 << (Int.bitWidth - c.leadingZeroBitCount)
    }

    /// The value stored for `list` (non-empty), `tag` and `key`, or `build()` stored and
    /// returned.
    @inline(__always)
    mutating func value(
        _ list: [HTMLAttribute], tag: String?, key: UInt, orBuild build: () -> Value
    ) -> Value {
        let (found, slot) = value(list, tag: tag, key: key)
        if let found { return found }
        let value = build()
        store(value, at: slot, list, tag: tag, key: key)
        return value
    }

    /// The value stored for `list` (non-empty), `tag` and `key` (nil: none), and the slot to
    /// `store` one at.
    @inline(__always)
    mutating func value(_ list: [HTMLAttribute], tag: String?, key: UInt) -> (Value?, Int) {
        let address = Self.address(list)
        if slots.isEmpty { slots = Array(repeating: -1, count: capacity) }
        let h = ((address ^ key) &+ UInt(tag?.utf8.count ?? 0) &<< 8) &* 0x9E37_79B9_7F4A_7C15
        // The top bits of the product: they depend on every bit of the address.
        let slot = Int(truncatingIfNeeded: h >> (UInt.bitWidth - capacity.trailingZeroBitCount))
        let e = Int(slots[slot])
        guard
            e >= 0 && entries[e].address == address && entries[e].key == key
                && entries[e].tag == tag
        else { return (nil, slot) }
        return (entries[e].value, slot)
    }

    /// Stores `value` for `list`, `tag` and `key` at `slot` (from `value(_:tag:key:)`), in
    /// place of the entry there if there is one.
    mutating func store(
        _ value: Value, at slot: Int, _ list: [HTMLAttribute], tag: String?, key: UInt
    ) {
        let entry = Entry(address: Self.address(list), key: key, tag: tag, list: list, value: value)
        let e = Int(slots[slot])
        if e >= 0 {
            entries[e] = entry
        } else {
            slots[slot] = Int32(entries.count)
            entries.append(entry)
        }
    }

    /// The address of a list's elements: the same for lists that share their storage.
    @inline(__always)
    private static func address(_ list: [HTMLAttribute]) -> UInt {
        list.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    }
}
