import MarkupAST
import MarkupConverter
import Testing

@Suite("ConversionSettings.quiet and .verbose")
struct QuietSettingsTests {
    @Test("parse notes only when verbose; quiet drops them even then; output unchanged")
    func quietDropsParseNotes() throws {
        let plain = try Converter(from: "html", to: "markdown").convert("<p>a</b> <i>b</p>")
        #expect(plain.diagnostics.isEmpty)
        let loud = try Converter(
            from: "html", to: "markdown", settings: ConversionSettings(verbose: true)
        ).convert("<p>a</b> <i>b</p>")
        #expect(plain.output == loud.output)
        let settings = ConversionSettings(quiet: true, verbose: true)
        let quiet = try Converter(from: "html", to: "markdown", settings: settings)
            .convert("<p>a</b> <i>b</p>")
        #expect(
            loud.diagnostics.map(\.code)
                == [
                    .htmlParseError("unexpected-end-tag"),
                    .htmlParseError("unexpected-open-element"),
                ])
        #expect(quiet.diagnostics.isEmpty)
        #expect(quiet.output == "a *b*\n")
        #expect(quiet.output == loud.output)
    }

    @Test("quiet still reports lossy conversions")
    func quietKeepsLossy() throws {
        let settings = ConversionSettings(quiet: true)
        let result = try Converter(from: "html", to: "commonmark", settings: settings)
            .convert("<p>a<span title=\"t\">b</span></b></p>")
        #expect(result.diagnostics.map(\.code) == [.lossyAttributes])
        #expect(result.isLossy)
    }
}
