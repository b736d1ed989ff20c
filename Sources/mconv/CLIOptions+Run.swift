import Foundation
import MarkupAST
import MarkupConverter

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why an input could not be converted or its output written: the message (without
/// `mconv: `) and the exit status.
struct Failure: Error {
    var message: String
    var status: ExitStatus
}

extension CLIOptions {
    /// The reader and writer settings the options give.
    func settings() -> ConversionSettings {
        ConversionSettings(
            values: values, lists: lists, color: useColor(), quiet: quiet, verbose: verbose)
    }

    func useColor() -> Bool {
        switch color {
        case "always": return true
        case "never": return false
        default:
            // getenv, not ProcessInfo.environment: that builds a dictionary of the whole
            // environment (a tenth of the instructions of an empty conversion).
            if let noColor = getenv("NO_COLOR"), noColor.pointee != 0 { return false }
            let toTerminal = (output == nil || output == "-") && outputDir == nil
            return toTerminal && isatty(STDOUT_FILENO) != 0
        }
    }

    /// What is wrong with the values, as the usage error to print, or nil.
    var problem: String? {
        if let color, !["auto", "always", "never"].contains(color) {
            return "--color takes auto, always or never, not '\(color)'"
        }
        if let jobs, jobs < 1 { return "--jobs takes a number of files of at least 1, not \(jobs)" }
        if outputDir != nil {
            if output != nil { return "-o and --output-dir cannot be used together" }
            if files.isEmpty || files.contains("-") {
                return "--output-dir converts files and folders, not standard input"
            }
        }
        return nil
    }

    /// The output format: `-t`, else `-o`'s extension, else html, or markdown for html input.
    func outputFormat(forInput input: String) -> String {
        if let to { return to }
        if let output, output != "-", let inferred = FormatRegistry.format(forPath: output) {
            return inferred
        }
        let spec = try? FormatSpec(parsing: input)
        let base = spec.flatMap { FormatRegistry.entry(named: $0.name)?.name }
        return base == "html" ? "markdown" : "html"
    }

    /// The name messages give an input path.
    static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// The bytes of an input (`-`: standard input).
    func readInput(_ path: String) throws(Failure) -> [UInt8] {
        if path == "-" { return Array(FileHandle.standardInput.readDataToEndOfFile()) }
        do {
            return try contents(ofFile: path)
        } catch  where error.code == EISDIR {
            throw Failure(message: "\(path): is a directory (use --output-dir)", status: .badInput)
        } catch {
            let reason = String(cString: strerror(error.code))
            throw Failure(message: "cannot read '\(path)': \(reason)", status: .badInput)
        }
    }

    /// Refuses input that looks binary unless `--force`: NUL bytes in the first 8 KB and no
    /// text encoding fits (not UTF-8, no UTF-16 byte order mark or NUL pattern, no
    /// `--encoding`). Text with a stray NUL is converted, with an `input.nul` warning.
    func checkNotBinary(_ bytes: [UInt8], path: String) throws(Failure) {
        let head = bytes.prefix(8192)
        guard !force, head.contains(0), values["encoding"] == nil else { return }
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) { return }
        if InputDecoding.unmarkedUTF16(bytes) != nil { return }
        // Valid UTF-8 up to a sequence the 8 KB cut may have split.
        var utf8 = Array(head)
        while let last = utf8.last, last & 0xC0 == 0x80 || last >= 0xC0, head.count == 8192 {
            utf8.removeLast()
            if last >= 0xC0 { break }
        }
        if String(bytes: utf8, encoding: .utf8) != nil { return }
        throw Failure(
            message: "\(Self.displayName(path)): looks binary (NUL bytes and not UTF-8 or"
                + " UTF-16); not converted (--force converts it)",
            status: .badInput)
    }

    /// The input format of `path` with these bytes: `-f`, else the file extension, else the
    /// content; the note says what was guessed (printed with `--verbose`).
    func inputFormat(path: String, bytes: [UInt8]) -> (name: String, note: String?) {
        if let from { return (from, nil) }
        if path != "-", let inferred = FormatRegistry.format(forPath: path) {
            return (inferred, nil)
        }
        let (format, reason) = FormatRegistry.sniffFormat(of: bytes)
        let name = Self.displayName(path)
        return (format, "\(name): note: read as \(format) (\(reason)); -f names the format")
    }

    /// The converter from `input` to `output`; format names were checked before.
    static func converter(from input: String, to output: String, settings: ConversionSettings)
        throws(Failure) -> Converter
    {
        do {
            return try Converter(from: input, to: output, settings: settings)
        } catch {
            throw Failure(message: error.message, status: .badInput)
        }
    }

    /// Whether `code` is named by one of `patterns`: the code itself, or a prefix ending in
    /// `.` or `*` (`lossy.`, `lossy.table*`).
    static func matches(_ code: DiagnosticCode, _ patterns: [String]) -> Bool {
        patterns.contains { pattern in
            if pattern.hasSuffix("*") { return code.rawValue.hasPrefix(pattern.dropLast()) }
            if pattern.hasSuffix(".") { return code.rawValue.hasPrefix(pattern) }
            return code.rawValue == pattern
        }
    }

    /// Whether a diagnostic fails the run: a code `--fail-on` names, or with `--strict` lost
    /// content (a `lossy.*`, `input.invalid-*` or `input.nul` warning); never an `--ignore`d
    /// code.
    func fails(_ diagnostic: Diagnostic) -> Bool {
        if Self.matches(diagnostic.code, ignore) { return false }
        return (strict && diagnostic.isLossy) || Self.matches(diagnostic.code, failOn)
    }

    /// The diagnostics of a conversion as message lines, each naming `source` once. By
    /// default one line per code (the first of the most severe, with how many more there
    /// were) and no `info`;
    /// `--verbose` prints each diagnostic; `--ignore`d codes are left out.
    func diagnosticLines(_ diagnostics: [Diagnostic], source: String) -> String {
        if quiet { return "" }
        var text = ""
        func line(_ diagnostic: Diagnostic, more: String = "") {
            var diagnostic = diagnostic
            // Messages that name the input themselves (InputDecoding's) name it once.
            if diagnostic.message.hasPrefix(source + ": ") {
                diagnostic.message.removeFirst(source.count + 2)
            }
            text += "mconv: \(source): \(diagnostic)\(more)\n"
        }
        let shown = diagnostics.filter {
            (verbose || $0.severity != .info) && !Self.matches($0.code, ignore)
        }
        if verbose {
            for diagnostic in shown { line(diagnostic) }
            return text
        }
        // One line per code, in the order of each code's first diagnostic.
        var groups = Dictionary(grouping: shown, by: \.code)
        for code in shown.map(\.code) {
            guard let group = groups.removeValue(forKey: code) else { continue }
            if group.count == 1 {
                line(group[0])
                continue
            }
            // The most severe first: a warning is not hidden behind a note of its code.
            let worst = group.map(\.severity).max() ?? .info
            var first = group.first { $0.severity == worst } ?? group[0]
            let firstLine = group.lazy.compactMap(\.line).first
            (first.line, first.column) = (nil, nil)
            let same = group.allSatisfy { $0.message == first.message }
            var more = same ? " (\(group.count) times" : " (and \(group.count - 1) more"
            if let firstLine { more += ", first at line \(firstLine)" }
            line(first, more: more + ")")
        }
        return text
    }

    /// The failure a finished conversion is (an error diagnostic, or a diagnostic that
    /// ``fails(_:)``).
    func checkResult(_ result: Converted, source: String, to output: String) throws(Failure) {
        if let failure = result.diagnostics.first(where: { $0.severity == .error }) {
            // A writer that could not write at all (nothing useful was produced).
            throw Failure(
                message: "\(source): \(failure.code): \(failure.message)", status: .badInput)
        }
        if let failing = (result.diagnostics + result.printed).first(where: fails) {
            let message =
                Self.matches(failing.code, failOn)
                ? "--fail-on: \(source): \(failing.code)"
                : "--strict: the conversion to \(output) lost content"
                    + " (see the lossy.* diagnostics)"
            throw Failure(message: message, status: .lossy)
        }
    }

    /// Runs the conversion and ends the process.
    func run() -> Never {
        if listInputFormats || listOutputFormats {
            for entry in FormatRegistry.entries
            where listInputFormats ? entry.readable : entry.writable {
                print(entry.name)
            }
            exit(0)
        }
        // The formats `-f` or the first file's extension and `-t` name; the converter built
        // to check them and the options converts when the input is in that format.
        let input = from ?? files.first.flatMap(FormatRegistry.format(forPath:)) ?? "markdown"
        let output = outputFormat(forInput: input)
        let checked: Converter
        do {
            checked = try Converter(from: input, to: output, settings: settings())
        } catch {
            // Format names and extensions first: an unknown one is bad input (exit 2), like an
            // unreadable file; a bad option value is a usage error (exit 1). (Checked only on
            // failure: a converter built to check the names first cost a tenth of an empty
            // conversion's instructions.)
            do {
                _ = try Converter(from: input, to: output)
            } catch {
                fail(error.message, .badInput)
            }
            fail(error.message, .usage)
        }
        if jobs != nil && outputDir == nil && !quiet {
            printError("mconv: warning: --jobs applies only with --output-dir; ignored\n")
        }
        // Ctrl-C removes the temporary files of the outputs being written.
        if outputDir != nil || (self.output ?? "-") != "-" || extractMedia != nil {
            TemporaryFiles.shared.removeOnInterrupt()
        }
        if let outputDir { runBatch(outputDir: outputDir) }
        runJoined(checked, from: input, to: output)
    }

    /// One input of a joined conversion: its path, bytes and format. (A struct, not a tuple:
    /// a list's type is built at run time, for tuples 36,000 of the 462,000 instructions of an
    /// empty conversion, for this struct 15,000.)
    struct Input {
        var path: String
        var bytes: [UInt8]
        var format: String
    }

    /// Converts the inputs (standard input when none) to one output: joined as one text when
    /// they are in one format, else each read in its own format and the documents joined.
    /// `checked` converts `input` to `output`, the formats the command line names.
    func runJoined(_ checked: Converter, from input: String, to output: String) -> Never {
        let paths = files.isEmpty ? ["-"] : files
        var inputs: [Input] = []
        do {
            for path in paths {
                let bytes = try readInput(path)
                try checkNotBinary(bytes, path: path)
                let (format, note) = inputFormat(path: path, bytes: bytes)
                if let note, verbose, !quiet { printError("mconv: \(note)\n") }
                inputs.append(Input(path: path, bytes: bytes, format: format))
            }
        } catch {
            fail(error.message, error.status)
        }
        let fromName = inputs[0].format
        let toName = fromName == input ? output : outputFormat(forInput: fromName)
        let source =
            paths.count == 1
            ? Self.displayName(paths[0]) : paths.map(Self.displayName).joined(separator: "+")
        let result: Converted
        do throws(Failure) {
            var converter =
                fromName == input
                ? checked : try Self.converter(from: fromName, to: toName, settings: settings())
            converter.mediaExtraction = mediaExtraction(forOutput: self.output)
            let inputBytes = inputs.reduce(0) { $0 + $1.bytes.count }
            MallocTuning.prepare(for: converter.reader, inputBytes: inputBytes)
            if inputs.allSatisfy({ $0.format == fromName }) {
                // Moved out of the list (not copied), so the converter holds the only
                // reference and releases the bytes once decoded: a copy kept the input alive
                // to the end of the run.
                var bytes: [UInt8] = []
                swap(&bytes, &inputs[0].bytes)
                for k in inputs.indices.dropFirst() { bytes += [0x0A, 0x0A] + inputs[k].bytes }
                inputs = []
                var converted: ConversionResult
                do {
                    converted = try converter.convert(bytes: consume bytes, source: source)
                } catch {
                    throw Self.readFailure(error, source: source)
                }
                // Swapped, not copied: the copy went through an outlined copy function that
                // looks up `[String: String]`'s type metadata by name, whose
                // `String: Hashable` check scans every protocol conformance of the binary
                // (0.42 of the 1.15 million instructions of an empty conversion).
                swap(&keptDocument, &converted.document)
                result = Converted(
                    output: converted.output, diagnostics: converted.diagnostics,
                    media: converted.media)
            } else {
                result = try joinDocuments(inputs, to: toName, with: converter)
            }
            printError(diagnosticLines(result.diagnostics, source: source))
            try checkResult(result, source: source, to: toName)
            try writeMedia(result.media, tag: 0)
            try writeOutput(result.output, to: self.output, tag: 0)
        } catch {
            fail(error.message, error.status)
        }
        // The process ends here: leave the document and the output to the kernel instead of
        // releasing them node by node (about a tenth of the run on a 1 MB page). Nothing is
        // buffered: the output went out with write(2) and stdio is flushed by exit(3).
        exit(0)
    }

    /// A reader's error as the failure to report: `source:line:column: message`.
    static func readFailure(_ error: ReadError, source: String) -> Failure {
        var place = source
        if let line = error.line { place += ":\(line)" + (error.column.map { ":\($0)" } ?? "") }
        return Failure(message: "\(place): \(error.message)", status: .badInput)
    }

    /// Reads each input in its own format and writes the joined documents with `joined`'s
    /// writer (and media extraction); warns that the formats differ. The result's diagnostics
    /// are the writer's (the readers' are printed here, each naming its input).
    func joinDocuments(
        _ inputs: [Input], to toName: String,
        with joiner: Converter
    ) throws(Failure) -> Converted {
        if !quiet {
            let formats = inputs.map { "\(Self.displayName($0.path)): \($0.format)" }
            printError(
                "mconv: warning: the inputs are in different formats ("
                    + formats.joined(separator: ", ") + "); each is read in its own format\n")
        }
        var joined = Document()
        var readDiagnostics: [Diagnostic] = []
        for input in inputs {
            let source = Self.displayName(input.path)
            let converter = try Self.converter(
                from: input.format, to: toName, settings: settings())
            let (text, decoding) = InputDecoding.decode(
                input.bytes, source: source, encoding: converter.inputEncoding,
                html: converter.sniffsHTMLCharset)
            let read: ReadResult
            do {
                read = try converter.reader.read(text)
            } catch {
                throw Self.readFailure(error, source: source)
            }
            var document = read.document
            for transform in converter.transforms { document = transform(document) }
            readDiagnostics += decoding + read.diagnostics
            printError(diagnosticLines(decoding + read.diagnostics, source: source))
            joined.blocks += document.blocks
            joined.metadata.merge(document.metadata) { first, _ in first }
        }
        var (media, extractDiagnostics): ([ExtractMedia.File], [Diagnostic]) = ([], [])
        if let extraction = joiner.mediaExtraction {
            let extracted = extraction.apply(to: joined)
            (joined, media, extractDiagnostics) =
                (extracted.document, extracted.files, extracted.diagnostics)
        }
        let written = joiner.writer.write(joined)
        return Converted(
            output: written.output, diagnostics: extractDiagnostics + written.diagnostics,
            printed: readDiagnostics, media: media)
    }
}

