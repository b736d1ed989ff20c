/// The stable code of a ``Diagnostic``, such as `lossy.table-span`.
///
/// The raw value is the string printed in diagnostics and written to JSON; it never changes
/// once released. Families: `input.*` (decoding the bytes), `parse.*` (input a reader
/// recovered from), `lossy.*` (what a writer could not express), `select.*` (`--select` found
/// nothing), `media.*` (`--extract-media` left an image as it was), `style.*` (CSS a stylesheet
/// ignored or adjusted), `write.*` (a writer that failed). This file is the table of every code:
/// each member says when it is emitted and with what severity. `Formats/diagnostics.md` lists
/// the same table for users.
///
/// ```swift
/// let code = DiagnosticCode.lossyTableSpan
/// code.rawValue // "lossy.table-span"
/// code.isLossy // true
/// ```
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, Codable,
    CustomStringConvertible
{
    /// The stable string, such as `lossy.table-span`.
    public let rawValue: String

    /// Wraps a code string. Prefer the static members; this exists for decoding.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The raw value, so diagnostics print the code as written.
    public var description: String { rawValue }

    /// Whether this code can report lost content: something a writer could not express
    /// (`lossy.*`), input a reader replaced (`input.invalid-*`, `input.nul`) or dropped
    /// (`parse.dropped`). `mconv
    /// --strict` fails on these when their severity is warning (``Diagnostic/isLossy``).
    public var isLossy: Bool {
        rawValue.hasPrefix("lossy.") || rawValue.hasPrefix("input.invalid-")
            || rawValue == "input.nul" || rawValue == "parse.dropped"
    }

    /// Note. `parse.<name>`: an HTML parse error, named by its WHATWG error code
    /// (`parse.unexpected-end-tag`, `parse.eof-in-tag` ...), with its line and column; the
    /// first ten per document, reported only with `--verbose`.
    ///
    /// ```swift
    /// DiagnosticCode.htmlParseError("eof-in-tag").rawValue // "parse.eof-in-tag"
    /// ```
    public static func htmlParseError(_ name: String) -> DiagnosticCode {
        DiagnosticCode(rawValue: "parse." + name)
    }
}

extension DiagnosticCode {
    // MARK: - input.*: decoding the input bytes
    /// Note. The input was decoded as an encoding other than UTF-8 (named by a BOM, a
    /// `<meta charset>`, or `--encoding`); the message says which and why.
    public static let inputEncoding = DiagnosticCode(rawValue: "input.encoding")
    /// Warning. Bytes undefined in the input's legacy encoding were replaced with U+FFFD.
    public static let inputInvalidBytes = DiagnosticCode(rawValue: "input.invalid-bytes")
    /// Warning. Invalid UTF-16 (an unpaired surrogate, an odd last byte; in range JSON a lone
    /// surrogate `\u` escape) was replaced with U+FFFD.
    public static let inputInvalidUTF16 = DiagnosticCode(rawValue: "input.invalid-utf16")
    /// Warning. Invalid UTF-8 was replaced with U+FFFD; the message gives the places.
    public static let inputInvalidUTF8 = DiagnosticCode(rawValue: "input.invalid-utf8")
    /// Warning. Markdown: NUL characters in the input were replaced with U+FFFD (as
    /// CommonMark requires); the message gives the count.
    public static let inputNUL = DiagnosticCode(rawValue: "input.nul")

