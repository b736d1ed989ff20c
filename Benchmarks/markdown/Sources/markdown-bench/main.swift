import Foundation
import HTMLFormat
import MarkdownFormat
import MarkupAST

// markdown-bench generate BYTES          writes a deterministic mixed GFM document to stdout
// markdown-bench convert FILE            Markdown -> HTML (GFM, like `cmark-gfm -e ...`) to stdout
// markdown-bench time FILE RUNS          in-process timing: prints the best and median seconds
// markdown-bench phases FILE RUNS        best thread-CPU seconds of read, write and AST release
// markdown-bench profile-write|profile-read FILE RUNS    one stage in a loop (for perf)

func generate(bytes target: Int) -> String {
    var out = ""
    var n = 0
    let words = [
        "alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa",
    ]
    func sentence(_ seed: Int, _ count: Int) -> String {
        (0..<count).map { words[($0 * 7 + seed) % words.count] }.joined(separator: " ")
    }
    while out.utf8.count < target {
        n += 1
        out += "## Section \(n): \(sentence(n, 3))\n\n"
        out +=
            "Some *emphasis* and **strong** text with `code \(n)`, a [link](https://example.com/\(n) \"title\"), "
        out +=
            "an ![image](/img/\(n).png), ~~struck~~ words, an autolink www.example.org/\(n) and <span>html</span>.\n"
        out += sentence(n, 12) + " &amp; entities &copy; and \\*escapes\\*.\n\n"
        out +=
            "- item one \(sentence(n + 1, 4))\n- item **two**\n  - nested [x](#a)\n- [ ] task\n- [x] done\n\n"
        out += "1. first\n2. second\n\n   continued paragraph \(sentence(n + 2, 6))\n\n"
        out += "> quoted \(sentence(n + 3, 8))\n> > nested quote\n\n"
        out += "| col a | col b | col c |\n|:--|:-:|--:|\n| \(n) | *b* | `c` |\n| d | e | f |\n\n"
        out += "```swift\nlet value\(n) = \(n) * 2 // <tag> & stuff\nprint(value\(n))\n```\n\n"
        out += "---\n\n"
    }
    return out
}

func convert(_ text: String) -> String {
    let extensions: MarkdownExtensions = [.table, .strikethrough, .autolink, .tagfilter, .tasklist]
    let document = (try? MarkdownReader(extensions: extensions).read(text).document) ?? .init()
    return HTMLWriter(options: HTMLWriterOptions(unsafe: true)).write(document).output
}

let args = CommandLine.arguments
switch args.count > 1 ? args[1] : "" {
case "generate":
    let size = args.count > 2 ? Int(args[2]) ?? 1_100_000 : 1_100_000
    FileHandle.standardOutput.write(generate(bytes: size).data(using: .utf8)!)
case "convert":
    // Plain stdio, as the cmark-gfm CLI does.
    guard let data = FileManager.default.contents(atPath: args[2]) else { exit(2) }
    var html = convert(String(decoding: data, as: UTF8.self))
    html.withUTF8 { bytes in
        var offset = 0
        while offset < bytes.count {
            let written = write(1, bytes.baseAddress! + offset, bytes.count - offset)
            if written <= 0 { exit(1) }
            offset += written
        }
    }
case "time":
    let text = try String(contentsOfFile: args[2], encoding: .utf8)
    let runs = args.count > 3 ? Int(args[3]) ?? 10 : 10
    var times: [Double] = []
    var checksum = 0
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        checksum &+= convert(text).utf8.count
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    times.sort()
    print(
        String(
            format: "best %.6f median %.6f (output %d bytes)", times[0], times[times.count / 2],
            checksum / runs))
case "phases":
    // In-process split of the pipeline: read (cmark parse + AST build), write, AST release,
    // in thread CPU seconds (steadier than wall time on a shared machine).
    func cpuNow() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
    }
    let text = try String(contentsOfFile: args[2], encoding: .utf8)
    let runs = args.count > 3 ? Int(args[3]) ?? 10 : 10
    let extensions: MarkdownExtensions = [.table, .strikethrough, .autolink, .tagfilter, .tasklist]
    var best = [Double](repeating: .infinity, count: 3)
    for _ in 0..<runs {
        var t0 = cpuNow()
        var document: Document? = (try? MarkdownReader(extensions: extensions).read(text).document)
        var t1 = cpuNow()
        best[0] = min(best[0], Double(t1 - t0) / 1e9)
        t0 = t1
        let html = HTMLWriter(options: HTMLWriterOptions(unsafe: true)).write(document!).output
        t1 = cpuNow()
        best[1] = min(best[1], Double(t1 - t0) / 1e9)
        t0 = t1
        document = nil
        t1 = cpuNow()
        best[2] = min(best[2], Double(t1 - t0) / 1e9)
        _ = html.utf8.count
    }
    print(String(format: "best read %.4f  write %.4f  free %.4f", best[0], best[1], best[2]))
case "profile-write", "profile-read":
    // For perf: only the writer (or only the reader) in a loop.
    let text = try String(contentsOfFile: args[2], encoding: .utf8)
    let runs = args.count > 3 ? Int(args[3]) ?? 10 : 10
    let extensions: MarkdownExtensions = [.table, .strikethrough, .autolink, .tagfilter, .tasklist]
    let document = try MarkdownReader(extensions: extensions).read(text).document
    var checksum = 0
    for _ in 0..<runs {
        if args[1] == "profile-write" {
            let writer = HTMLWriter(options: HTMLWriterOptions(unsafe: true))
            checksum &+= writer.write(document).output.utf8.count
        } else {
            checksum &+= try MarkdownReader(extensions: extensions).read(text).document.blocks.count
        }
    }
    print(checksum)
default:
    FileHandle.standardError.write(
        ("usage: markdown-bench generate BYTES | convert FILE | time FILE RUNS | phases FILE RUNS"
            + " | profile-write FILE RUNS | profile-read FILE RUNS\n").data(using: .utf8)!
    )
    exit(1)
}
