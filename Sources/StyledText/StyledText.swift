import Foundation
import MarkupAST

/// Text with resolved style runs and paragraph ranges: what an attributed string is made of.
///
/// Ranges are UTF-16 offsets into `string` (what `NSAttributedString` counts). Paragraphs
/// are separated by `"\n"`; a `<br>` inside a paragraph is U+2028 (LINE SEPARATOR), so
/// paragraph spacing applies between paragraphs only. Images and rules are U+FFFC runs
/// with an `attachment`.
///
/// ```swift
/// let doc = Document([.paragraph([.text("Hi "), .strong([.text("you")], .none)], .none)])
/// let styled = StyledText(doc)
/// styled.string               // "Hi you"
/// styled.runs[1].style.fontWeight // 700
/// ```
public struct StyledText: Hashable, Sendable {
    /// The text.
    public var string: String
    /// Style runs covering `string` in order, adjacent equal styles merged.
    public var runs: [StyledRun]
    /// Paragraphs in order; each range excludes the `"\n"` that ends it.
    public var paragraphs: [StyledParagraph]
    /// What could not be styled (invalid CSS, clamped values, omitted raw markup).
    public var diagnostics: [Diagnostic]
    /// The length of `string` in UTF-16 code units.
    public var utf16Count: Int
    /// The root style every run was resolved from (writers print differences from it).
    public var rootStyle: TextStyle

    /// Creates styled text from parts.
    public init(
        string: String, runs: [StyledRun], paragraphs: [StyledParagraph],
        diagnostics: [Diagnostic] = [], rootStyle: TextStyle = TextStyle()
    ) {
        self.init(
            string: string, utf16Count: string.utf16.count, runs: runs, paragraphs: paragraphs,
            diagnostics: diagnostics, rootStyle: rootStyle)
    }

    init(
        string: String, utf16Count: Int, runs: [StyledRun], paragraphs: [StyledParagraph],
        diagnostics: [Diagnostic], rootStyle: TextStyle
    ) {
        self.string = string
        self.runs = runs
        self.paragraphs = paragraphs
        self.diagnostics = diagnostics
        self.utf16Count = utf16Count
        self.rootStyle = rootStyle
    }

    /// Resolves `document` against `stylesheet` in one walk.
    ///
    /// ```swift
    /// let doc = Document([.paragraph([.text("Hi")], .none)])
    /// StyledText(doc, stylesheet: .standard).string  // "Hi"
    /// ```
    public init(_ document: Document, stylesheet: Stylesheet = .standard) {
        var resolver = StyledText.resolver(for: document, stylesheet: stylesheet)
        resolver.render(document.blocks)
        self = resolver.finish()
    }

    /// A resolver for `document`: `stylesheet` with the document's top-level `<style>`
    /// elements added (the HTML reader puts all of a page's there).
    static func resolver(for document: Document, stylesheet: Stylesheet) -> StyleResolver {
        var embedded: [Diagnostic] = []
        // Only a document with `<style>` elements gets a stylesheet of its own (copying
        // the caller's costs a retain per rule table).
        var adjusted: Stylesheet? = nil
        if stylesheet.embeddedStyles {
            document.blocks.withUnsafeBufferPointer { blocks in
                guard let base = blocks.baseAddress else { return }
                for i in 0..<blocks.count {
                    if case .rawBlock(_, let raw) = base[i],
                        let css = StyledText.styleElementBody(raw)
                    {
                        adjusted = (adjusted ?? stylesheet).adding(
                            css: css, source: nil, trusted: false, diagnostics: &embedded)
                    }
                }
            }
        }
        var resolver =
            adjusted.map { StyleResolver(stylesheet: $0) } ?? StyleResolver(stylesheet: stylesheet)
        resolver.diagnostics = embedded
        return resolver
    }

    /// The CSS inside a raw `<style>...</style>` block, if it is one.
    static func styleElementBody(_ raw: String) -> String? {
        guard raw.utf8.count > 15, raw.utf8.first == UInt8(ascii: "<") else { return nil }
        guard raw.prefix(6).lowercased() == "<style", let open = raw.firstIndex(of: ">"),
            let close = raw.range(of: "</style", options: [.caseInsensitive, .backwards])
        else { return nil }
        let start = raw.index(after: open)
        guard start <= close.lowerBound else { return nil }
        return String(raw[start..<close.lowerBound])
    }

    /// Resolves one subtree (a selector match) on its own.
    ///
    /// ```swift
    /// StyledText(node: .inline(.strong([.text("x")], .none))).string // "x"
    /// ```
    public init(node: MarkupNode, stylesheet: Stylesheet = .standard) {
        switch node {
        case .block(let block): self.init(Document([block]), stylesheet: stylesheet)
        case .inline(let inline):
            self.init(Document([.plain([inline], .none)]), stylesheet: stylesheet)
        }
    }

