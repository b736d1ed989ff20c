import FuzzSupport
import MarkupConverter

// The AST as JSON (the `json` format) to HTML. A read error is fine; a crash is not.
let converter = Fuzz.converter("json", "html")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = Fuzz.convert(converter, Fuzz.text(data, size))
    return 0
}

/// The entry SwiftPM links as `main`: libFuzzer's driver with the test above.
@_cdecl("fuzz_json_html_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    Fuzz.main(argc, argv, fuzzTestOneInput)
}
