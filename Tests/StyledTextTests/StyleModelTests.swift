import Foundation
import MarkupAST
import Testing

@testable import StyledText

/// The first run's style of a paragraph whose span has `style`.
func spanStyle(_ style: String, _ sheet: Stylesheet = .standard) -> (TextStyle, [Diagnostic]) {
    let doc = Document([p(.span([.text("x")], css(style)))])
    let styled = StyledText(doc, stylesheet: sheet)
    return (styled.runs[0].style, styled.diagnostics)
}

@Test func shadowStrokeLigaturesStretchObliqueness() {
    let (s, diagnostics) = spanStyle(
        "text-shadow: red 1px 2px 0.25em; -webkit-text-stroke: blue thin; "
            + "font-variant-ligatures: no-common-ligatures; font-stretch: expanded; "
            + "font-style: oblique 45deg")
    #expect(diagnostics.isEmpty)
    #expect(
        s.shadow
            == TextShadow(offsetX: 1, offsetY: 2, blurRadius: 4, color: RGBAColor(hex: 0xff0000)))
    #expect(s.strokeWidth == 1)
    #expect(s.strokeColor == RGBAColor(hex: 0x0000ff))
    #expect(s.ligatures == Ligatures.none)
    #expect(s.expansion == 0.22)
    #expect(s.obliqueness == 1)
    #expect(s.italic == false)
}

@Test func badValuesAreReportedAndTheRestKept() {
    let (s, diagnostics) = spanStyle(
        "text-shadow: 1px; -webkit-text-stroke: red red; font-variant-ligatures: some; "
            + "font-stretch: -5%; font-style: oblique 90deg; hyphens: maybe; "
            + "white-space: squish; text-overflow: fade; -mconv-attribute: lonely; color: red")
    #expect(s.foreground == RGBAColor(hex: 0xff0000))
    #expect(s.shadow == nil && s.strokeColor == nil && s.ligatures == nil && s.expansion == nil)
    #expect(
        diagnostics.map(\.message) == [
            "ignored '-mconv-attribute: lonely' (only the app's stylesheets may set it)",
            "ignored 'text-shadow: 1px' (not a text shadow)",
            "ignored '-webkit-text-stroke: red red' (not a stroke width and colour)",
            "ignored 'font-variant-ligatures: some' (not a ligature value)",
            "ignored 'font-stretch: -5%' (not a font stretch)",
            "ignored 'font-style: oblique 90deg' (not an angle between -90deg and 90deg)",
            "ignored 'hyphens: maybe' (not a hyphens value)",
            "ignored 'white-space: squish' (not a white-space value)",
            "ignored 'text-overflow: fade' (not a text-overflow value)",
        ])
}

@Test func customAttributesFromStylesheetRulesOnly() {
    var diagnostics: [Diagnostic] = []
    let sheet = Stylesheet.standard.adding(
        css: "[role=mention] { -mconv-attribute: AppAccent red }\n"
            + ".vip { -mconv-attribute: MyBadge gold star; -mconv-attribute: AppAccent blue }",
        diagnostics: &diagnostics)
    #expect(diagnostics.isEmpty)
    let both = Attributes(classes: ["vip"], pairs: [Attribute(name: "role", value: "mention")])
    let doc = Document([
        p(.span([.text("@a")], role("mention")), .text(" "), .span([.text("@b")], both))
    ])
    let styled = StyledText(doc, stylesheet: sheet)
    let runs = styled.runs
    #expect(runs[0].style.customAttributes == ["AppAccent": "red"])
    #expect(runs[2].style.customAttributes == ["AppAccent": "blue", "MyBadge": "gold star"])
    #expect(
        StyledRunsWriter.runAttributes(runs[2], root: styled.rootStyle)
            == #"role=mention; value="b"; attr.AppAccent="blue"; attr.MyBadge="gold star""#)
}

@Test func customAttributesMayNotTakeThePlatformsOrMconvsKeys() {
    var diagnostics: [Diagnostic] = []
    let sheet = Stylesheet.standard.adding(
        css: ".vip { -mconv-attribute: NSFont Helvetica; -mconv-attribute: MConvTapTarget x; "
            + "-mconv-attribute: AppAccent red }",
        diagnostics: &diagnostics)
    #expect(
        diagnostics.map(\.message) == [
            "ignored '-mconv-attribute: NSFont Helvetica' ('NSFont' is a platform or mconv key; "
                + "use a key of the app's own)",
            "ignored '-mconv-attribute: MConvTapTarget x' ('MConvTapTarget' is a platform or "
                + "mconv key; use a key of the app's own)",
        ])
    let vip = Document([p(.span([.text("x")], Attributes(classes: ["vip"])))])
    let runs = StyledText(vip, stylesheet: sheet).runs
    #expect(runs.map(\.style.customAttributes) == [["AppAccent": "red"]])
}

@Test func customAttributesFromTheLibraryAndInheritance() {
    var sheet = Stylesheet.standard
    sheet.tags["hot"] = StyleRule(declarations: [
        StyleDeclaration(.customAttribute(key: "Flame", value: "1"))
    ])
    let doc = Document([
        p(.span([.text("a"), .strong([.text("b")], .none)], Attributes(tag: "hot")))
    ])
    let runs = StyledText(doc, stylesheet: sheet).runs
    #expect(runs.map { $0.style.customAttributes } == [["Flame": "1"], ["Flame": "1"]])
    let merged = TextStyle(customAttributes: ["A": "own"])
        .inheriting(from: TextStyle(customAttributes: ["A": "parent", "B": "parent"]))
    #expect(merged.customAttributes == ["A": "own", "B": "parent"])
}

