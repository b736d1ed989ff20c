import Foundation
import MarkupAST
import RangeJSONFormat

/// Reads the AST from its JSON form (what `ASTJSONWriter` / `mconv -t json` writes).
///
/// ```swift
/// let json = #"{"version":1,"blocks":[{"type":"plain","children":[{"type":"text","text":"a"}]}]}"#
/// let doc = try ASTJSONReader().read(json).document // one plain block "a"
/// ```
public struct ASTJSONReader: MarkupReader {
    /// Creates a reader.
    public init() {}

    /// Decodes the document; malformed JSON throws an error naming line and column.
    public func read(_ input: String) throws(ReadError) -> ReadResult {
        let data = Data(input.utf8)
        do {
            let document = try JSONDecoder().decode(ASTJSON<Document>.self, from: data).value
            return ReadResult(document: document)
        } catch let error as DecodingError {
            if case .dataCorrupted = error {
                // Foundation's message has no position on every platform: let the byte-level
                // JSON parser name the line and column (of an unpaired surrogate escape too,
                // which Foundation refuses).
                _ = try JSONValue.parse(input, rejectingLoneSurrogates: true)
            }
            throw Self.describe(error, input: input)
        } catch {
            throw ReadError("invalid JSON: \(error)")
        }
    }

    static func describe(_ error: DecodingError, input: String) -> ReadError {
        switch error {
        case .dataCorrupted(let context):
            let text =
                "\(context.underlyingError.map { "\($0)" } ?? "") \(context.debugDescription)"
            if let (line, column) = findLineColumn(in: text) {
                return ReadError(
                    "invalid JSON at line \(line), column \(column)", line: line, column: column)
            }
            if let offset = findOffset(in: text) {
                let (line, column) = Self.lineColumn(ofByte: offset, in: input)
                return ReadError(
                    "invalid JSON at line \(line), column \(column)", line: line, column: column)
            }
            return ReadError(
                "invalid AST JSON: \(context.debugDescription) at \(path(context.codingPath))")
        case .keyNotFound(let key, let context):
            return ReadError(
                "invalid AST JSON: missing key '\(key.stringValue)' at \(path(context.codingPath))")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return ReadError(
                "invalid AST JSON at \(path(context.codingPath)): \(context.debugDescription)")
        @unknown default:
            return ReadError("invalid AST JSON: \(error)")
        }
    }

    static func path(_ keys: [any CodingKey]) -> String {
        keys.isEmpty
            ? "the top level"
            : keys.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
    }

    static func findLineColumn(in text: String) -> (Int, Int)? {
        guard let lineRange = text.range(of: "line "),
            let columnRange = text.range(of: "column ", range: lineRange.upperBound..<text.endIndex)
        else { return nil }
        let line = Int(text[lineRange.upperBound...].prefix(while: \.isNumber))
        let column = Int(text[columnRange.upperBound...].prefix(while: \.isNumber))
        guard let line, let column else { return nil }
        return (line, column)
    }

    static func findOffset(in text: String) -> Int? {
        guard let range = text.range(of: "character ") else { return nil }
        return Int(text[range.upperBound...].prefix(while: \.isNumber))
    }

    static func lineColumn(ofByte offset: Int, in input: String) -> (Int, Int) {
        var line = 1
        var column = 1
        for (i, byte) in input.utf8.enumerated() {
            if i >= offset { break }
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }
}
