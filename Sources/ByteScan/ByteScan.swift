#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// Byte scanning over UTF-8 buffers, shared by every tokenizer, reader and writer of the
/// package (a target, not a product). Public rather than `package`: the compiler gives other
/// modules the bodies of `@inlinable public` functions only, and they must inline.
///
/// Most of it works on eight bytes at a time (SWAR): a word of eight bytes loaded in memory
/// order (`word(_:_:)`), and masks with the high bit of each byte that passes a test. For the
/// subtracting tests (`zeroBytes`, `bytes(_:equalTo:)`, `bytes(_:below:)`) the lowest flagged
/// byte is exact (a borrow only spreads upwards), so `firstFlag` of a non-zero mask is the
/// offset of the first match, and "is the mask zero" is exact; a flag above the first may be
/// false.
///
/// ```swift
/// let bytes: [UInt8] = Array("one\ntwo".utf8)
/// bytes.withUnsafeBufferPointer { ByteScan.firstIndex(of: 0x0A, in: $0, from: 0) }  // 3
/// ```
public enum ByteScan {
    /// `byte` in each of the eight bytes of a word.
    @inlinable @inline(__always)
    public static func broadcast(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

    /// The eight bytes at `base + offset`, the first in the lowest bits (any alignment).
    @inlinable @inline(__always)
    public static func word(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    /// The offset in its word of the lowest byte flagged in `mask` (non-zero).
    @inlinable @inline(__always)
    public static func firstFlag(_ mask: UInt64) -> Int { mask.trailingZeroBitCount &>> 3 }

    /// The high bit of each byte of `word` that is 0 (the lowest exact).
    @inlinable @inline(__always)
    public static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// The high bit of each byte of `word` equal to `byte` (the lowest exact).
    @inlinable @inline(__always)
    public static func bytes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        zeroBytes(word ^ broadcast(byte))
    }

    /// The high bit of each byte of `word` below `limit`, at most 0x80 (the lowest exact).
    @inlinable @inline(__always)
    public static func bytes(_ word: UInt64, below limit: UInt8) -> UInt64 {
        (word &- broadcast(limit)) & ~word & 0x8080_8080_8080_8080
    }

    /// The high bit of each byte of `word` equal to `byte`, every one exact (no borrows: a
    /// few more operations than ``bytes(_:equalTo:)``).
    @inlinable @inline(__always)
    public static func exactBytes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let t = word ^ broadcast(byte)
        return ~(((t & low7) &+ low7) | t | low7)
    }

    /// The high bit of each byte of `word` that is not ASCII.
    @inlinable @inline(__always)
    public static func nonASCII(_ word: UInt64) -> UInt64 { word & 0x8080_8080_8080_8080 }

    /// How many UTF-8 scalars start in `word`, plus one per 4-byte lead with `utf16` (its
    /// length in UTF-16 code units): each byte but continuation bytes (10xxxxxx) counts.
    @inlinable @inline(__always)
    public static func units(inWord word: UInt64, utf16: Bool) -> Int {
        if word & 0x8080_8080_8080_8080 == 0 { return 8 }
        let continuations = word & ~(word &<< 1) & 0x8080_8080_8080_8080
        var n = 8 &- continuations.nonzeroBitCount
        if utf16 {
            // Bytes >= 0xF0 have bits 7 to 4 set.
            let leads4 = word & (word &<< 1) & (word &<< 2) & (word &<< 3) & 0x8080_8080_8080_8080
            n &+= leads4.nonzeroBitCount
        }
        return n
    }

