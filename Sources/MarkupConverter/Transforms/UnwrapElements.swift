import MarkupAST
import StyledText

/// Replaces elements by their content: links by their text (`--ignore-links`), elements
/// named in `tags` (`--strip a,span`, as markdownify's `strip`) by what they hold; and drops
/// images with their alt text (`--ignore-images`, as html2text's `ignore_images`; a link
/// left empty goes too).
///
/// Names are those `MarkupSelector` matches: the source tag, else the HTML name (`a`, `img`,
/// `strong`, `em`, `code`, `span`, `div`, `blockquote`, `h1` ...); `b`, `i`, `s` and `url`
/// also name every strong, emphasis, strikethrough and link. A stripped inline gives its
/// children (code gives its text, an image its alt text); a stripped block that holds blocks
/// (`div`, `blockquote`, a custom tag) gives its blocks, a stripped heading becomes a
/// paragraph; other blocks (paragraphs, lists, tables, code blocks) stay.
///
/// ```swift
/// let doc = Document([.paragraph([.link([.text("a")], Link("/a"), .none)], .none)])
/// UnwrapElements(links: true).apply(to: doc).blocks  // [.paragraph([.text("a")], .none)]
/// ```
public struct UnwrapElements: Sendable {
    /// Whether links become their text.
    public var links: Bool
    /// Whether images are dropped, alt text included.
    public var images: Bool
    /// Element names replaced by their content (lowercase).
    public var tags: Set<String>

    /// Creates the transform.
    public init(links: Bool = false, images: Bool = false, tags: Set<String> = []) {
        (self.links, self.images, self.tags) = (links, images, tags)
    }

    /// Whether the transform changes nothing.
    public var isEmpty: Bool { !links && !images && tags.isEmpty }

    /// `document` with its links, images and stripped elements replaced.
    public func apply(to document: Document) -> Document {
        guard !isEmpty else { return document }
        var walk = Walk(rule: self)
        guard let blocks = walk.visit(document.blocks) else { return document }
        var copy = document
        copy.blocks = blocks
        return copy
    }

    /// What `block` becomes, or nil to keep it.
    func replacement(_ block: Block) -> [Block]? {
        guard !tags.isEmpty, let name = MarkupSelector.elementName(of: block),
            tags.contains(name)
        else { return nil }
        switch block {
        case .div(let bs, _), .blockQuote(let bs, _): return bs
        case .heading(_, let xs, _): return [.paragraph(xs, .none)]
        default: return nil
        }
    }

    /// What `inline` becomes, or nil to keep it.
    func replacement(_ inline: Inline) -> [Inline]? {
        if links, case .link(let xs, _, _) = inline { return xs }
        if images, case .image = inline { return [] }
        // (A link that held only images.)
        if images, case .link(let xs, _, _) = inline, xs.isEmpty { return [] }
        guard !tags.isEmpty, let name = MarkupSelector.elementName(of: inline),
            tags.contains(name) || Self.kindNames(inline).contains(where: tags.contains)
        else { return nil }
        if case .code(let text, _) = inline { return [.text(text)] }
        return inline.isContainer ? inline.children : nil
    }

    /// The names every node of this kind answers to, whatever its source tag: `--strip b`
    /// strips BBCode's `[b]` and Markdown's `**` too.
    static func kindNames(_ inline: Inline) -> [String] {
        switch inline {
        case .strong: ["strong", "b"]
        case .emphasis: ["em", "i"]
        case .strikethrough: ["del", "s", "strike"]
        case .underline: ["u", "ins"]
        case .link: ["a", "url"]
        case .code: ["code"]
        case .image: ["img"]
        default: []
        }
    }

    /// Children first, then the node; a list is copied at its first change only.
    private struct Walk: MarkupVisitor {
        let rule: UnwrapElements
        var depth = 0

        mutating func visit(_ blocks: [Block]) -> [Block]? {
            let rule = rule
            return splice(blocks, { $0.visitChildren(&$1) }, { rule.replacement($0) })
        }

        mutating func visit(_ inlines: [Inline]) -> [Inline]? {
            let rule = rule
            guard var kept = splice(inlines, { $0.visitChildren(&$1) }, { rule.replacement($0) })
            else { return nil }
            // A dropped image or link at an edge leaves the space before or after it at the
            // edge, where nothing shows it (a Markdown writer would have to escape it).
            func isText(_ x: Inline?) -> Bool {
                if case .text = x { return true }
                return false
            }
            if case .text(let last) = kept.last, !isText(inlines.last), last.last == " " {
                let trimmed = String(last.reversed().drop { $0 == " " }.reversed())
                kept[kept.count - 1] = .text(trimmed)
                if trimmed.isEmpty { kept.removeLast() }
            }
            if case .text(let first) = kept.first, !isText(inlines.first), first.first == " " {
                let trimmed = String(first.drop { $0 == " " })
                kept[0] = .text(trimmed)
                if trimmed.isEmpty { kept.removeFirst() }
            }
            return kept
        }

        mutating func splice<T>(
            _ xs: [T], _ children: (T, inout Walk) -> T?, _ replace: (T) -> [T]?
        ) -> [T]? {
            guard depth < 1_024 else { return nil }
            depth += 1
            defer { depth -= 1 }
            return xs.spliced { x in
                let rebuilt = children(x, &self)
                return replace(rebuilt ?? x) ?? rebuilt.map { [$0] }
            }
        }
    }
}

/// Keeps only the subtrees a CSS selector matches (`--select`), in document order; a match
/// inside a match is kept once, with its outer match. A list item, definition or table cell
/// gives its blocks, a row its cells' blocks, and each inline match (a link, an emphasis)
/// becomes a paragraph of its own. No match gives an empty document and a `select.no-match`
/// warning naming the selector.
///
/// ```swift
/// let doc = try HTMLReader().read("<nav>menu</nav><main><p>text</p></main>").document
/// let (kept, diagnostics) = try SelectSubtrees("main").apply(to: doc)
/// #expect(kept.blocks.count == 1)  // div <main> [paragraph "text"]
/// #expect(diagnostics.isEmpty)
/// ```
public struct SelectSubtrees: Sendable {
    /// The selector as written (named in the warning).
    public var text: String
    /// The parsed selector.
    public var selector: MarkupSelector

    /// Parses `text` as a `MarkupSelector`.
    public init(_ text: String) throws(SelectorError) {
        self.text = text
        selector = try MarkupSelector(text)
    }

    /// The matched subtrees of `document`, and a warning when there are none.
    public func apply(to document: Document) -> (Document, [Diagnostic]) {
        var blocks: [Block] = []
        for node in selector.outermostMatches(in: document) {
            switch node {
            case .block(let b): blocks += Self.content(b)
            case .inline(let x): blocks.append(.paragraph([x], .none))
            }
        }
        var kept = document
        kept.blocks = blocks
        guard blocks.isEmpty else { return (kept, []) }
        let message = "no element matches the selector '\(text)'; the output is empty"
        return (kept, [Diagnostic(.warning, .selectNoMatch, message)])
    }

    /// The blocks a match stands for: the parts the selector wraps in tagged divs (`li`,
    /// `dd`, `td`, `th`, `tr`) give their blocks, a term its paragraph.
    static func content(_ block: Block) -> [Block] {
        switch block {
        case .div(let bs, let a) where a.tag == "tr": return bs.flatMap(content)
        case .div(let bs, let a) where ["li", "dd", "td", "th"].contains(a.tag ?? ""): return bs
        case .plain(let xs, let a) where a.tag == "dt": return [.paragraph(xs, .none)]
        default: return [block]
        }
    }
}
