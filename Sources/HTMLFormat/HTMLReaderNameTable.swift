import HTML5Parser

/// A table of short ASCII names (tag names) looked up by their bytes, without hashing a
/// `String`: a name of up to 16 bytes is packed into two words, and a multiplicative hash of
/// the words indexes an open-addressing table.
///
/// The reader looks up every element's name (its role, whether it is a block) and every start
/// tag of a snippet (known or not); a `Set<String>` or `[String: V]` hashes each name with
/// SipHash first, which costs more than the rest of the lookup.
///
/// ```swift
/// let table = HTMLReaderNameTable(["p": 1, "div": 2])
/// table[name: "div"] // 2
/// table[name: "span"] // nil
/// ```
///
/// Names that the parser gives a tag code (`HTMLNode.tagCode`) are also kept by code: an
/// element with one is looked up by that byte (`subscript(code:name:)`).
struct HTMLReaderNameTable<Value: Sendable>: Sendable {
    /// A packed name: bytes 0-7 in `low`, 8-15 in `high`, little-endian, zero-padded. Names
    /// never contain a zero byte, so the padding is unambiguous, and `low` is never 0.
    struct Key: Equatable, Sendable {
        var low: UInt64
        var high: UInt64
    }

    private var keys: [Key]
    private var values: [Value?]
    private let shift: UInt64
    /// The slot in `values` by `HTMLNode.tagCode`, -1 for none (index 0, no code, holds -1):
    /// 512 bytes, where a value per code took up to 8 KB a table.
    private var byCode: [Int16] = Array(repeating: -1, count: 256)

    /// Creates a table from names (ASCII, at most 16 bytes each) and their values.
    init(_ entries: [String: Value]) {
        self.init(pairs: entries.map { ($0.key, $0.value) })
    }

    /// Creates a table from names (ASCII, at most 16 bytes each) and their values, the first
    /// value of a name repeated. Built straight from the pairs: the reader's table of every
    /// known tag, built through a `Set` and a `Dictionary` (hashing each name twice), was over
    /// half of an empty conversion's instructions (437,000 of 811,000, callgrind).
    init(pairs entries: [(String, Value)]) {
        // At most half full: a probe seldom goes past the first slot, and the tables (built
        // once per process, kept for its life) stay small.
        var bits: UInt64 = 4
        while (1 << bits) < entries.count * 2 { bits += 1 }
        shift = 64 - bits
        keys = Array(repeating: Key(low: 0, high: 0), count: 1 << bits)
        values = Array(repeating: nil, count: 1 << bits)
        for (name, value) in entries {
            guard let key = Self.key(name.utf8) else {
                preconditionFailure("name table entry '\(name)' is empty or longer than 16 bytes")
            }
            var slot = slot(of: key)
            while keys[slot].low != 0, keys[slot] != key { slot = (slot + 1) & (keys.count - 1) }
            if keys[slot] == key { continue }
            keys[slot] = key
            values[slot] = value
            let code = HTMLNode.tagCode(of: name)
            if code != 0 { byCode[Int(code)] = Int16(slot) }
        }
    }

    /// Packs a name; nil when it is empty, longer than 16 bytes or holds a zero byte (such a
    /// name is in no table).
    @inline(__always)
    static func key<S: Sequence<UInt8>>(_ bytes: S) -> Key? {
        var key = Key(low: 0, high: 0)
        var count = 0
        for byte in bytes {
            guard byte != 0, count < 16 else { return nil }
            if count < 8 {
                key.low |= UInt64(byte) << (8 * UInt64(count))
            } else {
                key.high |= UInt64(byte) << (8 * UInt64(count - 8))
            }
            count += 1
        }
        return count == 0 ? nil : key
    }

    @inline(__always)
    private func slot(of key: Key) -> Int {
        let mixed = (key.low ^ (key.high &* 0x9E37_79B9_7F4A_7C15)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: mixed >> shift)
    }

    /// The value stored for a packed name.
    @inline(__always)
    subscript(key: Key) -> Value? {
        var slot = slot(of: key)
        while true {
            let found = keys[slot]
            if found == key { return values[slot] }
            if found.low == 0 { return nil }
            slot = (slot + 1) & (keys.count - 1)
        }
    }

    /// The value stored for the name of a node with tag code `code` (`HTMLNode.tagCode`)
    /// and name `name`: by the code when it has one, else by the name.
    @inline(__always)
    subscript(code code: UInt8, name name: @autoclosure () -> String) -> Value? {
        guard code != 0 else { return self[name: name()] }
        let slot = byCode[Int(code)]
        return slot >= 0 ? values[Int(slot)] : nil
    }

    /// The value stored for `name`.
    @inline(__always)
    subscript(name name: String) -> Value? {
        // The bytes through a buffer (a tag name is a small string, copied to the stack):
        // iterating `name.utf8` directly costs more than the rest of the lookup.
        let key = name.utf8.withContiguousStorageIfAvailable { Self.key($0) } ?? Self.key(name.utf8)
        guard let key else { return nil }
        return self[key]
    }
}
