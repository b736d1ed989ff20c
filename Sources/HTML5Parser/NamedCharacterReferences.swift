/// The named character reference table with longest-prefix lookup.
///
/// Names are kept sorted by bytes; a match narrows a `[lo, hi)` range one byte at a time
/// (two binary searches per byte), which is a trie walk without building a trie. The table
/// is static data in the binary (`NamedCharacterReferences+Table.swift`): nothing is built
/// at the first reference.
enum NamedCharacterReferences {
    /// Calls `body` with the UTF-8 bytes of the value of name `index` (from `longestMatch`).
    @inline(__always)
    static func withValue<R>(_ index: Int, _ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
        valueStarts.withUnsafeBufferPointer { starts in
            let start = Int(starts[index])
            return body(valueText.utf8Start + start, Int(starts[index + 1]) - start)
        }
    }

    /// The longest table name that starts at `p[i]`: its length in bytes and value index.
    static func longestMatch(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> (
        length: Int, index: Int
    )? {
        let bytes = nameText.utf8Start
        return nameStarts.withUnsafeBufferPointer { starts in
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
