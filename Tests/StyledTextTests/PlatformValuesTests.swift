import Foundation
import MarkupAST
import Testing

@testable import StyledText

@Test func fontPlanKeepsBoldAndItalicAndSkipsGenericFamilies() {
    let plan = PlatformValues.font(
        StyledFont(
            family: ["Georgia", "serif", "-apple-system"], size: 18, weight: 700, italic: true))
    #expect(
        plan
            == PlatformValues.Font(
                names: ["Georgia"], size: 18, weight: .bold, monospacedSystemFont: false,
                boldTrait: true, italicTrait: true))
    let mono = PlatformValues.font(StyledFont(family: ["ui-monospace", "Menlo"], size: 13))
    #expect(mono.names == ["Menlo"])
    #expect(mono.monospacedSystemFont)
    #expect(!mono.boldTrait && !mono.italicTrait)
    #expect(PlatformValues.font(StyledFont(weight: 500)).boldTrait == false)
    #expect(PlatformValues.font(StyledFont(weight: 600)).boldTrait == true)
    // Sizes stay drawable: NaN and huge sizes are clamped.
    #expect(PlatformValues.font(StyledFont(size: .nan)).size == 16)
    #expect(PlatformValues.font(StyledFont(size: 1e9)).size == 1000)
}

@Test func weightClassesRoundToTheNearestHundred() {
    let weights = [1, 149, 150, 349, 400, 449, 450, 600, 651, 849, 850, 2000]
    #expect(
        weights.map { FontWeightClass($0) } == [
            .ultraLight, .ultraLight, .thin, .light, .regular, .regular, .medium, .semibold,
            .bold, .heavy, .black, .black,
        ])
}

@Test func paragraphNumbersAreFinalValues() {
    let p = PlatformValues.paragraph(
        ParagraphStyle(
            alignment: .justify, lineHeight: 24, spacingBefore: 4, spacingAfter: 12,
            headIndent: 20, tailIndent: 8,
            tabStops: [
                40, TabStop(80, alignment: .center), TabStop(120.5, alignment: .right),
            ], writingDirection: .rtl))
    var expected = PlatformValues.Paragraph()
    expected.alignment = .justify
    expected.minimumLineHeight = 24
    expected.maximumLineHeight = 24
    expected.paragraphSpacingBefore = 4
    expected.paragraphSpacing = 12
    expected.headIndent = 20
    expected.firstLineHeadIndent = 20
    expected.tailIndent = -8
    // NSTextTab alignments are absolute: a right stop stays right in right-to-left text.
    expected.tabStops = [
        PlatformValues.Tab(alignment: .left, location: 40),
        PlatformValues.Tab(alignment: .center, location: 80),
        PlatformValues.Tab(alignment: .right, location: 120.5),
    ]
    expected.baseWritingDirection = 1
    #expect(p == expected)
    let first = PlatformValues.paragraph(
        ParagraphStyle(lineHeightMultiple: 1.5, headIndent: 20, firstLineHeadIndent: 0))
    #expect(first.firstLineHeadIndent == 0)
    #expect(first.lineHeightMultiple == 1.5)
    #expect(first.alignment == .natural)
    #expect(PlatformValues.paragraph(ParagraphStyle()) == PlatformValues.Paragraph())
}

@Test func attachmentBoundsNeverCollapse() {
    let rule = TextAttachment(kind: .rule, url: "")
    #expect(
        PlatformValues.bounds(of: rule, lineWidth: 320)
            == PlatformValues.Bounds(width: 320, height: 1))
    #expect(PlatformValues.bounds(of: rule) == PlatformValues.Bounds(width: 24, height: 1))
    #expect(
        PlatformValues.bounds(of: rule, lineWidth: 1e12)
            == PlatformValues.Bounds(width: 4096, height: 1))
    // A width-only image gets a height (the placeholder's aspect ratio, 1:1).
    #expect(
        PlatformValues.bounds(of: TextAttachment(url: "a.png", width: 120))
            == PlatformValues.Bounds(width: 120, height: 120))
    #expect(PlatformValues.ruleColor(TextStyle()) == RGBAColor(hex: 0x99_9999))
    #expect(
        PlatformValues.ruleColor(TextStyle(foreground: RGBAColor(hex: 0xff0000)))
            == RGBAColor(hex: 0xff0000))
}

@Test func alignmentOrderIsTheAdaptersTable() {
    // PlatformAttributes indexes [.left, .right, .center, .justified, .natural] by this order.
    #expect(TextAlignment.allCases == [.left, .right, .center, .justify, .natural])
}

@Test func lineStyleBitsAreUnderlineStyleValues() {
    #expect(LineStyle.allCases.map(PlatformAttributes.lineStyle) == [0, 1, 9, 0x101, 0x201, 0x102])
}
