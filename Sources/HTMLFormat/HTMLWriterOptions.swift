/// Options of `HTMLWriter`.
///
/// ```swift
/// HTMLWriterOptions()                              // safe, tag filter on
/// HTMLWriterOptions(unsafe: true, tagfilter: false) // what `cmark-gfm --unsafe` prints
/// ```
public struct HTMLWriterOptions: Hashable, Sendable {
    /// Keep raw HTML, unsafe URLs, `on*` attributes and script-capable tags (cmark-gfm's
    /// `--unsafe`). Off by default: raw HTML becomes `<!-- raw HTML omitted -->`, and
    /// `javascript:`, `vbscript:`, `file:` and non-image `data:` URLs become empty.
    public var unsafe: Bool
    /// GFM's tag filter: in kept raw HTML, `<title>`, `<textarea>`, `<style>`, `<xmp>`,
    /// `<iframe>`, `<noembed>`, `<noframes>`, `<script>` and `<plaintext>` get their `<`
    /// escaped as `&lt;`. On by default (it only matters together with `unsafe`).
    public var tagfilter: Bool
    /// Align table cells with `style="text-align: ..."` instead of `align="..."`
    /// (cmark-gfm's `--table-prefer-style-attributes`).
    public var tablePreferStyleAttributes: Bool
    /// Write the rest of a code block's info string after its first word as `data-meta`
    /// (cmark-gfm's `--full-info-string`).
    public var fullInfoString: Bool
    /// Write a whole document (`-s`): doctype, `<head>` with `<meta charset>`, `<title>` and
    /// `<meta name>` from the metadata, then the body. Default false (a fragment).
    public var standalone: Bool
    /// Style sheet URLs linked from a standalone document's `<head>` (`--css`).
    public var stylesheets: [String]

    /// Creates options.
    ///
    /// ```swift
    /// HTMLWriterOptions(unsafe: true)
    /// ```
    public init(
        unsafe: Bool = false, tagfilter: Bool = true, tablePreferStyleAttributes: Bool = false,
        fullInfoString: Bool = false, standalone: Bool = false, stylesheets: [String] = []
    ) {
        self.unsafe = unsafe
        self.tagfilter = tagfilter
        self.tablePreferStyleAttributes = tablePreferStyleAttributes
        self.fullInfoString = fullInfoString
        self.standalone = standalone
        self.stylesheets = stylesheets
    }
}
