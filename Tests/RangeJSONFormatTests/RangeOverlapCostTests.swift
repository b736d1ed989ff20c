import MarkupAST
import Testing

@testable import RangeJSONFormat

/// Overlapping ranges are nested by one sweep over their boundaries (issue #19 item 1): the
/// nesting is the one the recursive splitting gave, and many ranges over the same text cost
/// no copy per nesting level.
@Suite struct RangeOverlapCostTests {
    func dump(_ json: String) throws -> (String, [DiagnosticCode]) {
        let result = try RangeJSONReader().read(json)
        return (TreeDump.render(result.document), result.diagnostics.map(\.code))
    }

    func paragraph(_ text: String, _ markups: [(String, Int, Int)]) -> String {
        let list = markups.map { #"{"type":"\#($0.0)","start":\#($0.1),"end":\#($0.2)}"# }
        let joined = list.joined(separator: ",")
        return #"{"paragraphs":[{"type":"P","text":"\#(text)","markups":[\#(joined)]}]}"#
    }

    @Test func crossingRangesSplitAndReopenInside() throws {
        let json = paragraph(
            "abcdefghijkl",
            [("STRONG", 0, 8), ("EM", 0, 4), ("U", 2, 12), ("S", 4, 10), ("CODE", 3, 6)])
        let expected = """
            paragraph
              strong
                emphasis
                  text "ab"
                  underline
                    text "c"
                    code "d"
                underline
                  strikethrough
                    code "ef"
                    text "gh"
              underline
                strikethrough
                  text "ij"
                text "kl"

            """
        #expect(try dump(json).0 == expected)
    }

    @Test func identicalClampedRangesNestToTheDepthLimit() throws {
        let json = paragraph("abc", Array(repeating: ("STRONG", -1, 99), count: 3_000))
        let result = try RangeJSONReader().read(json)
        var depth = 0
        var inlines =
            result.document.blocks.first.flatMap { block -> [Inline]? in
                if case .paragraph(let xs, _) = block { return xs }
                return nil
            } ?? []
        while inlines.count == 1, case .strong(let inner, _) = inlines[0] {
            depth += 1
            inlines = inner
        }
        #expect(depth == RangeJSONLowering.maxDepth)
        #expect(inlines == [.text("abc")])
        let codes = Set(result.diagnostics.map(\.code))
        #expect(codes == [.parseInvalidRange, .parseDepthLimit])
    }

    @Test func halfCoveringRangesKeepEveryCharacter() throws {
        // Each range covers half the text from a different start: every piece nests in the
        // one before, past the depth limit, and the text comes out whole.
        let text = String(repeating: "abcdefghij", count: 40)
        let kinds = ["STRONG", "EM", "U", "S"]
        let markups = (0..<4_000).map { j in (kinds[j % 4], j % 200, j % 200 + 200) }
        let result = try RangeJSONReader().read(paragraph(text, markups))
        #expect(result.document.plainText.contains(text))
        #expect(result.diagnostics.map(\.code).contains(.parseDepthLimit))
    }

    @Test func splitsAreBounded() throws {
        // A staircase of 100 nested ranges with distinct ends, crossed by 100 ranges that
        // start inside the innermost: each crossing range would be split at every step.
        let k = 100
        var markups: [(String, Int, Int)] = (0..<k).map { ("STRONG", 0, 2 * k - $0) }
        markups += (0..<k).map { ("EM", 1 + $0, 2 * k + 1 + $0) }
        let text = String(repeating: "x", count: 3 * k + 2)
        let result = try RangeJSONReader().read(paragraph(text, markups))
        #expect(result.document.plainText.contains(text))
        let split = result.diagnostics.filter { $0.message.contains("split more than") }
        #expect(split.map(\.code) == [.parseDepthLimit])
        // Fewer crossing ranges stay within the limit: no diagnostic.
        let few = try RangeJSONReader().read(paragraph(text, Array(markups.prefix(k + 10))))
        #expect(few.diagnostics.isEmpty)
    }
}
