import Foundation

/// One command case: `% mconv ARGS`, an input, `^D`, the expected standard output.
///
/// Files under `conformance/cases/<topic>/*.md` hold one or more cases, each in a fence of
/// three or more backticks (pandoc's "command" test style):
///
/// ````text
/// ```
/// % mconv -f html -t markdown
/// <p>Hello <b>world</b></p>
/// ^D
/// Hello **world**
/// ```
/// ````
public struct CommandCase: Sendable, Hashable {
    /// `topic/file.md:N` (N counts cases in the file from 1).
    public var id: String
    /// The arguments after `mconv`.
    public var arguments: [String]
    /// Standard input (each line newline-terminated).
    public var input: String
    /// Expected standard output (each line newline-terminated).
    public var expected: String
    /// The lines of the file that hold the expected output (for `--accept`).
    public var expectedLines: Range<Int>

    /// Parses every case in the text of one file.
    public static func parse(_ text: String, file: String) -> [CommandCase] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var cases: [CommandCase] = []
        var i = 0
        while i < lines.count {
            let fence = lines[i]
            guard fence.count >= 3, fence.allSatisfy({ $0 == "`" }) else {
                i += 1
                continue
            }
            var j = i + 1
            while j < lines.count && lines[j] != fence { j += 1 }
            let body = Array(lines[(i + 1)..<min(j, lines.count)])
            if let command = body.first, command.hasPrefix("% mconv"),
                let eot = body.firstIndex(of: "^D")
            {
                let args = splitArguments(String(command.dropFirst("% mconv".count)))
                let input = body[1..<eot].map { $0 + "\n" }.joined()
                let expected = body[(eot + 1)...].map { $0 + "\n" }.joined()
                let start = i + 1 + eot + 1
                cases.append(
                    CommandCase(
                        id: "\(file):\(cases.count + 1)", arguments: args, input: input,
                        expected: expected, expectedLines: start..<(i + 1 + body.count)))
            }
            i = j + 1
        }
        return cases
    }

    /// Splits a command line on spaces, honouring single and double quotes and backslashes.
    public static func splitArguments(_ line: String) -> [String] {
        var result: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for ch in line {
            if escaped {
                current.append(ch)
                escaped = false
                continue
            }
            if let q = quote {
                if ch == q {
                    quote = nil
                } else if ch == "\\" && q == "\"" {
                    escaped = true
                } else {
                    current.append(ch)
                }
                continue
            }
            switch ch {
            case "\\":
                escaped = true
                inWord = true
            case "'", "\"":
                quote = ch
                inWord = true
            case " ", "\t":
                if inWord {
                    result.append(current)
                    current = ""
                    inWord = false
                }
            default:
                current.append(ch)
                inWord = true
            }
        }
        if inWord { result.append(current) }
        return result
    }
}
