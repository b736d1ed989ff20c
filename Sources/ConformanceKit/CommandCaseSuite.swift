import Foundation

/// Runs the command cases under `conformance/cases/` (placeholder).
public enum CommandCaseSuite {
    /// Runs every case folder, one result per topic.
    public static func run(paths: ConformancePaths) -> [SuiteResult] { [] }
}
