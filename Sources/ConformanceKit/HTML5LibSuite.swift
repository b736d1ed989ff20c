import Foundation
import HTML5Parser

/// Runs the html5lib tokenizer and tree-construction suites against ``HTML5Parser``.
///
/// ```swift
/// let r = HTML5LibSuite.runTree(paths: .resolve())
/// print(r.summary) // "html5lib-tree: 1771 passed, 4 failed, 15 skipped"
/// ```
public enum HTML5LibSuite {
    /// Runs `html5lib-tests/tokenizer/*.test`. One case per test entry (`tokenizer:test1.test:12`,
    /// 1-based), passing when its tokens match in every listed initial state (adjacent
    /// characters merged). Parse-error counts are compared separately and reported as a note.
    public static func runTokenizer(paths: ConformancePaths) -> SuiteResult {
        var result = SuiteResult(name: "html5lib-tokenizer")
        guard let data = paths.data else {
            result.notes.append("no conformance data found")
            return result
        }
        let expectations = Expectations.load(suite: "html5lib-tokenizer", from: paths.expectations)
        let dir = data.appendingPathComponent("html5lib-tests/tokenizer")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasSuffix(".test") }.sorted()
        var errorRuns = 0
        var errorAgree = 0
        for file in files {
            guard let raw = try? Data(contentsOf: dir.appendingPathComponent(file)),
                let json = try? JSONSerialization.jsonObject(with: raw) as? [String: Any]
            else { continue }
            let xmlViolation = json["xmlViolationTests"] != nil
            let tests =
                (json["tests"] as? [[String: Any]])
                ?? (json["xmlViolationTests"] as? [[String: Any]]) ?? []
            for (index, test) in tests.enumerated() {
                let id = "tokenizer:\(file):\(index + 1)"
                let doubleEscaped = (test["doubleEscaped"] as? Bool) ?? false
                var input = (test["input"] as? String) ?? ""
                if doubleEscaped { input = unescape(input) }
                let expected = normalize(
                    expected: (test["output"] as? [Any]) ?? [], doubleEscaped: doubleEscaped)
                let expectedErrors = (test["errors"] as? [Any])?.count ?? 0
                let states = (test["initialStates"] as? [String]) ?? ["Data state"]
                let last = test["lastStartTag"] as? String
                var ok = true
                var detail = ""
                for stateName in states {
                    let state = HTMLTokenizerInitialState(rawValue: stateName) ?? .data
                    let (tokens, errors) = HTMLTokenizer.tokenize(
                        input, initialState: state, lastStartTag: last)
                    let got = normalize(xmlViolation ? tokens.map(coercedToXML) : tokens)
                    if got != expected {
                        ok = false
                        detail = "\(stateName): expected \(expected) got \(got)"
                    }
                    errorRuns += 1
                    if errors.count == expectedErrors { errorAgree += 1 }
                }
                result.record(id: id, passed: ok, expectations: expectations, detail: detail)
            }
        }
        if errorRuns > 0 {
            let pct = Double(errorAgree) * 100 / Double(errorRuns)
            result.notes.append(
                String(
                    format: "parse-error counts right in %d of %d runs (%.2f%%)", errorAgree,
                    errorRuns, pct))
        }
        return result
    }

    /// Runs `html5lib-tests/tree-construction/*.dat` (`tree:tests1.dat:5`, 1-based). `#script-on`
    /// cases run with ``HTMLParserOptions/scripting`` on (it only changes `<noscript>`; nothing
    /// executes); fragment cases use their context.
    public static func runTree(paths: ConformancePaths) -> SuiteResult {
        var result = SuiteResult(name: "html5lib-tree")
        guard let data = paths.data else {
            result.notes.append("no conformance data found")
            return result
        }
        let expectations = Expectations.load(suite: "html5lib-tree", from: paths.expectations)
        let dir = data.appendingPathComponent("html5lib-tests/tree-construction")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasSuffix(".dat") }.sorted()
        var skippedScripting = 0
        for file in files {
            guard
                let text = try? String(
                    contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            else { continue }
            for (index, test) in parseDat(text).enumerated() {
                let id = "tree:\(file):\(index + 1)"
                if test.scriptOn { skippedScripting += 1 }
                let got = dump(
                    test.data, fragmentContext: test.fragment,
                    options: HTMLParserOptions(scripting: test.scriptOn))
                let a = got.trimmingTrailingNewlines()
                let b = test.document.trimmingTrailingNewlines()
                result.record(
                    id: id, passed: a == b, expectations: expectations,
                    detail: "input: \(test.data.debugDescription)\nexpected:\n\(b)\ngot:\n\(a)")
            }
        }
        if skippedScripting > 0 {
            result.notes.append(
                "\(skippedScripting) #script-on cases run with the scripting flag on (noscript as raw text; no script execution)"
            )
        }
        return result
    }

    /// The html5lib-format tree dump of `input`, parsed as a document or as a fragment in
    /// the `fragmentContext` element (`"td"`, `"svg path"`, `"math mi"`).
    public static func dump(
        _ input: String, fragmentContext: String?, options: HTMLParserOptions = .init()
    ) -> String {
        if let ctx = fragmentContext {
            return HTMLParser.parseFragment(input, context: ctx, options: options).treeDump()
        }
        return HTMLParser.parseDocument(input, options: options).treeDump()
    }

    // MARK: - .dat parsing

    struct TreeCase {
        var data = ""
        var fragment: String?
        var scriptOn = false
        var document = ""
    }

    static func parseDat(_ text: String) -> [TreeCase] {
        var cases: [TreeCase] = []
        var cur: TreeCase?
        var section = ""
        var buf: [Substring] = []
        func flush() {
            guard cur != nil else { return }
            switch section {
            case "#data": cur!.data = buf.joined(separator: "\n")
            case "#document-fragment":
                cur!.fragment = buf.first.map(String.init)?.trimmingCharacters(in: .whitespaces)
            case "#document": cur!.document = buf.joined(separator: "\n")
            default: break
            }
            buf = []
        }
        let headings: Set<String> = [
            "#data", "#errors", "#new-errors", "#document-fragment", "#script-off", "#script-on",
            "#document",
        ]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let l = String(line)
            if headings.contains(l) && (l != "#data" || section == "" || section == "#document") {
                flush()
                if l == "#data" {
                    if let c = cur { cases.append(c) }
                    cur = TreeCase()
                }
                if l == "#script-on" { cur?.scriptOn = true }
                section = l
                continue
            }
            buf.append(line)
        }
        flush()
        if let c = cur { cases.append(c) }
        return cases
    }

    // MARK: - tokenizer helpers

    static func unescape(_ s: String) -> String {
        var units: [UInt16] = []
        let u = Array(s.utf16)
        var i = 0
        while i < u.count {
            if u[i] == 0x5C, i + 5 < u.count, u[i + 1] == 0x75,
                let v = UInt16(String(decoding: u[(i + 2)..<(i + 6)], as: UTF16.self), radix: 16)
            {
                units.append(v)
                i += 6
                continue
            }
            units.append(u[i])
            i += 1
        }
        // Lone surrogates cannot reach a UTF-8 parser: they decode to U+FFFD.
        return String(decoding: units, as: UTF16.self)
    }

    /// The expected tokens of a test (`["StartTag", "a", {"href": "x"}]` ...) as tokens,
    /// normalized as the tokenizer's are; an unknown kind gives `["?|KIND"]`, which fails.
    static func normalize(expected: [Any], doubleEscaped: Bool) -> [String] {
        func str(_ v: Any?) -> String? {
            guard let s = v as? String else { return nil }
            return doubleEscaped ? unescape(s) : s
        }
        var tokens: [HTMLToken] = []
        for item in expected {
            guard let a = item as? [Any], let kind = a.first as? String else { continue }
            switch kind {
            case "Character": tokens.append(.characters(str(a[1]) ?? ""))
            case "Comment": tokens.append(.comment(str(a[1]) ?? ""))
            case "StartTag":
                let attributes = ((a[2] as? [String: Any]) ?? [:]).map {
                    HTMLAttribute(name: $0.key, value: str($0.value) ?? "")
                }
                let selfClosing = a.count > 3 ? ((a[3] as? Bool) ?? false) : false
                tokens.append(
                    .startTag(
                        name: str(a[1]) ?? "", attributes: attributes, selfClosing: selfClosing))
            case "EndTag": tokens.append(.endTag(name: str(a[1]) ?? ""))
            case "DOCTYPE":
                tokens.append(
                    .doctype(
                        name: str(a[1]), publicIdentifier: str(a[2]), systemIdentifier: str(a[3]),
                        forceQuirks: !((a[4] as? Bool) ?? false)))
            default: return ["?|\(kind)"]
            }
        }
        return normalize(tokens)
    }

    /// The html5lib "XML violation" coercion the `xmlViolationTests` expect on top of the
    /// tokenizer's output: noncharacters become U+FFFD, U+000C a space, `--` in comments `- -`.
    static func coercedToXML(_ token: HTMLToken) -> HTMLToken {
        func text(_ s: String) -> String {
            var out = String.UnicodeScalarView()
            for u in s.unicodeScalars {
                let v = u.value
                if (v >= 0xFDD0 && v <= 0xFDEF) || v & 0xFFFE == 0xFFFE {
                    out.append("\u{FFFD}")
                } else if v == 0x0C {
                    out.append(" ")
                } else {
                    out.append(u)
                }
            }
            return String(out)
        }
        switch token {
        case .characters(let s): return .characters(text(s))
        case .comment(let c):
            var s = text(c)
            while s.contains("--") { s = s.replacingOccurrences(of: "--", with: "- -") }
            return .comment(s)
        case .startTag(let name, let attributes, let sc):
            return .startTag(
                name: name,
                attributes: attributes.map {
                    HTMLAttribute(name: $0.name, value: text($0.value), namespace: $0.namespace)
                }, selfClosing: sc)
        default: return token
        }
    }

    static func normalize(_ tokens: [HTMLToken]) -> [String] {
        var out: [String] = []
        for t in tokens {
            switch t {
            case .characters(let s):
                if let last = out.last, last.hasPrefix("C|") {
                    out[out.count - 1] = last + s
                } else {
                    out.append("C|" + s)
                }
            case .comment(let c): out.append("M|" + c)
            case .startTag(let name, let attributes, let selfClosing):
                let list = attributes.map { ($0.name, $0.value) }.sorted { $0.0 < $1.0 }
                    .map { "\($0.0)=\($0.1)" }.joined(separator: "\u{1}")
                out.append("S|\(name)|\(list)|\(selfClosing)")
            case .endTag(let name): out.append("E|" + name)
            case .doctype(let name, let pub, let sys, let fq):
                let quoted = [name, pub, sys].map { $0.map { "\"\($0)\"" } ?? "nil" }
                out.append("D|\(quoted.joined(separator: "|"))|\(!fq)")
            }
        }
        return out
    }
}

extension String {
    fileprivate func trimmingTrailingNewlines() -> String {
        var s = Substring(self)
        while s.hasSuffix("\n") { s = s.dropLast() }
        return String(s)
    }
}
