import Foundation
import HTMLFormat
import MarkdownFormat
import MarkupAST

/// Runs the CommonMark / GFM example suites of cmark-gfm 0.29.0.gfm.6 (`data/commonmark/*.json`)
/// through MarkdownReader -> HTMLWriter, and the Markdown round trip.
///
/// Each example is read with the extensions the official runner uses for its file (the
/// example's own markers for `spec` and `regression`, all six for `extensions`, `--smart` for
/// `smart_punct`), written with `unsafe: true`, and compared with the expected HTML exactly
/// (CRLF read as LF) — stricter than the official normalised comparison — and the reader's
/// output must already be in `Normalize` form. Ids are
/// `<file>:<example>` (`spec:42`); `disabled` examples are skipped; an expected `<IGNORE>`
/// only has to not crash.
///
/// ```swift
/// let results = CommonMarkSuite.run(paths: .resolve())
/// results.map(\.summary) // ["commonmark-spec: 671 passed, 0 failed", ...]
/// ```
public enum CommonMarkSuite {
    /// One suite file and how the official runner configures it.
    public struct File: Sendable {
        /// The file name without `.json` (`spec`, `extensions` ...); also the id prefix.
        public var stem: String
        /// Extensions for every example, or nil to use each example's own markers.
        public var extensions: [String]?
        /// Writer options beyond `unsafe` (tag filter follows the extensions).
        public var tablePreferStyleAttributes = false
        /// cmark-gfm's `--full-info-string`.
        public var fullInfoString = false

        /// The suite name: `commonmark-<stem>`.
        public var suiteName: String { "commonmark-" + stem }
    }

    static let allSix = [
        "table", "strikethrough", "autolink", "tagfilter", "footnotes", "tasklist",
    ]

    /// The suite files, in report order.
    public static let files: [File] = [
        File(stem: "spec", extensions: nil),
        File(stem: "extensions", extensions: allSix),
        File(stem: "regression", extensions: nil),
        File(stem: "smart_punct", extensions: ["smart"]),
        File(stem: "extensions-full-info-string", extensions: [], fullInfoString: true),
        File(
            stem: "extensions-table-prefer-style-attributes", extensions: allSix,
            tablePreferStyleAttributes: true),
    ]

    /// Runs every suite file under `data/commonmark`, one result per file, and the round
    /// trip last. Empty when the data folder is absent.
    public static func run(paths: ConformancePaths) -> [SuiteResult] {
        guard paths.data != nil else { return [] }
        var results = runHTML(paths: paths)
        results.append(runRoundTrip(paths: paths))
        results.append(runRoundTripStyles(paths: paths))
        return results
    }

    /// Runs the MarkdownReader -> HTMLWriter comparison for the given files (all by default).
    ///
    /// ```swift
    /// let paths = ConformancePaths.resolve()
    /// CommonMarkSuite.runHTML(paths: paths, stems: ["spec"]).first?.summary
    /// // "commonmark-spec: 671 passed, 0 failed"
    /// ```
    public static func runHTML(paths: ConformancePaths, stems: [String]? = nil) -> [SuiteResult] {
        guard let data = paths.data else { return [] }
        var results: [SuiteResult] = []
        for file in files where stems?.contains(file.stem) ?? true {
            var result = SuiteResult(name: file.suiteName)
            let expectations = Expectations.load(suite: file.suiteName, from: paths.expectations)
            guard let examples = load(file.stem, from: data) else {
                result.notes.append("\(file.stem).json not found; suite not run")
                results.append(result)
                continue
            }
            for example in examples {
                if example.extensions.contains("disabled") {
                    result.skipped += 1
                    continue
                }
                let extensions = MarkdownExtensions(names: file.extensions ?? example.extensions)
                let reader = MarkdownReader(extensions: extensions)
                let document = (try? reader.read(example.markdown).document) ?? Document()
                let html = renderHTML(document, extensions: extensions, file: file)
                let expected = normalizeNewlines(example.html)
                // The reader returns the normalized form directly; check that it really is.
                let normalized = Normalize.document(document) == document
                let ok = (expected == "<IGNORE>\n" || html == expected) && normalized
                result.record(
                    id: "\(file.stem):\(example.example)", passed: ok, expectations: expectations,
                    detail: normalized
                        ? difference(expected: expected, actual: html)
                        : "reader output is not in Normalize form")
            }
            result.notes.append(
                "exact comparison with cmark-gfm 0.29.0.gfm.6's HTML (CRLF read as LF)")
            if !expectations.missingReasons.isEmpty {
                result.notes.append(
                    "expectations without a reason: \(expectations.missingReasons.joined(separator: ", "))"
                )
            }
            results.append(result)
        }
        return results
    }

    /// Markdown -> AST -> MarkdownWriter (same extensions, `wrap: .preserve`) -> MarkdownReader ->
    /// HTMLWriter must give the example's expected HTML exactly, for every spec and extensions
    /// example.
    /// Ids are `roundtrip:<file>:<example>`.
    public static func runRoundTrip(paths: ConformancePaths) -> SuiteResult {
        runRoundTrip(
            paths: paths, name: "markdown-roundtrip",
            styles: [("roundtrip", MarkdownWriterOptions())])
    }

