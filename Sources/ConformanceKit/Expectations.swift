import Foundation

/// A known-failure list: one case id per line, `# reason` after it; blank lines and lines
/// starting with `#` are ignored.
///
/// ```text
/// spec:123   # cmark-gfm keeps the trailing tab; we do too, but ...
/// ```
public struct Expectations: Sendable {
    /// Known failing ids with their reasons.
    public var reasons: [String: String]

    /// Creates a list from ids and reasons.
    public init(reasons: [String: String] = [:]) { self.reasons = reasons }

    /// An empty list.
    public static let empty = Expectations()

    /// Whether `id` is a known failure.
    public func contains(_ id: String) -> Bool { reasons[id] != nil }

    /// Parses the text of a list. Lines without a reason are rejected by `missingReasons`.
    public init(parsing text: String) {
        var reasons: [String: String] = [:]
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if let hash = line.firstIndex(of: "#") {
                let id = line[..<hash].trimmingCharacters(in: .whitespaces)
                let why = line[line.index(after: hash)...].trimmingCharacters(in: .whitespaces)
                reasons[id] = why
            } else {
                reasons[line] = ""
            }
        }
        self.reasons = reasons
    }

    /// Loads `<directory>/<suite>.txt`; a missing file is an empty list.
    public static func load(suite: String, from directory: URL) -> Expectations {
        let url = directory.appendingPathComponent("\(suite).txt")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return .empty }
        return Expectations(parsing: text)
    }

    /// Ids listed without a `# reason`.
    public var missingReasons: [String] {
        reasons.filter { $0.value.isEmpty }.map(\.key).sorted()
    }
}
