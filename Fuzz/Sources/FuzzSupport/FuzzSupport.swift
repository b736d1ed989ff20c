import CFuzzerDriver
import MarkupConverter

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Helpers shared by the fuzz targets: converters built once, input as bytes or text,
/// and the checks whose failure is a finding (a trap, which libFuzzer reports as a crash).
public enum Fuzz {
    /// A converter for `-f input -t output`; a bad format name is a bug in the target.
    public static func converter(
        _ input: String, _ output: String, settings: ConversionSettings = ConversionSettings()
    ) -> Converter {
        do {
            return try Converter(from: input, to: output, settings: settings)
        } catch {
            fatalError("fuzz: cannot make converter \(input) -> \(output): \(error)")
        }
    }

    /// Runs libFuzzer with `test` as the test function: the body of a target's entry.
    public static func main(
        _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
        _ test: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32 {
        var argc = argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        return LLVMFuzzerRunDriver(&argc, &argv, test)
    }

    /// The fuzzer's bytes.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else {
            currentInput = []
            return []
        }
        currentInput = Array(UnsafeBufferPointer(start: data, count: size))
        return currentInput
    }

    /// The fuzzer's bytes as text (invalid UTF-8 repaired to U+FFFD, as the CLI does).
    public static func text(_ data: UnsafePointer<UInt8>?, _ size: Int) -> String {
        String(decoding: bytes(data, size), as: UTF8.self)
    }

    /// Converts text; a thrown read error is an accepted outcome (nil), a crash is not.
    public static func convert(_ converter: Converter, _ input: String) -> String? {
        do {
            return try converter.convert(input).output
        } catch {
            return nil
        }
    }

    /// Converts bytes (the byte decoding path, HTML charset sniffing included).
    public static func convert(_ converter: Converter, bytes: [UInt8]) -> String? {
        do {
            return try converter.convert(bytes: bytes).output
        } catch {
            return nil
        }
    }

    /// The text content of a conversion's document (the AST's plain text: inline text, code,
    /// no URLs or markup), or nil when the input does not read.
    public static func textContent(_ converter: Converter, _ input: String) -> String? {
        do {
            return try converter.convert(input).document.plainText
        } catch {
            return nil
        }
    }

    /// Only the letters and digits of the text, in order: what a conversion must keep however
    /// it lays out, escapes or decorates the text.
    public static func lettersAndDigits(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter {
                    $0.properties.isAlphabetic || $0.properties.numericType != nil
                }))
    }

    /// Whether the stricter round-trip properties, known not to hold today (see README.md),
    /// are checked too: set `MCONV_FUZZ_STRICT`.
    public static let strict = getenv("MCONV_FUZZ_STRICT") != nil

    /// The text with every run of whitespace removed: two texts that differ only in where
    /// and how much whitespace they have compare equal.
    public static func withoutWhitespace(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace }))
    }

    /// The text property of the round-trip targets: the letters and digits of `text1` (the
    /// text content of `first`) and `text2` (that of `second`) are the same, in order; with
    /// `strict`, all of the text, whitespace ignored.
    public static func checkTextKept(
        _ text1: String, _ text2: String, first: String, second: String,
        context: @autoclosure () -> String
    ) {
        check(
            lettersAndDigits(text1), lettersAndDigits(text2),
            "letters and digits of \(first) == those of \(second)", context: context())
        if strict {
            check(
                withoutWhitespace(text1), withoutWhitespace(text2),
                "text of \(first) == text of \(second) (whitespace ignored)", context: context())
        }
    }

    /// Where failed properties go instead of trapping: with `MCONV_FUZZ_REPORT=DIR` each is
    /// counted on standard error and its input written to `DIR/property-HASH` (the first 20
    /// also printed in full), so a campaign goes on past a known property failure. Unset, a
    /// failed property traps like a crash.
    static let reportDirectory: String? = getenv("MCONV_FUZZ_REPORT").map { String(cString: $0) }
    nonisolated(unsafe) static var reported = 0
    /// The input under test (set by `bytes` / `text`), for the report.
    nonisolated(unsafe) static var currentInput: [UInt8] = []

    /// Fails (traps) with both values shown when `a != b`.
    public static func check(
        _ a: String, _ b: String, _ what: String, context: @autoclosure () -> String
    ) {
        guard a != b else { return }
        var message = "fuzz property failed: \(what)\n"
        message += "--- first:\n\(a.debugDescription)\n--- second:\n\(b.debugDescription)\n"
        message += context()
        guard let directory = reportDirectory else { fatalError(message) }
        reported += 1
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, for a stable file name
        for byte in currentInput { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let name = directory + "/property-" + String(hash, radix: 16)
        if let file = fopen(name, "wb") {
            _ = currentInput.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
            fclose(file)
        }
        var line = "MCONV_FUZZ_REPORT #\(reported) "
        line += reported <= 20 ? message + "\n" : "fuzz property failed: \(what) (\(name))\n"
        line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }
}
