import ArgumentParser
import ConformanceKit
import Foundation

struct Conformance: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mconv-conformance",
        abstract: "Run mconv's conformance suites and write conformance/REPORT.md.",
        subcommands: [All.self, CommonMark.self, Tokenizer.self, Tree.self, Cases.self, DOM.self],
        defaultSubcommand: All.self
    )
}

struct DataOptions: ParsableArguments {
    @Option(
        help:
            "Folder with the upstream suites (default: $MCONV_CONFORMANCE_DATA or ../shared/conformance)."
    )
    var data: String?

    @Flag(help: "Print the first lines of each unexpected failure.")
    var verbose = false

    var paths: ConformancePaths { ConformancePaths.resolve(data: data) }
}

/// Prints results; exits with status 1 unless all are clean.
func finish(_ results: [SuiteResult], verbose: Bool) throws {
    for r in results {
        print(r.summary)
        for note in r.notes { print("  note: \(note)") }
        if !r.unexpectedFailures.isEmpty {
            print(
                "  unexpected failures (\(r.unexpectedFailures.count)): \(r.unexpectedFailures.prefix(30).joined(separator: " "))"
            )
            if verbose {
                for id in r.unexpectedFailures.prefix(20) {
                    print(
                        "  --- \(id)\n"
                            + (r.failureDetails[id] ?? "").split(separator: "\n").prefix(30).map {
                                "    \($0)"
                            }.joined(separator: "\n"))
                }
            }
        }
        if !r.unexpectedPasses.isEmpty {
            print(
                "  known failures that now pass (remove them from the list): \(r.unexpectedPasses.joined(separator: " "))"
            )
        }
    }
    let passed = results.reduce(0) { $0 + $1.passed }
    let failed = results.reduce(0) { $0 + $1.failed }
    print("\(passed) passed, \(failed) failed")
    if !results.allSatisfy(\.isClean) { throw ExitCode(1) }
}

func needData(_ paths: ConformancePaths) throws {
    if paths.data == nil {
        print(
            "upstream conformance data not found (use --data DIR or MCONV_CONFORMANCE_DATA); skipping"
        )
        throw ExitCode(0)
    }
}

struct All: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run every suite and write conformance/REPORT.md.")
    @OptionGroup var options: DataOptions
    @Flag(help: "Do not rewrite conformance/REPORT.md.") var noReport = false

    func run() throws {
        let paths = options.paths
        var results: [SuiteResult] = []
        if paths.data != nil {
            results += CommonMarkSuite.run(paths: paths)
            results.append(HTML5LibSuite.runTokenizer(paths: paths))
            results.append(HTML5LibSuite.runTree(paths: paths))
        } else {
            print("upstream conformance data not found: running the command cases only")
        }
        results += CommandCaseSuite.run(paths: paths)
        if !noReport && paths.data != nil {
            let url = paths.repository.appendingPathComponent("REPORT.md")
            try Report.markdown(results).write(to: url, atomically: true, encoding: .utf8)
        }
        try finish(results, verbose: options.verbose)
    }
}

struct CommonMark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "commonmark",
        abstract: "CommonMark + GFM spec suites and the Markdown round trip.")
    @OptionGroup var options: DataOptions
    func run() throws {
        try needData(options.paths)
        try finish(CommonMarkSuite.run(paths: options.paths), verbose: options.verbose)
    }
}

struct Tokenizer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "html5lib-tokenizer", abstract: "html5lib tokenizer tests.")
    @OptionGroup var options: DataOptions
    func run() throws {
        try needData(options.paths)
        try finish([HTML5LibSuite.runTokenizer(paths: options.paths)], verbose: options.verbose)
    }
}

struct Tree: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "html5lib-tree", abstract: "html5lib tree-construction tests.")
    @OptionGroup var options: DataOptions
    func run() throws {
        try needData(options.paths)
        try finish([HTML5LibSuite.runTree(paths: options.paths)], verbose: options.verbose)
    }
}

struct Cases: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Command cases under conformance/cases/.")
    @OptionGroup var options: DataOptions
    @Flag(help: "Rewrite the expected output of failing cases with what mconv printed.")
    var accept = false
    @Option(help: "Run only cases whose id contains this text.") var filter: String?
    func run() throws {
        try finish(
            CommandCaseSuite.run(paths: options.paths, accept: accept, filter: filter),
            verbose: options.verbose)
    }
}

struct DOM: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the html5lib-format tree of an HTML input (stdin when no file).")
    @Option(help: "Parse as a fragment in this context element (e.g. body, td).") var fragment:
        String?
    @Argument var file: String?
    func run() throws {
        let data =
            try file.map { file in
                guard let d = FileManager.default.contents(atPath: file) else {
                    throw ValidationError("cannot read '\(file)'")
                }
                return d
            } ?? FileHandle.standardInput.readDataToEndOfFile()
        print(
            HTML5LibSuite.dump(String(decoding: data, as: UTF8.self), fragmentContext: fragment),
            terminator: "")
    }
}

Conformance.main()
