import Foundation
import MarkupConverter

/// Everything the command line says, as plain values (the defaults are the command's).
///
/// `MConv` (swift-argument-parser) fills it for any command line; ``init(quick:)`` fills it
/// without the parser's reflection for the command lines most runs use. Reader and writer
/// options are not fields: both readers take them from the option table
/// (`ConversionOption.all`) into `values` and `lists`, the settings' own dictionaries.
///
/// ```swift
/// CLIOptions(quick: ["-f", "html", "-t", "markdown", "page.html"])?.files  // ["page.html"]
/// CLIOptions(quick: ["--wrap=auto"])?.values  // ["wrap": "auto"]
/// CLIOptions(quick: ["--help"])  // nil: left to swift-argument-parser
/// ```
struct CLIOptions: Equatable, Sendable {
    var from: String?
    var to: String?
    var output: String?
    var files: [String] = []
    var listInputFormats = false
    var listOutputFormats = false
    var strict = false
    var quiet = false
    var verbose = false
    var unsafe = false
    /// Colour for `-t ansi`: auto, always or never.
    var color = "auto"
    /// Table options by name (flags as `true` / `false`), as `ConversionSettings.values`.
    var values: [String: String] = [:]
    /// Repeatable table options, as `ConversionSettings.lists`.
    var lists: [String: [String]] = [:]

    init() {}

    /// Reads the table option `--name` (or `--no-name` for a flag) whose value, if it takes
    /// one, is `inline` (after `=`) or else `next()`; nil when `name` is no table option.
    /// Throws a usage message when a flag has a value or a value is missing.
    mutating func setTableOption(
        _ name: Substring, inline: Substring?, next: () -> String?
    ) throws(UsageError) -> (option: ConversionOption, value: String?)? {
        var negated = false
        var found = ConversionOption.named(name)
        if found == nil, name.hasPrefix("no-"),
            let flag = ConversionOption.named(name.dropFirst(3)), case .flag = flag.kind
        {
            (found, negated) = (flag, true)
        }
        guard let option = found else { return nil }
        switch option.kind {
        case .flag:
            guard inline == nil else { throw UsageError("--\(name) takes no value") }
            values[option.name] = String(!negated)
            return (option, nil)
        case .value, .list:
            guard let value = inline.map(String.init) ?? next() else {
                throw UsageError("missing value for '--\(name)'")
            }
            if option.kind == .list {
                lists[option.name, default: []].append(value)
            } else {
                values[option.name] = value
            }
            return (option, value)
        }
    }
}

/// A command line mconv cannot read; the message is printed as a usage error (exit 1).
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

extension ConversionOption {
    /// The help for the option table, in the layout of swift-argument-parser's (`--help`).
    static var helpText: String {
        var text = "READER AND WRITER OPTIONS:"
        let listing = "List a format's extensions (+: on by default)."
        let rows = [("--list-extensions[=<format>]", listing)]
            + all.map { option in
                var label = "--" + option.name
                switch option.kind {
                case .flag(let isOn): label = isOn ? "--[no-]" + option.name : label
                case .value, .list:
                    let choices = option.choices.joined(separator: "|")
                    label += " <\(choices.isEmpty ? option.name : choices)>"
                }
                let formats =
                    option.formats.isEmpty ? "any" : option.formats.joined(separator: ", ")
                let repeatable = option.kind == .list ? " Repeatable." : ""
                let scope = "[\(formats) \(option.isInput ? "input" : "output")]"
                return (label, "\(option.help)\(repeatable) \(scope)")
            }
        for (label, help) in rows {
            // Two spaces, the label, the help from column 26, wrapped at 80 as the parser does.
            var line = "  " + label
            if line.count > 24 { (text, line) = (text + "\n" + line, "") }
            line = line.padding(toLength: 26, withPad: " ", startingAt: 0)
            var separator = ""
            for word in help.split(separator: " ") {
                if line.count + separator.count + word.count > 80 {
                    text += "\n" + line
                    (line, separator) = (String(repeating: " ", count: 26), "")
                }
                line += separator + word
                separator = " "
            }
            text += "\n" + line
        }
        return text
    }
}
