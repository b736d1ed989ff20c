import HTMLFormat
import MarkupAST
import Testing

@testable import StyledText

/// The texts `selector` finds in `html`.
private func texts(_ selector: String, _ html: String) throws -> [String] {
    let document = try HTMLReader().read(html).document
    return try MarkupSelector(selector).texts(in: document)
}

private let siblings = "<h2>A</h2><p>1</p><p class=x>2</p><p>3</p><h2>B</h2><p>4</p>"

@Test func nextSiblingCombinator() throws {
    #expect(try texts("h2 + p", siblings) == ["1", "4"])
    #expect(try texts(".x + p", siblings) == ["3"])
    #expect(try texts("p + h2", siblings) == ["B"])
    #expect(try texts("h2 + h2", siblings) == [])
}

@Test func laterSiblingCombinator() throws {
    #expect(try texts(".x ~ p", siblings) == ["3", "4"])
    #expect(try texts("h2 ~ h2", siblings) == ["B"])
    #expect(try texts("h2 ~ p ~ .x", siblings) == ["2"])
}

@Test func textBetweenInlineSiblingsDoesNotCount() throws {
    let html = "<p><b>a</b> and <i>b</i> <code>c</code></p>"
    #expect(try texts("b + i", html) == ["b"])
    #expect(try texts("b ~ code", html) == ["c"])
    #expect(try texts("i + b", html) == [])
}

@Test func siblingsAreWithinOneParent() throws {
    let html = "<div><p>a</p></div><p>b</p><section><p>c</p><p>d <em>e</em></p></section>"
    #expect(try texts("div + p", html) == ["b"])
    #expect(try texts("p + p", html) == ["d e"])
    #expect(try texts("p ~ p em", html) == ["e"])
    #expect(try texts("div ~ section > p + p", html) == ["d e"])
}

@Test func notPseudoClass() throws {
    let html = "<p class=a>1</p><p>2</p><p id=z>3</p><div>4</div>"
    #expect(try texts("p:not(.a)", html) == ["2", "3", "4"])
    #expect(try texts("p:not(.a, #z)", html) == ["2", "4"])
    #expect(try texts("div > p:not(.a)", html) == ["4"])
    #expect(try texts(":not(p)", html) == ["4"])
    #expect(try texts("p:not(.a) + p", html) == ["3"])
}

@Test func combinatorSyntaxErrors() {
    #expect(throws: SelectorError.self) { try MarkupSelector("+ p") }
    #expect(throws: SelectorError.self) { try MarkupSelector("p ~") }
    #expect(throws: SelectorError.self) { try MarkupSelector("p > + a") }
    #expect(throws: SelectorError.self) { try MarkupSelector("p:hover") }
    #expect(throws: SelectorError.self) { try MarkupSelector("p:not(div p)") }
    #expect(throws: SelectorError.self) { try MarkupSelector("p:not(.a") }
}

@Test func outermostMatchesSkipNestedOnes() throws {
    let html = "<div class=a><p class=a>x</p></div><p class=a>y</p>"
    let document = try HTMLReader().read(html).document
    let selector = try MarkupSelector(".a")
    #expect(selector.select(in: document).count == 3)
    let outer = selector.outermostMatches(in: document).map { MarkupStripper.plainText(of: $0) }
    #expect(outer == ["x", "y"])
}
