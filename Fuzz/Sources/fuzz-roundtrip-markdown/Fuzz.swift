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
//
// The documents are the reader's, as the Markdown writer sees them: read for a Markdown
// output, not for plain text, whose converter reads raw HTML into nodes (an unclosed <xmp>
// made the HTML of the rest of the paragraph text).
let toMarkdown = Fuzz.converter("markdown", "markdown")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let markdown = Fuzz.text(data, size)
    guard let first = try? toMarkdown.convert(markdown),
        let second = try? toMarkdown.convert(first.output)
    else { return 0 }
    let markdown2 = first.output
    let context =
        "--- markdown:\n\(markdown.debugDescription)\n"
        + "--- markdown again:\n\(markdown2.debugDescription)"
    Fuzz.checkTextKept(
        first.document.plainText, second.document.plainText, first: "markdown",
        second: "markdown -> markdown", context: context)
    if Fuzz.strict {
        Fuzz.check(
            markdown2, second.output, "markdown -> markdown == markdown -> markdown -> markdown",
            context: context + "\n--- markdown a third time:\n\(second.output.debugDescription)")
    }
    return 0
}

/// The entry SwiftPM links as `main`: libFuzzer's driver with the test above.
@_cdecl("fuzz_roundtrip_markdown_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    Fuzz.main(argc, argv, fuzzTestOneInput)
}
