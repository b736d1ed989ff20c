import FuzzSupport
import MarkupConverter

// HTML -> Markdown -> HTML. Besides no crash, the text survives the trip through Markdown:
// the letters and digits of the text content (the AST's plain text) of the input HTML and of
// the HTML written from the Markdown are the same, in the same order.
//
// The stronger property (all the text, only whitespace ignored) does not hold today: nested
// <b>, adjacent code spans, a leading U+FEFF (see README.md). It is checked with
// MCONV_FUZZ_STRICT set.
let toMarkdown = Fuzz.converter("html", "markdown")
// Unsafe: the raw HTML the Markdown writer emits for what Markdown cannot say (tables with
// spans, definition lists...) is passed through, not replaced by a comment.
let markdownToHTML = Fuzz.converter("markdown", "html", settings: ConversionSettings(unsafe: true))
let readHTML = Fuzz.converter("html", "plain")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let html = Fuzz.text(data, size)
    guard let markdown = Fuzz.convert(toMarkdown, html),
        let html2 = Fuzz.convert(markdownToHTML, markdown),
        let text1 = Fuzz.textContent(readHTML, html),
        let text2 = Fuzz.textContent(readHTML, html2)
    else { return 0 }
    let context =
        "--- html:\n\(html.debugDescription)\n--- markdown:\n\(markdown.debugDescription)\n--- html again:\n\(html2.debugDescription)"
    Fuzz.checkTextKept(
        text1, text2, first: "html", second: "html -> markdown -> html", context: context)
    return 0
}

/// The entry SwiftPM links as `main`: libFuzzer's driver with the test above.
@_cdecl("fuzz_roundtrip_html_markdown_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    Fuzz.main(argc, argv, fuzzTestOneInput)
}
