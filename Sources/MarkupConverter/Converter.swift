import BBCodeFormat
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
    public var reader: any MarkupReader {
        didSet { directPlan = Self.directPlan(reader, writer) }
    }
    /// The writer.
    public var writer: any MarkupWriter {
        didSet { directPlan = Self.directPlan(reader, writer) }
    }
    /// Set when the pair is BBCode to HTML with options the direct path writes.
    private var directPlan: BBCodeHTMLDirect.Plan?
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
        self.directPlan = Self.directPlan(reader, writer)
    }

    /// Creates a converter from `-f` / `-t` style names such as `gfm+footnotes`.
    public init(from input: String, to output: String, settings: ConversionSettings = ConversionSettings()) throws(FormatError) {
        let inputSpec = try FormatSpec(parsing: input)
        let outputSpec = try FormatSpec(parsing: output)
        self.reader = try FormatRegistry.reader(for: inputSpec, settings: settings, output: outputSpec)
        self.writer = try FormatRegistry.writer(
            for: outputSpec, settings: settings, input: inputSpec)
        let options = try settings.formatOptions()
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
        if output.contains(.noQuoteAuthor) && !options.quoteAttribution.isEmpty {
            let attribution = QuoteAttribution(template: options.quoteAttribution)
            transforms.append { attribution.apply(to: $0) }
        }
        if output.contains(.noStyledSpans) && !readerPromotes {
            transforms.append { PromoteStyles.apply(to: $0) }
        }
        self.transforms = transforms
        self.inputEncoding = options.encoding
        self.sniffsHTMLCharset = input.contains(.declaresCharset)
        self.directPlan = Self.directPlan(reader, writer)
    }

    /// Converts text.
    ///
    /// BBCode to HTML (default writer options, no transforms) takes a direct path when the
    /// post is one it covers (`BBCodeHTMLDirect`): the same output without building the tree;
    /// the result's `document` is then read on first use.
    public func convert(_ input: String) throws(ReadError) -> ConversionResult {
        if transforms.isEmpty, let direct = directConversion(input) { return direct }
        let read = try reader.read(input)
        var document = read.document
        for transform in transforms { document = transform(document) }
        let written = writer.write(document)
        return ConversionResult(output: written.output, document: document, diagnostics: read.diagnostics + written.diagnostics)
    }

    /// The direct BBCode-to-HTML result, or nil when this conversion or input needs the tree.
    private func directConversion(_ input: String) -> ConversionResult? {
        guard let plan = directPlan, let output = BBCodeHTMLDirect.html(input, plan: plan) else {
            return nil
        }
        return ConversionResult(output: output, unread: input, plan: plan)
    }

    /// The plan of the direct path when `reader` and `writer` are a pair it covers.
    private static func directPlan(_ reader: any MarkupReader, _ writer: any MarkupWriter)
        -> BBCodeHTMLDirect.Plan?
    {
        guard let html = writer as? HTMLWriter, !html.options.unsafe, !html.options.fullInfoString,
            let bbcode = reader as? BBCodeReader
        else { return nil }
        return BBCodeHTMLDirect.Plan(reader: bbcode)
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
    /// The document after transforms (what the writer saw). After a direct conversion
    /// (BBCode to HTML without a tree) it is read from the input when first asked for.
    public var document: Document {
        get {
            if let storedDocument { return storedDocument }
            guard let (input, plan) = unread else { return Document() }
            return (try? plan.reader.read(input).document) ?? Document()
        }
        set {
            storedDocument = newValue
            unread = nil
        }
    }
    /// Reader and writer diagnostics.
    public var diagnostics: [Diagnostic]
    private var storedDocument: Document?
    /// The input and reader of a direct conversion, whose document is read when asked for.
    private var unread: (String, BBCodeHTMLDirect.Plan)?

    /// A result with its document.
    init(output: String, document: Document, diagnostics: [Diagnostic]) {
        self.output = output
        self.storedDocument = document
        self.diagnostics = diagnostics
    }

    /// The result of a direct conversion (no diagnostics); its document is read on demand.
    init(output: String, unread input: String, plan: BBCodeHTMLDirect.Plan) {
        self.output = output
        self.diagnostics = []
        self.unread = (input, plan)
    }

    /// Whether any diagnostic reports lost content (`lossy.*`).
    public var isLossy: Bool { diagnostics.contains { $0.isLossy } }
}
