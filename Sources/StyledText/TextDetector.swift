import MarkupAST

/// Finds `@mentions`, `#hashtags` and bare URLs in text and wraps them in nodes the app
/// can style and handle taps on.
///
/// Mentions become `.span` with `role=mention`, hashtags `.span` with `role=hashtag`, URLs
/// `.link` with `role=url` (`www.` gets `http://`). Text inside code, links, images and raw
/// markup is never touched. Style them with `Stylesheet.named["mention"]` and so on; styled
/// text gives their runs a `TapTarget`.
///
/// With the default prefixes, the full-width `＠` and `＃` work too, and a hashtag may be
/// closed (`#话题#`: Weibo's form; up to 64 characters on one line, no space next to the
/// marks, no `,;:!?` or brackets, and spaces inside only with a non-ASCII letter, as in
/// `#iPhone 15 发布#`).
///
/// ```swift
/// let doc = TextDetector().apply(to: Document([.paragraph([.text("hi @ann #swift")], .none)]))
/// // paragraph [text "hi ", span {role=mention} [text "@ann"], text " ",
/// //  span {role=hashtag} [text "#swift"]]
/// ```
public struct TextDetector: Hashable, Sendable {
    /// Whether to detect mentions.
    public var mentions: Bool
    /// Whether to detect hashtags.
    public var hashtags: Bool
    /// Whether to detect bare URLs.
    public var urls: Bool
    /// The character that starts a mention.
    public var mentionPrefix: Unicode.Scalar
    /// The character that starts a hashtag.
    public var hashtagPrefix: Unicode.Scalar
    /// Extra characters allowed inside names besides letters, digits and `_`
    /// (e.g. `"."` for `@first.last`, `"-"`); a trailing one is not included.
    public var extraNameCharacters: String
    /// URL starts recognized (lower-case).
    public var urlPrefixes: [String]

    /// Creates a detector; all three kinds are on by default.
    public init(
        mentions: Bool = true, hashtags: Bool = true, urls: Bool = true,
        mentionPrefix: Unicode.Scalar = "@", hashtagPrefix: Unicode.Scalar = "#",
        extraNameCharacters: String = "",
        urlPrefixes: [String] = ["https://", "http://", "www."]
    ) {
        self.mentions = mentions
        self.hashtags = hashtags
        self.urls = urls
        self.mentionPrefix = mentionPrefix
        self.hashtagPrefix = hashtagPrefix
        self.extraNameCharacters = extraNameCharacters
        self.urlPrefixes = urlPrefixes
    }

    /// The document with detected items wrapped.
    public func apply(to document: Document) -> Document {
        var copy = document
        copy.blocks = document.blocks.map { block($0, 0) }
        return copy
    }

    /// Detects in a list of inlines (skipping code, links, images and raw).
    public func apply(to inlines: [Inline]) -> [Inline] { self.inlines(inlines, 0) }

    func block(_ b: Block, _ depth: Int) -> Block {
        guard depth < StyleResolver.depthLimit else { return b }
        if case .codeBlock = b { return b }
        var walk = Walk(detector: self, depth: depth + 1)
        return b.visitChildren(&walk) ?? b
    }

    func inlines(_ xs: [Inline], _ depth: Int) -> [Inline] {
        var out: [Inline] = []
        out.reserveCapacity(xs.count)
        for x in xs {
            switch x {
            case .text(let s): out.append(contentsOf: detect(s))
            case .code, .link, .image, .rawInline, .softBreak, .lineBreak, .footnoteReference:
                out.append(x)
            default:
                if depth >= StyleResolver.depthLimit {
                    out.append(x)
                } else {
                    out.append(x.withChildren(inlines(x.children, depth + 1)))
                }
            }
        }
        return out
    }

    func isNameScalar(_ s: Unicode.Scalar) -> Bool {
        s == "_" || s.properties.isAlphabetic || s.properties.numericType != nil
            || (s.value < 0x80 && (s.value >= 0x30 && s.value <= 0x39))
            || extraNameCharacters.unicodeScalars.contains(s)
    }

    /// Whether `s` starts a mention: the prefix, or `＠` when the prefix is `@`.
    func isMentionPrefix(_ s: Unicode.Scalar) -> Bool {
        s == mentionPrefix || (mentionPrefix == "@" && s == "\u{FF20}")
    }

    /// Whether `s` starts (or closes) a hashtag: the prefix, or `＃` when the prefix is `#`.
    func isHashtagPrefix(_ s: Unicode.Scalar) -> Bool {
        s == hashtagPrefix || (hashtagPrefix == "#" && s == "\u{FF03}")
    }

