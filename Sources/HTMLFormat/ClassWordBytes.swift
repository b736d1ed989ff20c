/// Byte-level reading of the words of `class`, `id` and `itemprop` values, shared by the
/// byline finder and the main-content hints: both ask it of many elements, so it reads the
/// UTF-8 bytes in place and allocates nothing.
///
/// ```swift
/// var value = "Post-Byline"
/// value.withUTF8 { ClassWordBytes.matches($0, "byline", at: 5) }  // true
/// ClassWordBytes.isWordByte(UInt8(ascii: "-"))  // false
/// ```
enum ClassWordBytes {
    /// A letter or digit of a word (any byte of a non-ASCII character counts).
    static func isWordByte(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
    }

    /// Whether a word ends at `q` (the end of `b`, or a byte that is not a word byte).
    static func wordEnds(_ b: UnsafeBufferPointer<UInt8>, _ q: Int) -> Bool {
        q >= b.count || !isWordByte(b[q])
    }

    /// Whether `s` (lower-case ASCII) is at `at` in `b`, ASCII letters compared without case.
    static func matches(_ b: UnsafeBufferPointer<UInt8>, _ s: StaticString, at: Int) -> Bool {
        let n = s.utf8CodeUnitCount
        guard at + n <= b.count else { return false }
        let p = s.utf8Start
        for k in 0..<n {
            let c = b[at + k]
            if (c >= 0x41 && c <= 0x5A ? c | 0x20 : c) != p[k] { return false }
        }
        return true
    }
}
