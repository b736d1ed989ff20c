import Foundation
import MarkupAST

/// Writes the AST as JSON (sorted keys, pretty-printed); `ASTJSONReader` reads it back.
///
/// ```swift
/// ASTJSONWriter().write(Document()).output // "{\n  \"blocks\" : [\n\n  ],\n  ..."
/// ```
public struct ASTJSONWriter: MarkupWriter {
    /// Creates a writer.
    public init() {}

    /// Encodes the document.
    public func write(_ document: Document) -> WriteResult {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            let data = try encoder.encode(document)
            return WriteResult(output: String(decoding: data, as: UTF8.self) + "\n")
        } catch {
            return WriteResult(
                output: "", diagnostics: [Diagnostic(.error, "write.json", "cannot encode: \(error)")])
        }
    }
}
