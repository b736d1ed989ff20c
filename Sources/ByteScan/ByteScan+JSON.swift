extension ByteScan {
    /// The byte a one-letter JSON string escape stands for (`n` after the backslash is a line
    /// feed), nil for `u` (four hex digits follow) and for letters that are no escape.
    ///
    /// ```swift
    /// ByteScan.jsonEscape(UInt8(ascii: "t"))  // 0x09
    /// ByteScan.jsonEscape(UInt8(ascii: "q"))  // nil
    /// ```
    @inlinable public static func jsonEscape(_ letter: UInt8) -> UInt8? {
        switch letter {
        case 0x22, 0x5C, 0x2F: return letter
        case 0x62: return 0x08
        case 0x66: return 0x0C
        case 0x6E: return 0x0A
        case 0x72: return 0x0D
        case 0x74: return 0x09
        default: return nil
        }
    }
}
