import FuzzSupport
import MarkupConverter

// HTML (as bytes: charset sniffing, UTF-8 repair) to Markdown. No crash, no trap.
let converter = Fuzz.converter("html", "markdown")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = Fuzz.convert(converter, bytes: Fuzz.bytes(data, size))
    return 0
}

/// The entry SwiftPM links as `main`: libFuzzer's driver with the test above.
@_cdecl("fuzz_html_markdown_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    Fuzz.main(argc, argv, fuzzTestOneInput)
}
