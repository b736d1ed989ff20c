import Foundation
import MarkupAST
import MarkupConverter
import Testing

/// AST JSON that Foundation refuses without a place names its line and column (issue #19
/// item 4), as range JSON does.
@Suite struct ASTJSONPlaceTests {
    func json(_ text: String) -> String {
        let written = ASTJSONWriter().write(Document([.paragraph([.text(text)], .none)])).output
        // A line break after the opening brace: the place is on line 2.
        return "{\n" + written.dropFirst()
    }

    @Test func unpairedSurrogateEscapeNamesLineAndColumn() throws {
        let input = json("a@b").replacingOccurrences(of: "@", with: "\\uD800")
        let line2 = try #require(input.split(separator: "\n").dropFirst().first)
        let column = try #require(line2.range(of: "\\uD800")).lowerBound.utf16Offset(in: line2) + 1
        #expect(
            throws: ReadError(
                "invalid JSON at line 2, column \(column): unpaired surrogate escape",
                line: 2, column: column)
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
