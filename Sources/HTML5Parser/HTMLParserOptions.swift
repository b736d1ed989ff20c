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
    /// Creates the default options.
    public init(maxDepth: Int = 512, scripting: Bool = false, collectErrors: Bool = true) {
        self.maxDepth = maxDepth
        self.scripting = scripting
        self.collectErrors = collectErrors
    }
}
