/// Renders a `Document` in one output format.
///
/// Writers never drop content silently: what they cannot express is reported as a
/// `lossy.*` diagnostic in the result.
///
/// ```swift
/// let out = HTMLWriter().write(Document([.paragraph([.text("a<b")], .none)]))
/// out.output // "<p>a&lt;b</p>\n"
/// ```
public protocol MarkupWriter: Sendable {
    /// Renders `document`.
    func write(_ document: Document) -> WriteResult
}

/// A writer's output: the text and what could not be expressed.
public struct WriteResult: Sendable {
    /// The rendered text.
    public var output: String
    /// Diagnostics (`lossy.*` and others).
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    public init(output: String, diagnostics: [Diagnostic] = []) {
        self.output = output
        self.diagnostics = diagnostics
    }
}
