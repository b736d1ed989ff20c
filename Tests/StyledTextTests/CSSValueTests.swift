import MarkupAST
import Testing

@testable import StyledText

@Test func namedColoursAre148() {
    #expect(RGBAColor.namedHex.count == 148)
    #expect(RGBAColor.named["rebeccapurple"]?.hex == "#663399")
    #expect(RGBAColor.named["transparent"]?.hex == "#00000000")
}

@Test(arguments: [
    ("red", "#ff0000"), ("ReD", "#ff0000"), ("#f00", "#ff0000"), ("#f008", "#ff000088"),
    ("#00FF7f", "#00ff7f"), ("#11223344", "#11223344"), ("rgb(255, 128, 0)", "#ff8000"),
    ("rgb(255 128 0)", "#ff8000"), ("rgba(0, 0, 255, 0.5)", "#0000ff80"),
    ("rgb(100%, 50%, 0%)", "#ff8000"), ("rgb(0 0 0 / 25%)", "#00000040"),
    ("hsl(120, 100%, 25%)", "#008000"), ("hsl(240 100% 50%)", "#0000ff"),
    ("hsla(0, 100%, 50%, 0.5)", "#ff000080"), ("hsl(0.5turn 100% 50%)", "#00ffff"),
    ("hsl(-120 100% 50%)", "#0000ff"), ("rgb(300, -5, 128)", "#ff0080"),
])
func colourForms(_ input: String, _ hex: String) {
    #expect(RGBAColor(css: input)?.hex == hex)
}

@Test(arguments: ["reddish", "#12", "#ggg", "rgb(1,2)", "hsl(1 2 3 4)", "", "rgb(a,b,c)"])
func invalidColours(_ input: String) {
    #expect(RGBAColor(css: input) == nil)
}

@Test func lengths() {
    #expect(CSSValueParser.length("12px") == .px(12))
    #expect(CSSValueParser.length("9pt") == .px(12))
    #expect(CSSValueParser.length("1.5em") == .em(1.5))
    #expect(CSSValueParser.length("2rem") == .rem(2))
    #expect(CSSValueParser.length("50%") == .percent(50))
    #expect(CSSValueParser.length("1in") == .px(96))
    #expect(CSSValueParser.length("0") == .px(0))
    #expect(CSSValueParser.length("12") == nil)
    #expect(CSSValueParser.length("px") == nil)
    #expect(CSSValueParser.fontSize("smaller") == .em(1 / 1.2))
    #expect(CSSValueParser.fontSize("xx-large") == .px(32))
}

@Test func invalidValuesAreIgnoredOneByOne() {
    var diagnostics: [Diagnostic] = []
    let compiled = CSSValueParser.compile(
        CSSDeclaration.parseList("color: red; font-size: huge; font-weight: bold; color: nope"),
        diagnostics: &diagnostics)
    #expect(
        compiled.map(\.property) == [
            .foreground(RGBAColor(hex: 0xff0000)), .fontWeight(.absolute(700)),
        ])
    #expect(diagnostics.map(\.code) == [.styleInvalidValue, .styleInvalidValue])
    #expect(diagnostics[0].message == "ignored 'font-size: huge' (not a font size)")
}

@Test func lineBoxPlacementsKeepTheBaseline() {
    // Valid CSS that places a box in its line or table cell: text stays on its baseline,
    // without a warning; a keyword CSS does not have is still reported.
    var diagnostics: [Diagnostic] = []
    let compiled = CSSValueParser.compile(
        CSSDeclaration.parseList(
            "vertical-align: middle; vertical-align: TOP; vertical-align: text-bottom;"
                + " vertical-align: centre"),
        diagnostics: &diagnostics)
    #expect(compiled.map(\.property) == Array(repeating: .verticalAlign(.baseline), count: 3))
    #expect(
        diagnostics.map(\.message) == [
            "ignored 'vertical-align: centre' (not a vertical alignment)"
        ])
}

@Test func absurdValuesAreClamped() {
    var diagnostics: [Diagnostic] = []
    let compiled = CSSValueParser.compile(
        CSSDeclaration.parseList("font-size: 1e9px; font-weight: 1000; font-size: -2px"),
        diagnostics: &diagnostics)
    #expect(compiled.map(\.property) == [.fontSize(.px(1000)), .fontWeight(.absolute(900))])
    #expect(diagnostics.map(\.code) == [.styleClamped, .styleClamped, .styleInvalidValue])
}