/// The output of a conversion and its diagnostics.
struct Converted {
    var output: String
    var diagnostics: [Diagnostic]
    /// Diagnostics printed already (the readers' when inputs are joined as documents).
    var printed: [Diagnostic] = []
    /// Files `--extract-media` took out, to write before the output.
    var media: [ExtractMedia.File] = []
}

/// Writes `text` to standard output (`path` nil or `-`) or to the file at `path`, atomically
/// (see ``writeAtomically(to:tag:_:)``).
func writeOutput(_ text: String, to path: String?, tag: Int) throws(Failure) {
    guard let path, path != "-" else {
        let error = writeAll(text, to: STDOUT_FILENO)
        if error == 0 { return }
        let reason = String(cString: strerror(error))
        throw Failure(message: "cannot write to standard output: \(reason)", status: .cannotWrite)
    }
    try writeAtomically(to: path, tag: tag) { writeAll(text, to: $0) }
}

/// Writes a file whole: `body` writes into a temporary file in the same folder (returning
/// an `errno` or 0), which is renamed over `path` when complete, and removed on failure or
/// Ctrl-C (`TemporaryFiles`). `tag` keeps the temporary names of concurrent writes apart.
///
/// What is not a regular file is written in place, as `>` in a shell would: a device, a pipe
/// or a socket (`-o /dev/null`, `-o /dev/stdout`; renaming over one would replace it with a
/// file). A symbolic link keeps pointing where it did: the file it names is replaced.
func writeAtomically(to path: String, tag: Int, _ body: (Int32) -> Int32) throws(Failure) {
    func failure(_ error: Int32) -> Failure {
        let reason = String(cString: strerror(error))
        return Failure(message: "cannot write '\(shown)': \(reason)", status: .cannotWrite)
    }
    let shown = path
    var path = path
    var info = stat()
    if stat(path, &info) == 0 {
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            var link = stat()
            if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK,
                let resolved = realpath(path, nil)
            {
                path = String(cString: resolved)
                free(resolved)
            }
        case S_IFDIR:
            throw failure(EISDIR)
        default:
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw failure(errno) }
            var error = body(descriptor)
            if close(descriptor) != 0 && error == 0 { error = errno }
            if error != 0 { throw failure(error) }
            return
        }
    }
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[...$0]) } ?? ""
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    let temporary = "\(folder).\(name).mconv-\(getpid())-\(tag).tmp"
    guard TemporaryFiles.shared.add(temporary) else { throw failure(EINTR) }
    defer { TemporaryFiles.shared.remove(temporary) }
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw failure(errno) }
    var error = body(descriptor)
    if close(descriptor) != 0 && error == 0 { error = errno }
    if error == 0 && rename(temporary, path) != 0 { error = errno }
    if error != 0 {
        unlink(temporary)
        throw failure(error)
    }
}
