/// The layout choices of `MarkdownWriterOptions`: `String`-raw enums whose raw values are the
/// CLI's and the settings' values (`mconv --help` lists them).
///
/// ```swift
/// MarkdownWriterOptions.BulletMarker(rawValue: "*")  // .asterisk
/// MarkdownWriterOptions.WrapMode.allCases.map(\.rawValue)  // ["none", "auto", "preserve"]
/// ```
extension MarkdownWriterOptions {
    /// Heading syntax: `atx` (`## Title`), `setext` (underlined; levels 1 and 2 only) or
    /// `atx-closed` (`## Title ##`).
    public enum HeadingStyle: String, CaseIterable, Hashable, Sendable {
        /// `## Title`.
        case atx
        /// `Title` underlined with `===` / `---` (levels 1-2).
        case setext
        /// `## Title ##`: the closing sequence as long as the opening one.
        case atxClosed = "atx-closed"
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

    /// How a hard line break is written before the line end.
    ///
    /// `spaces` falls back to `backslash` where the spaces would not be a break (at the start
    /// of a line, or after text that ends in a space or tab, whose space would be lost);
    /// `html` falls back to `backslash` when raw HTML is not allowed. `<br />` reads back as
    /// raw HTML that renders as the same break.
    public enum HardBreakStyle: String, CaseIterable, Hashable, Sendable {
        /// `line\` + line end.
        case backslash
        /// `line` + two spaces + line end.
        case spaces
        /// `line<br />` + line end.
        case html
    }

    /// The form of a reference link with `linkStyle == .reference`.
    ///
    /// `collapsed` and `shortcut` use the link text as the label, so they are only written
    /// where that reads back as the same link: the text is a valid label (not empty or blank,
    /// at most 999 bytes, on one line, without brackets, not starting with `^`, no `|` in a
    /// table cell) and no other definition holds that label after case folding and white
    /// space collapsing (`[Go]` to one URL and `[go]` to another). Anything else is written
    /// in the `full` form with a number, so both forms can meet in one document. A shortcut
    /// followed by `(`, `[` or `:` is written collapsed (it would read as another construct).
    public enum ReferenceStyle: String, CaseIterable, Hashable, Sendable {
        /// `[text][1]` and `[1]: url`.
        case full
        /// `[text][]` and `[text]: url`.
        case collapsed
        /// `[text]` and `[text]: url`.
        case shortcut
    }
}
