import MarkupAST
import MarkupConverter
import Testing

/// Decoding loses nothing silently (issue #19 item 2): UTF-16 without a byte order mark, an
/// odd last byte of UTF-16 and NUL in Markdown are recognised or reported, and `--strict`
/// (`isLossy`) fails on every decoding loss.
@Suite("Decoding losses")
struct DecodingLossTests {
    func utf16(_ text: String, littleEndian: Bool) -> [UInt8] {
        Array(text.utf16).flatMap { unit -> [UInt8] in
            let (low, high) = (UInt8(unit & 0xFF), UInt8(unit >> 8))
            return littleEndian ? [low, high] : [high, low]
        }
    }

    @Test("UTF-16 without a byte order mark is recognised by its NUL bytes, with a note")
    func unmarkedUTF16() throws {
        for littleEndian in [true, false] {
            let bytes = utf16("<p>hello, café</p>", littleEndian: littleEndian)
            let (text, diagnostics) = InputDecoding.decode(bytes, source: "a")
            #expect(text == "<p>hello, café</p>")
            #expect(diagnostics.map(\.code) == [.inputEncoding])
            #expect(diagnostics.first?.message.contains("--encoding") == true)
            let result = try Converter(from: "html", to: "markdown").convert(bytes: bytes)
            #expect(result.output == "hello, café\n")
            #expect(!result.isLossy)
        }
        // A short input or one with a few NUL bytes stays UTF-8.
        #expect(InputDecoding.decode([0x61, 0x00, 0x62], source: "a").0 == "a\u{0}b")
        let sparse = Array("a\u{0}bcdefghijkl".utf8)
        #expect(InputDecoding.decode(sparse, source: "a").0 == "a\u{0}bcdefghijkl")
    }

    @Test("an odd last byte of UTF-16 becomes U+FFFD, reported as lossy")
    func oddByte() {
        let bytes: [UInt8] = [0xFF, 0xFE] + utf16("hi", littleEndian: true) + [0x41]
        let (text, diagnostics) = InputDecoding.decode(bytes, source: "a")
        #expect(text == "hi\u{FFFD}")
        #expect(diagnostics.map(\.code) == [.inputInvalidUTF16])
        #expect(diagnostics.allSatisfy { $0.isLossy })
        let unmarked = Array(bytes.dropFirst(2))
        let named = InputDecoding.decode(unmarked, source: "a", encoding: "utf-16le")
        #expect(named.0 == "hi\u{FFFD}")
        #expect(named.1.map(\.code) == [.inputInvalidUTF16])
    }

    @Test("NUL in Markdown becomes U+FFFD (as cmark-gfm reads it), reported as lossy")
    func nulInMarkdown() throws {
        let converter = try Converter(from: "markdown", to: "plain")
        let result = try converter.convert(bytes: Array("a\u{0}b\u{0}".utf8))
        #expect(result.output == "a\u{FFFD}b\u{FFFD}\n")
        #expect(result.diagnostics.map(\.code) == [.inputNUL])
        #expect(result.diagnostics.first?.message.contains("2 places") == true)
        #expect(result.isLossy)
    }

    @Test("decoding losses are lossy; notes about the encoding are not")
    func strictCodes() {
        let losses: [DiagnosticCode] = [
            .inputInvalidUTF8, .inputInvalidUTF16, .inputInvalidBytes, .inputNUL,
        ]
        for code in losses {
            #expect(code.isLossy, "\(code)")
        }
        #expect(!DiagnosticCode.inputEncoding.isLossy)
        #expect(!DiagnosticCode.parseDepthLimit.isLossy)
    }
}