    /// The number of scalars in the UTF-8 of `bytes`, or of UTF-16 code units with `utf16`.
    ///
    /// ```swift
    /// Array("a€😀".utf8).withUnsafeBufferPointer { ByteScan.units(in: $0, utf16: true) }  // 4
    /// ```
    @inlinable
    public static func units(in bytes: UnsafeBufferPointer<UInt8>, utf16: Bool) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let count = bytes.count
        var n = 0
        var i = 0
        while i &+ 8 <= count {
            n &+= units(inWord: word(base, i), utf16: utf16)
            i &+= 8
        }
        while i < count {
            let b = base[i]
            n &+= (b & 0xC0 != 0x80 ? 1 : 0) &+ (utf16 && b >= 0xF0 ? 1 : 0)
            i &+= 1
        }
        return n
    }

    /// Whether `base[start..<end]` is all ASCII.
    @inlinable
    public static func isASCII(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var i = start
        var high: UInt64 = 0
        while i &+ 8 <= end {
            high |= word(base, i)
            i &+= 8
        }
        while i < end {
            high |= UInt64(base[i])
            i &+= 1
        }
        return nonASCII(high) == 0
    }

    /// The index of the first `byte` in `bytes` at or after `start`, or `bytes.count` when there
    /// is none.
    ///
    /// ```swift
    /// let bytes: [UInt8] = Array("a<b".utf8)
    /// bytes.withUnsafeBufferPointer { ByteScan.firstIndex(of: 0x3C, in: $0, from: 0) }  // 1
    /// ```
    @inlinable
    public static func firstIndex(
        of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int
    ) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let count = bytes.count
        var i = start
        while i &+ 8 <= count {
            let found = self.bytes(word(base, i), equalTo: byte)
            if found != 0 { return i &+ firstFlag(found) }
            i &+= 8
        }
        while i < count && base[i] != byte { i &+= 1 }
        return i
    }

    /// The index of the first `byte` in `bytes`, or `bytes.count` when there is none: the C
    /// library's `memchr`, which reads many bytes per instruction, for a scan over a whole
    /// input (the HTML input stream's search for a carriage return); on short runs the call
    /// costs more than `firstIndex(of:in:from:)`.
    ///
    /// ```swift
    /// let bytes: [UInt8] = Array("one\rtwo".utf8)
    /// bytes.withUnsafeBufferPointer { ByteScan.firstIndex(ofByteInLongBuffer: 0x0D, $0) }  // 3
    /// ```
    public static func firstIndex(
        ofByteInLongBuffer byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>
    ) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty,
            let found = memchr(base, Int32(byte), bytes.count)
        else { return bytes.count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// `s.hasPrefix(prefix)` for an ASCII `prefix` without a carriage return, decided on the
    /// bytes when they are ASCII up to one past the prefix (the usual case: attribute names,
    /// class names, URLs), where `hasPrefix` compares Characters (with normalization).
    /// Otherwise (a non-ASCII byte there, which might be canonically equivalent to ASCII or
    /// extend the prefix's last Character) it asks `hasPrefix` itself.
    ///
    /// ```swift
    /// ByteScan.hasPrefix("data-id", ascii: "data-")  // true
    /// ByteScan.hasPrefix("on\u{301}", ascii: "on")  // false (n and the accent are one Character)
    /// ```
    public static func hasPrefix(_ s: String, ascii prefix: StaticString) -> Bool {
        let n = prefix.utf8CodeUnitCount
        let p = prefix.utf8Start
        let decided = s.utf8.withContiguousStorageIfAvailable { b -> Bool? in
            let count = b.count
            var k = 0
            while k < n && k < count {
                let byte = b[k]
                if byte >= 0x80 { return nil }
                if byte != p[k] { return false }
                k &+= 1
            }
            if count < n { return false }
            // Between two ASCII bytes (other than CR LF) is always a Character boundary.
            return count == n || b[n] < 0x80 ? true : nil
        }
        if let decided, let answer = decided { return answer }
        return s.hasPrefix(prefix.description)
    }

    /// `byte` with an ASCII upper-case letter lowered; every other byte as it is.
    ///
    /// ```swift
    /// ByteScan.lowercasedASCII(UInt8(ascii: "Q"))  // 0x71 ("q")
    /// ByteScan.lowercasedASCII(0xC3)  // 0xC3
    /// ```
    @inline(__always)
    public static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// The index of the first of `a`, `b` or `c` in `base[start..<end]`, or `end`.
    ///
    /// ```swift
    /// let bytes: [UInt8] = Array("a&b<c".utf8)
    /// bytes.withUnsafeBufferPointer {
    ///     ByteScan.firstIndex(of: 0x3C, 0x26, 0, in: $0.baseAddress!, from: 0, to: $0.count)
    /// }  // 1: the first `<`, `&` or NUL
    /// ```
    @inlinable @inline(__always)
    public static func firstIndex(
        of a: UInt8, _ b: UInt8, _ c: UInt8, in base: UnsafePointer<UInt8>, from start: Int,
        to end: Int
    ) -> Int {
        // (The repeated byte's test is the same value twice: the compiler computes it once.)
        firstIndex(of: a, b, c, c, in: base, from: start, to: end)
    }

    /// The index of the first of `a`, `b`, `c` or `d` in `base[start..<end]`, or `end`.
    ///
    /// ```swift
    /// let bytes: [UInt8] = Array("p /* x */ {".utf8)
    /// bytes.withUnsafeBufferPointer {
    ///     ByteScan.firstIndex(
    ///         of: 0x7B, 0x7D, 0x3B, 0x2F, in: $0.baseAddress!, from: 0, to: $0.count)
    /// }  // 2: the first `{`, `}`, `;` or `/`
    /// ```
    @inlinable @inline(__always)
    public static func firstIndex(
        of a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8, in base: UnsafePointer<UInt8>,
        from start: Int, to end: Int
    ) -> Int {
        var i = start
        let ma = broadcast(a)
        let mb = broadcast(b)
        let mc = broadcast(c)
        let md = broadcast(d)
        while i &+ 8 <= end {
            let w = word(base, i)
            let found =
                zeroBytes(w ^ ma) | zeroBytes(w ^ mb) | zeroBytes(w ^ mc) | zeroBytes(w ^ md)
            if found != 0 { return i &+ firstFlag(found) }
            i &+= 8
        }
        while i < end {
            let x = base[i]
            if x == a || x == b || x == c || x == d { return i }
            i &+= 1
        }
        return end
    }

    /// A `String` of `bytes` that the caller built from valid UTF-8 only (pieces of
    /// `String`s cut next to ASCII bytes, ASCII, whole encoded scalars), copied without a
    /// second validation; debug builds still check.
    ///
    /// ```swift
    /// ByteScan.string(fromValidUTF8: Array("héllo".utf8))  // "héllo"
    /// ```
    public static func string(fromValidUTF8 bytes: [UInt8]) -> String {
        bytes.withUnsafeBufferPointer { string(fromValidUTF8: $0) }
    }

    /// `string(fromValidUTF8:)` for bytes in a buffer (the HTML tokenizer's
    /// scratch buffers: input bytes after U+FFFD repair, cut next to ASCII bytes only).
    ///
    /// ```swift
    /// Array("héllo".utf8).withUnsafeBufferPointer { ByteScan.string(fromValidUTF8: $0) }
    /// // "héllo"
    /// ```
    public static func string(fromValidUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String {
        string(
            fromValidUTF8: bytes,
            isASCII: bytes.baseAddress.map { isASCII($0, 0, bytes.count) } ?? true)
    }

    /// `string(fromValidUTF8:)` when whether the bytes are ASCII is already known.
    ///
    /// The span is told when the bytes are ASCII: a String made from an unchecked span that is
    /// not known to be ASCII is not known to be NFC either, and hashing or comparing it then
    /// takes the normalizing path (a `Set<String>` lookup of a class name cost twice as much).
    static func string(fromValidUTF8 bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String {
        let span = unsafe bytes.span
        assert((try? UTF8Span(validating: span)) != nil, "bytes are not valid UTF-8")
        return String(copying: unsafe UTF8Span(unchecked: span, isKnownASCII: isASCII))
    }
}
