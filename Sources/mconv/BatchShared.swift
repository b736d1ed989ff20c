import MarkupConverter

/// What the files of a batch share: the settings (computed once), the working folder (relative
/// paths are against it), the outputs claimed, the converters made (one per pair of formats, as
/// every file of a pair converts alike) and the writer.
struct BatchShared: Sendable {
    var settings: ConversionSettings
    var workingFolder: String
    var writes: BatchWriteBehind
    var claims = Locked([String: String]())
    var converters = Locked([String: Converter]())

    /// The converter from `input` to `output`, made once per pair.
    func converter(from input: String, to output: String) throws(Failure) -> Converter {
        let key = input + "\u{0}" + output
        if let made = converters.withLock({ $0[key] }) { return made }
        let made = try CLIOptions.converter(from: input, to: output, settings: settings)
        converters.withLock { $0[key] = made }
        return made
    }
}
