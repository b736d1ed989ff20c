import MarkupAST
import MarkupConverter
import Testing

@Suite("ConversionSettings.quiet")
struct QuietSettingsTests {
    @Test("quiet drops the HTML parse notes and keeps the output")
    func quietDropsParseNotes() throws {
        let loud = try Converter(from: "html", to: "markdown").convert("<p>a</b> <i>b</p>")
        let settings = ConversionSettings(quiet: true)
        let quiet = try Converter(from: "html", to: "markdown", settings: settings)
            .convert("<p>a</b> <i>b</p>")
        #expect(
            loud.diagnostics.map(\.code)
                == ["parse.unexpected-end-tag", "parse.unexpected-open-element"])
        #expect(quiet.diagnostics.isEmpty)
        #expect(quiet.output == "a *b*\n")
        #expect(quiet.output == loud.output)
    }

    @Test("quiet still reports lossy conversions")
    func quietKeepsLossy() throws {
        let settings = ConversionSettings(quiet: true)
        let result = try Converter(from: "html", to: "commonmark", settings: settings)
            .convert("<p>a<span style=\"color: red\">b</span></b></p>")
        #expect(result.diagnostics.map(\.code) == ["lossy.attributes"])
        #expect(result.isLossy)
    }
}
