import Foundation
import MarkupAST
import Testing

@Suite("DiagnosticCode")
struct DiagnosticCodeTests {
    @Test func printsTheRawCode() {
        let d = Diagnostic(.warning, .lossyTableSpan, "table cell spans flattened", line: 3)
        #expect(d.description == "3: warning: lossy.table-span: table cell spans flattened")
        #expect("\(DiagnosticCode.inputInvalidUTF8)" == "input.invalid-utf8")
        #expect(DiagnosticCode.htmlParseError("eof-in-tag").rawValue == "parse.eof-in-tag")
    }

    @Test func encodesAsTheRawString() throws {
        let d = Diagnostic(.note, .parseDropped, "dropped 1 comments")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(d), as: UTF8.self)
        #expect(
            json == #"{"code":"parse.dropped","message":"dropped 1 comments","severity":"note"}"#)
        #expect(try JSONDecoder().decode(Diagnostic.self, from: Data(json.utf8)) == d)
    }

    @Test func lossyIsThePrefix() {
        #expect(DiagnosticCode.lossyRaw.isLossy)
        #expect(Diagnostic(.warning, .lossyDepth, "").isLossy)
        #expect(!DiagnosticCode.parseDepthLimit.isLossy)
    }
}
