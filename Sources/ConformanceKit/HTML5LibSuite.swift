import Foundation

/// Runs the html5lib tokenizer and tree-construction suites (placeholder until HTML5Parser lands).
public enum HTML5LibSuite {
    /// Runs `html5lib-tests/tokenizer/*.test`.
    public static func runTokenizer(paths: ConformancePaths) -> SuiteResult {
        SuiteResult(name: "html5lib-tokenizer")
    }

    /// Runs `html5lib-tests/tree-construction/*.dat`.
    public static func runTree(paths: ConformancePaths) -> SuiteResult {
        SuiteResult(name: "html5lib-tree")
    }

    /// The html5lib-format tree dump of `input`, parsed as a document or as a fragment in
    /// the `fragmentContext` element.
    public static func dump(_ input: String, fragmentContext: String?) -> String { "" }
}
