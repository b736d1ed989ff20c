import FuzzSupport
import MarkupConverter

// Range JSON (Medium-style paragraphs with markups) to Markdown. A read error is fine
// (invalid JSON, bad offsets); a crash is not.
let converter = Fuzz.converter("rangejson", "markdown")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    _ = Fuzz.convert(converter, Fuzz.text(data, size))
    return 0
}

/// The entry SwiftPM links as `main`: libFuzzer's driver with the test above.
@_cdecl("fuzz_rangejson_markdown_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    Fuzz.main(argc, argv, fuzzTestOneInput)
}
