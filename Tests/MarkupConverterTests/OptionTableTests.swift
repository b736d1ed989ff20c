import HTMLFormat
import MarkdownFormat
import MarkupConverter
import Testing

/// The option table drives the settings and the typed options; the registry is one list.
@Suite("Option table and format registry")
struct OptionTableTests {
    @Test("every Markdown writer setting sets its typed option")
    func markdownSettings() throws {
        let values = [
            "heading-style": "setext", "bullet-marker": "*", "ordered-delimiter": ")",
            "emphasis-delimiter": "_", "strong-delimiter": "__", "code-block-style": "indented",
            "fence-char": "~", "wrap": "auto", "columns": "40", "link-style": "reference",
            "reference-location": "block", "tables": "pipe", "raw-html": "false",
            "image-size-html": "true",
        ]
        let converter = try Converter(
            from: "html", to: "commonmark", settings: ConversionSettings(values: values))
        let writer = try #require(converter.writer as? MarkdownWriter)
        #expect(
            writer.options
                == MarkdownWriterOptions(
                    extensions: .commonmark, headingStyle: .setext, bulletMarker: .asterisk,
                    orderedDelimiter: .parenthesis, emphasisDelimiter: .underscore,
                    strongDelimiter: .underscores, codeBlockStyle: .indented,
                    fenceCharacter: .tilde,
                    wrap: .auto, columns: 40, linkStyle: .reference, referenceLocation: .block,
                    tables: .pipe, rawHTML: false, imageSizeAsHTML: true))
    }

    @Test("HTML reader settings, lists included")
    func htmlSettings() throws {
        let settings = ConversionSettings(
            values: ["base-url": "https://example.com/", "html-mode": "fragment"],
            lists: ["custom-tag": ["Hot", "cold"]])
        let reader = try #require(
            try FormatRegistry.reader(for: FormatSpec(parsing: "html"), settings: settings)
                as? HTMLReader)
        #expect(reader.options.baseURL == "https://example.com/")
        #expect(reader.options.mode == .fragment)
        #expect(reader.options.customTags == ["hot", "cold"])
    }

    @Test("a misspelt key is an error naming the known ones; a bad value names the choices")
    func errors() {
        let names = ConversionOption.all.map { $0.name + ($0.kind == .list ? " (list)" : "") }
            .joined(separator: ", ")
        #expect(names.contains("custom-tag (list), html-mode"))
        #expect(throws: FormatError("unknown setting 'wrapp'; known settings: \(names)")) {
            try Converter(from: "html", to: "markdown", settings: .init(values: ["wrapp": "auto"]))
        }
        #expect(throws: FormatError("unknown setting 'custom-tag'; known settings: \(names)")) {
            try Converter(from: "html", to: "gfm", settings: .init(values: ["custom-tag": "x"]))
        }
        #expect(throws: FormatError("--wrap takes none, auto or preserve, not 'x'")) {
            try Converter(from: "html", to: "markdown", settings: .init(values: ["wrap": "x"]))
        }
        #expect(throws: FormatError("--raw-html takes true or false, not 'maybe'")) {
            try Converter(from: "html", to: "gfm", settings: .init(values: ["raw-html": "maybe"]))
        }
    }

    @Test("option names are unique and name registered formats")
    func tableIsConsistent() {
        let names = ConversionOption.all.map(\.name)
        #expect(Set(names).count == names.count)
        for option in ConversionOption.all {
            for format in option.formats {
                let entry = FormatRegistry.entry(named: format)
                #expect(entry?.name == format, "\(option.name): \(format)")
                #expect(option.isInput ? entry?.readable == true : entry?.writable == true)
            }
        }
        #expect(ConversionOption.named("wrap")?.choices == ["none", "auto", "preserve"])
    }

    @Test("traits and template syntaxes come from the entries, aliases included")
    func registryTraits() throws {
        #expect(MarkupFormatString.Syntax(formatName: "md") == .markdown)
        #expect(MarkupFormatString.Syntax(formatName: "htm") == .html)
        #expect(MarkupFormatString.Syntax(formatName: "bb") == .bbcode)
        #expect(MarkupFormatString.Syntax(formatName: "json") == .plain)
        #expect(FormatRegistry.traits(of: try FormatSpec(parsing: "gfm")).contains(.embedsRawHTML))
        #expect(FormatRegistry.traits(of: try FormatSpec(parsing: "runs")).contains(.dropsRawHTML))
        #expect(!FormatRegistry.traits(of: try FormatSpec(parsing: "html")).contains(.dropsRawHTML))
        #expect(FormatRegistry.traits(of: try FormatSpec(parsing: "txt")).contains(.noStyledSpans))
        #expect(
            FormatRegistry.traits(of: try FormatSpec(parsing: "bb")) == [
                .dropsRawHTML, .noStyledSpans,
            ])
        #expect(FormatRegistry.entry(named: "html")?.extensionDefaults == nil)
        let commonmark = FormatRegistry.entry(named: "commonmark")?.extensionDefaults
        #expect(commonmark?.contains { $0.isOn } == false)
    }

    @Test("the tag filter follows the Markdown input's extensions")
    func tagfilter() throws {
        let unsafe = ConversionSettings(unsafe: true)
        func tagfilter(_ input: String) throws -> Bool? {
            let writer = try Converter(from: input, to: "html", settings: unsafe).writer
            return (writer as? HTMLWriter)?.options.tagfilter
        }
        #expect(try tagfilter("gfm") == true)
        #expect(try tagfilter("commonmark") == false)
        #expect(try tagfilter("commonmark+tagfilter") == true)
        #expect(try tagfilter("html") == true)
    }
}
