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
    case cannotWrite = 4

    /// How bad it is: a batch exits with its worst file's status.
    var rank: Int {
        [ExitStatus.ok, .lossy, .badInput, .cannotWrite, .usage].firstIndex(of: self)!
    }
}

func fail(_ message: String, _ status: ExitStatus) -> Never {
    printError("mconv: \(message)\n")
    exit(status.rawValue)
}

/// Writes `text` to standard error (nothing when it is empty).
func printError(_ text: String) {
    if !text.isEmpty { FileHandle.standardError.write(Data(text.utf8)) }
}

struct MConv: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mconv",
        abstract: "Convert between markup formats through one AST.",
        discussion: """
            Markdown formats take extensions: -f markdown+footnotes-smart,
            -t commonmark+table.
            Without -f, the format comes from the file extension, else from the content.
            With --output-dir each input (files, folders) is converted to its own file.
            Exit codes: 0 ok, 1 usage, 2 input unreadable or invalid,
            3 --strict and a lossy conversion, 4 output cannot be written, 130 interrupted.
            """,
        version: "mconv 0.1.0"
    )

    @Option(
        name: .shortAndLong, help: "Input format (default: from the file extension, else markdown)."
    )
    var from: String?

    @Option(
        name: .shortAndLong,
        help: "Output format (default: from -o's extension, else html, or markdown for html input)."
    )
    var to: String?

    @Option(
        name: .shortAndLong,
        help: "Write to this file instead of standard output ('-': standard output).")
    var output: String?

    @Option(help: "Convert each input to its own file in this folder (folders: recursively).")
    var outputDir: String?

    @Option(help: "With --output-dir, convert this many files at once (default: one per core).")
    var jobs: Int?

    @Flag(help: "Convert input that looks binary (NUL bytes) anyway.") var force = false

    @Option(help: "Write data: images into this folder and point the images there.")
    var extractMedia: String?

    /// The files and the reader and writer options, which the option table reads.
    @Argument(
        parsing: .allUnrecognized,
        help: "Input files ('-' or none: standard input; several are joined with a blank line).")
    var files: [String] = []

    @Flag(help: "List the input formats.") var listInputFormats = false
    @Flag(help: "List the output formats.") var listOutputFormats = false
    @Flag(help: "Fail with exit code 3 when the conversion loses content (a warning).")
    var strict = false
    @Option(help: "Also fail with exit code 3 on these codes, any severity (CODE,... or lossy.).")
    var failOn: [String] = []
    @Option(help: "Neither print nor fail on these codes (CODE,... or a prefix such as parse.).")
    var ignore: [String] = []
    @Flag(name: .shortAndLong, help: "Do not print diagnostics.") var quiet = false
    @Flag(name: .shortAndLong, help: "Print every diagnostic: info, HTML parse errors, each place.")
    var verbose = false
    @Option(help: "Colour for -t ansi: auto|always|never (default auto; NO_COLOR is honoured).")
    var color: String?

    /// The parsed command line as plain values; the reader and writer options among `files`
    /// are read with the option table.
    var options: CLIOptions {
        get throws {
            var o = CLIOptions(
                from: from, to: to, output: output, listInputFormats: listInputFormats,
                listOutputFormats: listOutputFormats, strict: strict, quiet: quiet,
                verbose: verbose,
                failOn: failOn.flatMap { $0.split(separator: ",").map(String.init) },
                ignore: ignore.flatMap { $0.split(separator: ",").map(String.init) },
                color: color, outputDir: outputDir, jobs: jobs, force: force,
                extractMedia: extractMedia)
            do { try o.read(files, quick: false) } catch { throw ValidationError(error.message) }
            return o
        }
    }

    func validate() throws {
        if let problem = try options.problem { throw ValidationError(problem) }
    }

    func run() throws { try options.run() }
}

/// The converted document, kept to the end of the process (released node by node it took
/// about a twentieth of a Markdown -> HTML run; `exit` leaves it to the kernel).
nonisolated(unsafe) var keptDocument = Document()

