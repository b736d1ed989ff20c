import MarkupAST

/// Options of `HTMLReader`.
///
/// ```swift
/// var options = HTMLReaderOptions(baseURL: "https://example.com/docs/")
/// options.customTags = ["hot"]          // `<Hot>` is an element, not literal text
/// HTMLReader(options: options)
/// ```
public struct HTMLReaderOptions: Hashable, Sendable {
    /// Whether the input is a whole document or a snippet.
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        /// A fragment when the input has no `<html>`, `<head>`, `<body>` or doctype, else a document.
        case automatic = "auto"
        /// Always a whole document (`<html>` / `<head>` / `<body>` implied).
        case document
        /// Always a fragment, parsed in a `<body>` context.
        case fragment
    }

    /// Resolve relative URLs (`href`, `src`) against this base, when set.
    /// In-page links (`#id`) are kept as written.
    public var baseURL: String?
    /// Document or fragment (`--html-mode`).
    public var mode: Mode
    /// Snippet leniency: an unknown start tag without an attribute value (no `=` before its
    /// `>`) and without a matching end tag (`<Hot>`, `<Congratulation!>`, `<get 1 free>`)
    /// stays literal text. `nil`: on for fragments, off for documents.
    public var snippetLeniency: Bool?
    /// Tag names (lower case) that are always elements, even under snippet leniency.
    public var customTags: Set<String>
    /// Keep `<script>`, `<style>` and comments as raw HTML blocks/inlines instead of dropping
    /// them (with a note). The `<style>` elements go first in the document, in page order
    /// (CSS applies page-wide wherever the element is).
    public var keepRawHTML: Bool
    /// Elements nested deeper than this are attached at this depth (Blink's 512).
    public var maxDepth: Int
    /// Report HTML parse errors as `parse.*` notes with line and column (the first ten, then
    /// a count), as `mconv --verbose` does. Off by default: a parse error is a recovery that
    /// loses nothing, and the parser then does not collect them at all (no positions
    /// computed), which saves part of the parse.
    ///
    /// ```swift
    /// var options = HTMLReaderOptions()
    /// options.parseErrorDiagnostics = true
    /// try HTMLReader(options: options).read("<p>a</b>").diagnostics.map(\.code)
    /// // [.htmlParseError("unexpected-end-tag")], printed as parse.unexpected-end-tag
    /// ```
    public var parseErrorDiagnostics: Bool
    /// Wrap spans whose inline CSS implies semantic inlines in them while reading, as the
    /// `PromoteStyles` transform does afterwards (`Inline.withPromotedStyles()`; the same tree,
    /// without a second walk over it). The converter sets it for targets that cannot carry
    /// spans (Markdown, plain text, BBCode) instead of running the transform.
    public var promoteStyles = false
    /// Keep what a browser does not show (`--keep-hidden`): elements with the `hidden`
    /// attribute, `display: none` or `visibility: hidden` (inline, from a simple class or id
    /// rule of the page's `<style>`, or from a CSS framework's class such as Tailwind's
    /// `md:hidden` or Bootstrap's `d-none`, applied for a window 1,280 pixels wide), and frames (`<iframe>`, `<embed>`, `<object>`) that are
    /// neither titled nor on a known media provider. Off by default: they are dropped, with a
    /// `parse.dropped` info diagnostic.
    ///
    /// ```swift
    /// try HTMLReader().read("<p>a</p><p hidden>b</p>").document.blocks.count // 1
    /// ```
    public var keepHidden = false
    /// Hosts (or host/path prefixes such as `example.com/player`) whose frames are media and
    /// become links, beside the built-in list of `Formats/media-providers.txt`
    /// (`--media-provider`).
    public var mediaProviders: [String] = []
    /// The built-in media providers, as `Formats/media-providers.txt` lists them.
    ///
    /// ```swift
    /// HTMLReaderOptions.builtInMediaProviders.contains("youtube.com") // true
    /// ```
    public static var builtInMediaProviders: [String] { HTMLMediaProviders.defaults }
    /// Convert only the page's main content (`--main-content`): the article, without the
    /// navigation, share bars, related links and other chrome around and inside it; the page's
    /// title as its first heading when it does not start with one. A page without a clear
    /// article is converted whole, with a `select.no-main-content` note.
    ///
    /// ```swift
    /// var options = HTMLReaderOptions()
    /// options.mainContent = true
    /// HTMLReader(options: options)
    /// ```
    public var mainContent = false

    /// Creates options; `HTMLReaderOptions()` reads like a browser with snippet leniency on
    /// for fragments.
    public init(
        baseURL: String? = nil, mode: Mode = .automatic, snippetLeniency: Bool? = nil,
        customTags: Set<String> = [], keepRawHTML: Bool = false, maxDepth: Int = 512,
        parseErrorDiagnostics: Bool = false
    ) {
        self.baseURL = baseURL
        self.mode = mode
        self.snippetLeniency = snippetLeniency
        self.customTags = Set(customTags.map { $0.lowercased() })
        self.keepRawHTML = keepRawHTML
        self.maxDepth = maxDepth
        self.parseErrorDiagnostics = parseErrorDiagnostics
    }
}
