import MarkupAST
import MarkupConverter
import Testing

@Suite("Input decoding")
struct InputDecodingTests {
    /// café “q” in windows-1252.
    let latin1: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x20, 0x93, 0x71, 0x94]

    @Test("UTF-8 stays the default; invalid bytes become U+FFFD with a hint")
    func invalidUTF8() {
        let (text, diagnostics) = InputDecoding.decode(latin1, source: "a.txt")
        #expect(text == "caf\u{FFFD} \u{FFFD}q\u{FFFD}")
        #expect(diagnostics.map(\.code) == [.inputInvalidUTF8])
        #expect(diagnostics.first?.message.contains("--encoding windows-1252") == true)
    }

    @Test("a named encoding is used, without a note; latin1 means windows-1252 as in browsers")
    func namedEncoding() {
        for label in ["windows-1252", "latin1", "ISO-8859-1", "cp1252"] {
            let (text, diagnostics) = InputDecoding.decode(latin1, source: "a", encoding: label)
            #expect(text == "café “q”", "\(label)")
            #expect(diagnostics.isEmpty)
        }
        let cyrillic: [UInt8] = [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2]
        #expect(InputDecoding.decode(cyrillic, source: "a", encoding: "windows-1251").0 == "Привет")
    }

    @Test("UTF-16 with a byte order mark, either order")
    func utf16() {
        let le: [UInt8] =
            [0xFF, 0xFE] + Array("hé 😀".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be: [UInt8] =
            [0xFE, 0xFF] + Array("hé 😀".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(InputDecoding.decode(le, source: "a") == ("hé 😀", []))
        #expect(InputDecoding.decode(be, source: "a").0 == "hé 😀")
    }

    @Test("HTML that is not UTF-8 is read in the encoding its <meta charset> names, with a note")
    func metaCharset() throws {
        let page =
            Array(
                #"<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><p>"#.utf8
            )
            + latin1 + Array("</p>".utf8)
        let result = try Converter(from: "html", to: "plain").convert(bytes: page, source: "p.html")
        #expect(result.output == "café “q”\n")
        #expect(result.diagnostics.map(\.code) == [.inputEncoding])
        // Valid UTF-8 wins over a label that does not fit it (a mislabelled page).
        let utf8Page = Array("<meta charset=windows-1252><p>café</p>".utf8)
        let utf8 = try Converter(from: "html", to: "plain").convert(bytes: utf8Page)
        #expect(utf8.output == "café\n")
        #expect(utf8.diagnostics.isEmpty)
        // Other formats are not sniffed.
        let bb = try Converter(from: "bbcode", to: "plain").convert(bytes: page)
        #expect(bb.diagnostics.map(\.code) == [.inputInvalidUTF8])
    }

    @Test("an unknown encoding is a usage error naming the known ones")
    func unknownEncoding() {
        var settings = ConversionSettings()
        settings.values["encoding"] = "klingon"
        #expect(throws: FormatError.self) {
            try Converter(from: "html", to: "markdown", settings: settings)
        }
    }
}
