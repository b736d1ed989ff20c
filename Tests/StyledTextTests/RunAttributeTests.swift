import Foundation
import MarkupAST
import Testing

@testable import StyledText

private typealias Attribute = PlatformValues.RunAttribute

@Test func runAttributesHoldTheFinalNumbers() {
    let style = TextStyle(
        fontSize: 20, foreground: RGBAColor(hex: 0x11_2233),
        shadow: TextShadow(offsetX: 1, offsetY: 2, blurRadius: 3),
        strokeColor: RGBAColor(hex: 0xff0000), strokeWidth: 2, ligatures: .all, expansion: -0.29,
        obliqueness: 0.25, writingDirection: .rtl, tap: TapTarget(role: .mention, value: "ann"),
        customAttributes: ["Z": "last", "A": "first"])
    let shadow = PlatformValues.Shadow(
        offsetX: 1, offsetY: 2, blurRadius: 3, color: RGBAColor(hex: 0x11_2233))
    #expect(
        PlatformValues.runAttributes(style) == [
            Attribute("NSShadow", .shadow(shadow)),
            Attribute("NSStrokeWidth", .number(-10)),
            Attribute("NSStrokeColor", .color(RGBAColor(hex: 0xff0000))),
            Attribute("NSLigature", .integer(2)),
            Attribute("NSExpansion", .number(-0.29)),
            Attribute("NSObliqueness", .number(0.25)),
            Attribute("NSWritingDirection", .integers([1])),
            Attribute("MConvTapTarget", .tap(TapTarget(role: .mention, value: "ann"))),
            Attribute("A", .string("first")),
            Attribute("Z", .string("last")),
        ])
}

@Test func runAttributesSkipDefaultsAndFollowTheDefaultFont() {
    #expect(PlatformValues.runAttributes(TextStyle(fontWeight: 700)) == [])
    // No width: no stroke, even with a colour; zero expansion and obliqueness are left out.
    let quiet = TextStyle(
        strokeColor: RGBAColor(hex: 0xff0000), expansion: 0, obliqueness: 0)
    #expect(PlatformValues.runAttributes(quiet) == [])
    // The default font is 16pt; a shadow without a colour nor text colour is black.
    let style = TextStyle(
        shadow: TextShadow(offsetX: -1, offsetY: 0, blurRadius: -4), strokeWidth: 4,
        ligatures: Ligatures.none, writingDirection: .ltr)
    #expect(
        PlatformValues.runAttributes(style) == [
            Attribute(
                "NSShadow",
                .shadow(
                    PlatformValues.Shadow(
                        offsetX: -1, offsetY: 0, blurRadius: 0, color: RGBAColor(hex: 0)))),
            Attribute("NSStrokeWidth", .number(-25)),
            Attribute("NSLigature", .integer(0)),
            Attribute("NSWritingDirection", .integers([0])),
        ])
    // A link is a tap target of role link.
    #expect(
        PlatformValues.runAttributes(TextStyle(link: "https://a.example"))
            == [
                Attribute(
                    "MConvTapTarget", .tap(TapTarget(role: .link, value: "https://a.example")))
            ])
    #expect(
        PlatformValues.runAttributes(TextStyle(ligatures: .standard))
            == [Attribute("NSLigature", .integer(1))])
}

@Test func paragraphNumbersForDirectionHyphenationAndLineBreak() {
    let p = PlatformValues.paragraph(
        ParagraphStyle(writingDirection: .ltr, hyphenation: true, lineBreak: .truncateTail))
    #expect(p.baseWritingDirection == 0)
    #expect(p.hyphenationFactor == 1)
    #expect(p.lineBreakMode == 4)
    #expect(
        LineBreakMode.allCases.map {
            PlatformValues.paragraph(ParagraphStyle(lineBreak: $0)).lineBreakMode
        }
            == [0, 1, 2, 3, 4, 5])
    let none = PlatformValues.paragraph(ParagraphStyle(hyphenation: false))
    #expect(none.hyphenationFactor == 0)
    #expect(none.baseWritingDirection == -1)
    #expect(none.lineBreakMode == 0)
}

@Test func attributedStringCarriesTheNewRunAttributes() {
    var sheet = Stylesheet.standard
    sheet.tapScheme = "myapp"
    let doc = TextDetector().apply(to: Document([.paragraph([.text("hi @ann")], .none)]))
    var styled = StyledText(doc, stylesheet: sheet)
    #expect(styled.runs.count == 2)
    styled.runs[0].style = TextStyle(
        foreground: RGBAColor(hex: 0x00_00ff), shadow: TextShadow(offsetX: 1, offsetY: 1),
        strokeColor: RGBAColor(hex: 0xff0000), strokeWidth: 1.6, ligatures: Ligatures.none,
        expansion: 0.1, obliqueness: 0.2, writingDirection: .rtl,
        customAttributes: ["AppKey": "v"])
    let a = styled.attributedString()
    let shadow = a.attribute(.mconvShadow, at: 0, effectiveRange: nil) as? PlatformValues.Shadow
    #expect(
        shadow
            == PlatformValues.Shadow(
                offsetX: 1, offsetY: 1, blurRadius: 0, color: RGBAColor(hex: 0x00_00ff)))
    #expect(a.attribute(.mconvStrokeWidth, at: 0, effectiveRange: nil) as? Double == -10)
    #expect(
        a.attribute(.mconvStrokeColor, at: 0, effectiveRange: nil) as? RGBAColor
            == RGBAColor(hex: 0xff0000))
    #expect(a.attribute(.mconvLigature, at: 0, effectiveRange: nil) as? Int == 0)
    #expect(a.attribute(.mconvExpansion, at: 0, effectiveRange: nil) as? Double == 0.1)
    #expect(a.attribute(.mconvObliqueness, at: 0, effectiveRange: nil) as? Double == 0.2)
    #expect(a.attribute(.mconvWritingDirection, at: 0, effectiveRange: nil) as? [Int] == [1])
    #expect(
        a.attribute(NSAttributedString.Key(rawValue: "AppKey"), at: 0, effectiveRange: nil)
            as? String == "v")
    #expect(a.attribute(.mconvTapTarget, at: 0, effectiveRange: nil) == nil)
    // The mention: its tap target and its tap-scheme link.
    let tap = a.attribute(.mconvTapTarget, at: 3, effectiveRange: nil) as? TapTarget
    #expect(tap == TapTarget(role: .mention, value: "ann"))
    let link = a.attribute(.mconvLink, at: 3, effectiveRange: nil) as? URL
    #expect(link?.absoluteString == "myapp://mention/ann")
    #expect(a.attribute(.mconvShadow, at: 3, effectiveRange: nil) == nil)
    // The same through the mconv AttributedString scope.
    let value = styled.attributedStringValue()
    #expect(value.runs.map(\.mconvTapTarget) == [nil, TapTarget(role: .mention, value: "ann")])
}

@Test func attributesForStyleMatchTheNeutralValues() {
    let d = StyledText.attributes(
        for: TextStyle(ligatures: .all, tap: TapTarget(role: "product", value: "42")))
    #expect(d[.mconvLigature] as? Int == 2)
    #expect(d[.mconvTapTarget] as? TapTarget == TapTarget(role: "product", value: "42"))
}

@Test func customAttributesWithThePlatformsOrMconvsKeysAreNotPassedOn() {
    let style = TextStyle(
        customAttributes: ["NSFont": "Helvetica", "MConvTapTarget": "x", "AppAccent": "red"])
    #expect(PlatformValues.runAttributes(style).map(\.key) == ["AppAccent"])
}
