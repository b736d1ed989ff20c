import ConformanceKit
import Testing

/// The CommonMark / GFM gate: MarkdownReader -> HTMLWriter must reproduce cmark-gfm's HTML for
/// every spec, extensions and regression example, apart from the listed known failures.
@Test func commonMarkSuitesHaveNoUnexpectedResults() {
    let paths = ConformancePaths.resolve()
    guard paths.data != nil else {
        print(
            "CommonMark conformance skipped: no ../shared/conformance data (set MCONV_CONFORMANCE_DATA)"
        )
        return
    }
    let results = CommonMarkSuite.runHTML(
        paths: paths, stems: ["spec", "extensions", "regression"])
    #expect(
        results.map(\.name) == [
            "commonmark-spec", "commonmark-extensions", "commonmark-regression",
        ])
    for result in results {
        let details = result.unexpectedFailures.prefix(5).map {
            "\($0): \(result.failureDetails[$0] ?? "")"
        }
        #expect(
            result.isClean,
            "\(result.summary); unexpected failures: \(details); stale known failures: \(result.unexpectedPasses)"
        )
    }
}

/// The Markdown writer's gate: every spec and extensions example read, written as Markdown and
/// read again must still give cmark-gfm's HTML, apart from the listed known failures.
@Test func markdownRoundTripHasNoUnexpectedResults() {
    expectCleanRoundTrip(atLeast: 600) { CommonMarkSuite.runRoundTrip(paths: $0) }
}

/// The same round trip with the Markdown output styles (hard breaks, closed and setext
/// headings, thematic break strings, reference link forms): each must still read back as
/// cmark-gfm's HTML.
@Test func markdownRoundTripWithStylesHasNoUnexpectedResults() {
    expectCleanRoundTrip(atLeast: 2000) { CommonMarkSuite.runRoundTripStyles(paths: $0) }
}

/// Runs a round trip suite: more than `atLeast` passes, no unexpected result.
func expectCleanRoundTrip(atLeast: Int, _ run: (ConformancePaths) -> SuiteResult) {
    let paths = ConformancePaths.resolve()
    guard paths.data != nil else {
        print(
            "Markdown round trip skipped: no ../shared/conformance data (set MCONV_CONFORMANCE_DATA)"
        )
        return
    }
    let result = run(paths)
    #expect(result.passed > atLeast, "\(result.summary)")
    let details = result.unexpectedFailures.prefix(5).map {
        "\($0): \(result.failureDetails[$0] ?? "")"
    }
    #expect(
        result.isClean,
        "\(result.summary); unexpected failures: \(details); stale known failures: \(result.unexpectedPasses)"
    )
}