/// The bytes of the file at `path`, read with read(2) straight into the array (no
/// intermediate `Data`, no zero-filled buffer); throws the `errno` when the file cannot be
/// opened or read (`EISDIR` for a folder).
func contents(ofFile path: String) throws(Errno) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw Errno(code: errno) }
    defer { close(descriptor) }
    var info = stat()
    let known = fstat(descriptor, &info) == 0
    if known, (info.st_mode & S_IFMT) == S_IFDIR { throw Errno(code: EISDIR) }
    // A regular file in one buffer of its size (one byte more sees the end in it); a pipe or
    // a device in chunks of 64 KB.
    let regular = known && (info.st_mode & S_IFMT) == S_IFREG
    var chunk = regular ? Int(info.st_size) + 1 : 1 << 16
    var bytes: [UInt8] = []
    while true {
        var error: Int32 = 0
        var ended = false
        let part = [UInt8](unsafeUninitializedCapacity: chunk) { buffer, count in
            while count < buffer.count {
                let n = read(descriptor, buffer.baseAddress! + count, buffer.count - count)
                if n > 0 {
                    count += n
                } else if n == 0 {
                    ended = true
                    return
                } else if errno != EINTR {
                    error = errno
                    return
                }
            }
        }
        if error != 0 { throw Errno(code: error) }
        if bytes.isEmpty { bytes = part } else { bytes += part }
        if ended { return bytes }
        chunk = 1 << 16
    }
}

/// An `errno` value as an error.
struct Errno: Error { var code: Int32 }

/// Writes `text` to `descriptor` with write(2), straight from the string's storage; the
/// `errno` of a failed write, or 0.
func writeAll(_ text: String, to descriptor: Int32) -> Int32 {
    var text = text
    return text.withUTF8 { writeAll($0, to: descriptor) }
}

/// Writes `bytes` to `descriptor` with write(2); the `errno` of a failed write, or 0.
func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32 {
    var offset = 0
    while offset < bytes.count {
        let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += written
    }
    return 0
}

/// Handles `--list-extensions[=FORMAT]` (an option with an optional value) before parsing.
func listExtensionsIfAsked(_ arguments: [String]) {
    for argument in arguments
    where argument == "--list-extensions" || argument.hasPrefix("--list-extensions=") {
        let name =
            argument.contains("=")
            ? String(argument.split(separator: "=", maxSplits: 1)[1]) : "markdown"
        guard let entry = FormatRegistry.entry(named: name) else {
            fail(
                "unknown format '\(name)'; choose one of: \(FormatRegistry.entries.map(\.name).joined(separator: ", "))",
                .badInput)
        }
        guard let extensions = entry.extensionDefaults else {
            print("(\(entry.name) has no extensions)")
            exit(0)
        }
        for (extName, isOn) in extensions { print((isOn ? "+" : "-") + extName) }
        exit(0)
    }
}

/// `-fhtml`, `-tmarkdown`, `-ofile` as `-f html` ... (pandoc accepts them); option values
/// and the arguments after `--` are left as they are.
func splitAttachedShortOptions(_ arguments: [String]) -> [String] {
    func takesValue(_ argument: String) -> Bool {
        if argument == "-f" || argument == "-t" || argument == "-o" { return true }
        guard argument.hasPrefix("--"), !argument.contains("=") else { return false }
        let name = argument.dropFirst(2)
        switch name {
        case "from", "to", "output", "color", "output-dir", "jobs", "extract-media": return true
        default: return ConversionOption.named(name).map { $0.kind != .flag } ?? false
        }
    }
    var result: [String] = []
    var index = 0
    while index < arguments.count {
        let argument = arguments[index]
        index += 1
        if argument == "--" {
            result += arguments[(index - 1)...]
            break
        }
        let short = argument.prefix(2)
        if argument.count > 2, short == "-f" || short == "-t" || short == "-o",
            argument.dropFirst(2).first != "="
        {
            result += [String(short), String(argument.dropFirst(2))]
            continue
        }
        result.append(argument)
        if takesValue(argument), index < arguments.count {
            result.append(arguments[index])
            index += 1
        }
    }
    return result
}

MallocTuning.apply()
let arguments = splitAttachedShortOptions(Array(CommandLine.arguments.dropFirst()))
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
        let message = MConv.fullMessage(for: error)
        // Help: the reader and writer options follow the command's own.
        let isHelp = message.hasPrefix("OVERVIEW:")
        print(isHelp ? message + "\n" + ConversionOption.helpText : message)
        exit(0)
    }
    printError("mconv: \(MConv.message(for: error))\nRun 'mconv --help' for usage.\n")
    exit(ExitStatus.usage.rawValue)
}
