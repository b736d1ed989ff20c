extension ByteScan {
    /// Whether `bytes` are well-formed UTF-8 (the Unicode standard's table of well-formed
    /// sequences: no overlong forms, no surrogates, nothing past U+10FFFF, no cut sequence).
    ///
    /// ASCII runs are skipped eight bytes at a time, so mostly-ASCII text (Markdown, HTML)
    /// costs a fraction of a byte-by-byte check.
    ///
    /// ```swift
    /// Array("héllo".utf8).withUnsafeBufferPointer { ByteScan.isValidUTF8($0) }  // true
    /// [0x68, 0xC3].withUnsafeBufferPointer { ByteScan.isValidUTF8($0) }  // false
    /// ```
    public static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        utf8Check(bytes).valid
    }

    /// Whether `bytes` are well-formed UTF-8 and whether they are all ASCII, in one pass.
    @inline(__always)
    static func utf8Check(_ bytes: UnsafeBufferPointer<UInt8>) -> (valid: Bool, ascii: Bool) {
        guard let base = bytes.baseAddress else { return (true, true) }
        let count = bytes.count
        var index = 0
        var ascii = true
        while true {
            while index + 8 <= count && nonASCII(word(base, index)) == 0 { index += 8 }
            while index < count && base[index] < 0x80 { index += 1 }
            guard index < count else { return (true, ascii) }
            let length = validSequenceLength(base, index, count)
            guard length > 0 else { return (false, false) }
            index += length
            ascii = false
        }
    }

    /// The length of the well-formed UTF-8 sequence starting at `i` of the `n` bytes at `s`,
    /// or 0 when none starts there (the Unicode standard's table of well-formed sequences: no
    /// overlong forms, no surrogates, nothing past U+10FFFF, no cut sequence).
    ///
    /// ```swift
    /// Array("é".utf8).withUnsafeBufferPointer { ByteScan.validSequenceLength($0.baseAddress!, 0, 2) }
    /// // 2
    /// ```
    @inlinable @inline(__always)
    public static func validSequenceLength(_ s: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        let c = s[i]
        if c < 0xC2 { return 0 }
        if c < 0xE0 {
            return i + 1 < n && s[i + 1] & 0xC0 == 0x80 ? 2 : 0
        }
        if c < 0xF0 {
            guard i + 2 < n else { return 0 }
            let c1 = s[i + 1]
            let lo: UInt8 = c == 0xE0 ? 0xA0 : 0x80
            let hi: UInt8 = c == 0xED ? 0x9F : 0xBF
            return c1 >= lo && c1 <= hi && s[i + 2] & 0xC0 == 0x80 ? 3 : 0
        }
        if c < 0xF5 {
            guard i + 3 < n else { return 0 }
            let c1 = s[i + 1]
            let lo: UInt8 = c == 0xF0 ? 0x90 : 0x80
            let hi: UInt8 = c == 0xF4 ? 0x8F : 0xBF
            return c1 >= lo && c1 <= hi && s[i + 2] & 0xC0 == 0x80 && s[i + 3] & 0xC0 == 0x80
                ? 4 : 0
        }
        return 0
    }

    /// `bytes` as a string when they are well-formed UTF-8, else nil; read once (validated,
    /// and found ASCII or not), then copied without a second check.
    ///
    /// ```swift
    /// Array("héllo".utf8).withUnsafeBufferPointer { ByteScan.string(validatingUTF8: $0) }
    /// // "héllo"
    /// ```
    public static func string(validatingUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let (valid, ascii) = utf8Check(bytes)
        return valid ? string(fromValidUTF8: bytes, isASCII: ascii) : nil
    }
}
