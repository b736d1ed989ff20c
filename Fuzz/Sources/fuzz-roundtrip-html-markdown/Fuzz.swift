import FuzzSupport
import MarkupConverter

// HTML -> Markdown -> HTML. Besides no crash, the property the formats promise: the visible
// text survives the trip through Markdown. Text content is the `plain` writer's output of
// each HTML (the input and the HTML written from the Markdown), compared without whitespace
// (Markdown reflows and the plain writer lays blocks out by their kind).
let toMarkdown = Fuzz.converter("html", "markdown")
let markdownToHTML = Fuzz.converter("markdown", "html")
let htmlToPlain = Fuzz.converter("html", "plain")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let html = Fuzz.text(data, size)
    guard let markdown = Fuzz.convert(toMarkdown, html),
        let html2 = Fuzz.convert(markdownToHTML, markdown),
        let text1 = Fuzz.convert(htmlToPlain, html),
        let text2 = Fuzz.convert(htmlToPlain, html2)
    else { return 0 }
    Fuzz.check(
        Fuzz.withoutWhitespace(text1), Fuzz.withoutWhitespace(text2),
        "text of html == text of html -> markdown -> html (whitespace ignored)",
        context: "--- html:\n\(html.debugDescription)\n--- markdown:\n\(markdown.debugDescription)\n--- html again:\n\(html2.debugDescription)")
    return 0
}

/// The entry SwiftPM links as `main`: libFuzzer's driver with the test above.
@_cdecl("fuzz_roundtrip_html_markdown_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    Fuzz.main(argc, argv, fuzzTestOneInput)
}
