// bbcode-bench: in-process timings for Benchmarks/bbcode/bench.sh; never run from tests.
//   bbcode-bench html POSTS_FILE [RUNS]        BBCode -> HTML per post (Converter: reader,
//                                              Document, writer); prints best total ns
//   bbcode-bench gen-rangejson BYTES           writes a generated range JSON document
//   bbcode-bench rangejson-md FILE [RUNS]      range JSON -> Markdown; prints best ns and text bytes
//   bbcode-bench parts POSTS_FILE [JSON_FILE]  reader/writer split (best us each)
//   bbcode-bench bb-read POSTS_FILE [RUNS]     BBCode reader only; best ns
//   bbcode-bench rj-read FILE [RUNS]           range JSON reader only; best ns (then one thread)
//   bbcode-bench dump-html POSTS_FILE          writes every post's HTML to stdout (output diffs)
//   bbcode-bench dump-md FILE                  writes the range JSON document's Markdown to stdout
//   bbcode-bench md-write FILE [RUNS]          Markdown writer only on the range JSON document; best ns
//   bbcode-bench dump-md-examples JSON...      Markdown of each spec example (read as Markdown and
//                                              as its HTML) under several writer options (output diffs)
import BBCodeFormat
import Foundation
import HTMLFormat
import MarkdownFormat
import MarkupAST
import MarkupConverter
import RangeJSONFormat

/// The posts of a gen_posts.py file (separated by a line holding only U+001E).
func readPosts(_ path: String) throws -> [String] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var out: [String] = []
    var current: [UInt8] = []
    let separator: [UInt8] = [0x0A, 0x1E, 0x0A]
    for byte in text.utf8 {
        current.append(byte)
        if current.count >= 3, current[(current.count - 3)...].elementsEqual(separator) {
            out.append(String(decoding: current.dropLast(3), as: UTF8.self))
            current.removeAll(keepingCapacity: true)
        }
    }
    out.append(String(decoding: current, as: UTF8.self))
    return out
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func best(_ runs: Int, _ body: () throws -> Void) rethrows -> UInt64 {
    var best = UInt64.max
    for _ in 0..<runs {
        let start = now()
        try body()
        best = min(best, now() - start)
    }
    return best
}

let args = Array(CommandLine.arguments.dropFirst())
guard let command = args.first else {
    print("usage: bbcode-bench html POSTS [RUNS] | gen-rangejson BYTES | rangejson-md FILE [RUNS]")
    exit(1)
}

