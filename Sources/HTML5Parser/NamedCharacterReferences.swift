/// The named character reference table with longest-prefix lookup.
///
/// Names are kept sorted by bytes; a match narrows a `[lo, hi)` range one byte at a time
/// (two binary searches per byte), which is a trie walk without building a trie.
final class NamedCharacterReferences: Sendable {
    static let shared = NamedCharacterReferences()

    /// The names without the leading `&` (those ending in `;` include it), sorted by bytes,
    /// back to back: one flat array, not an array per name (2,231 small arrays were about
    /// 100 KB of heap, as much as the text of a small page).
    let nameBytes: [UInt8]
    /// Where each name starts in `nameBytes`, plus the end of the last one.
    let nameStarts: [Int32]
    /// The replacement text of each name (UTF-8, one or two scalars), back to back like the
    /// names: as 2,231 Strings the values were 36 KB more of a parse's heap.
    let valueBytes: [UInt8]
    /// Where each value starts in `valueBytes`, plus the end of the last one.
    let valueStarts: [Int32]

    /// Reads ``source`` byte by byte (splitting the String by `Character` made this first use
    /// cost about 29 million instructions, several milliseconds of a first parse).
    private init() {
        var nameBytes: [UInt8] = []
        var nameStarts: [Int32] = []
        var valueBytes: [UInt8] = []
        var valueStarts: [Int32] = []
        nameBytes.reserveCapacity(20_000)
        nameStarts.reserveCapacity(2232)
        valueBytes.reserveCapacity(6_000)
        valueStarts.reserveCapacity(2232)
        var source = Self.source
        source.withUTF8 { b in
            let n = b.count
            var i = 0
            // Entries are `name=HEX[,HEX]`, separated by a space or a newline.
            while i < n {
                let start = i
                while i < n && b[i] != 0x3D { i += 1 }
                nameStarts.append(Int32(nameBytes.count))
                nameBytes.append(contentsOf: b[start..<i])
                valueStarts.append(Int32(valueBytes.count))
                while i < n && (b[i] == 0x3D || b[i] == 0x2C) {
                    i += 1
                    var v: UInt32 = 0
                    while i < n && b[i] != 0x2C && b[i] != 0x20 && b[i] != 0x0A {
                        let c = UInt32(b[i] | 0x20)
                        v = v &* 16 &+ (c >= 0x61 ? c - 0x61 + 10 : c - 0x30)
                        i += 1
                    }
                    if let u = Unicode.Scalar(v) { valueBytes.append(contentsOf: String(u).utf8) }
                }
                i += 1  // the space or newline
            }
        }
        nameStarts.append(Int32(nameBytes.count))
        valueStarts.append(Int32(valueBytes.count))
        self.nameBytes = nameBytes
        self.nameStarts = nameStarts
        self.valueBytes = valueBytes
        self.valueStarts = valueStarts
    }

    /// Calls `body` with the UTF-8 bytes of the value of name `index` (from `longestMatch`).
    @inline(__always)
    func withValue<R>(_ index: Int, _ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
        valueBytes.withUnsafeBufferPointer { bytes in
            valueStarts.withUnsafeBufferPointer { starts in
                let start = Int(starts[index])
                return body(bytes.baseAddress! + start, Int(starts[index + 1]) - start)
            }
        }
    }

    /// The longest table name that starts at `p[i]`: its length in bytes and value index.
    func longestMatch(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> (length: Int, index: Int)? {
        nameBytes.withUnsafeBufferPointer { bytes in
            nameStarts.withUnsafeBufferPointer { starts in
                // Byte k of name m, or -1 past its end (names of length k sort first).
                func byte(_ m: Int, _ k: Int) -> Int {
                    let at = Int(starts[m]) + k
                    return at < Int(starts[m + 1]) ? Int(bytes[at]) : -1
                }
                var lo = 0
                var hi = starts.count - 1
                var k = 0
                var best: (Int, Int)?
                while i + k < n && k < 32 {
                    let c = Int(p[i + k])
                    // First index in [lo, hi) whose byte k is >= c.
                    var a = lo
                    var b = hi
                    while a < b {
                        let m = (a + b) >> 1
                        if byte(m, k) < c { a = m + 1 } else { b = m }
                    }
                    let newLo = a
                    b = hi
                    while a < b {
                        let m = (a + b) >> 1
                        if byte(m, k) <= c { a = m + 1 } else { b = m }
                    }
                    lo = newLo
                    hi = a
                    if lo >= hi { break }
                    k += 1
                    if Int(starts[lo + 1] - starts[lo]) == k { best = (k, lo) }
                }
                return best
            }
        }
    }
}
