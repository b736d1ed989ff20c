// html5-bench time FILE [RUNS]     best thread-CPU time of HTMLParser.parseDocument over the file's bytes
// html5-bench linear [N] [RUNS]    pathological inputs at N and 10N (default 20000): time ratio
//                                  (must be <= 11), best of RUNS (default 5) thread-CPU times each
// html5-bench fragments FILE [RUNS] mean time per parseFragment(context: "body") of each line of
//                                  FILE (as the HTML reader parses snippets), best of RUNS passes
// html5-bench memory FILE          peak RSS growth while parsing once (bytes), and input size
// html5-bench errors FILE [CONTEXT] parse errors (offset line column code) of each NUL-separated
//                                  document of FILE (as fragments in CONTEXT when given)
// html5-bench profile FILE [PASSES] [noerrors]  parseFragment(context: "body") of each line of
//                                  FILE, PASSES times (default 100), nothing timed: a fixed
//                                  workload for `valgrind --tool=callgrind` (instructions per
//                                  fragment = total / (PASSES * lines))
import Foundation
import HTML5Parser

/// Thread CPU time: the machine may be shared, and time spent descheduled is not ours.
func now() -> UInt64 {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
}

func best(_ runs: Int, _ body: () -> Void) -> Double {
    var bestNs = UInt64.max
    for _ in 0..<runs {
        let t0 = now()
        body()
        bestNs = min(bestNs, now() - t0)
    }
    return Double(bestNs) / 1e6
}

func maxRSS() -> Int {
    var u = rusage()
    getrusage(RUSAGE_SELF.rawValue, &u)
    return Int(u.ru_maxrss) * 1024
}

/// glibc's `mallopt` (not in the Glibc module: it lives in malloc.h).
@_silgen_name("mallopt") func mallopt(_ param: Int32, _ value: Int32) -> Int32

