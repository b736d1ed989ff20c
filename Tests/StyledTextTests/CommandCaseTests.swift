import Foundation
import HTMLFormat
import MarkdownFormat
import MarkupAST
import Testing

@testable import StyledText

/// Runs `conformance/cases/styled/*.md` in-process (the CLI runs them too): each case's
/// input through the reader its `-f` names and the writer its `-t` names.
struct StyledCommandCase: CustomTestStringConvertible, Sendable {
    var file: String
    var index: Int
    var arguments: [String]
    var input: String
    var expected: String
    var testDescription: String { "\(file) #\(index)" }

    static func load() -> [StyledCommandCase] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let dir = root.appendingPathComponent("conformance/cases/styled")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        var cases: [StyledCommandCase] = []
        for file in files.sorted() where file.hasSuffix(".md") {
            guard
                let text = try? String(
                    contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            else { continue }
            let lines = text.components(separatedBy: "\n")
            var i = 0
            var index = 0
            while i < lines.count {
                let line = lines[i]
                guard line.count >= 3, line.allSatisfy({ $0 == "`" }), i + 1 < lines.count,
                    lines[i + 1].hasPrefix("% mconv ")
                else {
                    i += 1
                    continue
                }
                let args = lines[i + 1].dropFirst(8).split(separator: " ").map(String.init)
                var j = i + 2
                var input: [String] = []
                while j < lines.count, lines[j] != "^D" {
                    input.append(lines[j])
                    j += 1
                }
                j += 1
                var output: [String] = []
                while j < lines.count, lines[j] != line {
                    output.append(lines[j])
                    j += 1
                }
                index += 1
                cases.append(
                    StyledCommandCase(
                        file: file, index: index, arguments: args,
                        input: input.joined(separator: "\n") + "\n",
                        expected: output.joined(separator: "\n") + "\n"))
                i = j + 1
            }
        }
        return cases
    }

    func run() throws -> String {
        var from = "html"
        var to = "styled"
        var color = true
        var detector: TextDetector? = nil
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "-f":
                from = arguments[i + 1]
                i += 1
            case "-t":
                to = arguments[i + 1]
                i += 1
            case "--color=never": color = false
            case "--detect":
                let names = arguments[i + 1].split(separator: ",")
                detector = TextDetector(
                    mentions: names.contains("mentions"), hashtags: names.contains("hashtags"),
                    urls: names.contains("urls"))
                i += 1
            default: break
            }
            i += 1
        }
        var document: Document
        if from == "markdown" {
            document = try MarkdownReader(extensions: MarkdownExtensions.gfm.union(.footnotes))
                .read(input).document
        } else {
            var options = HTMLReaderOptions()
            options.keepRawHTML = true
            document = try HTMLReader(options: options).read(input).document
        }
        if let detector { document = detector.apply(to: document) }
        if to == "ansi" { return ANSIWriter(color: color).write(document).output }
        return StyledRunsWriter().write(document).output
    }
}

@Test func styledCaseCount() {
    #expect(StyledCommandCase.load().count >= 100)
}

@Test(arguments: StyledCommandCase.load())
func styledCommandCase(_ c: StyledCommandCase) throws {
    #expect(try c.run() == c.expected)
}
