import Foundation
import HTML5Parser
import HTMLFormat
import MarkupAST
import StyledText

// Speed of HTML -> StyledText (our own work), AST -> StyledText, HTML -> NSAttributedString
// against Foundation's own floor and an XMLParser baseline, and 1 MB throughput.
// Run: swift run -c release --package-path Benchmarks/styled

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// Median nanoseconds per call of `body` over `rounds` rounds of all snippets.
func medianPerSnippet(_ count: Int, rounds: Int, _ body: (Int) -> Void) -> Double {
    var samples: [Double] = []
    samples.reserveCapacity(count * rounds)
    for _ in 0..<rounds {
        for i in 0..<count {
            let t0 = now()
            body(i)
            samples.append(Double(now() - t0))
        }
    }
    samples.sort()
    return samples[samples.count / 2]
}

let snippets = Snippets.make(count: 40)
let reader = HTMLReader()
let sheet = Stylesheet.standard
let averageLength = snippets.map(\.utf8.count).reduce(0, +) / snippets.count
print("snippets: \(snippets.count), average \(averageLength) bytes")

// Warm up.
var sink = 0
for s in snippets {
    let d = try! reader.read(s).document
    sink &+= StyledText(d, stylesheet: sheet).runs.count
}

let documents = snippets.map { try! reader.read($0).document }
let styledTexts = documents.map { StyledText($0, stylesheet: sheet) }
let rounds = 300
let sameAsReference = styledTexts.allSatisfy {
    sameAttributedStrings($0.attributedString(), referenceAttributedString($0))
}
print("attributedString() equals the one-call-per-piece reference: \(sameAsReference)")
let utf16CountsRight = styledTexts.allSatisfy { $0.utf16Count == $0.string.utf16.count }
print("utf16Count right on every snippet: \(utf16CountsRight)")
// `STYLED_BENCH_CASES=conformance/cases/styled`: the same check over every HTML case input.
if let dir = ProcessInfo.processInfo.environment["STYLED_BENCH_CASES"] {
    var checked = 0
    var differing = 0
    for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] {
        guard let text = try? String(contentsOfFile: dir + "/" + name, encoding: .utf8) else { continue }
        var input: [String]? = nil
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("% mconv") {
                input = line.contains("-f html") || !line.contains("-f ") ? [] : nil
            } else if line == "^D" {
                if let lines = input {
                    let doc = try! reader.read(lines.joined(separator: "\n")).document
                    let st = StyledText(doc, stylesheet: sheet)
                    checked += 1
                    if !sameAttributedStrings(st.attributedString(), referenceAttributedString(st))
                        || st.utf16Count != st.string.utf16.count
                    {
                        differing += 1
                        print("differs:", name, lines.joined(separator: "\n").prefix(80))
                    }
                }
                input = nil
            } else if input != nil {
                input!.append(String(line))
            }
        }
    }
    print("case inputs checked: \(checked), differing: \(differing)")
}
if ProcessInfo.processInfo.environment["STYLED_BENCH_DEBUG"] != nil {
    let s0 = styledTexts[0]
    print("ref vs ref:", sameAttributedStrings(referenceAttributedString(s0), referenceAttributedString(s0)))
    for (n, x) in [("ours", s0.attributedString()), ("ref", referenceAttributedString(s0))] {
        x.enumerateAttributes(in: NSRange(location: 0, length: x.length)) { d, r, _ in
            print(n, r, d.keys.map(\.rawValue).sorted())
        }
    }
}

// Profiling aid: `STYLED_BENCH_PROFILE=ast|ns|format|big|read|parse|bigread|bigparse` loops one
// path for perf (or valgrind) and exits. `read` and `parse` time the reader and the HTML5Parser
// alone on the snippets (their difference is the lowering); `bigread` and `bigparse` the same on
// the 1 MB document. `STYLED_BENCH_SECONDS` sets the loop time (default 5).
if let mode = ProcessInfo.processInfo.environment["STYLED_BENCH_PROFILE"] {
    if mode == "nsexp" {
        foundationExperiments(styledTexts, documents: documents)
        exit(0)
    }
    var text = ""
    var n = 0
    while mode == "big" && text.utf8.count < 1_000_000 {
        text += snippets[n % snippets.count] + "\n"
        n += 1
    }
    if mode == "bigread" || mode == "bigparse" {
        while text.utf8.count < 1_000_000 {
            text += snippets[n % snippets.count] + "\n"
            n += 1
        }
    }
    let bigDocument = try! reader.read(text).document
    let seconds = ProcessInfo.processInfo.environment["STYLED_BENCH_SECONDS"].flatMap(Double.init) ?? 5
    let t0 = now()
    var loops = 0
    // Fragment parsing as the reader does it for these inputs (no `<html>`, `<body>`, doctype).
    let parsing = HTMLParserOptions(maxDepth: 512, collectErrors: true)
    while Double(now() - t0) < seconds * 1e9 {
        loops += 1
        switch mode {
        case "bigread":
            sink &+= try! reader.read(text).document.blocks.count
            continue
        case "bigparse":
            sink &+= HTMLParser.parseFragment(text, context: "body", options: parsing).nodes.count
            continue
        case "read":
            for s in snippets { sink &+= try! reader.read(s).document.blocks.count }
            continue
        case "parse":
            for s in snippets {
                sink &+= HTMLParser.parseFragment(s, context: "body", options: parsing).nodes.count
            }
            continue
        default: break
        }
        if mode == "big" {
            sink &+= StyledText(bigDocument, stylesheet: sheet).runs.count
            continue
        }
        for (i, d) in documents.enumerated() {
            switch mode {
            case "ns": sink &+= styledTexts[i].attributedString().length
            case "format": sink &+= StyledRunsWriter.format(styledTexts[i]).utf8.count
            default: sink &+= StyledText(d, stylesheet: sheet).runs.count
            }
        }
    }
    // With `perf stat -e instructions:u`: instructions per call = count / calls.
    let calls = mode.hasPrefix("big") ? loops : loops * documents.count
    let perCall = Double(now() - t0) / Double(calls)
    print("calls:", calls, "sink:", sink, String(format: "%.2f us per call", perCall / 1000))
    exit(0)
}