switch command {
case "html":
    let posts = try readPosts(args[1])
    let runs = args.count > 2 ? Int(args[2]) ?? 5 : 5
    let converter = Converter(reader: BBCodeReader(), writer: HTMLWriter())
    var bytes = 0
    let t = try best(runs) {
        bytes = 0
        for post in posts { bytes += try converter.convert(post).output.utf8.count }
    }
    FileHandle.standardError.write("mconv: \(posts.count) posts, \(bytes) bytes of HTML\n".data(using: .utf8)!)
    print(t)
case "parts":
    // Where the time goes: BBCode read, BBCode write, range JSON read/write (best ns each).
    let posts = try readPosts(args[1])
    let reader = BBCodeReader()
    var docs: [Document] = []
    let tRead = try best(5) { docs = try posts.map { try reader.read($0).document } }
    let html = HTMLWriter()
    let tHTML = best(5) { for d in docs { _ = html.write(d) } }
    let bb = BBCodeWriter()
    let tBB = best(5) { for d in docs { _ = bb.write(d) } }
    print("bbcode read \(tRead / 1000) us, html write \(tHTML / 1000) us, bbcode write \(tBB / 1000) us")
    if args.count > 2 {
        let json = try String(contentsOfFile: args[2], encoding: .utf8)
        var doc = Document()
        let tJSON = try best(3) { _ = try JSONValue.parse(json) }
        let tRJ = try best(3) { doc = try RangeJSONReader().read(json).document }
        let md = MarkdownWriter()
        let tMD = best(3) { _ = md.write(doc) }
        let tRW = best(3) { _ = RangeJSONWriter().write(doc) }
        print("json parse \(tJSON / 1000) us, rangejson read \(tRJ / 1000) us, markdown write \(tMD / 1000) us, rangejson write \(tRW / 1000) us")
    }
case "bb-read":
    // Reader only (for perf): BBCode read of every post, best ns of RUNS.
    let posts = try readPosts(args[1])
    let runs = args.count > 2 ? Int(args[2]) ?? 5 : 5
    let reader = BBCodeReader()
    var blocks = 0
    let t = try best(runs) {
        blocks = 0
        for post in posts { blocks += try reader.read(post).document.blocks.count }
    }
    print("\(t) \(blocks)")
case "rj-read":
    // Reader only (for perf): range JSON read, best ns of RUNS.
    let json = try String(contentsOfFile: args[1], encoding: .utf8)
    let runs = args.count > 2 ? Int(args[2]) ?? 5 : 5
    var blocks = 0
    let t = try best(runs) { blocks = try RangeJSONReader().read(json).document.blocks.count }
    print("\(t) \(blocks)")
case "dump-html":
    // Output check, not timing: the HTML of every post, separated as in the input.
    let converter = Converter(reader: BBCodeReader(), writer: HTMLWriter())
    for post in try readPosts(args[1]) {
        print(try converter.convert(post).output, terminator: "\n\u{1E}\n")
    }
case "dump-md":
    let text = try String(contentsOfFile: args[1], encoding: .utf8)
    print(try Converter(reader: RangeJSONReader(), writer: MarkdownWriter()).convert(text).output, terminator: "")
case "md-write":
    // Writer only (for perf): the range JSON document read once, then written RUNS times.
    let json = try String(contentsOfFile: args[1], encoding: .utf8)
    let runs = args.count > 2 ? Int(args[2]) ?? 5 : 5
    let doc = try RangeJSONReader().read(json).document
    let writer = MarkdownWriter()
    var bytes = 0
    let t = best(runs) { bytes = writer.write(doc).output.utf8.count }
    print("\(t) \(bytes)")
case "dump-md-examples":
    // Output check, not timing: every example of the given spec JSON files, read as Markdown
    // (GFM plus footnotes) and as its expected HTML, written under a set of writer options.
    var variants: [(String, MarkdownWriterOptions)] = [("default", MarkdownWriterOptions())]
    var o = MarkdownWriterOptions()
    o.wrap = .preserve
    variants.append(("preserve", o))
    o = MarkdownWriterOptions()
    o.wrap = .auto
    o.columns = 24
    variants.append(("wrap24", o))
    o = MarkdownWriterOptions()
    o.linkStyle = .reference
    o.referenceLocation = .block
    o.tables = .html
    variants.append(("reference-block", o))
    o = MarkdownWriterOptions(
        extensions: .commonmark, headingStyle: .setext, bulletMarker: .asterisk,
        orderedDelimiter: .parenthesis, emphasisDelimiter: .underscore,
        strongDelimiter: .underscores, codeBlockStyle: .indented, fenceCharacter: .tilde,
        linkStyle: .reference, tables: .pipe, rawHTML: false, imageSizeAsHTML: true)
    variants.append(("commonmark-alt", o))
    o = MarkdownWriterOptions(extensions: [.table, .strikethrough, .autolink, .tasklist, .footnotes])
    o.imageSizeAsHTML = true
    variants.append(("footnotes", o))
    for file in args.dropFirst() {
        let data = try Data(contentsOf: URL(fileURLWithPath: file))
        guard let examples = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { continue }
        for example in examples {
            let number = example["example"] as? Int ?? 0
            let markdown = example["markdown"] as? String ?? ""
            let html = example["html"] as? String ?? ""
            let fromMarkdown = (try? MarkdownReader(extensions: [.table, .strikethrough, .autolink, .tasklist, .footnotes]).read(markdown).document) ?? Document()
            let fromHTML = (try? HTMLReader().read(html).document) ?? Document()
            for (name, options) in variants {
                for (source, doc) in [("md", fromMarkdown), ("html", fromHTML)] {
                    let result = MarkdownWriter(options: options).write(doc)
                    print("=== \(file.split(separator: "/").last ?? "") \(number) \(source) \(name)")
                    print(result.output, terminator: "")
                    for d in result.diagnostics { print("# \(d)") }
                }
            }
        }
    }
case "gen-rangejson":
    let target = args.count > 1 ? Int(args[1]) ?? 2_000_000 : 2_000_000
    var seed: UInt64 = 42
    func next(_ n: Int) -> Int {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return Int((seed >> 33) % UInt64(n))
    }
    let words = "the quick brown fox jumps over the lazy dog with émoji 😀 and more text here".split(separator: " ")
    let types = ["P", "P", "P", "H3", "BQ", "ULI", "OLI", "PRE"]
    let marks = ["STRONG", "EM", "A", "CODE", "U"]
    var out = "{\"paragraphs\":[\n"
    var size = 0
    var first = true
    while size < target {
        var text = ""
        for _ in 0..<(20 + next(60)) { text += (text.isEmpty ? "" : " ") + words[next(words.count)] }
        let length = text.utf16.count
        var markups: [String] = []
        if types[next(types.count)] != "PRE" {
            for _ in 0..<next(6) {
                let start = next(length - 1)
                var end = start + 1 + next(min(30, length - start))
                end = min(end, length)
                let type = marks[next(marks.count)]
                let href = type == "A" ? ",\"href\":\"https://example.com/\(next(1000))\"" : ""
                markups.append("{\"type\":\"\(type)\",\"start\":\(start),\"end\":\(end)\(href)}")
            }
        }
        var line = "{\"type\":\"\(types[next(types.count)])\",\"text\":\"\(text)\""
        if !markups.isEmpty { line += ",\"markups\":[" + markups.joined(separator: ",") + "]" }
        line += "}"
        out += (first ? "" : ",\n") + line
        first = false
        size += line.utf8.count
    }
    out += "\n]}\n"
    print(out, terminator: "")
case "rangejson-md":
    let text = try String(contentsOfFile: args[1], encoding: .utf8)
    let runs = args.count > 2 ? Int(args[2]) ?? 5 : 5
    let converter = Converter(reader: RangeJSONReader(), writer: MarkdownWriter())
    var textBytes = 0
    if case .array(let ps)? = try JSONValue.parse(text)["paragraphs"] {
        for p in ps { textBytes += p["text"]?.string?.utf8.count ?? 0 }
    }
    let t = try best(runs) { _ = try converter.convert(text) }
    print("\(t) \(textBytes) \(text.utf8.count)")
default:
    print("unknown command \(command)")
    exit(1)
}
