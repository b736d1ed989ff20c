import Foundation
import MarkupAST
import MarkupConverter

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One file of a batch: where it is read from, the path its output mirrors (relative to the
/// output folder, without extension) and its size.
struct BatchFile: Sendable {
    var path: String
    var relative: String
    var size: Int
}

/// A batch file read and decoded, ready to convert.
struct BatchInput: Sendable {
    var format: String
    /// What was guessed about the format (printed with `--verbose`).
    var note: String?
    var text: String
    /// The decoding's diagnostics (invalid UTF-8, the encoding used).
    var diagnostics: [Diagnostic]
    /// The output format's name.
    var output: String
    /// Where the output goes, and that path standardized (the key of `BatchShared.claims`).
    var outputPath: String
    var outputKey: String
}

/// What happened to one file of a batch.
struct BatchOutcome {
    var status: ExitStatus
    var lossy = false
    /// Diagnostics and errors, as lines to print.
    var messages = ""
}

extension CLIOptions {
    /// `--output-dir`: converts every input file, and the files of every input folder
    /// (recursively), each to its own file under `outputDir`, `jobs` at a time; prints a
    /// progress line on a terminal and a summary, and exits with the worst status.
    func runBatch(outputDir: String) -> Never {
        MallocTuning.keepFreedMemory()
        var outcomes: [BatchOutcome] = []
        let workingFolder = Self.workingFolder()
        let batch = collectBatch(
            outputDir: outputDir, workingFolder: workingFolder, problems: &outcomes)
        let progress = BatchProgress(
            files: batch.count, bytes: batch.reduce(0) { $0 + $1.size },
            enabled: !quiet && isatty(STDERR_FILENO) != 0)
        for outcome in outcomes { progress.report(outcome.messages) }
        let cores = BatchThread.availableCores()
        let workers = min(jobs ?? cores, batch.count)
        if verbose, !quiet {
            let available = cores == 1 ? "1 core available" : "\(cores) cores available"
            let why = jobs.map { "--jobs \($0)" } ?? available
            progress.report(
                "mconv: \(batch.count) file\(batch.count == 1 ? "" : "s"), \(workers) at a time"
                    + " (\(why))\n")
        }
        // With several workers the largest files go first, so that no worker is left
        // converting a large file alone at the end (the 72-page corpus: --jobs 2 took 1.67x
        // less time than --jobs 1 in file order, 1.8x largest first). One worker keeps the
        // order of the arguments, so its messages come in that order.
        let order =
            workers > 1
            ? batch.indices.sorted {
                batch[$0].size > batch[$1].size || batch[$0].size == batch[$1].size && $0 < $1
            }
            : Array(batch.indices)
        let results = Locked([BatchOutcome?](repeating: nil, count: batch.count))
        let next = Locked(0)
        // When the workers leave a core free, files are read ahead and outputs written behind
        // on two threads of their own, so the workers only convert. With a core per worker
        // those threads only compete with the workers (and hand each file from core to core):
        // the workers read and write their own files.
        let helpers = workers < cores
        let shared = BatchShared(
            settings: settings(), workingFolder: workingFolder,
            writes: BatchWriteBehind(limit: helpers ? workers + 1 : 0))
        let window = helpers ? workers + 1 : 0
        let reads = BatchReadAhead(items: order.map { batch[$0] }, window: window) { file in
            Result { () throws(Failure) in
                try batchInput(file, outputDir: outputDir, shared: shared)
            }
        }
        let group = DispatchGroup()
        let finishedWorkers = Locked(0)
        let prefaultBytes = MallocTuning.batchPrefault(largestInput: batch.map(\.size).max() ?? 0)
        let heaps = Locked([UnsafeMutableRawBufferPointer]())
        let started = DispatchSemaphore(value: 0)
        for _ in 0..<workers {
            group.enter()
            // The readers and writers are not recursive beyond their depth limit, but leave
            // the threads the main thread's room.
            BatchThread.start(stackSize: 8 << 20) {
                if helpers {  // where the worker's allocations go first
                    let blocks = MallocTuning.nextHeapBlocks(bytes: prefaultBytes)
                    heaps.withLock { $0 += blocks }
                    started.signal()
                }
                while true {
                    let claim = next.withLock { value -> Int in
                        defer { value += 1 }
                        return value
                    }
                    guard claim < batch.count else { break }
                    let index = order[claim]
                    let file = batch[index]
                    convertBatchFile(
                        file, input: reads.take(claim), outputDir: outputDir, tag: index,
                        shared: shared
                    ) { outcome in
                        results.withLock { $0[index] = outcome }
                        progress.report(outcome.messages, finished: file.size)
                    }
                }
                finishedWorkers.withLock { $0 += 1 }
                group.leave()
            }
        }
        if helpers {
            // Meanwhile the main thread, idle otherwise, faults in the workers' heaps.
            for _ in 0..<workers { started.wait() }
            MallocTuning.prefault(heaps.withLock { $0 }) {
                finishedWorkers.withLock { $0 == workers }
            }
        }
        group.wait()
        shared.writes.finish()
        progress.clear()
        outcomes += results.withLock { $0 }.compactMap(\.self)
        let failed = outcomes.filter { $0.status != .ok }.count
        let lossy = outcomes.filter(\.lossy).count
        if !quiet {
            let total = outcomes.count
            printError(
                "mconv: \(total) file\(total == 1 ? "" : "s"):"
                    + " \(total - failed) converted, \(failed) failed, \(lossy) lossy\n")
        }
        let worst = outcomes.map(\.status).max { $0.rank < $1.rank } ?? .ok
        exit(worst.rawValue)
    }

    /// The files of the inputs (relative paths start at `workingFolder`); inputs that are
    /// missing go to `problems`.
    func collectBatch(
        outputDir: String, workingFolder: String, problems: inout [BatchOutcome]
    ) -> [BatchFile] {
        let outputFolder = Self.standardizedPath(outputDir, in: workingFolder)
        var batch: [BatchFile] = []
        /// The folders entered (device and inode), so a symbolic link loop is entered once.
        var entered: Set<[UInt64]> = []
        func problem(_ path: String, _ reason: String) {
            problems.append(
                BatchOutcome(
                    status: .badInput, messages: "mconv: cannot read '\(path)': \(reason)\n"))
        }
        func walk(_ folder: String, relative: String) {
            var info = stat()
            if stat(folder, &info) == 0,
                !entered.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted
            {
                return
            }
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder)
            } catch {
                let code = (error as NSError).code == 257 ? EACCES : ENOENT
                problem(folder, String(cString: strerror(code)))
                return
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
                let mirrored = relative.isEmpty ? name : relative + "/" + name
                let isInput =
                    FormatRegistry.format(forPath: name).flatMap {
                        FormatRegistry.entry(named: $0)?.readable
                    } == true
                // (stat follows symbolic links; a dangling one fails.)
                guard stat(path, &info) == 0 else {
                    let reason = String(cString: strerror(errno))
                    let link = lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
                    if isInput {
                        problem(path, reason + (link ? " (a dangling symbolic link)" : ""))
                    }
                    continue
                }
                switch info.st_mode & S_IFMT {
                case S_IFDIR:
                    // Not into the output folder when it is inside an input folder.
                    if Self.standardizedPath(path, in: workingFolder) == outputFolder { continue }
                    walk(path, relative: mirrored)
                case S_IFREG:
                    if isInput {
                        batch.append(
                            BatchFile(path: path, relative: mirrored, size: Int(info.st_size)))
                    }
                default:
                    // A FIFO would block the batch, a device never end.
                    if isInput { problem(path, "not a regular file (skipped)") }
                }
            }
        }
        for argument in files {
            let name = Self.lastComponent(argument)
            var info = stat()
            let found = stat(argument, &info) == 0
            if found, info.st_mode & S_IFMT == S_IFDIR {
                // As `cp -r`: a folder's files go under its name (the contents for `.`).
                walk(argument, relative: [".", "..", "/", ""].contains(name) ? "" : name)
            } else {
                let size = found ? Int(info.st_size) : 0
                batch.append(BatchFile(path: argument, relative: name, size: size))
            }
        }
        return batch
    }

    /// Converts one file of a batch (its decoded `input`, or why it could not be read) to its place
    /// under `outputDir`; hands the writing to `shared.writes`, which calls `done` with the
    /// outcome once the output is written (or at once, in turn, when the file failed).
    func convertBatchFile(
        _ file: BatchFile, input: Result<BatchInput, Failure>, outputDir: String, tag: Int,
        shared: BatchShared, done: @escaping (BatchOutcome) -> Void
    ) {
        var outcome = BatchOutcome(status: .ok)
        func failed(_ error: Failure, _ outcome: inout BatchOutcome) {
            outcome.status = error.status
            // Messages that do not name the file say which one failed.
            let names =
                error.message.hasPrefix(file.path + ":")
                || error.message.hasPrefix("cannot read '\(file.path)'")
            let named = names ? "" : "\(file.path): "
            outcome.messages += "mconv: \(named)\(error.message)\n"
        }
        do throws(Failure) {
            let input = try input.get()
            if let note = input.note, verbose, !quiet { outcome.messages += "mconv: \(note)\n" }
            let (toName, outputPath) = (input.output, input.outputPath)
            var converter = try shared.converter(from: input.format, to: toName)
            converter.mediaExtraction = mediaExtraction(forOutput: outputPath)
            var converted: ConversionResult
            do {
                converted = try converter.convert(input.text)
            } catch {
                throw Self.readFailure(error, source: file.path)
            }
            converted.diagnostics.insert(contentsOf: input.diagnostics, at: 0)
            outcome.messages += diagnosticLines(converted.diagnostics, source: file.path)
            outcome.lossy = converted.diagnostics.contains {
                $0.isLossy && !Self.matches($0.code, ignore)
            }
            let result = Converted(
                output: converted.output, diagnostics: converted.diagnostics,
                media: converted.media)
            try checkResult(result, source: file.path, to: toName)
            let owner = shared.claims.withLock { taken in
                if let owner = taken[input.outputKey] { return owner }
                taken[input.outputKey] = file.path
                return file.path
            }
            if owner != file.path {
                throw Failure(
                    message: "not written: '\(owner)' has the same output '\(outputPath)'",
                    status: .cannotWrite)
            }
            let size = result.output.utf8.count + result.media.reduce(0) { $0 + $1.bytes.count }
            shared.writes.submit(bytes: size) { [outcome] in
                var outcome = outcome
                do throws(Failure) {
                    let folder = (outputPath as NSString).deletingLastPathComponent
                    if let reason = Self.makeFolder(folder) {
                        throw Failure(
                            message: "cannot write '\(outputPath)': \(folder): \(reason)",
                            status: .cannotWrite)
                    }
                    try writeMedia(result.media, tag: tag)
                    try writeOutput(result.output, to: outputPath, tag: tag)
                } catch {
                    failed(error, &outcome)
                }
                done(outcome)
            }
        } catch {
            failed(error, &outcome)
            // Through the writer as well, so the messages come in the order of the files.
            shared.writes.submit(bytes: 0) { [outcome] in done(outcome) }
        }
    }

    /// A batch file read, checked and decoded (on the read-ahead thread): its format from `-f`,
    /// its extension or its content, its text decoded as that format's converter decodes, and
    /// where its output goes.
    func batchInput(_ file: BatchFile, outputDir: String, shared: BatchShared) throws(Failure)
        -> BatchInput
    {
        let path = file.path
        let bytes = try readInput(path)
        try checkNotBinary(bytes, path: path)
        let (format, note) = inputFormat(path: path, bytes: bytes)
        let output = outputFormat(forInput: format)
        let converter = try shared.converter(from: format, to: output)
        let (text, diagnostics) = InputDecoding.decode(
            bytes, source: path, encoding: converter.inputEncoding,
            html: converter.sniffsHTMLCharset)
        let outputPath = outputPath(for: file, format: output, outputDir: outputDir)
        let outputKey = Self.standardizedPath(outputPath, in: shared.workingFolder)
        if outputKey == Self.standardizedPath(path, in: shared.workingFolder) {
            throw Failure(message: "the output would replace the input", status: .cannotWrite)
        }
        return BatchInput(
            format: format, note: note, text: text, diagnostics: diagnostics, output: output,
            outputPath: outputPath, outputKey: outputKey)
    }

    /// Where a file's output goes: its mirrored path under `outputDir` with the output
    /// format's extension (instead of the input's, when it names a format).
    func outputPath(for file: BatchFile, format: String, outputDir: String) -> String {
        var relative = file.relative
        if FormatRegistry.format(forPath: relative) != nil, let dot = relative.lastIndex(of: ".") {
            relative = String(relative[..<dot])
        }
        let spec = try? FormatSpec(parsing: format)
        let entry = spec.flatMap { FormatRegistry.entry(named: $0.name) }
        relative += "." + (entry?.outputFileExtension ?? "txt")
        return (outputDir.hasSuffix("/") ? outputDir : outputDir + "/") + relative
    }

    /// The last component of `path`, as NSString's `lastPathComponent` gives it ("docs" for
    /// "a/docs/", "/" for "/").
    static func lastComponent(_ path: String) -> String {
        var utf8 = path.utf8[...]
        while utf8.count > 1, utf8.last == UInt8(ascii: "/") { utf8 = utf8.dropLast() }
        guard utf8.count > 1, let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else {
            return String(utf8) ?? path
        }
        return String(utf8[utf8.index(after: slash)...]) ?? path
    }

    /// The working folder, from getcwd (`FileManager` is made only for input folders).
    static func workingFolder() -> String {
        guard let path = getcwd(nil, 0) else { return FileManager.default.currentDirectoryPath }
        defer { free(path) }
        return String(cString: path)
    }

    /// `path` made absolute against `folder`, without `.` and `..` components or repeated
    /// slashes: what `URL.standardizedFileURL.path` gives, from the text alone (the URL
    /// round trips, each with a look-up of the file, were about a sixth of the reading
    /// thread's time on the corpus pages).
    static func standardizedPath(_ path: String, in folder: String) -> String {
        var parts: [Substring] = []
        for part in ((path.hasPrefix("/") ? "" : folder + "/") + path).split(separator: "/") {
            if part == ".." {
                _ = parts.popLast()
            } else if part != "." {
                parts.append(part)
            }
        }
        // (Appended one by one: `joined(separator:)` on substrings looked up its generic
        // types by name at run time, a tenth of an empty file's batch.)
        var standardized = parts.isEmpty ? "/" : ""
        for part in parts {
            standardized.append("/")
            standardized.append(contentsOf: part)
        }
        return standardized
    }
}