    // MARK: - parse.*: input a reader recovered from
    /// Note. Range JSON: markups inside a code paragraph were ignored.
    public static let parseCodeMarkup = DiagnosticCode(rawValue: "parse.code-markup")
    /// Warning. Markdown, BBCode or range JSON nested deeper than the reader's depth limit was
    /// flattened (BBCode: the deeper tags are kept as text).
    public static let parseDepthLimit = DiagnosticCode(rawValue: "parse.depth-limit")
    /// Info (comments, `<script>`, `<style>`, `<template>`, and what a browser does not show:
    /// hidden elements, frames neither titled nor from a known media provider), warning (elements with text, such
    /// as an `<svg>` with labels or a `<select>`) or note (the others). HTML: elements the AST
    /// has no place for (`<svg>`, form controls ...) were dropped; one per kind with its count.
    public static let parseDropped = DiagnosticCode(rawValue: "parse.dropped")
    /// Note. Range JSON: an empty range (start equal to end) was dropped.
    public static let parseEmptyRange = DiagnosticCode(rawValue: "parse.empty-range")
    /// Note. HTML: how many parse errors there were beyond the first ten reported.
    public static let parseErrors = DiagnosticCode(rawValue: "parse.errors")
    /// Warning. Range JSON: a paragraph that is not an object was skipped.
    public static let parseInvalidParagraph = DiagnosticCode(rawValue: "parse.invalid-paragraph")
    /// Warning. Range JSON: a markup range is not integers, inverted (dropped) or out of the
    /// text's bounds (clamped).
    public static let parseInvalidRange = DiagnosticCode(rawValue: "parse.invalid-range")
    /// Warning. BBCode: a tag value the reader does not know (a `[list=x]` type) was replaced
    /// by the default.
    public static let parseInvalidValue = DiagnosticCode(rawValue: "parse.invalid-value")
    /// Note. HTML: unknown tags without attribute values or end tag were kept as text.
    public static let parseLiteralTag = DiagnosticCode(rawValue: "parse.literal-tag")
    /// Warning (Markdown: a front matter line outside the supported YAML subset, skipped) or
    /// note (HTML: a JSON-LD script that is not valid JSON, ignored).
    public static let parseMetadata = DiagnosticCode(rawValue: "parse.metadata")
    /// Warning. BBCode: content outside `[td]`/`[th]` inside a table was moved before it.
    public static let parseMisplacedContent = DiagnosticCode(rawValue: "parse.misplaced-content")
    /// Warning. BBCode: a closing tag that closes nothing was kept as text.
    public static let parseStrayCloseTag = DiagnosticCode(rawValue: "parse.stray-close-tag")
    /// Warning. Range JSON: a range split a UTF-16 surrogate pair; it was moved to the code point
    /// boundary.
    public static let parseSurrogateSplit = DiagnosticCode(rawValue: "parse.surrogate-split")
    /// Warning. BBCode: a tag without its closing tag was kept as text, or closed at the end of
    /// its block.
    public static let parseUnclosedTag = DiagnosticCode(rawValue: "parse.unclosed-tag")
    /// Warning. Range JSON: an unknown paragraph type (read as `P`) or markup type (dropped).
    public static let parseUnknownType = DiagnosticCode(rawValue: "parse.unknown-type")
    /// Warning. BBCode: a tag with an unsafe URL (`javascript:` ...) was kept as text.
    public static let parseUnsafeURL = DiagnosticCode(rawValue: "parse.unsafe-url")

