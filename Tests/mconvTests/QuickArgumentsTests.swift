import Testing

@testable import mconv

/// The quick command-line reader agrees with swift-argument-parser wherever it answers, and
/// leaves everything unusual to it.
@Suite("Quick arguments")
struct QuickArgumentsTests {
    static let plain: [[String]] = [
        [],
        ["page.html"],
        ["-f", "html", "-t", "markdown", "page.html"],
        ["--from", "html", "--to=gfm", "-o", "out.md", "a.html", "b.html"],
        ["a.html", "-t", "plain", "--columns", "60", "-q"],
        ["--columns=72", "--wrap", "auto", "-v", "--strict", "--unsafe"],
        [
            "--heading-style", "setext", "--bullet-marker=*", "--ordered-delimiter", ")",
            "--emphasis-delimiter", "_", "--strong-delimiter", "__", "--code-block-style",
            "indented",
            "--fence-char", "~", "--link-style", "reference", "--reference-location", "document",
            "--tables", "pipe", "--no-raw-html", "--image-size-html",
        ],
        [
            "--base-url", "https://example.com/a/", "--custom-tag", "hot", "--custom-tag=cold",
            "--html-mode", "fragment", "--encoding", "windows-1252",
        ],
        ["-f", "bbcode", "--bbcode-dialect", "classic", "--no-autolink", "x.bb"],
        ["-f", "rangejson", "--offsets", "scalar", "--strict-ranges", "--autolink"],
        ["--color", "always", "-t", "ansi"],
        // Values are the option table's to check: both readers keep them as written.
        ["--columns", "many", "--html-mode=bogus", "--raw-html", "--quote-attribution", "%@:"],
        ["--list-input-formats"],
        ["-", "-o", "-"],
        ["--output-dir", "out", "--jobs", "2", "--force", "a.html", "docs/"],
        ["--list-output-formats"],
        ["--strict", "--fail-on", "lossy.table-span,parse.", "--ignore=lossy.", "a.html"],
        // A table option's one-letter form.
        ["-s", "--css", "a.css", "--metadata", "title=T", "--metadata=lang=en", "x.md"],
    ]

    @Test("plain command lines: both readers give the same options")
    func agreement() throws {
        for arguments in Self.plain {
            let quick = try #require(CLIOptions(quick: arguments), "\(arguments)")
            let full = try MConv.parse(arguments).options
            #expect(quick == full, "\(arguments)")
        }
    }

    @Test("every option of the table: both readers, settings keys, help")
    func everyTableOption() throws {
        for option in ConversionOption.all {
            let value = option.choices.last ?? "x"
            let lines: [[String]]
            switch option.kind {
            case .flag: lines = [["--" + option.name], ["--no-" + option.name]]
            case .value: lines = [["--" + option.name, value], ["--\(option.name)=\(value)"]]
            case .list: lines = [["--" + option.name, "a", "--" + option.name, "b"]]
            }
            for arguments in lines {
                let quick = try #require(CLIOptions(quick: arguments), "\(arguments)")
                #expect(quick == (try MConv.parse(arguments).options), "\(arguments)")
                let given = quick.values[option.name] ?? quick.lists[option.name]?.joined()
                #expect(["true", "false", value, "ab"].contains(given), "\(arguments)")
            }
            #expect(ConversionOption.helpText.contains(option.name + " "), "\(option.name)")
        }
    }

    @Test("unusual command lines are left to swift-argument-parser")
    func fallback() {
        let unusual: [[String]] = [
            ["--help"], ["-h"], ["--version"], ["-qv"], ["-fhtml"], ["--", "-x.html"],
            ["--to"], ["--to", "-q"], ["--to="], ["-t", "html", "-t", "plain"],
            ["--strict=yes"], ["--strict-ranges=yes"], ["--color", "sometimes"],
            ["--no-such-option", "x"], ["--autolink", "--no-autolink"], ["--no-wrap"],
            ["--wrap", "--strict"], ["--bullet-marker=-"], ["--quote-attribution", ""],
            ["--jobs", "0"], ["--jobs", "many"], ["-o", "x", "--output-dir", "y"],
        ]
        for arguments in unusual {
            #expect(CLIOptions(quick: arguments) == nil, "\(arguments)")
        }
    }
}
