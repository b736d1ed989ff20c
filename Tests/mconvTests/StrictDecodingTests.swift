import Foundation
import Testing

/// `mconv --strict` fails on every decoding loss; UTF-16 without a byte order mark is read
/// as UTF-16 (issue #19 item 2).
@Suite("mconv decoding under --strict")
struct StrictDecodingTests {
    func utf16LE(_ text: String) -> [UInt8] {
        Array(text.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    @Test("UTF-16 without a byte order mark is recognised, with a note naming --encoding")
    func unmarkedUTF16() throws {
        let path = try temporaryFile("wide.html", contents: utf16LE("<p>hello</p>"))
        let r = try runMconv(["-f", "html", "-t", "markdown", "--strict", path])
        #expect(r.status == 0)
        #expect(r.stdout == "hello\n")
        #expect(r.stderr.contains("note: input.encoding") && r.stderr.contains("--encoding"))
    }

    @Test("an odd last byte of UTF-16, invalid UTF-8 and NUL in Markdown fail --strict")
    func decodingLosses() throws {
        let inputs: [(String, [UInt8], String)] = [
            ("odd.md", [0xFF, 0xFE] + utf16LE("hi") + [0x41], "input.invalid-utf16"),
            ("bad.md", [0x61, 0xFF, 0x62], "input.invalid-utf8"),
            ("nul.md", [0x61, 0x00, 0x62], "input.nul"),
        ]
        for (name, bytes, code) in inputs {
            let path = try temporaryFile(name, contents: bytes)
            let r = try runMconv(["-f", "markdown", "-t", "html", "--strict", path])
            #expect(r.status == 3, "\(name)")
            #expect(r.stderr.contains(code), "\(name)")
            let lenient = try runMconv(["-f", "markdown", "-t", "html", path])
            #expect(lenient.status == 0, "\(name)")
        }
    }
}