/// A value behind a lock, for the batch's worker threads.
final class Locked<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// The batch's messages and, on a terminal, a progress line (files, MB/s, ETA) rewritten in
/// place at most ten times a second.
final class BatchProgress: @unchecked Sendable {
    private let lock = NSLock()
    private let files: Int
    private let bytes: Int
    private let enabled: Bool
    private let start = Date()
    private var doneFiles = 0
    private var doneBytes = 0
    private var drawn = false
    private var lastDraw = Date.distantPast

    init(files: Int, bytes: Int, enabled: Bool) {
        (self.files, self.bytes, self.enabled) = (files, bytes, enabled)
    }

    /// Prints messages (above the progress line), and counts a finished file of `size` bytes.
    func report(_ messages: String, finished size: Int? = nil) {
        lock.lock()
        defer { lock.unlock() }
        if let size {
            doneFiles += 1
            doneBytes += size
        }
        if !messages.isEmpty {
            printError((drawn ? "\r\u{1B}[K" : "") + messages)
            drawn = false
        }
        let now = Date()
        guard enabled, doneFiles < files, !drawn || now.timeIntervalSince(lastDraw) >= 0.1 else {
            return
        }
        lastDraw = now
        let seconds = max(now.timeIntervalSince(start), 0.001)
        let rate = Double(doneBytes) / seconds
        var line =
            "mconv: \(doneFiles)/\(files) files, "
            + String(format: "%.1f MB/s", rate / 1_000_000)
        if doneBytes > 0 {
            line += ", ETA \(Int((Double(bytes - doneBytes) / rate).rounded(.up))) s"
        }
        printError("\r\u{1B}[K" + line)
        drawn = true
    }

    /// Removes the progress line.
    func clear() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { printError("\r\u{1B}[K") }
        drawn = false
    }
}
