import BBCodeFormat
import Foundation
import HTMLFormat
import MarkupAST
import MarkupConverter
import Testing

/// Counts and the first failures of a run of contract checks.
struct ContractReport {
    /// How many failures are reported in detail (the rest are counted).
    static let detailedFailureLimit = 5

    /// Inputs checked.
    var documents = 0
    /// Inputs the direct path answered.
    var direct = 0
    /// Inputs generated well-formed.
    var wellFormed = 0
    /// Well-formed inputs the direct path answered.
    var wellFormedDirect = 0
    /// Inputs that broke the contract.
    var mismatches = 0
    /// The first few of them, with the reader that read them.
    var failures: [(failure: ContractFailure, reader: BBCodeReader)] = []

    /// The share of well-formed posts that took the direct path.
    var wellFormedDirectShare: Double {
        wellFormed == 0 ? 0 : Double(wellFormedDirect) / Double(wellFormed)
    }

    /// Checks `posts` generated posts (three in four well-formed) read with `reader`.
    static func run(posts: Int, seed: UInt64, reader: BBCodeReader) -> ContractReport {
        var generator = BBCodePostGenerator(seed: seed)
        var report = ContractReport()
        for index in 0..<posts {
            let wellFormed = index % 4 != 3
            let post = wellFormed ? generator.wellFormedPost() : generator.malformedPost()
            report.check(post, reader: reader, wellFormed: wellFormed)
        }
        return report
    }

    /// Checks one input and counts the outcome.
    mutating func check(_ input: String, reader: BBCodeReader, wellFormed: Bool) {
        documents += 1
        if wellFormed { self.wellFormed += 1 }
        let outcome = ContractOutcome.check(input, reader: reader)
        if case .declined = outcome { return }
        direct += 1
        if wellFormed { wellFormedDirect += 1 }
        if case .broken(let failure) = outcome {
            mismatches += 1
            if failures.count < Self.detailedFailureLimit {
                failures.append((failure, reader))
            }
        }
    }

    /// One line of counts.
    func summary(label: String) -> String {
        let share = (wellFormedDirectShare * 1000).rounded() / 10
        return "BBCode direct path [\(label)]: \(documents) documents, \(direct) took the direct "
            + "path (\(wellFormedDirect) of \(wellFormed) well-formed, \(share)%), "
            + "\(mismatches) mismatches"
    }

    /// Prints the counts and records an issue for each detailed failure and one for the rest.
    func recordIssues(label: String) {
        print(summary(label: label))
        for (failure, reader) in failures {
            let shrunk = InputShrinker.shrink(failure, reader: reader)
            Issue.record(
                """
                [\(label)] \(failure.breach.rawValue)
                input:  \(failure.input.debugDescription)
                direct: \(failure.direct.debugDescription)
                ast:    \(failure.ast.debugDescription)
                diagnostics: \(failure.diagnostics.map(\.description))
                smallest input found: \(shrunk.input.debugDescription)
                  direct: \(shrunk.direct.debugDescription)
                  ast:    \(shrunk.ast.debugDescription)
                  diagnostics: \(shrunk.diagnostics.map(\.description))
                """)
        }
        if mismatches > failures.count {
            Issue.record(
                "[\(label)] \(mismatches - failures.count) more mismatches (of \(direct) direct)")
        }
    }
}
