import MarkupAST

extension StyledText {
    /// Reads `markup` with `format` (e.g. `HTMLReader()`) and styles it; markup the reader
    /// refuses becomes empty text (the view helpers `setMarkup` use this).
    ///
    /// ```swift
    /// struct Words: MarkupReader {
    ///     func read(_ input: String) throws(ReadError) -> ReadResult {
    ///         ReadResult(document: Document([.paragraph([.text(input)], .none)]), diagnostics: [])
    ///     }
    /// }
    /// StyledText(markup: "Hi", format: Words()).string // "Hi"
    /// ```
    public init(markup: String, format: some MarkupReader, stylesheet: Stylesheet = .standard) {
        let document = (try? format.read(markup).document) ?? Document()
        self.init(document, stylesheet: stylesheet)
    }
}
