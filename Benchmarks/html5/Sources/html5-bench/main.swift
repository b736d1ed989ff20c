// html5-bench time FILE [RUNS]     best thread-CPU time of HTMLParser.parseDocument over the file's bytes
// html5-bench linear               pathological inputs at n and 10n: time ratio (must be <= 11)
// html5-bench memory FILE          peak RSS growth while parsing once (bytes), and input size
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
case "memory":
    let bytes = [UInt8](try! Data(contentsOf: URL(fileURLWithPath: args[2])))
    let before = maxRSS()
    let doc = HTMLParser.parseDocument(bytes: bytes, options: options)
    let after = maxRSS()
    print(after - before, bytes.count, doc.nodes.count)
case "linear":
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
        default: return Array(String(repeating: "<p>a", count: n).utf8)
        }
    }
    for kind in [
        "unclosed-b", "nested-div", "p-then-divs", "attribute", "comment", "table-text",
        "span-end-x",
    ] {
        let small = input(kind, 20_000)
        let large = input(kind, 200_000)
        let t1 = best(5) { _ = HTMLParser.parseDocument(bytes: small, options: options) }
        let t10 = best(5) { _ = HTMLParser.parseDocument(bytes: large, options: options) }
        let line =
            (String(
                format: "%-12@ n=20k %8.2f ms  n=200k %8.2f ms  ratio %.1f", kind as NSString, t1,
                t10, t10 / t1)) + "\n"
        FileHandle.standardOutput.write(line.data(using: .utf8)!)
    }
default:
    print("usage: html5-bench time FILE [RUNS] | memory FILE | linear")
}
