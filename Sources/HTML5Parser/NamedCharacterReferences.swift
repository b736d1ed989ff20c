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

    private init() {
        var names: [[UInt8]] = []
        var values: [String] = []
        names.reserveCapacity(2231)
        values.reserveCapacity(2231)
        for line in Self.source.split(separator: "\n") {
            let parts = line.split(separator: " ")
            names.append(Array(parts[0].utf8))
            var s = ""
            for hex in parts.dropFirst() {
                if let v = UInt32(hex, radix: 16), let u = Unicode.Scalar(v) {
                    s.unicodeScalars.append(u)
                }
            }
            values.append(s)
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
