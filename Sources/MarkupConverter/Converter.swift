import HTMLFormat
import MarkupAST
import StyledText

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
    /// Keeps only the subtrees a selector matches, before the transforms (`--select`).
    public var selection: SelectSubtrees?
    /// The encoding `convert(bytes:)` reads (a label of `InputDecoding`, e.g. `windows-1252`);
    /// nil for UTF-8 (UTF-16 with a byte order mark).
    public var inputEncoding: String?
    /// Whether `convert(bytes:)` lets an HTML `<meta charset>` choose the encoding of input
    /// that is not valid UTF-8 (set for HTML input by `init(from:to:settings:)`).
    public var sniffsHTMLCharset = false
    /// Takes `data:` images out of the document after the transforms (`--extract-media`): the
    /// result's ``ConversionResult/media`` holds the files for the caller to write.
    ///
    /// ```swift
    /// var converter = try Converter(from: "html", to: "markdown")
    /// converter.mediaExtraction = ExtractMedia(folder: "media")
    /// let result = try converter.convert(#"<img src="data:image/png;base64,iVBORw==">"#)
    /// result.media.count  // 1
    /// ```
    public var mediaExtraction: ExtractMedia?

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
    public init(
        from input: String, to output: String, settings: ConversionSettings = ConversionSettings()
    ) throws(FormatError) {
        let inputSpec = try FormatSpec(parsing: input)
        let outputSpec = try FormatSpec(parsing: output)
        self.reader = try FormatRegistry.reader(
            for: inputSpec, settings: settings, output: outputSpec)
        self.writer = try FormatRegistry.writer(
            for: outputSpec, settings: settings, input: inputSpec)
        var options = try settings.formatOptions()
        // HTML input: the reader promoted the styled spans while building them (the same
        // tree, without the transform's walk over the whole document).
        let readerPromotes = (reader as? HTMLReader)?.options.promoteStyles ?? false
        var transforms: [@Sendable (Document) -> Document] = []
        let input = FormatRegistry.traits(of: inputSpec)
        let output = FormatRegistry.traits(of: outputSpec)
        // Raw HTML in Markdown is read into nodes for outputs that would drop it.
        if input.contains(.embedsRawHTML) && output.contains(.dropsRawHTML) {
            transforms.append { ReadRawHTML.apply(to: $0) }
        }
        if !options.unwrap.isEmpty {
            let unwrap = options.unwrap
            transforms.append { unwrap.apply(to: $0) }
        }
        if let detector = options.detect {
            transforms.append { detector.apply(to: $0) }
        }
        let hidesAuthor = output.contains(.hidesQuoteAuthor)
        if output.contains(.noQuoteAuthor) || hidesAuthor, !options.quoteAttribution.isEmpty {
            let attribution = QuoteAttribution(
                template: options.quoteAttribution, keepsAuthor: hidesAuthor)
            transforms.append { attribution.apply(to: $0) }
        }
        if !options.metadata.isEmpty {
            let metadata = options.metadata
            transforms.append { document in
                var document = document
                document.metadata.merge(metadata) { _, given in given }
                return document
            }
        }
        if output.contains(.noStyledSpans) && !readerPromotes {
            transforms.append { PromoteStyles.apply(to: $0) }
        }
        self.transforms = transforms
        // Taken, not copied: the copy went through the optional's type metadata, built at run
        // time (0.04 of the 0.46 million instructions of an empty conversion).
        self.selection = options.select.take()
        self.inputEncoding = options.encoding
        self.sniffsHTMLCharset = input.contains(.declaresCharset)
    }

    /// Converts text.
    public func convert(_ input: String) throws(ReadError) -> ConversionResult {
        try finish(reader.read(input))
    }

    /// Selects, transforms and writes what the reader read.
    private func finish(_ read: consuming ReadResult) -> ConversionResult {
        var document = read.document
        let readDiagnostics = read.diagnostics
        _ = consume read
        var selected: [Diagnostic] = []
        if let selection { (document, selected) = selection.apply(to: document) }
        for transform in transforms { document = transform(document) }
        var media: [ExtractMedia.File] = []
        if let mediaExtraction {
            let extracted = mediaExtraction.apply(to: document)
            (document, media) = (extracted.document, extracted.files)
            selected += extracted.diagnostics
        }
        let written = writer.write(document)
        // (Most conversions report nothing after reading: no arrays joined then.)
        let diagnostics =
            selected.isEmpty && written.diagnostics.isEmpty
            ? readDiagnostics : readDiagnostics + selected + written.diagnostics
        return ConversionResult(
            output: written.output, document: document, diagnostics: diagnostics, media: media)
    }

    /// Converts bytes (see `InputDecoding`): UTF-8, or UTF-16 with a byte order mark, or
    /// `inputEncoding`, or for HTML the encoding its `<meta charset>` names when the bytes are
    /// not UTF-8; invalid UTF-8 becomes U+FFFD with an `input.invalid-utf8` diagnostic.
    ///
    /// The bytes are released once decoded and the decoded text is handed to the reader (the
    /// HTML reader releases it once parsed) when the caller hands the bytes over
    /// (`convert(bytes: consume bytes)`), so neither is held while the reader builds its tree
    /// or the writer writes.
    public func convert(bytes: consuming [UInt8], source: String = "<stdin>") throws(ReadError)
        -> ConversionResult
    {
        let (text, diagnostics) = InputDecoding.decode(
            bytes, source: source, encoding: inputEncoding, html: sniffsHTMLCharset)
        bytes = []
        let read = try reader.read(consume text)
        var result = finish(read)
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
    /// The files ``Converter/mediaExtraction`` took out of the document, to be written by the
    /// caller into the folder the references name.
    public var media: [ExtractMedia.File] = []

    /// Whether any diagnostic reports lost content (`lossy.*`).
    public var isLossy: Bool { diagnostics.contains { $0.isLossy } }
}
