/// The layout choices of `MarkdownWriterOptions`: `String`-raw enums whose raw values are the
/// CLI's and the settings' values (`mconv --help` lists them).
///
/// ```swift
/// MarkdownWriterOptions.BulletMarker(rawValue: "*")  // .asterisk
/// MarkdownWriterOptions.WrapMode.allCases.map(\.rawValue)  // ["none", "auto", "preserve"]
/// ```
extension MarkdownWriterOptions {
    /// Heading syntax: `atx` (`## Title`) or `setext` (underlined; levels 1 and 2 only).
    public enum HeadingStyle: String, CaseIterable, Hashable, Sendable {
        /// `## Title`.
        case atx
        /// `Title` underlined with `===` / `---` (levels 1-2).
        case setext
    }

    /// The bullet list marker: `-`, `*` or `+`.
    public enum BulletMarker: String, CaseIterable, Hashable, Sendable {
        /// `- item`.
        case hyphen = "-"
        /// `* item`.
        case asterisk = "*"
        /// `+ item`.
        case plus = "+"
    }

    /// The ordered list delimiter: `1.` or `1)`.
    public enum OrderedDelimiter: String, CaseIterable, Hashable, Sendable {
        /// `1. item`.
        case period = "."
        /// `1) item`.
        case parenthesis = ")"
    }

    /// The emphasis delimiter: `*a*` or `_a_`.
    public enum EmphasisDelimiter: String, CaseIterable, Hashable, Sendable {
        /// `*em*`.
        case asterisk = "*"
        /// `_em_`.
        case underscore = "_"
    }

    /// The strong delimiter: `**a**` or `__a__`.
    public enum StrongDelimiter: String, CaseIterable, Hashable, Sendable {
        /// `**strong**`.
        case asterisks = "**"
        /// `__strong__`.
        case underscores = "__"
    }

    /// Code block syntax. Indented blocks fall back to fences where they cannot work
    /// (an info string, leading/trailing blank lines, empty code, first block of a list item,
    /// right after a list).
    public enum CodeBlockStyle: String, CaseIterable, Hashable, Sendable {
        /// ```` ``` ```` fences.
        case fenced
        /// Four-space indentation.
        case indented
    }

    /// The fence character: backtick or tilde (backtick fences switch to tildes when the
    /// info string holds a backtick).
    public enum FenceCharacter: String, CaseIterable, Hashable, Sendable {
        /// ```` ``` ````.
        case backtick = "`"
        /// `~~~`.
        case tilde = "~"
    }

    /// Paragraph line handling: `none` (one line per paragraph, soft breaks become spaces),
    /// `auto` (wrap at `columns`, never inside a link, code span or table row), `preserve`
    /// (soft breaks stay line breaks).
    public enum WrapMode: String, CaseIterable, Hashable, Sendable {
        /// One line per paragraph.
        case none
        /// Wrap at `columns`.
        case auto
        /// Soft breaks stay line breaks.
        case preserve
    }

    /// Link syntax: inline `[a](url)` or reference `[a][1]`.
    public enum LinkStyle: String, CaseIterable, Hashable, Sendable {
        /// `[a](url)`.
        case inline
        /// `[a][1]` and `[1]: url`.
        case reference
    }

    /// Where reference definitions go: after the top-level block that uses them, or at the
    /// end of the document.
    public enum ReferenceLocation: String, CaseIterable, Hashable, Sendable {
        /// After the top-level block that uses them.
        case block
        /// At the end of the document.
        case document
    }

    /// What a table becomes when a GFM pipe table cannot express it (spans, block content,
    /// no header row, caption, footer; or no `table` extension): `auto` = raw HTML when raw
    /// HTML is allowed, else `pipe`; `html` = a raw HTML `<table>`; `pipe` = a pipe table with
    /// spans flattened and blocks joined, reported as `lossy.table-*`.
    public enum TableFallback: String, CaseIterable, Hashable, Sendable {
        /// Raw HTML when allowed, else a pipe table.
        case auto
        /// A raw HTML `<table>`.
        case html
        /// A flattened pipe table.
        case pipe
    }
}