    /// Calls `body` with the pieces of `run` cut at paragraph ends: each piece's range and
    /// the index of the paragraph it belongs to, its ending `"\n"` included (nil when there
    /// are no paragraphs). `paragraph` is where the search starts, moved forward as runs go.
    func pieces(of run: StyledRun, paragraph: inout Int, _ body: (Range<Int>, Int?) -> Void) {
        var lo = run.range.lowerBound
        while lo < run.range.upperBound {
            while paragraph + 1 < paragraphs.count, paragraphs[paragraph].range.upperBound < lo {
                paragraph += 1
            }
            var hi = run.range.upperBound
            let owner = paragraph < paragraphs.count ? paragraph : nil
            if let owner { hi = min(hi, paragraphs[owner].range.upperBound + 1) }
            if hi <= lo { hi = run.range.upperBound }
            body(lo..<hi, owner)
            lo = hi
        }
    }

    /// The text of `run` (or any UTF-16 range), decoded.
    public func text(in range: Range<Int>) -> String {
        let utf16 = string.utf16
        let start = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
        let end = utf16.index(start, offsetBy: range.count)
        return String(string[start..<end])
    }
}

/// One style run: a UTF-16 range of `StyledText.string` and its resolved style.
///
/// The style and attachment are kept in shared boxes: the runs that ``StyledText`` resolves
/// with one style share one copy of it, so a run is a few words, not a whole style.
public struct StyledRun: Hashable, Sendable {
    /// UTF-16 offsets.
    public var range: Range<Int>
    /// The style, shared with the other runs resolved to it.
    @usableFromInline var sharedStyle: SharedValue<TextStyle>
    /// The attachment, boxed (nil for text runs).
    @usableFromInline var sharedAttachment: SharedValue<TextAttachment>?

    /// The resolved style (root style included).
    @inlinable public var style: TextStyle {
        get { sharedStyle.value }
        set { sharedStyle = .value(newValue) }
    }
    /// The image or rule this U+FFFC stands for.
    @inlinable public var attachment: TextAttachment? {
        get { sharedAttachment?.value }
        set { sharedAttachment = newValue.map { .value($0) } }
    }

    /// Creates a run.
    public init(range: Range<Int>, style: TextStyle, attachment: TextAttachment? = nil) {
        let shared = attachment.map { SharedValue.value($0) }
        self.init(range: range, sharedStyle: .value(style), sharedAttachment: shared)
    }

    /// A run holding already shared boxes.
    init(
        range: Range<Int>, sharedStyle: SharedValue<TextStyle>,
        sharedAttachment: SharedValue<TextAttachment>?
    ) {
        self.range = range
        self.sharedStyle = sharedStyle
        self.sharedAttachment = sharedAttachment
    }
}

/// An inline object: an image, or the rule of an `<hr>`.
///
/// ```swift
/// TextAttachment(url: "cat.png", alt: "A cat", width: 120, height: 80)
/// ```
public struct TextAttachment: Hashable, Sendable, Codable {
    /// What the attachment is.
    public enum Kind: String, Hashable, Sendable, Codable {
        case image
        case rule
    }
    /// Image or rule.
    public var kind: Kind
    /// The image URL as written (empty for rules).
    public var url: String
    /// Alternative text.
    public var alt: String
    /// The title attribute, empty when absent.
    public var title: String
    /// Width in points, from attributes or CSS.
    public var width: Double?
    /// Height in points, from attributes or CSS.
    public var height: Double?
    /// The image once loaded (see `StyledText.loadImages(with:timeout:onUpdate:)`).
    public var image: LoadedImage?

    /// Creates an attachment.
    public init(
        kind: Kind = .image, url: String, alt: String = "", title: String = "",
        width: Double? = nil, height: Double? = nil, image: LoadedImage? = nil
    ) {
        self.image = image
        self.kind = kind
        self.url = url
        self.alt = alt
        self.title = title
        self.width = width
        self.height = height
    }
}

/// One paragraph: its range, style and what it came from.
public struct StyledParagraph: Hashable, Sendable {
    /// The content's UTF-16 range (without the ending `"\n"`).
    public var range: Range<Int>
    /// The resolved paragraph style.
    public var style: ParagraphStyle
    /// The block it came from.
    public var kind: ParagraphKind
    /// Nesting level of lists (0 outside lists); the marker sits at level-1 indent.
    public var listLevel: Int
    /// For table rows: the width of each column in terminal cells (wide characters count 2).
    public var columnWidths: [Int]?

    /// Creates a paragraph.
    public init(
        range: Range<Int>, style: ParagraphStyle, kind: ParagraphKind, listLevel: Int = 0,
        columnWidths: [Int]? = nil
    ) {
        self.range = range
        self.style = style
        self.kind = kind
        self.listLevel = listLevel
        self.columnWidths = columnWidths
    }
}

/// The block a paragraph came from, named like the HTML element.
public enum ParagraphKind: String, Hashable, Sendable, Codable, CaseIterable {
    case paragraph = "p"
    case heading1 = "h1"
    case heading2 = "h2"
    case heading3 = "h3"
    case heading4 = "h4"
    case heading5 = "h5"
    case heading6 = "h6"
    /// The first paragraph of a list item (it holds the marker).
    case listItem = "li"
    case codeBlock = "pre"
    case tableRow = "tr"
    case caption = "caption"
    case rule = "hr"
    case term = "dt"

    /// Whether the paragraph is a heading.
    public var isHeading: Bool { rawValue.count == 2 && rawValue.hasPrefix("h") && self != .rule }
}
