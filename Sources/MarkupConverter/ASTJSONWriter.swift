import Foundation
import MarkupAST

/// Writes the AST as JSON in the schema of Formats/json.md (named keys,
/// sorted, pretty-printed); `ASTJSONReader` reads it back.
///
/// ```swift
/// ASTJSONWriter().write(Document()).output // blocks [], metadata {}, version 1
/// ```
public struct ASTJSONWriter: MarkupWriter {
    /// Creates a writer.
    public init() {}

    /// Encodes the document. A document nested deeper than JSON coders go (512 JSON levels:
    /// about 250 nested quotes, 125 nested lists) is written with the structure below
    /// `maxJSONDepth` JSON levels flattened, text kept, and a `lossy.depth` warning.
    public func write(_ document: Document) -> WriteResult {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if let data = try? encoder.encode(ASTJSON(document)) {
            return WriteResult(output: String(decoding: data, as: UTF8.self) + "\n")
        }
        do {
            let data = try encoder.encode(ASTJSON(Self.limitingDepth(document)))
            return WriteResult(
                output: String(decoding: data, as: UTF8.self) + "\n",
                diagnostics: [
                    Diagnostic(
                        .warning, .lossyDepth,
                        "nesting deeper than JSON allows (512 levels) flattened")
                ])
        } catch {
            // Foundation's message describes the whole value: name the kind of error only.
            let reason: String
            switch error as? EncodingError {
            case .invalidValue(_, let context)?: reason = context.debugDescription
            default: reason = "\(type(of: error))"
            }
            return WriteResult(
                output: "",
                diagnostics: [
                    Diagnostic(.error, .writeJSON, "cannot encode the AST as JSON: \(reason)")
                ])
        }
    }
}
