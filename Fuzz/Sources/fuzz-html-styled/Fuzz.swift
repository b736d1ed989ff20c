import FuzzSupport
import MarkupConverter

// HTML to styled runs (the StyledText resolver behind the `styled` writer). No crash.
let converter = Fuzz.converter("html", "styled")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = Fuzz.convert(converter, Fuzz.text(data, size))
    return 0
}

/// The entry SwiftPM links as `main`: libFuzzer's driver with the test above.
@_cdecl("fuzz_html_styled_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    Fuzz.main(argc, argv, fuzzTestOneInput)
}
