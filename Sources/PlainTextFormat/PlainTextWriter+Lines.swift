extension String {
    /// The lines of the string split at `\n`, scanning UTF-8 (an empty last line is kept).
    ///
    /// ```swift
    /// "a\n\nb".plainTextLines() // ["a", "", "b"]
    /// ```
    func plainTextLines() -> [Substring] {
        var result: [Substring] = []
        let bytes = utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            if bytes[index] == 0x0A {
                result.append(self[start..<index])
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        result.append(self[start..<endIndex])
        return result
    }
}
