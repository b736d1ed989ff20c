/// A message about the input or the conversion, as a comparable value.
///
/// Codes are ``DiagnosticCode`` values with stable strings: `parse.*` for recovered input
/// errors, `lossy.*` for what a writer could not express, `input.*` for encoding problems
/// (the table of every code is `DiagnosticCode.swift`).
///
/// ```swift
/// let d = Diagnostic(.warning, .lossyTableSpan, "table cell spans flattened", line: 3)
/// d.description // "3: warning: lossy.table-span: table cell spans flattened"
/// ```
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
    /// How serious the message is.
    ///
    /// `info`: a presentational loss every converter makes (a class, a dropped `<style>`),
    /// printed only with `--verbose`. `note`: something worth knowing that loses no content.
    /// `warning`: lost content; `mconv --strict` fails on it. `error`: no usable output.
    public enum Severity: String, Hashable, Sendable, Codable, Comparable {
        case info
        case note
        case warning
        case error

        private var rank: Int {
            switch self {
            case .info: 0
            case .note: 1
            case .warning: 2
            case .error: 3
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// The severity.
    public var severity: Severity
    /// A stable code such as ``DiagnosticCode/lossyTableSpan`` (`lossy.table-span`).
    public var code: DiagnosticCode
    /// A human-readable message naming the place or element.
    public var message: String
    /// 1-based line in the input, when known.
    public var line: Int?
    /// 1-based column in the input, when known.
    public var column: Int?

    /// Creates a diagnostic.
    public init(
        _ severity: Severity, _ code: DiagnosticCode, _ message: String, line: Int? = nil,
        column: Int? = nil
    ) {
        self.severity = severity
        self.code = code
        self.message = message
        self.line = line
        self.column = column
    }

    /// Whether this is a warning or an error: lost content, which `mconv --strict` fails on.
    public var isWarning: Bool { severity >= .warning }

    /// Whether this reports lost content: a warning (or error) with a lossy code
    /// (``DiagnosticCode/isLossy``). An `info` `lossy.attributes` (a dropped class) is not.
    public var isLossy: Bool { severity >= .warning && code.isLossy }

    /// `line:column: severity: code: message`, leaving out unknown parts.
    public var description: String {
        var place = ""
        if let line {
            place = column.map { "\(line):\($0): " } ?? "\(line): "
        }
        return "\(place)\(severity.rawValue): \(code): \(message)"
    }
}