@Test func fontShorthand() {
    let rule = StyleRule(css: "font: italic bold 20px/1.5 Georgia, serif")
    #expect(
        rule.declarations.map(\.property) == [
            .italic(true), .fontWeight(.absolute(700)), .fontSize(.px(20)),
            .lineHeight(.multiple(1.5)), .fontFamily(["Georgia", "serif"]),
        ])
    #expect(StyleRule(css: "font: bold").isEmpty)
    #expect(StyleRule(css: "font: caption").isEmpty)
}

@Test func textDecorationForms() {
    #expect(
        StyleRule(css: "text-decoration: underline wavy red").declarations.map(\.property) == [
            .underline(.wavy), .decorationColor(RGBAColor(hex: 0xff0000)),
        ])
    #expect(
        StyleRule(css: "text-decoration: none").declarations.map(\.property) == [
            .underline(.none), .strikethrough(.none),
        ])
    #expect(
        StyleRule(css: "text-decoration-style: dotted").declarations.map(\.property) == [
            .decorationStyle(.dotted)
        ])
}

@Test func importantIsKept() {
    let rule = StyleRule(css: "color: red !important; font-style: italic")
    #expect(rule.declarations.map(\.important) == [true, false])
}

@Test func listMarkers() {
    #expect(ListStyleType.decimal.marker(for: 3) == "3.")
    #expect(ListStyleType.decimal.marker(for: 3, delimiter: ")") == "3)")
    #expect(ListStyleType.decimalLeadingZero.marker(for: 7) == "07.")
    #expect(ListStyleType.lowerAlpha.marker(for: 27) == "aa.")
    #expect(ListStyleType.upperAlpha.marker(for: 52) == "AZ.")
    #expect(ListStyleType.lowerRoman.marker(for: 1994) == "mcmxciv.")
    #expect(ListStyleType.upperRoman.marker(for: 4000) == "4000.")
    #expect(ListStyleType.lowerGreek.marker(for: 25) == "αα.")
    #expect(ListStyleType.cjkIdeographic.marker(for: 105) == "一百零五、")
    #expect(ListStyleType.cjkIdeographic.marker(for: 10) == "十、")
    #expect(ListStyleType.cjkIdeographic.marker(for: 21) == "二十一、")
    #expect(ListStyleType.disc.marker(for: 1) == "•")
    #expect(ListStyleType.none.marker(for: 1) == "")
    #expect(ListStyleType.lowerAlpha.marker(for: 0) == "0.")
    #expect(ListStyleType(htmlType: "I") == .upperRoman)
    #expect(ListStyleType(cssName: "upper-latin") == .upperAlpha)
}

@Test func laterTextDecorationLinesReplaceEarlierOnes() {
    // The shorthand and text-decoration-line set the same lines: the later one wins, unless
    // the earlier one is !important.
    func lines(_ css: String) -> [StyleProperty] {
        var diagnostics: [Diagnostic] = []
        let compiled = CSSValueParser.compile(
            CSSDeclaration.parseList(css), diagnostics: &diagnostics)
        #expect(diagnostics.isEmpty)
        return compiled.map(\.property)
    }
    #expect(
        lines("text-decoration: underline; text-decoration-line: line-through")
            == [.strikethrough(.single)])
    #expect(
        lines("text-decoration-line: line-through; text-decoration: none")
            == [.underline(.none), .strikethrough(.none)])
    #expect(
        lines("text-decoration: underline !important; text-decoration-line: line-through")
            == [.underline(.single)])
    #expect(
        lines("text-decoration: underline; color: red; text-decoration: underline line-through")
            == [
                .foreground(RGBAColor(hex: 0xff0000)), .underline(.single), .strikethrough(.single),
            ])
    // The shorthand without a line draws none of its own (as in CSS); the style longhand
    // restyles the lines set before it.
    #expect(
        lines("text-decoration: underline; text-decoration: wavy") == [.decorationStyle(.wavy)])
    #expect(
        lines("text-decoration: underline; text-decoration-style: wavy")
            == [.underline(.single), .decorationStyle(.wavy)])
}
