import Foundation
import HTMLFormat
import MarkupAST
import Testing

/// One `% mconv ...` command case from `conformance/cases/html-to-markdown/`.
struct HTMLReaderCommandCase: CustomStringConvertible {
    var file: String
    var line: Int
    var arguments: [String]
    var input: String
    var expected: String

    var description: String { "\(file):\(line) \(arguments.joined(separator: " "))" }

    /// Reads every case of every file in the folder.
    static func load() -> [HTMLReaderCommandCase] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("conformance/cases/html-to-markdown")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var cases: [HTMLReaderCommandCase] = []
        for file in files.sorted() where file.hasSuffix(".md") {
            guard
                let text = try? String(
                    contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            else { continue }
            cases += parse(text, file: file)
        }
        return cases
    }

    static func parse(_ text: String, file: String) -> [HTMLReaderCommandCase] {
        let lines = text.components(separatedBy: "\n")
        var cases: [HTMLReaderCommandCase] = []
        var i = 0
        while i < lines.count {
            let fence = lines[i]
            let ticks = fence.prefix { $0 == "`" }.count
            guard ticks >= 3, fence.count == ticks, i + 1 < lines.count,
                lines[i + 1].hasPrefix("% mconv")
            else {
                i += 1
                continue
            }
            let start = i + 1
            var j = start + 1
            var input: [String] = []
            while j < lines.count && lines[j] != "^D" {
                input.append(lines[j])
                j += 1
            }
            j += 1
            var output: [String] = []
            while j < lines.count && lines[j] != fence {
                output.append(lines[j])
                j += 1
            }
            let arguments = lines[start].dropFirst(2).split(separator: " ").map(String.init)
            cases.append(
                HTMLReaderCommandCase(
                    file: file, line: start + 1, arguments: Array(arguments.dropFirst()),
                    input: input.joined(separator: "\n") + "\n",
                    expected: output.isEmpty ? "" : output.joined(separator: "\n") + "\n"))
            i = j + 1
        }
        return cases
    }

    /// The value of `--name VALUE` or `--name=VALUE`.
    func option(_ name: String) -> String? {
        for (k, a) in arguments.enumerated() {
            if a == name, k + 1 < arguments.count { return arguments[k + 1] }
            if a.hasPrefix(name + "=") { return String(a.dropFirst(name.count + 1)) }
        }
        return nil
    }

    var readerOptions: HTMLReaderOptions {
        var options = HTMLReaderOptions(baseURL: option("--base-url"))
        for (k, a) in arguments.enumerated() where a == "--custom-tag" && k + 1 < arguments.count {
            options.customTags.insert(arguments[k + 1].lowercased())
        }
        return options
    }
}

@Suite struct HTMLReaderCaseTests {
    static let astCases = HTMLReaderCommandCase.load().filter { $0.option("-t") == "ast" }

    @Test func thereAreEnoughCases() {
        #expect(HTMLReaderCommandCase.load().count >= 150)
    }

    @Test(arguments: astCases)
    func astCase(_ c: HTMLReaderCommandCase) throws {
        let result = try HTMLReader(options: c.readerOptions).read(c.input)
        #expect(TreeDump.render(result.document) == c.expected, "\(c)")
    }
}
