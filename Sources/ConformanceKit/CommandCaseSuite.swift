import Foundation

/// Runs the command cases under `conformance/cases/` through the built `mconv` binary.
///
/// ```swift
/// let results = CommandCaseSuite.run(paths: .resolve())
/// results.map(\.summary) // ["cases/html-to-markdown: 150 passed, 0 failed", ...]
/// ```
public enum CommandCaseSuite {
    /// Where the `mconv` binary is: `MCONV_BINARY`, beside this executable, or `.build/*/mconv`.
    public static func findBinary(packageRoot: URL) -> URL? {
        let fm = FileManager.default
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["MCONV_BINARY"] {
            candidates.append(URL(fileURLWithPath: env))
        }
        let me = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(me.deletingLastPathComponent().appendingPathComponent("mconv"))
        candidates.append(
            me.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "mconv"))
        for config in ["debug", "release"] {
            candidates.append(packageRoot.appendingPathComponent(".build/\(config)/mconv"))
        }
        return candidates.first { fm.isExecutableFile(atPath: $0.path) }
    }

    /// Loads every case, grouped by topic folder.
    public static func load(paths: ConformancePaths) -> [(topic: String, cases: [CommandCase])] {
        let fm = FileManager.default
        guard let topics = try? fm.contentsOfDirectory(atPath: paths.cases.path) else { return [] }
        var result: [(String, [CommandCase])] = []
        for topic in topics.sorted() {
            let dir = paths.cases.appendingPathComponent(topic)
            guard let files = try? fm.contentsOfDirectory(atPath: dir.path) else { continue }
            var cases: [CommandCase] = []
            for file in files.sorted() where file.hasSuffix(".md") {
                let url = dir.appendingPathComponent(file)
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                cases += CommandCase.parse(text, file: "\(topic)/\(file)")
            }
            result.append((topic, cases))
        }
        return result
    }

    /// Runs one case, returning standard output (and standard error for the diff).
    public static func execute(_ testCase: CommandCase, binary: URL) -> (
        stdout: String, stderr: String, status: Int32
    ) {
        let process = Process()
        process.executableURL = binary
        process.arguments = testCase.arguments
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        do {
            try process.run()
        } catch {
            return ("", "cannot run \(binary.path): \(error)", -1)
        }
        let writer = Thread {
            stdin.fileHandleForWriting.write(Data(testCase.input.utf8))
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errData = Locked(Data())
        let errReader = Thread {
            let data = stderr.fileHandleForReading.readDataToEndOfFile()
            errData.withLock { $0 = data }
        }
        errReader.start()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while errReader.isExecuting { usleep(1000) }
        return (
            String(decoding: out, as: UTF8.self),
            String(decoding: errData.withLock { $0 }, as: UTF8.self),
            process.terminationStatus
        )
    }

    /// Runs every topic; with `accept`, rewrites the expected outputs of failing cases.
    public static func run(paths: ConformancePaths, accept: Bool = false, filter: String? = nil)
        -> [SuiteResult]
    {
        let root = paths.repository.deletingLastPathComponent()
        guard let binary = findBinary(packageRoot: root) else {
            var r = SuiteResult(name: "cases")
            r.unexpectedFailures = ["no mconv binary found (build it with `swift build`)"]
            return [r]
        }
        var results: [SuiteResult] = []
        for (topic, cases) in load(paths: paths) {
            let expectations = Expectations.load(suite: "cases-\(topic)", from: paths.expectations)
            var result = SuiteResult(name: "cases/\(topic)")
            let selected = cases.filter { filter == nil || $0.id.contains(filter!) }
            let outcomes = Locked([String: (String, String)]())
            DispatchQueue.concurrentPerform(iterations: selected.count) { index in
                let c = selected[index]
                let (out, err, _) = execute(c, binary: binary)
                outcomes.withLock { $0[c.id] = (out, err) }
            }
            var rewrites: [String: [(Range<Int>, String)]] = [:]
            for c in selected {
                let (out, err) = outcomes.withLock { $0[c.id] } ?? ("", "")
                let ok = out == c.expected
                result.record(
                    id: c.id, passed: ok, expectations: expectations,
                    detail:
                        "command: mconv \(c.arguments.joined(separator: " "))\n--- expected\n\(c.expected)--- got\n\(out)"
                        + (err.isEmpty ? "" : "--- stderr\n\(err)"))
                if !ok && accept {
                    let file = String(c.id[..<c.id.lastIndex(of: ":")!])
                    rewrites[file, default: []].append((c.expectedLines, out))
                }
            }
            for (file, edits) in rewrites {
                let url = paths.cases.appendingPathComponent(file)
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(
                    String.init)
                for (range, output) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
                    var newLines = output.split(separator: "\n", omittingEmptySubsequences: false)
                        .map(String.init)
                    if newLines.last == "" { newLines.removeLast() }
                    lines.replaceSubrange(range, with: newLines)
                }
                try? lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
            }
            results.append(result)
        }
        return results
    }
}

/// A value behind a lock, for collecting results from concurrent work.
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
