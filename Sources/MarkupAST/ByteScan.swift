/// Byte searches over UTF-8 buffers that the readers and writers share.
///
/// ```swift
/// let bytes: [UInt8] = Array("one\ntwo".utf8)
/// bytes.withUnsafeBufferPointer { ByteScan.firstIndex(of: 0x0A, in: $0, from: 0) }  // 3
/// ```
public enum ByteScan {
    /// The index of the first `byte` in `bytes` at or after `start`, or `bytes.count` when there
    /// is none.
    ///
    /// Eight bytes at a time: `word ^ pattern` has a zero byte exactly where `byte` occurs, and
    /// the classic "has a zero byte" test flags it. The test is exact for the lowest flagged
    /// byte, which on a little-endian load is the first occurrence.
    @inlinable
    public static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return start }
        let count = bytes.count
        var i = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let pattern = UInt64(byte) &* ones
        while i + 8 <= count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self).littleEndian ^ pattern
            let found = (word &- ones) & ~word & highs
            if found != 0 { return i + found.trailingZeroBitCount / 8 }
            i += 8
        }
        while i < count && base[i] != byte { i += 1 }
        return i
    }

    /// A `String` of `bytes` that the caller built from valid UTF-8 only (pieces of
    /// `String`s cut next to ASCII bytes, ASCII, whole encoded scalars), copied without a
    /// second validation; debug builds still check.
    ///
    /// ```swift
    /// ByteScan.string(fromValidUTF8: Array("héllo".utf8))  // "héllo"
    /// ```
    public static func string(fromValidUTF8 bytes: [UInt8]) -> String {
        let span = bytes.span
        assert((try? UTF8Span(validating: span)) != nil, "bytes are not valid UTF-8")
        return String(copying: unsafe UTF8Span(unchecked: span))
    }
}
