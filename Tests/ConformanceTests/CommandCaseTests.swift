import ConformanceKit
import Foundation
import Testing

@Suite("Command cases")
struct CommandCaseTests {
    @Test("every case under conformance/cases passes through the built mconv")
    func allCasesPass() throws {
        let paths = ConformancePaths.resolve()
        let results = CommandCaseSuite.run(paths: paths)
        for result in results {
            #expect(
                result.unexpectedFailures.isEmpty,
                "\(result.summary): \(result.unexpectedFailures.prefix(20)) \(result.unexpectedFailures.prefix(3).compactMap { result.failureDetails[$0] })"
            )
            #expect(
                result.unexpectedPasses.isEmpty,
                "\(result.name): known failures that pass now: \(result.unexpectedPasses)")
        }
        #expect(!results.isEmpty)
    }

    @Test("a case file parses into arguments, input and expected output")
    func parsesCaseFile() {
        let text = """
            Intro text.

            ````
            % mconv -f html -t "markdown" --columns 7
            <p>a</p>
            ```
            ^D
            a
            ````
            """
        let cases = CommandCase.parse(text, file: "t/x.md")
        #expect(cases.count == 1)
        #expect(cases[0].id == "t/x.md:1")
        #expect(cases[0].arguments == ["-f", "html", "-t", "markdown", "--columns", "7"])
        #expect(cases[0].input == "<p>a</p>\n```\n")
        #expect(cases[0].expected == "a\n")
    }
}
