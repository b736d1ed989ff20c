import ArgumentParser
import Foundation
import MarkupAST
import WorkerThread
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

    /// The files and the reader and writer options, which the option table reads.
    @Argument(
        parsing: .allUnrecognized,
        help: "Input files (standard input when none; several are joined with a blank line).")
    var files: [String] = []

    @Flag(help: "List the input formats.") var listInputFormats = false
    @Flag(help: "List the output formats.") var listOutputFormats = false
    @Flag(help: "Fail with exit code 3 when the conversion loses anything.") var strict = false
    @Flag(name: [.customShort("q"), .long], help: "Do not print diagnostics.") var quiet = false
    @Flag(name: [.customShort("v"), .long], help: "Also report HTML parse errors (recoveries that lose nothing).") var verbose = false
    @Option(help: "Colour for -t ansi: auto|always|never (default auto; NO_COLOR is honoured).")
    var color: String?

    /// The parsed command line as plain values; the reader and writer options among `files`
    /// are read with the option table.
    var options: CLIOptions {
        get throws {
            var o = CLIOptions(
                from: from, to: to, output: output, listInputFormats: listInputFormats,
                listOutputFormats: listOutputFormats, strict: strict, quiet: quiet,
                verbose: verbose, color: color)
            do { try o.read(files, quick: false) } catch { throw ValidationError(error.message) }
            return o
        }
    }

    func validate() throws {
        if let problem = try options.problem { throw ValidationError(problem) }
    }

    func run() throws { try options.run() }
}

/// Ends the process with `status` (`exit(3)`: stdio flushed, nothing released).
func endProcess(_ status: ExitStatus) -> Never { exit(status.rawValue) }

/// Sets up glibc's heap for one large conversion (inputs above 256 KiB; smaller ones would
/// only pay for the set-up).
///
/// A conversion allocates a few large buffers (DOM, node arrays, output) that grow by doubling;
/// above glibc's default 128 KiB threshold each one is a fresh mmap whose pages fault in one
/// by one and that is unmapped again when it grows. Here they stay in the heap, the heap is
/// never trimmed (the process lives for one conversion), it grows in one large step, and that
/// step is marked for transparent huge pages (`MADV_HUGEPAGE`, used when the system's THP
/// mode is `madvise` or `always`): on a 1.2 MB page, 1.3k page faults instead of 5.7k.
func prepareHeap(forInputSize size: Int) {
    #if canImport(Glibc)
        guard size > 256 << 10, !heapPrepared else { return }
        heapPrepared = true
        // <malloc.h> is not part of the Glibc module; these are its M_* parameter numbers.
        let trimThreshold: Int32 = -1, topPad: Int32 = -2, mmapThreshold: Int32 = -3
        let hugePage = 2 << 20
        let reserve = min(max(size * 32, 64 << 20), 1 << 30)  // address space, not memory
        _ = mallopt(mmapThreshold, 512 << 20)
        _ = mallopt(trimThreshold, Int32.max)
        _ = mallopt(topPad, Int32(reserve))
        // One allocation that is too big for the free space grows the heap by `reserve`.
        guard let probe = malloc(hugePage) else { return }
        let top = UInt(bitPattern: sbrk(0))
        let start = (UInt(bitPattern: probe) + UInt(hugePage) - 1) & ~(UInt(hugePage) - 1)
        if top > start {
            let madviseHugePage: Int32 = 14  // MADV_HUGEPAGE
            _ = madvise(UnsafeMutableRawPointer(bitPattern: start), Int(top - start), madviseHugePage)
        }
        free(probe)
        // The worker thread (two-thread parsing, lowering and writing) gets its own malloc
        // arena; it is started now and its memory faulted in (huge pages) while this thread
        // reads the input, instead of page by page in the middle of the conversion.
        let bytes = min(size * 4, 48 << 20)
        ParallelWork.startWorker { prepareWorkerHeap(bytes: bytes) }
    #endif
}

nonisolated(unsafe) var heapPrepared = false

/// Runs on the worker thread: makes the heap of its malloc arena (a 64 MB-aligned region
/// glibc maps for the thread) use transparent huge pages and faults in `bytes` of it.
func prepareWorkerHeap(bytes: Int) {
    #if canImport(Glibc)
        guard bytes > 0, let probe = malloc(64) else { return }
        defer { free(probe) }
        let heapSize: UInt = 64 << 20
        let hugePage: UInt = 2 << 20
        let address = UInt(bitPattern: probe)
        let heapEnd = (address & ~(heapSize - 1)) + heapSize
        let start = (address + hugePage - 1) & ~(hugePage - 1)
        let end = min(heapEnd, start + UInt(bytes))
        guard end > start else { return }
        let madviseHugePage: Int32 = 14, madvisePopulateWrite: Int32 = 23
        _ = madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), madviseHugePage)
        let first = address & ~4095
        _ = madvise(UnsafeMutableRawPointer(bitPattern: first), Int(end - first), madvisePopulateWrite)
    #endif
}

/// The size of the regular file open as `descriptor`, or nil (a pipe, a terminal, an error).
func regularFileSize(_ descriptor: Int32) -> Int? {
    var info = stat()
    guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    return Int(info.st_size)
}

/// The size of the regular file at `path`, or nil.
func regularFileSize(path: String) -> Int? {
    var info = stat()
    guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
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

#if canImport(Glibc)
    /// glibc's `mallopt(3)` (declared in <malloc.h>, which the Glibc module leaves out).
    @_silgen_name("mallopt") func mallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif

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
        guard let extensions = entry.extensionDefaults else {
            print("(\(entry.name) has no extensions)")
            exit(0)
        }
        for (extName, isOn) in extensions { print((isOn ? "+" : "-") + extName) }
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
        let message = MConv.fullMessage(for: error)
        // Help: the reader and writer options follow the command's own.
        let isHelp = message.hasPrefix("OVERVIEW:")
        print(isHelp ? message + "\n" + ConversionOption.helpText : message)
        exit(0)
    }
    FileHandle.standardError.write(Data("mconv: \(MConv.message(for: error))\n".utf8))
    FileHandle.standardError.write(Data("Run 'mconv --help' for usage.\n".utf8))
    exit(ExitStatus.usage.rawValue)
}