@Test func embeddedStyleElementsMayNotAttachAttributes() {
    let doc = Document([
        .rawBlock(format: "html", "<style>p { -mconv-attribute: K v; color: red }</style>"),
        p(.text("x")),
    ])
    let styled = StyledText(doc)
    #expect(styled.runs[0].style.customAttributes == nil)
    #expect(styled.runs[0].style.foreground == RGBAColor(hex: 0xff0000))
    #expect(
        styled.diagnostics.map(\.message).first
            == "ignored '-mconv-attribute: K v' (only the app's stylesheets may set it)")
}

@Test func legacyAlignAndDirReportBadValues() {
    let a = Attributes(pairs: [
        Attribute(name: "align", value: "top"), Attribute(name: "dir", value: "up"),
    ])
    let styled = StyledText(Document([.paragraph([.text("x")], a)]))
    #expect(styled.paragraphs[0].style.alignment == nil)
    #expect(
        styled.diagnostics.map(\.message) == [#"ignored align="top""#, #"ignored dir="up""#])
}

@Test func paragraphLineBreakAndHyphenationFromTheLibrary() {
    let rule = StyleRule(css: "white-space: nowrap; text-overflow: ellipsis; hyphens: auto")
    var sheet = Stylesheet.standard
    sheet[.paragraph] = rule
    let styled = StyledText(Document([p(.text("x"))]), stylesheet: sheet)
    #expect(styled.paragraphs[0].style.lineBreak == .truncateTail)
    #expect(styled.paragraphs[0].style.hyphenation == true)
    #expect(
        StyledRunsWriter.paragraphAttributes(styled.paragraphs[0].style)
            == "hyphenation=true; line-break=truncate-tail")
}

@Test func sourceAndLineOfBadRules() {
    var diagnostics: [Diagnostic] = []
    let sheet = Stylesheet.standard.adding(
        css: "/* a\ncomment */ p { color: red }\n\na:hover { color: blue }\nem {\n  color: bogus }",
        source: "user.css", diagnostics: &diagnostics)
    #expect(sheet[.paragraph]?.declarations.count == 3)
    #expect(
        diagnostics.map(\.message) == [
            "user.css:4: ignored rule for selector 'a:hover'",
            "user.css:5: ignored 'color: bogus' (not a colour)",
        ])
}

@Test func ruleFromValuesCarriesTheNewFields() {
    let text = TextStyle(
        shadow: TextShadow(offsetX: 1, offsetY: 1), strokeColor: RGBAColor(hex: 0x00ff00),
        strokeWidth: 2, ligatures: .all, expansion: 0.1, obliqueness: 0.2,
        writingDirection: .rtl, customAttributes: ["K": "v"])
    var sheet = Stylesheet.standard
    sheet.tags["fx"] = StyleRule(text, paragraph: ParagraphStyle(hyphenation: true))
    sheet.tags["mid"] = StyleRule(css: "-mconv-line-break: truncate-middle; white-space: nowrap")
    sheet.tags["all"] = StyleRule(css: "word-break: break-all")
    let doc = Document([
        p(.span([.text("x")], Attributes(tag: "fx"))),
        .div([p(.text("m"))], Attributes(tag: "mid")),
        .div([p(.text("a"))], Attributes(tag: "all")),
    ])
    let styled = StyledText(doc, stylesheet: sheet)
    #expect(
        StyledRunsWriter.runAttributes(styled.runs[0], root: styled.rootStyle)
            == "shadow=1 1 0; stroke-width=2; stroke-color=#00ff00; ligatures=all; "
            + #"expansion=0.1; obliqueness=0.2; direction=rtl; attr.K="v""#)
    #expect(styled.paragraphs.map(\.style.lineBreak) == [nil, .truncateMiddle, .charWrap])
}

@Test func paragraphStyleKeepsUnsetAndZeroLengthsApart() throws {
    var style = ParagraphStyle(spacingAfter: 0, tailIndent: 12.5)
    #expect(style.spacingAfter == 0)
    #expect(style.spacingBefore == nil)
    #expect(style != ParagraphStyle(tailIndent: 12.5))
    style.spacingAfter = nil
    #expect(style == ParagraphStyle(tailIndent: 12.5))
    #expect(style.hashValue == ParagraphStyle(tailIndent: 12.5).hashValue)
    style.tailIndent = nil
    #expect(style.isEmpty)
}

@Test func paragraphStyleCodesItsSetFieldsByName() throws {
    let style = ParagraphStyle(
        alignment: .center, lineHeightMultiple: 1.5, spacingAfter: 0, headIndent: 24,
        tabStops: [TabStop(40)], hyphenation: false)
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let encoded = String(decoding: try encoder.encode(style), as: UTF8.self)
    #expect(
        encoded
            == #"{"alignment":"center","headIndent":24,"hyphenation":false,"#
            + #""lineHeightMultiple":1.5,"spacingAfter":0,"tabStops":[40]}"#)
    #expect(try JSONDecoder().decode(ParagraphStyle.self, from: Data(encoded.utf8)) == style)
}