    /// The end (after the closing mark) of a closed hashtag opened at `i`: at most 64
    /// scalars of one line, not all digits, no space next to either mark.
    func closedHashtagEnd(_ scalars: [Unicode.Scalar], _ i: Int) -> Int? {
        var j = i + 1
        let limit = min(scalars.count, i + 66)
        while j < limit, !isHashtagPrefix(scalars[j]) {
            let v = scalars[j].value
            if v == 0x0A || v == 0x0D || isMentionPrefix(scalars[j]) { return nil }
            j += 1
        }
        guard j < limit, j > i + 1 else { return nil }
        let inner = scalars[(i + 1)..<j]
        guard let first = inner.first, let last = inner.last,
            !first.properties.isWhitespace, !last.properties.isWhitespace,
            !inner.allSatisfy({ $0.value >= 0x30 && $0.value <= 0x39 }),
            inner.contains(where: { isNameScalar($0) }),
            !inner.contains(where: { ",;:!?()[]{}<>\"".unicodeScalars.contains($0) })
        else { return nil }
        // Spaces only in a topic with a non-ASCII letter (`#iPhone 15 发布#`): in ASCII text
        // `#swift and C#` is a hashtag and a word.
        if inner.contains(where: { $0.properties.isWhitespace }),
            !inner.contains(where: { $0.value >= 0x80 && $0.properties.isAlphabetic })
        {
            return nil
        }
        return j + 1
    }

    func isWordScalar(_ s: Unicode.Scalar) -> Bool {
        s == "_" || s.properties.isAlphabetic || (s.value >= 0x30 && s.value <= 0x39)
    }

    /// Splits one text node.
    public func detect(_ text: String) -> [Inline] {
        let scalars = Array(text.unicodeScalars)
        var out: [Inline] = []
        var plainStart = 0
        var i = 0
        func flush(_ end: Int) {
            if end > plainStart {
                out.append(.text(String(String.UnicodeScalarView(scalars[plainStart..<end]))))
            }
        }
        func string(_ a: Int, _ b: Int) -> String {
            String(String.UnicodeScalarView(scalars[a..<b]))
        }
        /// Wraps the scalars from `i` to `end` in `make(text, attributes with role)`.
        func wrap(_ end: Int, role: String, _ make: (String, Attributes) -> Inline) {
            flush(i)
            var a = Attributes()
            a.set("role", role)
            out.append(make(string(i, end), a))
            i = end
            plainStart = end
        }
        while i < scalars.count {
            let c = scalars[i]
            let isMention = mentions && isMentionPrefix(c)
            let isHashtag = hashtags && isHashtagPrefix(c)
            let atBoundary =
                i == 0
                || !(isWordScalar(scalars[i - 1]) || scalars[i - 1] == "."
                    || scalars[i - 1] == c || scalars[i - 1] == "/"
                    || (isMention && isMentionPrefix(scalars[i - 1]))
                    || (isHashtag && isHashtagPrefix(scalars[i - 1])))
            if isHashtag, atBoundary, let end = closedHashtagEnd(scalars, i) {
                wrap(end, role: "hashtag") { .span([.text($0)], $1) }
                continue
            }
            if isMention || isHashtag, atBoundary {
                var j = i + 1
                while j < scalars.count, isNameScalar(scalars[j]) { j += 1 }
                while j > i + 1, extraNameCharacters.unicodeScalars.contains(scalars[j - 1]) {
                    j -= 1
                }
                let name = scalars[(i + 1)..<j]
                let valid =
                    !name.isEmpty
                    && (isMention || !name.allSatisfy { $0.value >= 0x30 && $0.value <= 0x39 })
                    && (j == scalars.count || !isMentionPrefix(scalars[j]))
                if valid {
                    wrap(j, role: isMention ? "mention" : "hashtag") { .span([.text($0)], $1) }
                    continue
                }
            }
            if urls, atBoundary || c == "w" || c == "h", i == 0 || !isWordScalar(scalars[i - 1]),
                let end = urlEnd(scalars, i)
            {
                wrap(end, role: "url") { url, a in
                    let dest = url.lowercased().hasPrefix("www.") ? "http://" + url : url
                    return .link([.text(url)], Link(dest), a)
                }
                continue
            }
            i += 1
        }
        if out.isEmpty { return [.text(text)] }
        flush(scalars.count)
        return out
    }

    /// The end of a URL starting at `i`, trailing punctuation and unbalanced `)` excluded.
    func urlEnd(_ s: [Unicode.Scalar], _ i: Int) -> Int? {
        let matched = urlPrefixes.lazy.map { Array($0.unicodeScalars) }.first { p in
            i + p.count < s.count
                && p.indices.allSatisfy { Character(s[i + $0]).lowercased() == String(p[$0]) }
        }
        guard let plen = matched?.count else { return nil }
        var j = i + plen
        while j < s.count {
            let c = s[j]
            if c.properties.isWhitespace || c == "<" || c == ">" || c == "\"" || c.value < 0x20 {
                break
            }
            j += 1
        }
        // Trim trailing punctuation, then unbalanced closing parentheses.
        while j > i + plen {
            let c = s[j - 1]
            if ".,:;!?'*_~".unicodeScalars.contains(c) {
                j -= 1
            } else if c == ")" {
                let opens = s[i..<j].filter { $0 == "(" }.count
                let closes = s[i..<j].filter { $0 == ")" }.count
                if closes > opens { j -= 1 } else { break }
            } else {
                break
            }
        }
        guard j > i + plen else { return nil }
        return j
    }
}

/// The children of one block, with the text detected in their inlines.
private struct Walk: MarkupVisitor {
    let detector: TextDetector
    let depth: Int
    mutating func visit(_ blocks: [Block]) -> [Block]? { blocks.map { detector.block($0, depth) } }
    mutating func visit(_ inlines: [Inline]) -> [Inline]? { detector.inlines(inlines, depth) }
}
