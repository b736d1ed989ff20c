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
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while true {
            while index + 8 <= count && nonASCII(word(base, index)) == 0 { index += 8 }
            while index < count && base[index] < 0x80 { index += 1 }
            guard index < count else { return true }
            // A lead byte: the length of its sequence and the range of its second byte.
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch base[index] {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xED: (length, high) = (3, 0x9F)
            case 0xE1...0xEF: length = 3
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF4: (length, high) = (4, 0x8F)
            case 0xF1...0xF3: length = 4
            default: return false
            }
            guard count - index >= length else { return false }
            let second = base[index + 1]
            guard second >= low && second <= high else { return false }
            if length > 2 && base[index + 2] & 0xC0 != 0x80 { return false }
            if length > 3 && base[index + 3] & 0xC0 != 0x80 { return false }
            index += length
        }
    }

    /// `bytes` as a string when they are well-formed UTF-8, else nil; validated once
    /// (``isValidUTF8(_:)``), then copied without a second check.
    ///
    /// ```swift
    /// Array("héllo".utf8).withUnsafeBufferPointer { ByteScan.string(validatingUTF8: $0) }
    /// // "héllo"
    /// ```
    public static func string(validatingUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
        isValidUTF8(bytes) ? string(fromValidUTF8: bytes) : nil
    }
}
