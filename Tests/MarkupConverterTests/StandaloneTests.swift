import MarkupAST
import MarkupConverter
import Testing

@Test func standaloneAndMetadataAreSettingsOfTheOptionTable() throws {
    let settings = ConversionSettings(
        values: ["standalone": "true"],
        lists: ["css": ["a.css"], "metadata": ["title=Given", "lang=en", "x=a=b"]])
    let html = try Converter(from: "markdown", to: "html", settings: settings).convert("# H\n")
    #expect(
        html.output == """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8" />
            <title>Given</title>
            <link rel="stylesheet" href="a.css" />
            </head>
            <body>
            <h1>H</h1>
            </body>
            </html>

            """)
    #expect(html.document.metadata == ["title": "Given", "lang": "en", "x": "a=b"])
    let markdown = try Converter(from: "markdown", to: "markdown", settings: settings)
    #expect(
        try markdown.convert("---\ntitle: Old\n---\n# H\n").output
            == "---\ntitle: Given\nlang: en\nx: a=b\n---\n\n# H\n")
}

@Test func metadataNeedsKeyEqualsValue() {
    for bad in ["novalue", "=x"] {
        #expect(throws: FormatError.self) {
            try Converter(
                from: "html", to: "html",
                settings: ConversionSettings(lists: ["metadata": [bad]]))
        }
    }
}

@Test func theShortFormOfStandaloneIsInTheTable() {
    #expect(ConversionOption.named("standalone")?.shortName == "s")
    #expect(ConversionOption.named("css")?.kind == .list)
}

@Test func astJSONRoundTripKeepsMetadata() throws {
    let page = #"<html lang="en"><head><title>T</title><meta name="author" content="A"></head>"#
    let json = try Converter(from: "html", to: "json").convert(page)
    let back = try Converter(from: "json", to: "json").convert(json.output)
    #expect(back.document.metadata == ["title": "T", "author": "A", "lang": "en"])
    #expect(back.output == json.output)
}

@Test func gfmWritesAndReadsFootnotes() throws {
    let markdown = "Claim[^1].\n\n[^1]: Source.\n"
    let result = try Converter(from: "gfm", to: "gfm").convert(markdown)
    #expect(result.output == markdown)
    #expect(result.diagnostics == [])
}
