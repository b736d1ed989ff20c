import MarkupAST
import Testing

@testable import StyledText

/// The runs of `text` after detection, with `sheet`.
func detectedRuns(_ text: String, _ sheet: Stylesheet) -> [StyledRun] {
    let doc = TextDetector().apply(to: Document([.paragraph([.text(text)], .none)]))
    return StyledText(doc, stylesheet: sheet).runs
}

@Test func tapTargetsCarryRoleValueAndSchemeLinks() {
    var sheet = Stylesheet.standard
    sheet.tapScheme = "myapp"
    let runs = detectedRuns("@ann #话题# https://x.org/a", sheet)
    let taps = runs.map { $0.style.tap }
    let links = runs.map { $0.style.link }
    #expect(
        taps == [
            TapTarget(role: .mention, value: "ann"), nil,
            TapTarget(role: .hashtag, value: "话题"), nil,
            TapTarget(role: .url, value: "https://x.org/a"),
        ])
    #expect(
        links == [
            "myapp://mention/ann", nil, "myapp://hashtag/%E8%AF%9D%E9%A2%98", nil,
            "https://x.org/a",
        ])
}

@Test func withoutASchemeOnlyTheTapTarget() {
    let runs = detectedRuns("hi @ann", .standard)
    #expect(runs[1].style.tap == TapTarget(role: .mention, value: "ann"))
    #expect(runs[1].style.link == nil)
}

@Test func linksKeepTheirOwnURLAndCustomRolesTakeDataValueOrText() {
    var sheet = Stylesheet.standard
    sheet.tapScheme = "app"
    sheet.tapRoles = ["product"]
    let product = Attributes(pairs: [
        Attribute(name: "role", value: "product"), Attribute(name: "data-value", value: "sku 1"),
    ])
    let doc = Document([
        p(
            .link([.text("site")], Link("https://e.com"), .none), .text(" "),
            .span([.text("Buy")], product), .text(" "),
            .span([.text("Tea")], role("product")), .text(" "),
            .span([.text("no")], role("banner")))
    ])
    let runs = StyledText(doc, stylesheet: sheet).runs
    #expect(runs[0].style.tap == TapTarget(role: .link, value: "https://e.com"))
    #expect(runs[0].style.link == "https://e.com")
    #expect(runs[2].style.tap == TapTarget(role: "product", value: "sku 1"))
    #expect(runs[2].style.link == "app://product/sku%201")
    #expect(runs[4].style.tap == TapTarget(role: "product", value: "Tea"))
    #expect(runs.last?.style.tap == nil)
}

@Test func listMarkersOfLinkedItemsCarryNoTap() {
    let item = ListItem([.plain([.link([.text("a")], Link("/a"), .none)], .none)])
    let list = ListBlock(kind: .bullet, items: [item])
    let runs = StyledText(Document([.list(list)])).runs
    #expect(runs[0].style.tap == nil)
    #expect(runs.last?.style.tap == TapTarget(role: .link, value: "/a"))
}

@Test func tapSettingsFromCSSAndBadOnesReported() {
    var diagnostics: [Diagnostic] = []
    let sheet = Stylesheet.standard.adding(
        css: ":root { -mconv-tap-scheme: MyApp; -mconv-tap-roles: product, user }\n"
            + "body { -mconv-tap-scheme: 1bad }",
        source: "app.css", diagnostics: &diagnostics)
    #expect(sheet.tapScheme == "myapp")
    #expect(sheet.tapRoles == ["product", "user"])
    #expect(
        diagnostics.map(\.description) == [
            "warning: style.invalid-value: app.css:2: ignored '-mconv-tap-scheme: 1bad'"
        ])
}

@Test func tapTargetURLPercentEncodes() {
    #expect(
        TapTarget(role: .mention, value: "a b/c~d").url(scheme: "x") == "x://mention/a%20b%2Fc~d")
}

@Test func closedAndFullWidthMarks() {
    let out = TextDetector().detect("＠ann ＃タグ #话题#后 #a b# #1#")
    #expect(
        out == [
            .span([.text("＠ann")], role("mention")), .text(" "),
            .span([.text("＃タグ")], role("hashtag")), .text(" "),
            .span([.text("#话题#")], role("hashtag")), .text("后 "),
            .span([.text("#a")], role("hashtag")), .text(" b# #1#"),
        ])
}

@Test func fullWidthMarksOnlyWithTheDefaultPrefixes() {
    let d = TextDetector(mentionPrefix: "+", hashtagPrefix: "$")
    #expect(
        d.detect("＠ann ＃tag +bob $t") == [
            .text("＠ann ＃tag "), .span([.text("+bob")], role("mention")), .text(" "),
            .span([.text("$t")], role("hashtag")),
        ])
}

@Test func textValuesAreShortAndNestedRolesStayLinear() {
    let long = String(repeating: "é", count: 300)
    var inner: Inline = .span([.text("@" + long)], role("mention"))
    for _ in 0..<300 { inner = .span([.text("@a "), inner], role("mention")) }
    let runs = StyledText(Document([p(inner)])).runs
    // Outer levels share a cut value ("a @a @a ..."), so their runs merge.
    let values = runs.compactMap { $0.style.tap?.value }
    #expect(runs.count == 33)
    #expect(values.allSatisfy { $0.utf8.count <= 256 })
    // "@" and 127 two-byte "é" fill 255 bytes; the marker is dropped from the value.
    #expect(values.last == String(repeating: "é", count: 127))
}
