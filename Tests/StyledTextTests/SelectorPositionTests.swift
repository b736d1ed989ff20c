import HTMLFormat
import MarkupAST
import Testing

@testable import StyledText

/// The texts `selector` finds in `html`.
private func texts(_ selector: String, _ html: String) throws -> [String] {
    let document = try HTMLReader().read(html).document
    return try MarkupSelector(selector).texts(in: document)
}

private let list = "<ul><li>1</li><li>2</li><li>3</li><li>4</li><li>5</li></ul>"
private let mixed = "<section><h2>A</h2><p>1</p><p>2</p><h3>B</h3><p>3</p></section>"

@Test func firstLastAndOnlyChild() throws {
    #expect(try texts("li:first-child", list) == ["1"])
    #expect(try texts("li:last-child", list) == ["5"])
    #expect(try texts("li:only-child", list) == [])
    #expect(try texts("li:only-child", "<ul><li>a</li></ul><ol><li>b</li><li>c</li></ol>") == ["a"])
    // The first child of the section is the h2: no p is a first child.
    #expect(try texts("p:first-child", mixed) == [])
    #expect(try texts("section > :last-child", mixed) == ["3"])
}

@Test func nthChildTakesAnPlusB() throws {
    #expect(try texts("li:nth-child(2)", list) == ["2"])
    #expect(try texts("li:nth-child(odd)", list) == ["1", "3", "5"])
    #expect(try texts("li:nth-child(EVEN)", list) == ["2", "4"])
    #expect(try texts("li:nth-child(3n)", list) == ["3"])
    #expect(try texts("li:nth-child(2n + 1)", list) == ["1", "3", "5"])
    #expect(try texts("li:nth-child(-n+2)", list) == ["1", "2"])
    #expect(try texts("li:nth-child(n+4)", list) == ["4", "5"])
    #expect(try texts("li:nth-last-child(2)", list) == ["4"])
    #expect(try texts("li:nth-last-child(-n+2)", list) == ["4", "5"])
    // Numbers past Int's range are refused; huge ones cannot overflow the matching.
    #expect(try texts("li:nth-child(n-9223372036854775808)", list).count == 5)
    #expect(try texts("li:nth-child(-9223372036854775807n+2)", list) == ["2"])
    #expect(throws: SelectorError.self) { try MarkupSelector("li:nth-child(99999999999999999999)") }
}

@Test func ofTypeCountsSiblingsOfTheSameName() throws {
    #expect(try texts("p:first-of-type", mixed) == ["1"])
    #expect(try texts("p:last-of-type", mixed) == ["3"])
    #expect(try texts("p:nth-of-type(2)", mixed) == ["2"])
    #expect(try texts("p:nth-last-of-type(2)", mixed) == ["2"])
    #expect(try texts("h3:only-of-type", mixed) == ["B"])
    #expect(try texts("p:not(:first-of-type)", mixed) == ["2", "3"])
    // Inline siblings: text between them does not count.
    #expect(
        try texts("a:nth-of-type(2)", "<p><a href=1>x</a> or <b>y</b> <a href=2>z</a></p>") == ["z"]
    )
}

@Test func positionsWorkWithCombinators() throws {
    #expect(try texts("li:first-child + li", list) == ["2"])
    #expect(try texts("li:nth-child(3) ~ li", list) == ["4", "5"])
    #expect(
        try texts(
            "tr:nth-child(2) td:last-child",
            "<table><tr><td>a</td><td>b</td></tr><tr><td>c</td><td>d</td></tr></table>") == ["d"])
}

@Test func badPositionArgumentsAreRefusedWithThePlace() throws {
    #expect(throws: SelectorError("':nth-child(x)' is not An+B, odd or even, at 13")) {
        try MarkupSelector("li:nth-child(x)")
    }
    #expect(throws: SelectorError(":first-child takes no argument, at 14")) {
        try MarkupSelector("li:first-child(2)")
    }
    #expect(throws: SelectorError(":nth-child needs an argument (An+B)")) {
        try MarkupSelector("li:nth-child")
    }
    #expect(throws: SelectorError("unterminated ':nth-child(' at 13")) {
        try MarkupSelector("li:nth-child(2")
    }
    #expect(throws: SelectorError("unsupported pseudo-class ':hover' at 1")) {
        try MarkupSelector("a:hover")
    }
    #expect(throws: SelectorError("unexpected '\u{E9}' at 1")) { try MarkupSelector("*\u{E9}") }
}