let args = CommandLine.arguments
let options = HTMLParserOptions(collectErrors: false)
switch args.count > 1 ? args[1] : "" {
case "time":
    let bytes = [UInt8](try! Data(contentsOf: URL(fileURLWithPath: args[2])))
    let runs = args.count > 3 ? Int(args[3])! : 20
    var nodes = 0
    let ms = best(runs) {
        nodes = HTMLParser.parseDocument(bytes: bytes, options: options).nodes.count
    }
    print(String(format: "%.3f", ms), nodes)
case "tokenize":
    let text = try! String(contentsOfFile: args[2], encoding: .utf8)
    let ms = best(args.count > 3 ? Int(args[3])! : 20) { _ = HTMLTokenizer.tokenize(text) }
    print(String(format: "%.3f", ms))
case "dump":
    // Tree dumps of each NUL-separated document of FILE (for differential checks);
    // with a 3rd argument, each is parsed as a fragment in that context.
    let data = [UInt8](try! Data(contentsOf: URL(fileURLWithPath: args[2])))
    var out = ""
    for doc in data.split(separator: 0, omittingEmptySubsequences: false) {
        let bytes = Array(doc)
        let d =
            args.count > 3
            ? HTMLParser.parseFragment(bytes: bytes, context: args[3])
            : HTMLParser.parseDocument(bytes: bytes)
        out += d.treeDump() + "\u{1}\n"
    }
    FileHandle.standardOutput.write(out.data(using: .utf8)!)
case "errors":
    let data = [UInt8](try! Data(contentsOf: URL(fileURLWithPath: args[2])))
    var out = ""
    for doc in data.split(separator: 0, omittingEmptySubsequences: false) {
        let bytes = Array(doc)
        let d =
            args.count > 3
            ? HTMLParser.parseFragment(bytes: bytes, context: args[3])
            : HTMLParser.parseDocument(bytes: bytes)
        for e in d.errors { out += "\(e.offset) \(e.line) \(e.column) \(e.code)\n" }
        out += "\u{1}\n"
    }
    FileHandle.standardOutput.write(out.data(using: .utf8)!)
case "memory":
    let bytes = [UInt8](try! Data(contentsOf: URL(fileURLWithPath: args[2])))
    let before = maxRSS()
    let doc = HTMLParser.parseDocument(bytes: bytes, options: options)
    let after = maxRSS()
    print(after - before, bytes.count, doc.nodes.count)
case "fragments":
    let text = try! String(contentsOfFile: args[2], encoding: .utf8)
    let snippets = text.split(separator: "\n").map { Array($0.utf8) }
    let runs = args.count > 3 ? Int(args[3])! : 20
    let bytes = snippets.reduce(0) { $0 + $1.count }
    for (label, opts) in [
        ("reader options (errors on)", HTMLParserOptions()),
        ("collectErrors: false", options),
    ] {
        var nodes = 0
        let ms = best(runs) {
            nodes = 0
            for s in snippets {
                nodes += HTMLParser.parseFragment(bytes: s, context: "body", options: opts).nodes.count
            }
        }
        let us = ms * 1000 / Double(snippets.count)
        let line =
            String(
                format: "%d fragments, mean %d bytes, %d nodes: %.2f us per fragment, ",
                snippets.count, bytes / max(1, snippets.count), nodes, us) + label + "\n"
        FileHandle.standardOutput.write(line.data(using: .utf8)!)
    }
case "profile":
    let text = try! String(contentsOfFile: args[2], encoding: .utf8)
    let snippets = text.split(separator: "\n").map { Array($0.utf8) }
    let passes = args.count > 3 ? Int(args[3])! : 100
    let opts = args.count > 4 && args[4] == "noerrors" ? options : HTMLParserOptions()
    var nodes = 0
    for _ in 0..<passes {
        for s in snippets {
            nodes += HTMLParser.parseFragment(bytes: s, context: "body", options: opts).nodes.count
        }
    }
    print(snippets.count * passes, "fragments,", nodes, "nodes")
case "linear":
    // Linear-time check: each input at n and 10n, best of RUNS thread-CPU times, runs of the
    // two sizes interleaved (so a burst of load on the shared machine hits both).
    // glibc is told to keep freed memory (no mmap for big blocks, no trimming): otherwise
    // the large input's arrays (over the 32 MB dynamic mmap threshold) come back as fresh
    // pages on every run and pay the kernel's first-touch cost, while the small input's are
    // recycled warm, and the ratio measures that difference rather than the parser.
    _ = mallopt(-4, 0)  // M_MMAP_MAX
    _ = mallopt(-1, Int32.max)  // M_TRIM_THRESHOLD (glibc; a no-op elsewhere)
    let n = args.count > 2 ? Int(args[2])! : 20_000
    let runs = args.count > 3 ? Int(args[3])! : 5
    func input(_ kind: String, _ n: Int) -> [UInt8] {
        switch kind {
        case "unclosed-b": return Array(String(repeating: "<b>x", count: n).utf8)
        case "nested-div": return Array(String(repeating: "<div>", count: n).utf8)
        case "p-then-divs": return Array(("<p>" + String(repeating: "<div>", count: n)).utf8)
        case "attribute":
            return Array(("<a title=\"" + String(repeating: "x&amp;", count: n * 2) + "\">").utf8)
        case "comment": return Array(("<!--" + String(repeating: "ab-c", count: n * 2)).utf8)
        case "span-end-x":
            return Array(
                (String(repeating: "<span>", count: n) + String(repeating: "</x>", count: n)).utf8)
        case "table-text": return Array(("<table>" + String(repeating: "x<td>", count: n)).utf8)
        // Noah's Ark clause over n distinct open formatting elements.
        case "b-distinct": return Array((0..<n).map { "<b class=c\($0)>x" }.joined().utf8)
        // An end tag naming an element below deep non-special content and a special element.
        case "end-x-deep": return Array(("<x><div>" + String(repeating: "<span></x>", count: n)).utf8)
        // Scope checks failing at a boundary far down.
        case "div-object":
            return Array(("<div><object>" + String(repeating: "<span></div>", count: n)).utf8)
        case "p-button":
            return Array(("<p><button>" + String(repeating: "<span></p>", count: n)).utf8)
        default: return Array(String(repeating: "<p>a", count: n).utf8)
        }
    }
    for kind in [
        "unclosed-b", "nested-div", "p-then-divs", "attribute", "comment", "table-text",
        "span-end-x", "b-distinct", "end-x-deep", "div-object", "p-button",
    ] {
        let small = input(kind, n)
        let large = input(kind, n * 10)
        var t1 = Double.infinity
        var t10 = Double.infinity
        for _ in 0..<runs {
            t1 = min(t1, best(1) { _ = HTMLParser.parseDocument(bytes: small, options: options) })
            t10 = min(t10, best(1) { _ = HTMLParser.parseDocument(bytes: large, options: options) })
        }
        let line =
            (String(
                format: "%-12@ n=%dk %8.2f ms  n=%dk %8.2f ms  ratio %.1f", kind as NSString,
                n / 1000, t1, n / 100, t10, t10 / t1)) + "\n"
        FileHandle.standardOutput.write(line.data(using: .utf8)!)
    }
default:
    print("usage: html5-bench time FILE [RUNS] | memory FILE | linear [N] [RUNS] | fragments FILE [RUNS]")
}
