extension StringProtocol {
    /// The range of the first occurrence of the ASCII text `needle`, found byte by byte in the
    /// UTF-8 (an ASCII byte never sits inside a multi-byte sequence); nil when absent.
    ///
    /// Foundation's `range(of:)` goes through `NSString` on Linux, whose code pages a page with
    /// one iframe or one `url(` in a style attribute made resident for the whole run.
    ///
    /// ```swift
    /// let s = "https://example.org/a"
    /// s[..<s.firstRange(ofASCII: "//")!.lowerBound]  // "https:"
    /// "abc".firstRange(ofASCII: "x")  // nil
    /// ```
    func firstRange(ofASCII needle: StaticString) -> Range<Index>? {
        let count = needle.utf8CodeUnitCount
        let utf8 = self.utf8
        var start = utf8.startIndex
        while start != utf8.endIndex {
            var end = start
            var k = 0
            while k < count, end != utf8.endIndex, utf8[end] == needle.utf8Start[k] {
                end = utf8.index(after: end)
                k += 1
            }
            if k == count { return start..<end }
            start = utf8.index(after: start)
        }
        return nil
    }
}
