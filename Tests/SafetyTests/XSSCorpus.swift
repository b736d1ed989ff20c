import Foundation
import HTML5Parser

/// The XSS corpus of `xss-vectors.txt`, read and expanded: each `[input FORMAT]` entry once
/// for every combination of the placeholder lists it uses (the file's header has the syntax).
struct XSSCorpus {
    /// One input to convert.
    struct Vector: CustomStringConvertible {
        /// `format/label` plus the list values used, e.g. `html/a-href{URL=plain}`.
        var label: String
        /// The reader's name (`html`, `markdown`, ...).
        var format: String
        /// The input text.
        var input: String

        var description: String { label }
    }

    /// The placeholder lists by name (`URL`), each `(label, value)` in file order.
    private(set) var lists: [String: [(label: String, value: String)]] = [:]
    /// The unexpanded entries of each input format, `(label, template)` in file order.
    private(set) var inputs: [String: [(label: String, template: String)]] = [:]

    /// The corpus next to this file.
    static let shared: XSSCorpus = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("xss-vectors.txt")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            fatalError("cannot read \(url.path)")
        }
        return XSSCorpus(parsing: text)
    }()

    /// Formats whose reader decodes HTML character references itself.
    static let decodingFormats: Set<String> = ["html", "markdown"]

    init(parsing text: String) {
        var section: (kind: String, name: String)?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                let words = line.dropFirst().dropLast().split(separator: " ")
                precondition(words.count == 2, "bad section \(line)")
                section = (String(words[0]), String(words[1]))
                continue
            }
            guard let section, let bar = line.range(of: " | ") else {
                preconditionFailure("bad corpus line: \(line)")
            }
            let label = String(line[..<bar.lowerBound])
            let value = Self.unescaped(line[bar.upperBound...])
            switch section.kind {
            case "list": lists[section.name, default: []].append((label, value))
            case "input": inputs[section.name, default: []].append((label, value))
            default: preconditionFailure("unknown section kind \(section.kind)")
            }
        }
    }

    /// Every vector of `format`, expanded.
    func vectors(_ format: String) -> [Vector] {
        var result: [Vector] = []
        for (label, template) in inputs[format] ?? [] {
            let names = lists.keys.sorted().filter { template.contains("{" + $0) }
            var combinations: [[(name: String, label: String, value: String)]] = [[]]
            for name in names {
                var values = lists[name]!.map { (name: name, label: $0.label, value: $0.value) }
                if !Self.decodingFormats.contains(format) && (name == "URL" || name == "CSS") {
                    values += values.compactMap { item in
                        let decoded = Self.decodingCharacterReferences(item.value)
                        return decoded == item.value
                            ? nil : (name: name, label: item.label + "-decoded", value: decoded)
                    }
                }
                combinations = combinations.flatMap { prefix in values.map { prefix + [$0] } }
            }
            for combination in combinations {
                var input = template
                for (name, _, value) in combination { input = Self.fill(input, name, value) }
                let used = combination.map { "\($0.name)=\($0.label)" }.joined(separator: ",")
                let suffix = used.isEmpty ? "" : "{\(used)}"
                result.append(
                    Vector(label: "\(format)/\(label)\(suffix)", format: format, input: input))
            }
        }
        return result
    }

    /// `template` with `{NAME}`, `{NAME_JSON}`, `{NAME_HTML}` (and for CSS `{NAME_PROP_JSON}`,
    /// `{NAME_VALUE_JSON}`) replaced by `value` in each form.
    private static func fill(_ template: String, _ name: String, _ value: String) -> String {
        var text = template
        let colon = value.firstIndex(of: ":")
        let property = colon.map { String(value[..<$0]) } ?? value
        let rest = colon.map { String(value[value.index(after: $0)...]) } ?? ""
        text = text.replacingOccurrences(of: "{\(name)_PROP_JSON}", with: jsonEscaped(property))
        text = text.replacingOccurrences(of: "{\(name)_VALUE_JSON}", with: jsonEscaped(rest))
        text = text.replacingOccurrences(of: "{\(name)_JSON}", with: jsonEscaped(value))
        text = text.replacingOccurrences(
            of: "{\(name)_HTML}", with: value.replacingOccurrences(of: "\"", with: "&quot;"))
        return text.replacingOccurrences(of: "{\(name)}", with: value)
    }

    /// The body of a JSON string holding `text` (Foundation's encoding, quotes removed).
    static func jsonEscaped(_ text: String) -> String {
        guard let data = try? JSONEncoder().encode(text) else { fatalError("unencodable") }
        return String(decoding: data.dropFirst().dropLast(), as: UTF8.self)
    }

    /// `text` with its HTML character references decoded, as in an attribute value (read by
    /// HTML5Parser, so the decoding is the project's own and a browser's).
    static func decodingCharacterReferences(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let quoted = text.replacingOccurrences(of: "\"", with: "&quot;")
        let document = HTMLParser.parseFragment("<a title=\"\(quoted)\"></a>")
        guard let a = document.children(of: document.root).first else { return text }
        return document[a].attribute("title") ?? text
    }

    /// A corpus value with its escapes (`\t \n \r \\ \xHH \u{H...}`) replaced.
    static func unescaped(_ text: Substring) -> String {
        var out = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let c = scalars.popFirst() {
            guard c == "\\", let e = scalars.popFirst() else {
                out.append(c)
                continue
            }
            switch e {
            case "t": out.append("\t")
            case "n": out.append("\n")
            case "r": out.append("\r")
            case "\\": out.append("\\")
            case "x":
                let hex = String(String.UnicodeScalarView(scalars.prefix(2)))
                scalars = scalars.dropFirst(2)
                out.append(Unicode.Scalar(UInt8(hex, radix: 16)!))
            case "u":
                let body = scalars.prefix { $0 != "}" }
                scalars = scalars.dropFirst(body.count + 1)
                let hex = String(String.UnicodeScalarView(body.dropFirst()))
                out.append(Unicode.Scalar(UInt32(hex, radix: 16)!)!)
            default:
                preconditionFailure("unknown escape \\\(e) in \(text)")
            }
        }
        return String(out)
    }
}
