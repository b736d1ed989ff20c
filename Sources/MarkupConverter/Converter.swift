import HTMLFormat
import MarkupAST

/// Reads with one format, applies transforms, writes with another: the whole pipeline.
///
/// ```swift
/// let converter = try Converter(from: "html", to: "markdown")
/// try converter.convert("<p>Hello <b>world</b></p>").output // "Hello **world**\n"
/// ```
public struct Converter: Sendable {
    /// The reader.
    public var reader: any MarkupReader
    /// The writer.
    public var writer: any MarkupWriter
    /// Transforms applied between reading and writing, in order.
    public var transforms: [@Sendable (Document) -> Document]
    /// The encoding `convert(bytes:)` reads (a label of `InputDecoding`, e.g. `windows-1252`);
    /// nil for UTF-8 (UTF-16 with a byte order mark).
    public var inputEncoding: String?
    /// Whether `convert(bytes:)` lets an HTML `<meta charset>` choose the encoding of input
    /// that is not valid UTF-8 (set for HTML input by `init(from:to:settings:)`).
    public var sniffsHTMLCharset = false

    /// Creates a converter from reader and writer values.
    public init(
        reader: any MarkupReader, writer: any MarkupWriter,
        transforms: [@Sendable (Document) -> Document] = []
    ) {
        self.reader = reader
        self.writer = writer
        self.transforms = transforms
    }

    /// Creates a converter from `-f` / `-t` style names such as `gfm+footnotes`.
    public init(from input: String, to output: String, settings: ConversionSettings = ConversionSettings()) throws(FormatError) {
        let inputSpec = try FormatSpec(parsing: input)
        let outputSpec = try FormatSpec(parsing: output)
        var settings = settings
        // cmark-gfm applies the tag filter only with the tagfilter extension.
        if let e = FormatRegistry.entry(named: inputSpec.name), e.defaultExtensions != nil,
            !(try FormatRegistry.extensions(of: inputSpec, entry: e)).contains(.tagfilter)
        {
            settings.values["tagfilter"] = "false"
        }
        self.reader = try FormatRegistry.reader(for: inputSpec, settings: settings, output: outputSpec)
        self.writer = try FormatRegistry.writer(for: outputSpec, settings: settings)
        // HTML input: the reader promoted the styled spans while building them (the same
        // tree, without the transform's walk over the whole document).
        let readerPromotes = (reader as? HTMLReader)?.options.promoteStyles ?? false
        var transforms: [@Sendable (Document) -> Document] = []
        if FormatRegistry.wantsRawHTMLRead(from: inputSpec, to: outputSpec) {
            transforms.append { ReadRawHTML.apply(to: $0) }
        }
        if FormatRegistry.wantsQuoteAttribution(outputSpec) {
            let template = settings.values["quote-attribution"] ?? QuoteAttribution.defaultTemplate
            if !template.isEmpty {
                let attribution = QuoteAttribution(template: template)
                transforms.append { attribution.apply(to: $0) }
            }
        }
        if FormatRegistry.wantsPromotedStyles(outputSpec) && !readerPromotes {
            transforms.append { PromoteStyles.apply(to: $0) }
        }
        self.transforms = transforms
        if let label = settings.values["encoding"] {
            guard InputDecoding.encoding(named: label) != nil else {
                throw FormatError(
                    "--encoding: unknown encoding '\(label)' (known: \(InputDecoding.encodingNames.joined(separator: ", ")))")
            }
            self.inputEncoding = label
        }
        self.sniffsHTMLCharset = inputSpec.name == "html"
    }

    /// Converts text.
    public func convert(_ input: String) throws(ReadError) -> ConversionResult {
        let read = try reader.read(input)
        var document = read.document
        for transform in transforms { document = transform(document) }
        let written = writer.write(document)
        return ConversionResult(output: written.output, document: document, diagnostics: read.diagnostics + written.diagnostics)
    }

    /// Converts bytes (see `InputDecoding`): UTF-8, or UTF-16 with a byte order mark, or
    /// `inputEncoding`, or for HTML the encoding its `<meta charset>` names when the bytes are
    /// not UTF-8; invalid UTF-8 becomes U+FFFD with an `input.invalid-utf8` diagnostic.
    public func convert(bytes: [UInt8], source: String = "<stdin>") throws(ReadError) -> ConversionResult {
        let (text, diagnostics) = InputDecoding.decode(
            bytes, source: source, encoding: inputEncoding, html: sniffsHTMLCharset)
        var result = try convert(text)
        result.diagnostics.insert(contentsOf: diagnostics, at: 0)
        return result
    }
}

/// What a conversion produced.
public struct ConversionResult: Sendable {
    /// The written output.
    public var output: String
    /// The document after transforms (what the writer saw).
    public var document: Document
    /// Reader and writer diagnostics.
    public var diagnostics: [Diagnostic]

    /// Whether any diagnostic reports lost content (`lossy.*`).
    public var isLossy: Bool { diagnostics.contains { $0.isLossy } }
}
