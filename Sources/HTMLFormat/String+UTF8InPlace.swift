extension String {
    /// `body` on the string's UTF-8, read in place when it is contiguous (native and small
    /// strings: parsed text and attribute values always are); `withUTF8` needs a `var` copy of
    /// the string, a retain and a release per call on the reader's hot paths.
    ///
    /// ```swift
    /// "a b".withUTF8InPlace { $0.count }  // 3
    /// ```
    @inline(__always)
    func withUTF8InPlace<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}
