import Foundation

/// Runs the CommonMark/GFM JSON suites (owned by the Markdown work; placeholder until it lands).
public enum CommonMarkSuite {
    /// Runs every suite file under `data/commonmark`, returning one result per file and the
    /// round-trip result last.
    public static func run(paths: ConformancePaths) -> [SuiteResult] { [] }
}
