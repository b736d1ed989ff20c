extension String {
    /// The lines of the string split at `\n`, scanning UTF-8 (an empty last line is kept).
    ///
    /// ```swift
    /// "a\n\nb".plainTextLines() // ["a", "", "b"]
    /// ```
    func plainTextLines() -> [Substring] {
        utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { Substring($0) }
    }
}
