import MarkupAST
import Testing

@testable import RangeJSONFormat

@Suite struct RangeJSONReaderTests {
    @Test func malformedJSONNamesLineAndColumn() {
        let input = "{\"paragraphs\":[\n  {\"type\":\"P\", \"text\": \"é\",]}"
        #expect(
            throws: ReadError(
                "invalid JSON at line 2, column 28: expected a string key", line: 2, column: 28)
        ) {
            try RangeJSONReader().read(input)
        }
    }

    @Test func loneSurrogateEscapesAreReported() throws {
        let input =
            #"{"paragraphs":[{"type":"P","text":"a\ud800b \ud83d\ude00 \udc00","markups":[]}]}"#
        let result = try RangeJSONReader().read(input)
        #expect(result.document.blocks == [.paragraph([.text("a\u{FFFD}b 😀 \u{FFFD}")], .none)])
        let message = "a lone surrogate escape in a JSON string was replaced with U+FFFD"
        #expect(
            result.diagnostics == [
                Diagnostic(.warning, .inputInvalidUTF16, message, line: 1, column: 37),
                Diagnostic(.warning, .inputInvalidUTF16, message, line: 1, column: 58),
            ])
        // A pair, and U+FFFD itself, are not reported.
        let fine = try RangeJSONReader().read(
            #"{"paragraphs":[{"type":"P","text":"\ud83d\ude00\ufffd"}]}"#)
        #expect(fine.diagnostics.isEmpty)
    }

    @Test func truncatedJSON() {
        #expect(
            throws: ReadError(
                "invalid JSON at line 1, column 27: unexpected end of input, expected ',' or '}'",
                line: 1, column: 27)
        ) {
            try RangeJSONReader().read("{\"paragraphs\":[{\"type\":\"P\"")
        }
    }

    @Test func deepJSONIsRefused() {
        let input = String(repeating: "[", count: 100_000)
        #expect(
            throws: ReadError(
                "invalid JSON at line 1, column 513: nesting deeper than 512", line: 1, column: 513)
        ) {
            try RangeJSONReader().read(input)
        }
    }

    @Test func strictErrorsNameParagraphAndMarkup() {
        let input =
            #"{"paragraphs":[{"type":"P","text":"x"},{"type":"P","text":"abc","markups":[{"type":"EM","start":0,"end":1},{"type":"STRONG","start":1,"end":9}]}]}"#
        #expect(
            throws: ReadError("paragraphs[1].markups[1]: range 1..9 out of bounds (text length 3)")
        ) {
            try RangeJSONReader(offsets: .utf16, strict: true).read(input)
        }
    }

    @Test func defaultModeRepairsWithDiagnostics() throws {
        let input =
            #"{"paragraphs":[{"type":"P","text":"a😀b","markups":[{"type":"STRONG","start":2,"end":9},{"type":"X","start":0,"end":1}]}]}"#
        let result = try RangeJSONReader().read(input)
        #expect(
            result.diagnostics.map(\.code) == [
                .parseInvalidRange, .parseSurrogateSplit, .parseUnknownType,
            ])
        #expect(
            result.document
                == Document([.paragraph([.text("a"), .strong([.text("😀b")], .none)], .none)]))
    }

    @Test func crossingRangesNestMinimally() throws {
        let input =
            #"{"paragraphs":[{"type":"P","text":"0123456789abcdefghijk","markups":[{"type":"STRONG","start":0,"end":10},{"type":"EM","start":7,"end":21}]}]}"#
        let blocks = try RangeJSONReader().read(input).document.blocks
        #expect(
            blocks == [
                .paragraph(
                    [
                        .strong([.text("0123456"), .emphasis([.text("789")], .none)], .none),
                        .emphasis([.text("abcdefghijk")], .none),
                    ], .none)
            ])
    }

    @Test func jsonValueParsesEscapes() throws {
        let value = try JSONValue.parse(#"{"a":"\u00e9\ud83d\ude00\n","b":[1,2.5,true,null]}"#)
        #expect(value["a"]?.string == "é😀\n")
        #expect(value["b"]?[1] == .number(2.5))
        #expect(value.serialized == #"{"a":"é😀\n","b":[1,2.5,true,null]}"#)
    }
}

@Suite struct RangeJSONDepthTests {
    /// 600 ranges that each start one later and cross: nesting stops at 512, no crash.
    @Test func staircaseRangesAreCapped() throws {
        let n = 600
        let markups = (0..<n).map {
            #"{"type":"\#(["STRONG", "EM", "U"][$0 % 3])","start":\#($0),"end":\#($0 + n)}"#
        }
        let text = String(repeating: "x", count: 2 * n)
        let input =
            #"{"paragraphs":[{"type":"P","text":"\#(text)","markups":[\#(markups.joined(separator: ","))]}]}"#
        let result = try RangeJSONReader().read(input)
        #expect(result.diagnostics.map(\.code) == [.parseDepthLimit])
        #expect(result.document.plainText == text + "\n")
    }
}
