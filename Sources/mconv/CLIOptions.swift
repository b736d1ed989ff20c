/// Everything the command line says, as plain values (the defaults are the command's).
///
/// `MConv` (swift-argument-parser) fills it for any command line; ``init(quick:)`` fills it
/// without the parser's reflection for the command lines most runs use.
///
/// ```swift
/// CLIOptions(quick: ["-f", "html", "-t", "markdown", "page.html"])?.files  // ["page.html"]
/// CLIOptions(quick: ["--help"])  // nil: left to swift-argument-parser
/// ```
struct CLIOptions: Equatable, Sendable {
    var from: String?
    var to: String?
    var output: String?
    var files: [String] = []
    var listInputFormats = false
    var listOutputFormats = false
    var strict = false
    var quiet = false
    var verbose = false
    var unsafe = false
    // Markdown writer
    var headingStyle: String?
    var bulletMarker: String?
    var orderedDelimiter: String?
    var emphasisDelimiter: String?
    var strongDelimiter: String?
    var codeBlockStyle: String?
    var fenceChar: String?
    var wrap: String?
    var columns: Int?
    var linkStyle: String?
    var referenceLocation: String?
    var tables: String?
    var noRawHtml = false
    var imageSizeHtml = false
    // Readers
    var baseUrl: String?
    var customTag: [String] = []
    var htmlMode: String?
    var encoding: String?
    var bbcodeDialect: String?
    var offsets: String?
    var strictRanges = false
    var autolink = true
    var quoteAttribution: String?
    // Styled output
    var color = "auto"

    init() {}
}
