/// Reads one input format into a `Document`.
///
/// Readers recover from malformed markup and record diagnostics; they throw only on unusable
/// input (`ReadError`). They are immutable values, safe to share between threads.
///
/// ```swift
/// let result = try MarkdownReader().read("# Hi")
/// result.document.blocks // [.heading(level: 1, [.text("Hi")], .none)]
/// ```
public protocol MarkupReader: Sendable {
    /// Reads `input` (already decoded; invalid UTF-8 was replaced with U+FFFD by the caller).
    /// A reader may release the input as soon as it no longer needs it (the HTML reader does,
    /// once parsed) when the caller hands it over: `reader.read(consume text)`.
    func read(_ input: consuming String) throws(ReadError) -> ReadResult
}

/// A reader's output: the document and what was recovered from.
public struct ReadResult: Sendable {
    /// The document.
    public var document: Document
    /// Diagnostics in input order.
    public var diagnostics: [Diagnostic]

    /// Creates a result.
    public init(document: Document, diagnostics: [Diagnostic] = []) {
        self.document = document
        self.diagnostics = diagnostics
    }
}

/// Unusable input: the message names the place (line and column where known).
public struct ReadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, e.g. "invalid JSON at line 3, column 7: expected ':'".
    public var message: String
    /// 1-based line, when known.
    public var line: Int?
    /// 1-based column, when known.
    public var column: Int?

    /// Creates an error.
    public init(_ message: String, line: Int? = nil, column: Int? = nil) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// The message.
    public var description: String { message }
}