    /// The writer styles `markdown-roundtrip-styles` runs every example with (ids
    /// `<style>:<file>:<example>`): each sets the Markdown output options that have no effect
    /// in the plain round trip.
    public static let roundTripStyles: [(name: String, options: MarkdownWriterOptions)] = [
        (
            "spaces-closed-shortcut",
            MarkdownWriterOptions(
                headingStyle: .atxClosed, linkStyle: .reference, referenceLocation: .block,
                hardBreak: .spaces, thematicBreak: "* * *", referenceStyle: .shortcut)
        ),
        (
            "html-setext-collapsed",
            MarkdownWriterOptions(
                headingStyle: .setext, linkStyle: .reference, hardBreak: .html,
                thematicBreak: "___", referenceStyle: .collapsed)
        ),
        (
            "spaced-dashes-full",
            MarkdownWriterOptions(
                bulletMarker: .asterisk, linkStyle: .reference, hardBreak: .spaces,
                thematicBreak: "- - -", referenceStyle: .full)
        ),
    ]

    /// The round trip with every style of ``roundTripStyles``.
    public static func runRoundTripStyles(paths: ConformancePaths) -> SuiteResult {
        runRoundTrip(paths: paths, name: "markdown-roundtrip-styles", styles: roundTripStyles)
    }

    /// The round trip as suite `name`, each example once per style (the style name is the
    /// id's prefix).
    static func runRoundTrip(
        paths: ConformancePaths, name: String,
        styles: [(name: String, options: MarkdownWriterOptions)]
    ) -> SuiteResult {
        var result = SuiteResult(name: name)
        guard let data = paths.data else { return result }
        let expectations = Expectations.load(suite: name, from: paths.expectations)
        for file in files where file.stem == "spec" || file.stem == "extensions" {
            guard let examples = load(file.stem, from: data) else {
                result.notes.append("\(file.stem).json not found")
                continue
            }
            for example in examples {
                if example.extensions.contains("disabled") {
                    result.skipped += styles.count
                    continue
                }
                let extensions = MarkdownExtensions(names: file.extensions ?? example.extensions)
                let expected = normalizeNewlines(example.html)
                let reader = MarkdownReader(extensions: extensions)
                let document = (try? reader.read(example.markdown).document) ?? Document()
                for style in styles {
                    // Soft breaks are kept (`--wrap=preserve`) so the HTML can match byte for
                    // byte.
                    var options = style.options
                    options.extensions = extensions
                    options.wrap = .preserve
                    let writer = MarkdownWriter(options: options)
                    let markdown = writer.write(document).output
                    let html = renderHTML(markdown, extensions: extensions, file: file)
                    let ok = expected == "<IGNORE>\n" || html == expected
                    result.record(
                        id: "\(style.name):\(file.stem):\(example.example)", passed: ok,
                        expectations: expectations,
                        detail: "markdown: \(abbreviate(markdown)) | "
                            + difference(expected: expected, actual: html))
                }
            }
        }
        return result
    }

    /// Reads Markdown with `extensions` and writes it with the file's HTML settings.
    static func renderHTML(_ markdown: String, extensions: MarkdownExtensions, file: File) -> String
    {
        let reader = MarkdownReader(extensions: extensions)
        let document = (try? reader.read(markdown).document) ?? Document()
        return renderHTML(document, extensions: extensions, file: file)
    }

    /// Writes a document with the file's HTML settings (unsafe, tag filter per extensions).
    static func renderHTML(_ document: Document, extensions: MarkdownExtensions, file: File)
        -> String
    {
        let options = HTMLWriterOptions(
            unsafe: true, tagfilter: extensions.contains(.tagfilter),
            tablePreferStyleAttributes: file.tablePreferStyleAttributes,
            fullInfoString: file.fullInfoString)
        return HTMLWriter(options: options).write(document).output
    }

    // MARK: Loading and reporting

    struct Example: Decodable {
        var example: Int
        var markdown: String
        var html: String
        var extensions: [String]
    }

    static func load(_ stem: String, from data: URL) -> [Example]? {
        let url = data.appendingPathComponent("commonmark").appendingPathComponent(stem + ".json")
        guard let bytes = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode([Example].self, from: bytes)
    }

    static func normalizeNewlines(_ text: String) -> String {
        text.contains("\r\n") ? text.replacingOccurrences(of: "\r\n", with: "\n") : text
    }

    /// The first differing line of both texts.
    static func difference(expected: String, actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(e.count, a.count) {
            let left = index < e.count ? String(e[index]) : "<end>"
            let right = index < a.count ? String(a[index]) : "<end>"
            if left != right {
                return "line \(index + 1): expected \(abbreviate(left)), got \(abbreviate(right))"
            }
        }
        return "outputs differ"
    }

    static func abbreviate(_ text: String) -> String {
        var shown = text.replacingOccurrences(of: "\n", with: "\\n")
        if shown.count > 160 { shown = String(shown.prefix(160)) + "…" }
        return "\"\(shown)\""
    }
}
