import ConformanceKit
import Foundation
import Testing

/// The html5lib gate: every failure must be listed in conformance/expectations.
@Suite struct HTML5LibConformanceTests {
    @Test func tokenizerSuite() {
        let paths = ConformancePaths.resolve()
        guard paths.data != nil else {
            print("html5lib tokenizer: conformance data not found, skipped")
            return
        }
        let result = HTML5LibSuite.runTokenizer(paths: paths)
        print(result.summary)
        for note in result.notes { print("  note: \(note)") }
        for id in result.unexpectedFailures.prefix(40) {
            print("FAIL \(id): \(result.failureDetails[id] ?? "")")
        }
        for id in result.unexpectedPasses { print("UNEXPECTED PASS \(id)") }
        #expect(result.isClean)
    }

    @Test func treeConstructionSuite() {
        let paths = ConformancePaths.resolve()
        guard paths.data != nil else {
            print("html5lib tree: conformance data not found, skipped")
            return
        }
        let result = HTML5LibSuite.runTree(paths: paths)
        print(result.summary)
        for note in result.notes { print("  note: \(note)") }
        for id in result.unexpectedFailures.prefix(40) {
            print("FAIL \(id): \(result.failureDetails[id] ?? "")")
        }
        for id in result.unexpectedPasses { print("UNEXPECTED PASS \(id)") }
        #expect(result.isClean)
    }
}
