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
    /// `--fail-on`: codes (or prefixes such as `lossy.`) that fail the run at any severity.
    var failOn: [String] = []
    /// `--ignore`: codes (or prefixes) neither printed nor failing `--strict`.
    var ignore: [String] = []
    /// Colour for `-t ansi`: auto (nil), always or never.
    var color: String?
    /// `--output-dir`: each input converted to its own file there.
    var outputDir: String?
    /// `--jobs`: files converted at once with `--output-dir` (nil: the number of cores).
    var jobs: Int?
    /// `--force`: convert input that looks binary.
    var force = false
    /// `--extract-media`: the folder `data:` images are written into.
    var extractMedia: String?
    /// Table options by name (flags as `true` / `false`), as `ConversionSettings.values`.
    var values: [String: String] = [:]
    /// Repeatable table options, as `ConversionSettings.lists`.
    var lists: [String: [String]] = [:]
}

extension CLIOptions {
    /// Reads a plain command line without swift-argument-parser, whose reflection over the
    /// command's properties is most of a small conversion's start-up (14 of 20 million
    /// instructions for `mconv -f html -t markdown page.html`).
    ///
    /// Plain means: long options as `--name value` or `--name=value`, `-f`/`-t`/`-o` with a
    /// separate value, `-q`, `-v`, input paths (`-` for standard input), each single option at
    /// most once. Anything else (help, version, `--`, bundled short flags, a value that looks
    /// like an option, an empty value, a repeated option, an option the command does not
    /// have, a `--color` or `--jobs` `validate` rejects) gives nil, and the caller lets
    /// swift-argument-parser read the line. Option values are checked later, by the option
    /// table, for both readers alike. A test checks that both readers agree.
    init?(quick arguments: [String]) {
        self.init()
        do { try read(arguments, quick: true) } catch { return nil }
        if problem != nil { return nil }
    }

    /// Reads input paths and the options of the option table (`ConversionOption.all`:
    /// `--name VALUE`, `--name=VALUE`, a flag's `--name` / `--no-name`), and with `quick` the
    /// command's own options too (swift-argument-parser reads them otherwise, and leaves the
    /// rest here). `quick` refuses anything unusual (see ``init(quick:)``); otherwise the
    /// error is the usage message.
    mutating func read(_ arguments: [String], quick: Bool) throws(FormatError) {
        // An array, not a Set: a handful of names, and a Set's first use costs start-up time
        // (about a tenth of an empty conversion's instructions).
        var seen: [String] = []
        var index = 0
        /// The next argument as an option's value: in quick mode a plain one, else anything
        /// but another long option (a value may be empty or `-`).
        func next() -> String? {
            guard index < arguments.count else { return nil }
            let value = arguments[index]
            let plain = !value.isEmpty && (value == "-" || !value.hasPrefix("-"))
            guard quick ? plain : !value.hasPrefix("--") else {
                return nil
            }
            index += 1
            return value
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" && !quick {
                files += arguments[index...]
                return
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                files.append(argument)
                continue
            }
            // Switches, not dictionaries or key paths: their first use costs start-up time.
            let body: Substring
            switch argument {
            case _ where argument.hasPrefix("--"): body = argument.dropFirst(2)
            case "-f": body = "from"
            case "-t": body = "to"
            case "-o": body = "output"
            case "-q": body = "quiet"
            case "-v": body = "verbose"
            default:
                // A table option's one-letter form (`-s`).
                guard argument.count == 2,
                    let option = ConversionOption.all.first(where: {
                        $0.shortName == argument.last
                    })
                else { throw FormatError("unknown option '\(argument)'") }
                body = Substring(option.name)
            }
            let equals = body.firstIndex(of: "=")
            let name = body[..<(equals ?? body.endIndex)]
            let inline = equals.map { body[body.index(after: $0)...] }
            if quick, let inline, inline.isEmpty || inline.hasPrefix("-") { throw FormatError("") }
            // The command's own options (quick mode only: swift-argument-parser reads them
            // otherwise), before the option table: the table is built on its first look-up,
            // which a plain conversion then never makes (the look-ups of `-q -f gfm -t html`
            // took 0.11 of the 1.15 million instructions of an empty conversion).
            if quick {
                var isCommandOption = true
                switch name {
                case "list-input-formats" where inline == nil: listInputFormats = true
                case "list-output-formats" where inline == nil: listOutputFormats = true
                case "strict" where inline == nil: strict = true
                case "quiet" where inline == nil: quiet = true
                case "verbose" where inline == nil: verbose = true
                case "force" where inline == nil: force = true
                case "jobs", "fail-on", "ignore", "from", "to", "output", "color", "output-dir",
                    "extract-media":
                    guard let value = inline.map(String.init) ?? next() else {
                        throw FormatError("")
                    }
                    switch name {
                    case "jobs":
                        guard let n = Int(value) else { throw FormatError("") }
                        jobs = n
                    case "fail-on": failOn = value.split(separator: ",").map(String.init)
                    case "ignore": ignore = value.split(separator: ",").map(String.init)
                    case "from": from = value
                    case "to": to = value
                    case "output": output = value
                    case "color": color = value
                    case "output-dir": outputDir = value
                    default: extractMedia = value
                    }
                default: isCommandOption = false
                }
                if isCommandOption {
                    if seen.contains(String(name)) { throw FormatError("") }
                    seen.append(String(name))
                    continue
                }
            }
            var negated = false
            var option = ConversionOption.named(name)
            if option == nil, name.hasPrefix("no-"),
                let flag = ConversionOption.named(name.dropFirst(3)), case .flag = flag.kind
            {
                (option, negated) = (flag, true)
            }
            if quick, let option, option.kind != .list {
                if seen.contains(option.name) { throw FormatError("") }
                seen.append(option.name)
            }
            guard let option else { throw FormatError("unknown option '\(argument)'") }
            if case .flag = option.kind {
                guard inline == nil else { throw FormatError("--\(name) takes no value") }
                values[option.name] = String(!negated)
                continue
            }
            guard let value = inline.map(String.init) ?? next() else {
                throw FormatError("missing value for '--\(name)'")
            }
            if option.kind == .list {
                lists[option.name, default: []].append(value)
            } else {
                values[option.name] = value
            }
        }
    }
}

extension ConversionOption {
    /// The help for the formats and the option table, in the layout of swift-argument-parser's
    /// (`--help`).
    static var helpText: String {
        let formats = FormatRegistry.entries.map { entry in
            let names = ([entry.name] + entry.aliases).joined(separator: ", ")
            let modes = [entry.readable ? "-f" : nil, entry.writable ? "-t" : nil]
                .compactMap(\.self)
            return (names, "\(entry.summary). [\(modes.joined(separator: "/"))]")
        }
        let listing = "List a format's extensions (+: on by default)."
        let options =
            [("--list-extensions[=<format>]", listing)]
            + all.map { option in
                var label = (option.shortName.map { "-\($0), " } ?? "") + "--" + option.name
                switch option.kind {
                case .flag: label = option.isOnByDefault ? "--[no-]" + option.name : label
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
        var text = ""
        for (title, rows) in [("FORMATS", formats), ("READER AND WRITER OPTIONS", options)] {
            text += (text.isEmpty ? "" : "\n\n") + title + ":"
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
        }
        return text
    }
}
