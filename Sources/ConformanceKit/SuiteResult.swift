/// The outcome of one conformance suite run.
///
/// ```swift
/// var r = SuiteResult(name: "commonmark-spec")
/// r.record(id: "spec:1", passed: true, expectations: .empty)
/// r.summary // "commonmark-spec: 1 passed, 0 failed"
/// ```
public struct SuiteResult: Sendable {
    /// The suite name (`commonmark-spec`, `html5lib-tree` ...).
    public var name: String
    /// Cases that passed.
    public var passed = 0
    /// Cases that failed (known and unknown).
    public var failed = 0
    /// Cases not run (e.g. html5lib `#script-on`), with the reason in `notes`.
    public var skipped = 0
    /// Failures not listed in the expectations file: these fail the gate.
    public var unexpectedFailures: [String] = []
    /// Listed known failures that now pass: the list must shrink, so these fail the gate too.
    public var unexpectedPasses: [String] = []
    /// Free-form extra figures for the report (e.g. "parse errors: 99.5% right").
    public var notes: [String] = []
    /// Short explanations of unexpected failures (first lines of a diff).
    public var failureDetails: [String: String] = [:]

    /// Creates an empty result.
    public init(name: String) { self.name = name }

    /// Records one case against the known-failure list.
    public mutating func record(
        id: String, passed ok: Bool, expectations: Expectations,
        detail: @autoclosure () -> String = ""
    ) {
        if ok {
            passed += 1
            if expectations.contains(id) { unexpectedPasses.append(id) }
        } else {
            failed += 1
            if !expectations.contains(id) {
                unexpectedFailures.append(id)
                failureDetails[id] = detail()
            }
        }
    }

    /// Whether the gate holds: no unexpected failures and no stale known failures.
    public var isClean: Bool { unexpectedFailures.isEmpty && unexpectedPasses.isEmpty }

    /// `name: N passed, N failed[, N skipped]`.
    public var summary: String {
        var s = "\(name): \(passed) passed, \(failed) failed"
        if skipped > 0 { s += ", \(skipped) skipped" }
        return s
    }
}
