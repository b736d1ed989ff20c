import ArgumentParser
import Foundation
import MarkupAST
@_exported import MarkupConverter

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Exit codes, documented in README.md.
enum ExitStatus: Int32 {
    case ok = 0
    case usage = 1
    case badInput = 2
    case lossy = 3
}

func fail(_ message: String, _ status: ExitStatus) -> Never {
    FileHandle.standardError.write(Data("mconv: \(message)\n".utf8))
    exit(status.rawValue)
}

struct MConv: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mconv",
        abstract: "Convert between markup formats through one AST.",
        discussion: """
            Formats (-f/-t): \(FormatRegistry.entries.map(\.name).joined(separator: ", ")).
            Markdown formats take extensions: -f markdown+footnotes-smart, -t commonmark+table.
            Exit codes: 0 ok, 1 usage, 2 input unreadable or invalid, 3 --strict and a lossy conversion.
            """,
        version: "mconv 0.1.0"
    )

    @Option(name: [.customShort("f"), .customLong("from")], help: "Input format (default: from the file extension, else markdown).")
    var from: String?

    @Option(name: [.customShort("t"), .customLong("to")], help: "Output format (default: from -o's extension, else html, or markdown for html input).")
    var to: String?

    @Option(name: [.customShort("o"), .customLong("output")], help: "Write to this file instead of standard output.")
    var output: String?

    @Argument(help: "Input files (standard input when none); several are joined with a blank line.")
    var files: [String] = []

    @Flag(help: "List the input formats.") var listInputFormats = false
    @Flag(help: "List the output formats.") var listOutputFormats = false
    @Flag(help: "Fail with exit code 3 when the conversion loses anything.") var strict = false
    @Flag(name: [.customShort("q"), .long], help: "Do not print diagnostics.") var quiet = false
    @Flag(name: [.customShort("v"), .long], help: "Also report HTML parse errors (recoveries that lose nothing).") var verbose = false
    @Flag(help: "Keep raw HTML and unsafe URLs in HTML output.") var unsafe = false

    // Markdown writer
    @Option(help: "Heading style: atx|setext.") var headingStyle: String?
    @Option(help: "Bullet marker: -|*|+.") var bulletMarker: String?
    @Option(help: "Ordered list delimiter: .|).") var orderedDelimiter: String?
    @Option(help: "Emphasis delimiter: *|_.") var emphasisDelimiter: String?
    @Option(help: "Strong delimiter: **|__.") var strongDelimiter: String?
    @Option(help: "Code block style: fenced|indented.") var codeBlockStyle: String?
    @Option(help: "Fence character: `|~.") var fenceChar: String?
    @Option(help: "Line wrapping: none|auto|preserve (default none).") var wrap: String?
    @Option(help: "Wrap column for --wrap=auto and plain text.") var columns: Int?
    @Option(help: "Link style: inline|reference.") var linkStyle: String?
    @Option(help: "Where reference definitions go: block|document.") var referenceLocation: String?
    @Option(help: "Table fallback: auto|html|pipe (default auto).") var tables: String?
    @Flag(help: "Never emit raw HTML in Markdown output.") var noRawHtml = false
    @Flag(help: "Write image sizes as raw <img> in Markdown.") var imageSizeHtml = false

    // Readers
    @Option(help: "Resolve relative URLs in HTML input against this base.") var baseUrl: String?
    @Option(help: "Register a custom HTML tag (repeatable).") var customTag: [String] = []
    @Option(help: "HTML input mode: auto|document|fragment.") var htmlMode: String?
    @Option(help: "Input encoding when it is not UTF-8: windows-1252 (also latin1, iso-8859-1), windows-1250, windows-1251, iso-8859-2, utf-16le ... (default: UTF-8; UTF-16 with a byte order mark; for HTML, its <meta charset> when the input is not UTF-8).") var encoding: String?
    @Option(help: "BBCode dialect: phpbb|classic.") var bbcodeDialect: String?
    @Option(help: "Range JSON offsets: utf16|scalar.") var offsets: String?
    @Flag(help: "Reject bad ranges in range JSON instead of repairing them.") var strictRanges = false
    @Flag(inversion: .prefixedNo, help: "Turn bare URLs into links (BBCode input).") var autolink = true
    @Option(help: "Attribution line for quotes with an author in Markdown, plain, styled and range JSON output, with %@ for the author (default \"%@ wrote:\"; \"\" for none).") var quoteAttribution: String?

    // Styled output
    @Option(help: "Colour for -t ansi: auto|always|never (NO_COLOR is honoured).") var color: String = "auto"

    /// The parsed command line as plain values.
    var options: CLIOptions {
        var o = CLIOptions()
        o.from = from
        o.to = to
        o.output = output
        o.files = files
        o.listInputFormats = listInputFormats
        o.listOutputFormats = listOutputFormats
        o.strict = strict
        o.quiet = quiet
        o.verbose = verbose
        o.unsafe = unsafe
        o.headingStyle = headingStyle
        o.bulletMarker = bulletMarker
        o.orderedDelimiter = orderedDelimiter
        o.emphasisDelimiter = emphasisDelimiter
        o.strongDelimiter = strongDelimiter
        o.codeBlockStyle = codeBlockStyle
        o.fenceChar = fenceChar
        o.wrap = wrap
        o.columns = columns
        o.linkStyle = linkStyle
        o.referenceLocation = referenceLocation
        o.tables = tables
        o.noRawHtml = noRawHtml
        o.imageSizeHtml = imageSizeHtml
        o.baseUrl = baseUrl
        o.customTag = customTag
        o.htmlMode = htmlMode
        o.encoding = encoding
        o.bbcodeDialect = bbcodeDialect
        o.offsets = offsets
        o.strictRanges = strictRanges
        o.autolink = autolink
        o.quoteAttribution = quoteAttribution
        o.color = color
        return o
    }

    func validate() throws {
        if let problem = options.problem { throw ValidationError(problem) }
    }

    func run() throws { options.run() }
}

