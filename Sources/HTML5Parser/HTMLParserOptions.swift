/// Options for ``HTMLParser``.
///
/// ```swift
/// var o = HTMLParserOptions()
/// o.maxDepth = 100
/// let doc = HTMLParser.parseDocument("<p>deep", options: o)
/// ```
public struct HTMLParserOptions: Sendable, Hashable {
    /// Elements nested deeper than this are attached at this depth instead (as Blink does),
    /// so no later pass recurses further. Default 512.
    public var maxDepth: Int = 512
    /// The scripting flag: when true, `<noscript>` content is raw text (as in a browser with
    /// JavaScript on). Default false (its content is parsed as markup).
    public var scripting: Bool = false
    /// Whether to collect ``HTMLParseError`` values into ``HTMLDocument/errors``. Default true.
    public var collectErrors: Bool = true
    /// Inputs of at least this many bytes are parsed in two pieces on two threads when a
    /// place to cut is found (see ``HTMLParser/parseDocument(_:options:)``): the second piece
    /// is parsed from the state the first one should reach there, and is kept only if the
    /// first one does reach it (else the first goes on alone). Never while collecting errors.
    /// `nil`: always one thread. Default 256 KB.
    ///
    /// ```swift
    /// var o = HTMLParserOptions(collectErrors: false)
    /// o.splitThreshold = nil  // one thread, whatever the size
    /// ```
    public var splitThreshold: Int? = 256 << 10

    /// Creates the default options.
    public init(maxDepth: Int = 512, scripting: Bool = false, collectErrors: Bool = true) {
        self.maxDepth = maxDepth
        self.scripting = scripting
        self.collectErrors = collectErrors
    }
}