let astToRuns = medianPerSnippet(snippets.count, rounds: rounds) { i in
    sink &+= StyledText(documents[i], stylesheet: sheet).runs.count
}
let runsText = medianPerSnippet(snippets.count, rounds: rounds) { i in
    sink &+= StyledRunsWriter.format(styledTexts[i]).utf8.count
}
let htmlToRuns = medianPerSnippet(snippets.count, rounds: rounds) { i in
    let d = try! reader.read(snippets[i]).document
    sink &+= StyledText(d, stylesheet: sheet).runs.count
}
let htmlToNS = medianPerSnippet(snippets.count, rounds: rounds) { i in
    let d = try! reader.read(snippets[i]).document
    sink &+= StyledText(d, stylesheet: sheet).attributedString().length
}
// Floor: the same runs into an NSMutableAttributedString from precomputed data.
/// The pieces our output consists of, read back from it: (range, attributes).
let precomputed: [(String, [(NSRange, [NSAttributedString.Key: Any])])] = styledTexts.map { s in
    let ns = s.attributedString()
    var pieces: [(NSRange, [NSAttributedString.Key: Any])] = []
    ns.enumerateAttributes(in: NSRange(location: 0, length: ns.length)) { attrs, range, _ in
        pieces.append((range, attrs))
    }
    return (s.string, pieces)
}
let floor = medianPerSnippet(snippets.count, rounds: rounds) { i in
    let (string, pieces) = precomputed[i]
    let m = NSMutableAttributedString(string: string)
    m.beginEditing()
    for (r, a) in pieces { m.setAttributes(a, range: r) }
    m.endEditing()
    sink &+= m.length
}
var xmlFailures = 0
for s in snippets where !XMLParserRenderer.render(s).1 { xmlFailures += 1 }
let xmlBaseline = medianPerSnippet(snippets.count, rounds: rounds) { i in
    sink &+= XMLParserRenderer.render(snippets[i]).0.length
}
// The baseline stops at its first error, so on the HTML snippets it does part of the work;
// on well-formed XML versions of the same snippets it renders everything.
let xmlSnippets = Snippets.make(count: snippets.count, xml: true)
var xmlCleanFailures = 0
for s in xmlSnippets where !XMLParserRenderer.render(s).1 { xmlCleanFailures += 1 }
let xmlBaselineClean = medianPerSnippet(snippets.count, rounds: rounds) { i in
    sink &+= XMLParserRenderer.render(xmlSnippets[i]).0.length
}

// 1 MB document.
var big = ""
var k = 0
while big.utf8.count < 1_000_000 {
    big += snippets[k % snippets.count] + "\n"
    k += 1
}
let bigBytes = Double(big.utf8.count)
var bestHTML = Double.infinity
var bestAST = Double.infinity
var bestRead = Double.infinity
let bigDocument = try! reader.read(big).document
for _ in 0..<7 {
    var t0 = now()
    let d = try! reader.read(big).document
    let t1 = now()
    sink &+= StyledText(d, stylesheet: sheet).runs.count
    let t2 = now()
    bestHTML = min(bestHTML, Double(t2 - t0))
    bestRead = min(bestRead, Double(t1 - t0))
    t0 = now()
    sink &+= StyledText(bigDocument, stylesheet: sheet).runs.count
    bestAST = min(bestAST, Double(now() - t0))
}

func us(_ ns: Double) -> String { String(format: "%.2f us", ns / 1000) }
func mbps(_ ns: Double) -> String { String(format: "%.1f MB/s", bigBytes / (ns / 1e9) / 1e6) }
print("AST -> StyledText (median per snippet):           \(us(astToRuns))")
print("StyledText -> -t styled text (median):           \(us(runsText))")
print("HTML -> StyledText (median per snippet):          \(us(htmlToRuns))")
print("HTML -> NSAttributedString (ours, median):        \(us(htmlToNS))")
print(
    "NSAttributedString floor (precomputed runs):      \(us(floor))  ratio ours/floor \(String(format: "%.2f", htmlToNS / floor))"
)
print(
    "XMLParser baseline (median):                      \(us(xmlBaseline))  ratio ours/baseline \(String(format: "%.2f", htmlToNS / xmlBaseline)); failed on \(xmlFailures)/\(snippets.count) snippets"
)
print(
    "XMLParser baseline on XML versions (median):      \(us(xmlBaselineClean))  ratio ours/baseline \(String(format: "%.2f", htmlToNS / xmlBaselineClean)); failed on \(xmlCleanFailures)/\(snippets.count)"
)
print(
    "1 MB (\(Int(bigBytes)) bytes) HTML -> StyledText:  \(mbps(bestHTML)) (read alone \(mbps(bestRead)))"
)
print("1 MB AST -> StyledText:                           \(mbps(bestAST))")
if sink == 42 { print("") }
