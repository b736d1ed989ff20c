// mconv-bench: in-process timings (thread CPU time) for the benchmark scripts in Benchmarks/.
// Build with `swift build -c release --product mconv-bench`; never run from tests.
import Foundation
import HTML5Parser
import MarkupAST
import MarkupConverter

/// Nanoseconds of CPU time used by this thread: a busy shared machine inflates wall time far
/// more than CPU time, and the conversions are single-threaded. `MCONV_BENCH_WALL=1` switches
/// to the monotonic wall clock.
func now() -> UInt64 {
    if useWallClock { return DispatchTime.now().uptimeNanoseconds }
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

let useWallClock = ProcessInfo.processInfo.environment["MCONV_BENCH_WALL"] == "1"

/// Runs `body` `iterations` times and returns per-iteration nanoseconds, sorted.
func measure(iterations: Int, _ body: () throws -> Void) rethrows -> [Double] {
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    for _ in 0..<iterations {
        let start = now()
        try body()
        samples.append(Double(now() - start))
    }
    return samples.sorted()
}

func median(_ sorted: [Double]) -> Double { sorted[sorted.count / 2] }


func usage() -> Never {
    print("""
        usage: mconv-bench convert FROM TO FILE [ITERATIONS]    time one whole-file conversion (best and median)
               mconv-bench snippets FROM TO FILE [ITERATIONS]   FILE holds one snippet per line; per-snippet median
               mconv-bench stages FROM TO FILE [ITERATIONS]     median per stage: HTML parse (html input only),
                                                                read, transforms, write, whole conversion
               mconv-bench snippet-stages FROM TO FILE [ITERATIONS]  the same per snippet (FILE: one per line)
               mconv-bench corpus FROM TO FILELIST [ITERATIONS]  FILELIST names one file per line; each pass converts
                                                                them all; prints the best and median pass in ms
                                                                (MCONV_BENCH_PERFILE=1: best ns per file;
                                                                MCONV_BENCH_THREADS=N: N threads at once, each
                                                                with its own converter, best pass per thread)
        """)
    exit(1)
}

let args = Array(CommandLine.arguments.dropFirst())
guard args.count >= 4 else { usage() }
let converter = try Converter(from: args[1], to: args[2])
let iterations = args.count > 4 ? Int(args[4]) ?? 10 : 10
if args[0] == "corpus" {
    // Files read (and decoded) before the clock starts; one pass converts every file once.
    let list = try String(contentsOfFile: args[3], encoding: .utf8)
    let paths = list.split(separator: "\n").map(String.init)
    let texts = try paths.map { try String(contentsOfFile: $0, encoding: .utf8) }
    if ProcessInfo.processInfo.environment["MCONV_BENCH_PERFILE"] == "1" {
        // "BEST_NS PATH" per file, each file timed on its own.
        for (path, text) in zip(paths, texts) {
            print(Int(try measure(iterations: iterations) { _ = try converter.convert(text) }[0]), path)
        }
        exit(0)
    }
    if let threads = ProcessInfo.processInfo.environment["MCONV_BENCH_THREADS"].flatMap(Int.init), threads > 1 {
        // THREADS threads at once, each converting every file ITERATIONS times with its own
        // converter (MCONV_BENCH_SHARED=1: one converter for all): the best pass's thread CPU
        // time per thread, to compare with one thread alone (what two files at a time cost
        // beside each other in one process).
        let shared = ProcessInfo.processInfo.environment["MCONV_BENCH_SHARED"] == "1"
        // One slot per thread, each written by its thread only, read after they all left.
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<Double>.allocate(capacity: threads)
        let group = DispatchGroup()
        for slot in 0..<threads {
            group.enter()
            let own = shared ? converter : try Converter(from: args[1], to: args[2])
            Thread.detachNewThread {
                let times = measure(iterations: iterations) {
                    for text in texts { _ = try? own.convert(text) }
                }
                results[slot] = times[0]
                group.leave()
            }
        }
        group.wait()
        print(String(format: "%d threads (%@ converter): best pass per thread %@ ms", threads,
                     shared ? "shared" : "own",
                     results.map { String(format: "%.1f", $0 / 1e6) }.joined(separator: ", ")))
        exit(0)
    }
    var outputBytes = 0
    let times = try measure(iterations: iterations) {
        outputBytes = 0
        for text in texts { outputBytes += try converter.convert(text).output.utf8.count }
    }
    let bytes = texts.reduce(0) { $0 + $1.utf8.count }
    print(String(format: "%@ -> %@: %d files, input %d bytes, output %d bytes, best %.3f ms, median %.3f ms",
                 args[1], args[2], texts.count, bytes, outputBytes, times[0] / 1e6, median(times) / 1e6))
    exit(0)
}
let text = try String(contentsOfFile: args[3], encoding: .utf8)

switch args[0] {
case "convert":
    var outputBytes = 0
    let times = try measure(iterations: iterations) {
        outputBytes = try converter.convert(text).output.utf8.count
    }
    let bytes = Double(text.utf8.count)
    print(String(format: "%@ -> %@: input %d bytes, output %d bytes, best %.3f ms, median %.3f ms, %.1f MB/s (median)",
                 args[1], args[2], text.utf8.count, outputBytes, times[0] / 1e6, median(times) / 1e6, bytes / median(times) * 1e3))
case "snippets":
    let snippets = text.split(separator: "\n").map(String.init)
    var perSnippet: [Double] = []
    for _ in 0..<iterations {
        for s in snippets {
            // Ten conversions per clock reading: reading the thread CPU clock is a system call
            // of about a microsecond, too much next to a 10-microsecond conversion.
            let start = now()
            for _ in 0..<10 { _ = try converter.convert(s) }
            perSnippet.append(Double(now() - start) / 10)
        }
    }
    perSnippet.sort()
    let avgLen = snippets.reduce(0) { $0 + $1.utf8.count } / max(1, snippets.count)
    print(String(format: "%@ -> %@: %d snippets of %d bytes avg, median %.2f us, p90 %.2f us",
                 args[1], args[2], snippets.count, avgLen, median(perSnippet) / 1e3, perSnippet[perSnippet.count * 9 / 10] / 1e3))
case "stages", "snippet-stages":
    // Each stage timed on its own (the earlier stages' results computed outside the clock),
    // so the figures say where a conversion spends its time.
    let inputs = args[0] == "stages" ? [text] : text.split(separator: "\n").map(String.init)
    let repeats = args[0] == "stages" ? 1 : 10
    let documents = try inputs.map { try converter.reader.read($0).document }
    let transformed = documents.map { d in converter.transforms.reduce(d) { $1($0) } }
    // `MCONV_BENCH_STAGE=read` times only that stage (for a profiler).
    let only = ProcessInfo.processInfo.environment["MCONV_BENCH_STAGE"]
    func stage(_ name: String, _ body: (Int) throws -> Void) rethrows {
        if let only, only != name { return }
        var samples: [Double] = []
        for _ in 0..<iterations {
            for i in inputs.indices {
                let start = now()
                for _ in 0..<repeats { try body(i) }
                samples.append(Double(now() - start) / Double(repeats))
            }
        }
        samples.sort()
        let unit = repeats == 1 ? 1e6 : 1e3
        print(String(format: "  %-10@ median %9.3f %@  best %9.3f", name, median(samples) / unit, repeats == 1 ? "ms" : "us", samples[0] / unit))
    }
    print("\(args[1]) -> \(args[2]): \(inputs.count) input(s)")
    if args[1] == "html" {
        let whole = args[0] == "stages"
        stage("parse") { i in
            _ = whole ? HTMLParser.parseDocument(inputs[i]) : HTMLParser.parseFragment(inputs[i])
        }
        stage("parse -e") { i in
            // Without collecting parse errors (what a reader could do when no one reads them).
            let options = HTMLParserOptions(collectErrors: false)
            _ = whole ? HTMLParser.parseDocument(inputs[i], options: options) : HTMLParser.parseFragment(inputs[i], options: options)
        }
    }
    try stage("read") { i in _ = try converter.reader.read(inputs[i]) }
    stage("transforms") { i in _ = converter.transforms.reduce(documents[i]) { $1($0) } }
    stage("write") { i in _ = converter.writer.write(transformed[i]) }
    try stage("convert") { i in _ = try converter.convert(inputs[i]) }
default:
    usage()
}
