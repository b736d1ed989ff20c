import Foundation
import MarkupAST
import MarkupConverter
import Testing

/// AST JSON that Foundation refuses without a place names its line and column (issue #19
/// item 4), as range JSON does.
@Suite struct ASTJSONPlaceTests {
    func json(_ text: String) -> String {
        ASTJSONWriter().write(Document([.paragraph([.text(text)], .none)])).output
    }

    @Test func unpairedSurrogateEscapeNamesLineAndColumn() throws {
        let input = json("a@b").replacingOccurrences(of: "@", with: "\\uD800")
        // (ASCII input: a byte is a column.)
        let before = try #require(input.range(of: "\\uD800")).lowerBound
        let lines = input[..<before].split(separator: "\n", omittingEmptySubsequences: false)
        let (line, column) = (lines.count, lines.last!.utf8.count + 1)
        #expect(line > 1)  // (the writer breaks lines)
        #expect(
            throws: ReadError(
                "invalid JSON at line \(line), column \(column): unpaired surrogate escape",
                line: line, column: column)
        ) {
            try ASTJSONReader().read(input)
        }
    }

    @Test func pairedSurrogateEscapesAreRead() throws {
        let input = json("a@b").replacingOccurrences(of: "@", with: "\\uD83D\\uDE00")
        let document = try ASTJSONReader().read(input).document
        #expect(document == Document([.paragraph([.text("a😀b")], .none)]))
    }
}