/// Ends the process with `status` (`exit(3)`: stdio flushed, nothing released).
func endProcess(_ status: ExitStatus) -> Never { exit(status.rawValue) }

/// The size of the regular file open as `descriptor`, or nil (a pipe, a terminal, an error).
func regularFileSize(_ descriptor: Int32) -> Int? {
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(info.st_size)
}

/// Appends the bytes of the file at `path` to `bytes` with read(2) (no intermediate `Data`);
/// false when the file cannot be opened or read.
func appendContents(ofFile path: String, to bytes: inout [UInt8]) -> Bool {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var chunk = max(regularFileSize(descriptor) ?? 0, 1 << 16)
    while true {
        let before = bytes.count
        bytes.reserveCapacity(before + chunk)
        var failed = false
        var readCount = 0
        bytes.append(contentsOf: repeatElement(0, count: chunk))
        bytes.withUnsafeMutableBufferPointer { buffer in
            while true {
                let n = read(descriptor, buffer.baseAddress! + before, chunk)
                if n < 0 && errno == EINTR { continue }
                if n < 0 { failed = true } else { readCount = n }
                break
            }
        }
        bytes.removeLast(chunk - readCount)
        if failed { return false }
        if readCount == 0 { return true }
        chunk = 1 << 16
    }
}

/// Writes `text` to standard output with write(2), straight from the string's storage.
func writeToStandardOutput(_ text: String) {
    var text = text
    text.withUTF8 { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                fail("cannot write to standard output: \(reason)", .badInput)
            }
            offset += written
        }
    }
}

/// Handles `--list-extensions[=FORMAT]` (an option with an optional value) before parsing.
func listExtensionsIfAsked(_ arguments: [String]) {
    for argument in arguments where argument == "--list-extensions" || argument.hasPrefix("--list-extensions=") {
        let name = argument.contains("=") ? String(argument.split(separator: "=", maxSplits: 1)[1]) : "markdown"
        guard let entry = FormatRegistry.entry(named: name) else {
            fail("unknown format '\(name)'; choose one of: \(FormatRegistry.entries.map(\.name).joined(separator: ", "))", .badInput)
        }
        guard let defaults = entry.defaultExtensions else {
            print("(\(entry.name) has no extensions)")
            exit(0)
        }
        for (extName, value) in MarkdownExtensionsListing.all {
            print((defaults.contains(value) ? "+" : "-") + extName)
        }
        exit(0)
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
listExtensionsIfAsked(arguments)
if let options = CLIOptions(quick: arguments) {
    options.run()
}
do {
    let command = try MConv.parse(arguments)
    try command.run()
} catch {
    let code = MConv.exitCode(for: error)
    if code == .success {
        print(MConv.fullMessage(for: error))
        exit(0)
    }
    FileHandle.standardError.write(Data("mconv: \(MConv.message(for: error))\n".utf8))
    FileHandle.standardError.write(Data("Run 'mconv --help' for usage.\n".utf8))
    exit(ExitStatus.usage.rawValue)
}
