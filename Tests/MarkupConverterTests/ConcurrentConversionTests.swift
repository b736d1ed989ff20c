import ConformanceKit
import Foundation
import MarkupAST
import MarkupConverter
import Testing

/// The library runs on the caller's thread and keeps no shared mutable state: one
/// `Converter` serves many threads at once, each getting what a serial run gets.
@Suite("Concurrent conversions")
struct ConcurrentConversionTests {
    /// One conversion: a shared converter (by index) and an input.
    struct Job: Sendable {
        var converter: Int
        var input: String
    }

    /// Converters for every input format in the case inputs and samples to each output, and
    /// a job per input and output: the command case inputs, the samples, and a large page.
    static func jobs() -> (converters: [Converter], jobs: [Job]) {
        let outputs = ["markdown", "html", "plain", "styled", "ast", "json"]
        var inputs: [(format: String, text: String)] = samples
        let root = ConformancePaths.findPackageRoot()
        let paths = ConformancePaths(
            data: nil, repository: root.appendingPathComponent("conformance"))
        for (_, cases) in CommandCaseSuite.load(paths: paths) {
            for testCase in cases {
                let arguments = testCase.arguments
                let format = arguments.firstIndex(of: "-f").map { arguments[$0 + 1] } ?? "html"
                inputs.append((format, testCase.input))
            }
        }
        // A page of some 300 KB (above the sizes that used to be split across threads).
        if let article = samples.first(where: { $0.format == "html" })?.text {
            let body = String(repeating: "<div><section>\(article)</section></div>\n", count: 300)
            inputs.append(("html", "<!doctype html><html><body>\(body)</body></html>"))
        }
        var converters: [Converter] = []
        var index: [String: Int] = [:]
        var jobs: [Job] = []
        for (format, text) in inputs {
            for output in outputs {
                let key = format + " " + output
                if index[key] == nil {
                    guard let converter = try? Converter(from: format, to: output) else { continue }
                    index[key] = converters.count
                    converters.append(converter)
                }
                jobs.append(Job(converter: index[key]!, input: text))
            }
        }
        return (converters, jobs)
    }

    /// The output and the diagnostics of one job (or the error it threw).
    static func run(_ converter: Converter, _ input: String) -> String {
        do {
            let result = try converter.convert(input)
            let diagnostics = result.diagnostics.map { "\($0)" }.joined(separator: "\n")
            return result.output + "\n--\n" + diagnostics
        } catch {
            return "error: \(error)"
        }
    }

    @Test("8 threads sharing converters give the serial results exactly")
    func eightThreads() {
        let (converters, jobs) = Self.jobs()
        #expect(jobs.count > 1_000)
        let serial = jobs.map { Self.run(converters[$0.converter], $0.input) }
        let results = ResultBox(count: jobs.count)
        let done = DispatchGroup()
        // Threads proper, all started at once, each taking every 8th job.
        let threads = (0..<8).map { t in
            Thread {
                for i in stride(from: t, to: jobs.count, by: 8) {
                    results.set(i, Self.run(converters[jobs[i].converter], jobs[i].input))
                }
                done.leave()
            }
        }
        for thread in threads {
            done.enter()
            thread.start()
        }
        done.wait()
        let parallel = results.values
        #expect(parallel.count == serial.count)
        let mismatches = zip(parallel, serial).enumerated().filter { $0.element.0 != $0.element.1 }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(jobs.count) differ")
    }
}

/// Results written by several threads, each to its own index.
final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [String?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ i: Int, _ value: String) {
        lock.lock()
        storage[i] = value
        lock.unlock()
    }

    var values: [String?] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