    // MARK: - lossy.*: what a writer could not express
    /// Info (presentational: class, id, style, lang, data-* ...) or warning (content-bearing:
    /// title, colspan ...). Markdown: attributes were dropped; one of each per document,
    /// naming them and counting the elements.
    public static let lossyAttributes = DiagnosticCode(rawValue: "lossy.attributes")
    /// Warning. BBCode or range JSON: a block quote, or a block inside one, was written
    /// without the quote.
    public static let lossyBlockquote = DiagnosticCode(rawValue: "lossy.blockquote")
    /// Warning. Markdown: an empty code span was dropped. BBCode: a code block was written as
    /// text (no code tag), or its content contains the closing tag and ends early.
    public static let lossyCode = DiagnosticCode(rawValue: "lossy.code")
    /// Warning. Markdown, BBCode or range JSON: a definition list was written as terms and
    /// paragraphs.
    public static let lossyDefinitionList = DiagnosticCode(rawValue: "lossy.definition-list")
    /// Warning. Markdown, plain text or JSON: nesting deeper than the writer's limit was
    /// flattened to its leaf blocks and text.
    public static let lossyDepth = DiagnosticCode(rawValue: "lossy.depth")
    /// Warning. BBCode or range JSON: a container with a tag or attributes was written as its
    /// content.
    public static let lossyDiv = DiagnosticCode(rawValue: "lossy.div")
    /// Warning. HTML reader: an `<iframe>`, `<video>`, `<audio>` or `<embed>` was read as a
    /// link to its source.
    public static let lossyEmbed = DiagnosticCode(rawValue: "lossy.embed")
    /// Warning. Markdown: emphasis that delimiters cannot express was written as text. BBCode:
    /// the dialect has no emphasis tag.
    public static let lossyEmphasis = DiagnosticCode(rawValue: "lossy.emphasis")
    /// Warning. BBCode: text that looks like a tag cannot be escaped in the dialect.
    public static let lossyEscape = DiagnosticCode(rawValue: "lossy.escape")
    /// Warning. BBCode: a font size not on the dialect's scale was approximated.
    public static let lossyFontSize = DiagnosticCode(rawValue: "lossy.font-size")
    /// Warning. Markdown without the footnotes extension, BBCode, range JSON: a footnote or
    /// footnote reference was written as text.
    public static let lossyFootnote = DiagnosticCode(rawValue: "lossy.footnote")
    /// Warning. BBCode: a heading was written as bold text.
    public static let lossyHeading = DiagnosticCode(rawValue: "lossy.heading")
    /// Warning. Range JSON: a heading level above 4 was written as `H4`.
    public static let lossyHeadingLevel = DiagnosticCode(rawValue: "lossy.heading-level")
    /// Warning. Markdown without raw HTML, BBCode without a highlight tag: highlighted text was
    /// written as its text.
    public static let lossyHighlight = DiagnosticCode(rawValue: "lossy.highlight")
    /// Warning. BBCode or range JSON: an image was written as its description.
    public static let lossyImage = DiagnosticCode(rawValue: "lossy.image")
    /// Warning. BBCode: an image's description was dropped.
    public static let lossyImageAlt = DiagnosticCode(rawValue: "lossy.image-alt")
    /// Info. Markdown: an image's size was dropped (image size as HTML keeps it).
    public static let lossyImageSize = DiagnosticCode(rawValue: "lossy.image-size")
    /// Warning. Range JSON: an image's title was dropped.
    public static let lossyImageTitle = DiagnosticCode(rawValue: "lossy.image-title")
    /// Warning. HTML writer: an attribute with an invalid name was left out. BBCode writer: an
    /// attribute no tag can carry (a name that is not one, a value holding both quote marks
    /// or a line break) was left out.
    public static let lossyInvalidAttribute = DiagnosticCode(rawValue: "lossy.invalid-attribute")
    /// Warning. HTML writer: an element with an invalid tag name was written as a `div`/`span`.
    public static let lossyInvalidTag = DiagnosticCode(rawValue: "lossy.invalid-tag")
    /// Warning. Markdown without raw HTML: `<kbd>` was written as its text.
    public static let lossyKbd = DiagnosticCode(rawValue: "lossy.kbd")
    /// Warning. Markdown: a line break in a table cell or heading was written as a space.
    public static let lossyLineBreak = DiagnosticCode(rawValue: "lossy.line-break")
    /// Warning. BBCode: a link was written as its text (the dialect has no link tag).
    public static let lossyLink = DiagnosticCode(rawValue: "lossy.link")
    /// Warning. BBCode: a link's title was dropped.
    public static let lossyLinkTitle = DiagnosticCode(rawValue: "lossy.link-title")
    /// Warning. BBCode: a list was written as paragraphs (the dialect has no list tag).
    public static let lossyList = DiagnosticCode(rawValue: "lossy.list")
    /// Warning. Range JSON: an extra paragraph in a list item was written as an item.
    public static let lossyListParagraph = DiagnosticCode(rawValue: "lossy.list-paragraph")
    /// Warning. Range JSON: a block quote inside a list was written after it.
    public static let lossyListQuote = DiagnosticCode(rawValue: "lossy.list-quote")
    /// Warning. BBCode or range JSON: an ordered list's start number was dropped.
    public static let lossyListStart = DiagnosticCode(rawValue: "lossy.list-start")
    /// Warning. Range JSON: a table inside a list was written after it.
    public static let lossyListTable = DiagnosticCode(rawValue: "lossy.list-table")
    /// Warning (a front matter key with characters YAML's plain keys cannot hold) or info
    /// (a standalone writer whose format has no place for metadata, such as
    /// `-t commonmark -s`).
    public static let lossyMetadata = DiagnosticCode(rawValue: "lossy.metadata")
    /// Warning. Markdown or BBCode: a link inside a link was written as its text.
    public static let lossyNestedLink = DiagnosticCode(rawValue: "lossy.nested-link")
    /// Warning. Range JSON: a nested list was flattened into its parent.
    public static let lossyNestedList = DiagnosticCode(rawValue: "lossy.nested-list")
    /// Warning. HTML writer: NUL characters were written as U+FFFD (HTML has no NUL).
    public static let lossyNUL = DiagnosticCode(rawValue: "lossy.nul")
    /// Warning. BBCode: a quote attribute other than the author was dropped.
    public static let lossyQuoteAttribute = DiagnosticCode(rawValue: "lossy.quote-attribute")
    /// Warning. Range JSON: a block quote's attributes were dropped.
    public static let lossyQuoteAttributes = DiagnosticCode(rawValue: "lossy.quote-attributes")
    /// Warning (note from styled text). Raw content in a format the writer does not take (raw
    /// LaTeX in Markdown, any raw markup in plain text, BBCode, range JSON or styled runs) was
    /// dropped.
    public static let lossyRaw = DiagnosticCode(rawValue: "lossy.raw")
    /// Warning. HTML writer: raw content in a format other than HTML was left out.
    public static let lossyRawFormat = DiagnosticCode(rawValue: "lossy.raw-format")
    /// Warning. Markdown without raw HTML: a raw HTML block or inline was dropped.
    public static let lossyRawHTML = DiagnosticCode(rawValue: "lossy.raw-html")
    /// Warning. HTML writer in safe mode: raw HTML was omitted (`--unsafe` keeps it); once per
    /// document with a count.
    public static let lossyRawHTMLOmitted = DiagnosticCode(rawValue: "lossy.raw-html-omitted")
    /// Warning. BBCode: a span with a tag, classes or an id was written as its content.
    public static let lossySpan = DiagnosticCode(rawValue: "lossy.span")
    /// Warning. Markdown without raw HTML or the strikethrough extension, BBCode without a
    /// strike tag: struck text was written as its text.
    public static let lossyStrikethrough = DiagnosticCode(rawValue: "lossy.strikethrough")
    /// Warning. BBCode: the dialect has no bold tag; strong text was written as its text.
    public static let lossyStrong = DiagnosticCode(rawValue: "lossy.strong")
    /// Warning. BBCode: CSS declarations with no BBCode tag were dropped.
    public static let lossyStyle = DiagnosticCode(rawValue: "lossy.style")
    /// Warning. Markdown without raw HTML, BBCode without a sub tag: subscript written as text.
    public static let lossySubscript = DiagnosticCode(rawValue: "lossy.subscript")
    /// Warning. Markdown without raw HTML, BBCode without a sup tag: superscript written as
    /// text.
    public static let lossySuperscript = DiagnosticCode(rawValue: "lossy.superscript")
    /// Warning. A table was written as text (Markdown without the table extension or raw HTML,
    /// BBCode without table tags, range JSON), or an empty table was dropped.
    public static let lossyTable = DiagnosticCode(rawValue: "lossy.table")
    /// Warning. BBCode: cell or column alignment was dropped.
    public static let lossyTableAlign = DiagnosticCode(rawValue: "lossy.table-align")
    /// Warning. Markdown: a cell alignment that differs from its column was dropped.
    public static let lossyTableAlignment = DiagnosticCode(rawValue: "lossy.table-alignment")
    /// Warning. Markdown: block content in a pipe-table cell was joined into one line.
    public static let lossyTableBlock = DiagnosticCode(rawValue: "lossy.table-block")
    /// Warning. Markdown: a table caption was written as a paragraph. BBCode: it was dropped.
    public static let lossyTableCaption = DiagnosticCode(rawValue: "lossy.table-caption")
    /// Warning. Markdown: table footer rows were written as body rows.
    public static let lossyTableFoot = DiagnosticCode(rawValue: "lossy.table-foot")
    /// Warning. Markdown: a pipe table's header row was inferred or merged.
    public static let lossyTableHeader = DiagnosticCode(rawValue: "lossy.table-header")
    /// Warning. Markdown: cell column and row spans were flattened (or, beyond the grid's size
    /// budget, ignored).
    public static let lossyTableSpan = DiagnosticCode(rawValue: "lossy.table-span")
    /// Warning. Markdown without the tasklist extension: a task item was written as text.
    public static let lossyTask = DiagnosticCode(rawValue: "lossy.task")
    /// Warning. BBCode: a task item was written with a ☐/☒ marker. Range JSON: its state was
    /// dropped.
    public static let lossyTaskItem = DiagnosticCode(rawValue: "lossy.task-item")
    /// Warning. BBCode: a thematic break was written as a line of dashes.
    public static let lossyThematicBreak = DiagnosticCode(rawValue: "lossy.thematic-break")
    /// Warning. Markdown without raw HTML, BBCode without an underline tag: underlined text was
    /// written as its text.
    public static let lossyUnderline = DiagnosticCode(rawValue: "lossy.underline")
    /// Warning. HTML writer in safe mode: event handler or `srcdoc` attributes were removed.
    public static let lossyUnsafeAttribute = DiagnosticCode(rawValue: "lossy.unsafe-attribute")
    /// Warning. HTML writer in safe mode: scripting CSS was removed.
    public static let lossyUnsafeStyle = DiagnosticCode(rawValue: "lossy.unsafe-style")
    /// Warning. HTML writer: a script-capable element (safe mode) or one the tag filter
    /// disallows was written as a `div`/`span`.
    public static let lossyUnsafeTag = DiagnosticCode(rawValue: "lossy.unsafe-tag")
    /// Warning. HTML writer in safe mode: an unsafe URL was removed. BBCode: an unsafe link was
    /// written as its text.
    public static let lossyUnsafeURL = DiagnosticCode(rawValue: "lossy.unsafe-url")

