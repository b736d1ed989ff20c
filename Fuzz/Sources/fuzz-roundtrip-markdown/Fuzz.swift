import FuzzSupport
import MarkupConverter

// Markdown (GFM + footnotes) -> AST -> Markdown -> AST. Besides no crash, the Markdown writer
// keeps the text: the letters and digits of the text content (the AST's plain text) of the
// input and of the Markdown written from it, both read by cmark-gfm, are the same, in the same
// order. Raw HTML is not text content, so text the writer lets become HTML counts as lost.
//
// Stronger properties, checked with MCONV_FUZZ_STRICT set (see README.md): the whole text
// (whitespace ignored), and a fixed point (the Markdown written from the Markdown read back
// is the Markdown written the first time).
let toMarkdown = Fuzz.converter("markdown", "markdown")
let readMarkdown = Fuzz.converter("markdown", "plain")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let markdown = Fuzz.text(data, size)
    guard let markdown2 = Fuzz.convert(toMarkdown, markdown),
        let text1 = Fuzz.textContent(readMarkdown, markdown),
        let text2 = Fuzz.textContent(readMarkdown, markdown2)
    else { return 0 }
    let context = "--- markdown:\n\(markdown.debugDescription)\n--- markdown again:\n\(markdown2.debugDescription)"
    Fuzz.checkTextKept(
        text1, text2, first: "markdown", second: "markdown -> markdown", context: context)
    if Fuzz.strict, let markdown3 = Fuzz.convert(toMarkdown, markdown2) {
        Fuzz.check(
            markdown2, markdown3, "markdown -> markdown == markdown -> markdown -> markdown",
            context: context + "\n--- markdown a third time:\n\(markdown3.debugDescription)")
    }
    return 0
}

/// The entry SwiftPM links as `main`: libFuzzer's driver with the test above.
@_cdecl("fuzz_roundtrip_markdown_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    Fuzz.main(argc, argv, fuzzTestOneInput)
}
