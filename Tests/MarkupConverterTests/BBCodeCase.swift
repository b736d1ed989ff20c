import BBCodeFormat
import ConformanceKit

/// A BBCode-reading command case of `conformance/cases/bbcode`, with the reader its command
/// line asks for.
struct BBCodeCase {
    /// `file:N` (N counts the file's cases from 1).
    var id: String
    /// The input, each line ending in a newline.
    var input: String
    /// The reader the command line asks for.
    var reader: BBCodeReader
    /// The expected output when it is HTML from the default writer options.
    var expectedHTML: String?

    /// The BBCode-reading cases in the text of one case file.
    static func parse(_ text: String, file: String) -> [BBCodeCase] {
        CommandCase.parse(text, file: file).compactMap(BBCodeCase.init)
    }

    /// The case, or nil when `command` does not read BBCode.
    init?(_ command: CommandCase) {
        let arguments = command.arguments
        guard let from = arguments.firstIndex(of: "-f"), from + 1 < arguments.count,
            arguments[from + 1] == "bbcode"
        else { return nil }
        let dialectPrefix = "--bbcode-dialect="
        reader = BBCodeReader()
        for argument in arguments where argument.hasPrefix(dialectPrefix) {
            if let dialect = BBCodeDialect.named(String(argument.dropFirst(dialectPrefix.count))) {
                reader.dialect = dialect
            }
        }
        if arguments.contains("--no-autolink") { reader.autolink = false }
        id = command.id
        input = command.input
        // Only `-t html` with nothing else that changes the writer.
        let writerArguments = arguments.filter {
            $0 != "--no-autolink" && !$0.hasPrefix(dialectPrefix)
        }
        expectedHTML = writerArguments == ["-f", "bbcode", "-t", "html"] ? command.expected : nil
    }
}