    // MARK: - select.*: taking part of the input
    /// Warning. `--select`: no element matched the selector (named in the message); the
    /// output is empty.
    public static let selectNoMatch = DiagnosticCode(rawValue: "select.no-match")
    /// Note. HTML `--main-content`: no main content was found (no block of text, a tie
    /// between unrelated blocks, or too little text in the best one); the whole page was
    /// converted. The message says why.
    public static let selectNoMainContent = DiagnosticCode(rawValue: "select.no-main-content")

    // MARK: - media.*: extracting images (`--extract-media`)
    /// Warning. `--extract-media`: a `data:` image whose content does not decode (bad base64,
    /// empty) was kept as it is.
    public static let mediaInvalidData = DiagnosticCode(rawValue: "media.invalid-data")
    /// Note. `--extract-media`: a `data:` image whose media type is not an image type it
    /// knows was kept as it is.
    public static let mediaNotImage = DiagnosticCode(rawValue: "media.not-image")

    // MARK: - style.*: CSS a stylesheet ignored or adjusted
    /// Warning. A CSS value outside its range was clamped.
    public static let styleClamped = DiagnosticCode(rawValue: "style.clamped")
    /// Warning. A CSS declaration with a value that cannot be used was ignored.
    public static let styleInvalidValue = DiagnosticCode(rawValue: "style.invalid-value")
    /// Warning. A stylesheet rule with a selector the resolver does not support was ignored.
    public static let styleUnsupportedSelector = DiagnosticCode(
        rawValue: "style.unsupported-selector")

    // MARK: - write.*: a writer that failed
    /// Error. The AST could not be encoded as JSON; the output is empty.
    public static let writeJSON = DiagnosticCode(rawValue: "write.json")
}
