import Foundation
import MarkupAST
import Testing

@testable import RangeJSONFormat

/// One `% mconv ...` case from a conformance/cases file.
struct CommandCase: CustomStringConvertible {
    var file: String
    var line: Int
    var arguments: [String]
    var input: String
    var expected: String

    var description: String { "\(file):\(line) mconv \(arguments.joined(separator: " "))" }

    /// The value of `-f`/`-t`.
    func option(_ flag: String) -> String? {
        guard let i = arguments.firstIndex(of: flag), i + 1 < arguments.count else { return nil }
        return arguments[i + 1]
    }

    /// Parses every case in the `.md` files of `conformance/cases/<topic>`.
    static func load(topic: String) throws -> [CommandCase] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("conformance/cases/\(topic)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".md") }.sorted()
        var cases: [CommandCase] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            var i = 0
            while i < lines.count {
                let fence = lines[i]
                guard fence.hasPrefix("```"), fence.allSatisfy({ $0 == "`" }), i + 1 < lines.count,
                    lines[i + 1].hasPrefix("% mconv")
                else {
                    i += 1
                    continue
                }
                let start = i + 1
                let arguments = lines[i + 1].dropFirst("% mconv".count).split(separator: " ").map(String.init)
                var j = i + 2
                var input: [String] = []
                while j < lines.count, lines[j] != "^D" {
                    input.append(lines[j])
                    j += 1
                }
                j += 1
                var output: [String] = []
                while j < lines.count, lines[j] != fence {
                    output.append(lines[j])
                    j += 1
                }
                cases.append(
                    CommandCase(
                        file: file, line: start, arguments: arguments,
                        input: input.map { $0 + "\n" }.joined(),
                        expected: output.map { $0 + "\n" }.joined()))
                i = j + 1
            }
        }
        return cases
    }
}

@Suite struct RangeJSONCommandCaseTests {
    /// Runs the cases that need only RangeJSONFormat (`-f rangejson -t ast|rangejson`).
    /// A case whose reader throws expects empty output (the CLI writes nothing, exit 2).
    @Test func rangeJSONCases() throws {
        let cases = try CommandCase.load(topic: "rangejson")
        #expect(cases.count >= 60)
        var checked = 0
        for c in cases where c.option("-f") == "rangejson" && ["ast", "rangejson"].contains(c.option("-t")) {
            let offsets: RangeJSONOffsetUnit = c.arguments.contains("--offsets=scalar") ? .scalar : .utf16
            let reader = RangeJSONReader(offsets: offsets, strict: c.arguments.contains("--strict-ranges"))
            var output = ""
            if let read = try? reader.read(c.input) {
                output =
                    c.option("-t") == "ast"
                    ? TreeDump.render(read.document) : RangeJSONWriter(offsets: offsets).write(read.document).output
            }
            #expect(output == c.expected, "\(c)")
            checked += 1
        }
        #expect(checked >= 60)
    }
}
