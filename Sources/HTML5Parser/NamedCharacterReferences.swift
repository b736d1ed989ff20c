/// The named character reference table with longest-prefix lookup.
///
/// Names are kept sorted by bytes; a match narrows a `[lo, hi)` range one byte at a time
/// (two binary searches per byte), which is a trie walk without building a trie.
final class NamedCharacterReferences: Sendable {
    static let shared = NamedCharacterReferences()

    /// Names without the leading `&` (those ending in `;` include it), sorted by bytes.
    let names: [[UInt8]]
    /// The replacement text of each name.
    let values: [String]

    /// Reads ``source`` byte by byte (splitting the String by `Character` made this first use
    /// cost about 29 million instructions, several milliseconds of a first parse).
    private init() {
        var names: [[UInt8]] = []
        var values: [String] = []
        names.reserveCapacity(2231)
        values.reserveCapacity(2231)
        var source = Self.source
        source.withUTF8 { b in
            let n = b.count
            var i = 0
            var value: [UInt8] = []
            while i < n {
                let start = i
                while i < n && b[i] != 0x20 && b[i] != 0x0A { i += 1 }
                names.append(Array(b[start..<i]))
                value.removeAll(keepingCapacity: true)
                while i < n && b[i] == 0x20 {
                    i += 1
                    var v: UInt32 = 0
                    while i < n && b[i] != 0x20 && b[i] != 0x0A {
                        let c = UInt32(b[i] | 0x20)
                        v = v &* 16 &+ (c >= 0x61 ? c - 0x61 + 10 : c - 0x30)
                        i += 1
                    }
                    if let u = Unicode.Scalar(v) { value.append(contentsOf: Array(String(u).utf8)) }
                }
                values.append(String(decoding: value, as: UTF8.self))
                i += 1  // the newline
            }
        }
        self.names = names
        self.values = values
    }

    /// The longest table name that starts at `p[i]`: its length in bytes and value index.
    func longestMatch(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> (length: Int, index: Int)? {
        var lo = 0
        var hi = names.count
        var k = 0
        var best: (Int, Int)?
        while i + k < n && k < 32 {
            let c = Int(p[i + k])
            // First index in [lo, hi) whose byte k is >= c (names of length k sort first).
            var a = lo
            var b = hi
            while a < b {
                let m = (a + b) >> 1
                let nm = names[m]
                let key = nm.count > k ? Int(nm[k]) : -1
                if key < c { a = m + 1 } else { b = m }
            }
            let newLo = a
            b = hi
            while a < b {
                let m = (a + b) >> 1
                let nm = names[m]
                let key = nm.count > k ? Int(nm[k]) : -1
                if key <= c { a = m + 1 } else { b = m }
            }
            lo = newLo
            hi = a
            if lo >= hi { break }
            k += 1
            if names[lo].count == k { best = (k, lo) }
        }
        return best
    }
}
