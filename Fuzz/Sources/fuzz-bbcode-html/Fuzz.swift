import FuzzSupport
import MarkupConverter

// BBCode to HTML through the reader, the AST and the HTML writer. No crash.
let converter = Fuzz.converter("bbcode", "html")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = Fuzz.convert(converter, Fuzz.text(data, size))
    return 0
}

/// The entry SwiftPM links as `main`: libFuzzer's driver with the test above.
@_cdecl("fuzz_bbcode_html_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    Fuzz.main(argc, argv, fuzzTestOneInput)
}
