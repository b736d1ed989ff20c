import MarkupAST
import Testing

import RangeJSONFormat

/// Large documents are lowered in two halves on two threads; the result must be the one
/// pass's, whatever falls on either side of the cut.
@Suite struct RangeJSONReaderHalvesTests {
    /// Paragraph shapes that carry state across paragraphs (lists, quotes, a skipped
    /// non-object between list items) or give diagnostics (bad ranges, unknown types).
    static let shapes: [String] = [
        #"{"type":"P","text":"plain words"}"#,
        #"{"type":"ULI","text":"bullet 😀 item","markups":[{"type":"STRONG","start":0,"end":6}]}"#,
        #"{"type":"ULI","text":"second bullet"}"#,
        #"{"type":"OLI","text":"ordered"}"#,
        #"{"type":"BQ","text":"quoted","markups":[{"type":"EM","start":1,"end":4},{"type":"A","start":2,"end":6,"href":"https://example.com/"}]}"#,
        #"{"type":"PQ","text":"pulled"}"#,
        #"{"type":"BQ","text":""}"#,
        #"42"#,
        #"{"type":"P","text":""}"#,
        #"{"type":"H3","text":"heading","markups":[{"type":"CODE","start":0,"end":3}]}"#,
        #"{"type":"P","text":"a😀b","markups":[{"type":"STRONG","start":2,"end":99}]}"#,
        #"{"type":"P","text":"odd","markups":[{"type":"BLINK","start":0,"end":1}]}"#,
        #"{"type":"NOPE","text":"unknown paragraph"}"#,
        #"{"type":"PRE","text":"code\nblock","markups":[{"type":"EM","start":0,"end":1}]}"#,
        #"{"type":"IMG","text":"caption","metadata":{"id":"x.png","width":10,"height":20}}"#,
        #"{"type":"HR"}"#,
    ]

    /// `count` paragraphs picked from `shapes` by a fixed sequence.
    static func document(_ count: Int, seed: Int) -> String {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
        var paragraphs: [String] = []
        for _ in 0..<count {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            paragraphs.append(shapes[Int(state % UInt64(shapes.count))])
        }
        return #"{"paragraphs":["# + paragraphs.joined(separator: ",") + "]}"
    }

    static func reader(threshold: Int?, strict: Bool = false) -> RangeJSONReader {
        var reader = RangeJSONReader(offsets: .utf16, strict: strict)
        reader.parallelThreshold = threshold
        return reader
    }

    @Test(arguments: [2, 3, 5, 16, 100, 2_000])
    func halvesReadAsOnePass(count: Int) throws {
        for seed in 1...20 {
            let input = Self.document(count, seed: seed)
            let one = try Self.reader(threshold: nil).read(input)
            let halves = try Self.reader(threshold: 2).read(input)
            #expect(halves.document == one.document, "\(count) paragraphs, seed \(seed)")
            #expect(halves.diagnostics == one.diagnostics, "\(count) paragraphs, seed \(seed)")
            #expect(!one.diagnostics.isEmpty || count < 16)
        }
    }

    @Test func listAndQuoteAcrossTheCutStayWhole() throws {
        // One list of 3,000 items and then one quote of 3,000 paragraphs: wherever the cut
        // falls, each stays one block.
        let items = Array(repeating: #"{"type":"ULI","text":"item"}"#, count: 3_000)
        let quotes = Array(repeating: #"{"type":"BQ","text":"said"}"#, count: 3_000)
        let input = #"{"paragraphs":["# + (items + quotes).joined(separator: ",") + "]}"
        let document = try Self.reader(threshold: 2).read(input).document
        #expect(document.blocks.count == 2)
        guard case .list(let list) = document.blocks.first,
            case .blockQuote(let paragraphs, _) = document.blocks.last
        else {
            Issue.record("expected a list and a quote, got \(document.blocks.count) blocks")
            return
        }
        #expect(list.items.count == 3_000)
        #expect(paragraphs.count == 3_000)
    }

    @Test func strictModeReportsTheFirstErrorInDocumentOrder() {
        let good = #"{"type":"P","text":"fine"}"#
        func bad(_ end: Int) -> String {
            #"{"type":"P","text":"abc","markups":[{"type":"EM","start":0,"end":\#(end)}]}"#
        }
        // Errors in both halves: the first half's is reported.
        var paragraphs = Array(repeating: good, count: 4_000)
        paragraphs[10] = bad(7)
        paragraphs[3_990] = bad(8)
        let both = #"{"paragraphs":["# + paragraphs.joined(separator: ",") + "]}"
        #expect(throws: ReadError("paragraphs[10].markups[0]: range 0..7 out of bounds (text length 3)")) {
            try Self.reader(threshold: 2, strict: true).read(both)
        }
        // An error in the second half only.
        paragraphs[10] = good
        let second = #"{"paragraphs":["# + paragraphs.joined(separator: ",") + "]}"
        #expect(throws: ReadError("paragraphs[3990].markups[0]: range 0..8 out of bounds (text length 3)")) {
            try Self.reader(threshold: 2, strict: true).read(second)
        }
    }

    @Test func defaultThresholdIsDocumented() {
        #expect(RangeJSONReader().parallelThreshold == 1_024)
    }
}
