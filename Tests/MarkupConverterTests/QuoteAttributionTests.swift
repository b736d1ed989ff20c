import MarkupAST
import MarkupConverter
import Testing

/// A quoted author is shown where the output has no place for it.
@Suite("Quote attribution")
struct QuoteAttributionTests {
    static let post = #"[quote="Al" post_id=3]hi [quote=Bo]inner[/quote][/quote]"#

    @Test("Markdown shows each author before the quote")
    func markdown() throws {
        let result = try Converter(from: "bbcode", to: "markdown").convert(Self.post)
        #expect(result.output.hasPrefix("> **Al** wrote:\n>\n> hi"))
        #expect(result.output.contains("> > **Bo** wrote:\n> >\n> > inner\n"))
        // The author is shown; the post id has no place and is reported.
        #expect(result.diagnostics.map(\.code) == [.lossyAttributes])
    }

    @Test("plain text and range JSON too; a localised template")
    func plainAndRangeJSON() throws {
        let plain = try Converter(from: "bbcode", to: "plain").convert(#"[quote="Al"]hi[/quote]"#)
        #expect(plain.output == "  Al wrote:\n\n  hi\n")
        var settings = ConversionSettings()
        settings.values["quote-attribution"] = "Zitat von %@:"
        let json = try Converter(from: "bbcode", to: "rangejson", settings: settings)
            .convert(#"[quote="Al"]hi[/quote]"#)
        #expect(
            json.output == """
                {"paragraphs":[
                {"type":"BQ","text":"Zitat von Al:","markups":[{"type":"STRONG","start":10,"end":12}]},
                {"type":"BQ","text":"hi"}
                ]}

                """)
    }

    @Test("BBCode and HTML keep the author as data; an empty template turns it off")
    func keptAsData() throws {
        let input = #"[quote="Al"]hi[/quote]"#
        #expect(
            try Converter(from: "bbcode", to: "bbcode").convert(input).output
                == "[quote=Al]\nhi\n[/quote]\n")
        #expect(
            try Converter(from: "bbcode", to: "html").convert(input).output.hasPrefix(
                #"<blockquote author="Al">"#))
        var settings = ConversionSettings()
        settings.values["quote-attribution"] = ""
        #expect(
            try Converter(from: "bbcode", to: "markdown", settings: settings).convert(input).output
                == "> hi\n")
    }

    @Test("a template without %@ puts the author after its text")
    func noMarker() {
        let doc = Document([
            .blockQuote(
                [.paragraph([.text("x")], .none)],
                Attributes(pairs: [Attribute(name: "author", value: "Al")]))
        ])
        let shown = QuoteAttribution(template: "From").apply(to: doc)
        #expect(
            shown.blocks == [
                .blockQuote(
                    [
                        .paragraph([.text("From "), .strong([.text("Al")], .none)], .none),
                        .paragraph([.text("x")], .none),
                    ], .none)
            ])
    }
}
