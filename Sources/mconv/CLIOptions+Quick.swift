import MarkupConverter

extension CLIOptions {
    /// Reads a plain command line without swift-argument-parser, whose reflection over the
    /// command's properties is most of a small conversion's start-up (14 of 20 million
    /// instructions for `mconv -f html -t markdown page.html`).
    ///
    /// Plain means: long options as `--name value` or `--name=value` (reader and writer
    /// options as the option table declares them), `-f`/`-t`/`-o` with a separate value,
    /// `-q`, `-v`, input paths, each single option at most once. Anything else
    /// (help, version, `--`, `-` for standard input, bundled short flags, a value that looks
    /// like an option, an empty value, a repeated option, a number that does not parse, an
    /// option the command does not have, values `validate` rejects) gives nil, and the caller
    /// lets swift-argument-parser read the line, so its answers and messages stay the only
    /// ones. A test checks that both readers agree.
    init?(quick arguments: [String]) {
        self.init()
        var seen: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-") else {
                files.append(argument)
                continue
            }
            var name: Substring
            var inline: Substring?
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    name = body[..<equals]
                    inline = body[body.index(after: equals)...]
                } else {
                    name = body
                }
            } else if argument.utf8.count == 2 {
                switch argument {
                case "-f": name = "from"
                case "-t": name = "to"
                case "-o": name = "output"
                case "-q": name = "quiet"
                case "-v": name = "verbose"
                default: return nil
                }
            } else {
                return nil
            }
            // Reader and writer options, from the option table.
            let table: (option: ConversionOption, value: String?)?
            do {
                table = try setTableOption(name, inline: inline) {
                    guard index < arguments.count else { return nil }
                    index += 1
                    return arguments[index - 1]
                }
            } catch {
                return nil
            }
            if table?.option.kind != .list {
                guard seen.insert(table?.option.name ?? String(name)).inserted else { return nil }
            }
            if let value = table?.value, value.isEmpty || value.hasPrefix("-") { return nil }
            if table != nil { continue }
            if setFlag(name) {
                guard inline == nil else { return nil }
                continue
            }
            // Options: a value, inline or the next argument.
            let value: String
            if let inline {
                value = String(inline)
            } else {
                guard index < arguments.count else { return nil }
                value = arguments[index]
                index += 1
            }
            guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
            switch name {
            case "from": from = value
            case "to": to = value
            case "output": output = value
            case "color": color = value
            default: return nil
            }
        }
        if problem != nil { return nil }
    }

    /// Sets the flag named `name` (a long name without dashes); false when it is not a flag.
    private mutating func setFlag(_ name: Substring) -> Bool {
        switch name {
        case "list-input-formats": listInputFormats = true
        case "list-output-formats": listOutputFormats = true
        case "strict": strict = true
        case "quiet": quiet = true
        case "verbose": verbose = true
        case "unsafe": unsafe = true
        default: return false
        }
        return true
    }
}
