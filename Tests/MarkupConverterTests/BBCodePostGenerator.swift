import BBCodeFormat
import Foundation
import HTMLFormat
import MarkupAST
import MarkupConverter
import Testing

/// Random BBCode posts built from fragments that hit the readers' edge cases.
///
/// Well-formed posts nest properly (inline tags hold inline content, blocks stand at block
/// level, lists hold items) and use values the reader rejects (`[color=bad!]`, `javascript:`
/// links, tables) only rarely, since one of those anywhere sends the whole post down the AST
/// path. Malformed posts are well-formed ones broken on purpose.
struct BBCodePostGenerator {
    private var random: SplitMix64

    /// The deepest nesting of generated blocks.
    static let maxBlockDepth = 3
    /// The deepest nesting of generated inline tags.
    static let maxInlineDepth = 4
    /// How often a well-formed post uses a fragment the reader rejects or reports.
    static let unusualRate = 0.02

    /// Creates a generator whose posts are fixed by `seed`.
    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    // MARK: Random choices

    /// True with probability `probability`.
    private mutating func chance(_ probability: Double) -> Bool {
        Double(random.next() >> 11) / Double(1 << 53) < probability
    }

    /// A number in `range`.
    private mutating func number(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(random.next() % UInt64(range.count))
    }

    /// One of `items`.
    private mutating func pick<T>(_ items: [T]) -> T {
        items[number(0...(items.count - 1))]
    }

    /// One of `usual`, or now and then one of `unusual`.
    private mutating func pick<T>(_ usual: [T], rarely unusual: [T]) -> T {
        chance(Self.unusualRate) ? pick(unusual) : pick(usual)
    }

    /// One of `choices`, chosen by weight; the chosen closure runs.
    private mutating func weighted(_ choices: [(Int, (inout Self) -> String)]) -> String {
        var roll = number(0...(choices.reduce(0) { $0 + $1.0 } - 1))
        for (weight, make) in choices {
            if roll < weight { return make(&self) }
            roll -= weight
        }
        return choices[choices.count - 1].1(&self)
    }

    /// `name` in lower case, upper case, or with an upper-case first letter.
    private mutating func randomCase(_ name: String) -> String {
        switch number(0...9) {
        case 0: name.uppercased()
        case 1: name.prefix(1).uppercased() + name.dropFirst()
        default: name
        }
    }

    // MARK: Fragments

    /// Words and text with characters HTML escapes or that look like markup.
    static let words = [
        "hello", "world", "a", "x", "Foo", "bar", "forum", "post", "1", "42", "é", "Zoë",
        "naïve", "日本語", "😀", "👍🏽", "ß", "e\u{301}", "don't", "\"hi\"", "a&b", "x<y",
        "y>z", "&amp;", "&lt;", "&#39;", "&nbsp;", "<b>", "</p>", "100%", "--", "...", "*",
        "_x_", "`t`", "#", "\\", "'", "\"", ">", "<", "&", "=", "/", "a=b", "x/y", "@",
        String(repeating: "long", count: 40),
    ]
    /// Characters that are rare in posts but legal: controls, separators, marks.
    static let oddCharacters = [
        "\u{0}", "\u{1}", "\u{7F}", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}",
        "\u{FEFF}", "\u{200B}", "\u{A0}", "\u{FFFD}", "\u{10FFFF}", "\r",
    ]
    /// Runs of blanks.
    static let spaces = [" ", " ", " ", "  ", "\t", " \t ", "\u{A0}"]
    /// Brackets that are not tags (or only just are).
    static let literalBrackets = [
        "[foo]", "[", "]", "[b", "[/x]", "[]", "[/]", "[ b]", "[foo=bar]", "[/foo]", "[*",
        "[url", "[=x]", "[b=", "[/b", "[1]", "[hr", "[quote", "[list=", "[/b ]", "[ /b]",
        "[*x]", "[b\n]", "[/*x]", "[noparse", "[code", "[url=", "[img]", "[/ b]",
    ]
    /// Text that autolinking may or may not turn into links.
    static let bareURLs = [
        "https://example.com/a?b=1&c=2", "www.example.org", "ftp://x.y/z", "http://",
        "https://example.com.", "(https://example.com/x)", "https://example.com/path_(1)",
        "www.", "http://a.b/c,", "HTTPS://EXAMPLE.COM", "https://例え.jp/パス",
        "https://a.b/<x>", "https://a.b/\"q\"", "mailto:me@example.com", "https://a.b/'q'",
        "https://a.b/c?d=e&amp;f", "https://a.b/%20x", "www.a.b/c.", "https://a.b/c!",
        "https://a.b/c;", "https://a.b/c:", "https://a.b/c?", "<https://a.b/>", "https://a",
        "http://a.b\u{A0}c", "https://a.b/]", "https://a.b/x]y", "https://a.b/[x]",
        "xhttps://a.b/", "awww.b.c", "https://a.b/#frag", "https://user@a.b/",
    ]
    /// Addresses and near-addresses (never autolinked).
    static let emails = ["me@example.com", "a.b+c@d.example", "x@y", "@home", "user@"]
    /// Inline tags without a value.
    static let simpleInlineTags = ["b", "i", "u", "s", "strike", "sub", "sup"]
    /// Inline tags with a value the reader accepts, and their names.
    static let valueTags: [(open: String, name: String)] = [
        ("color=#abc", "color"), ("color=red", "color"), ("color=#A1B2C3", "color"),
        ("color=\"blue\"", "color"), ("COLOR=Red", "color"), ("color='green'", "color"),
        ("size=150", "size"), ("size=7", "size"), ("size=1", "size"), ("size=85", "size"),
        ("size=\"120\"", "size"), ("font=Arial", "font"), ("font=\"Comic Sans\"", "font"),
        ("font='Times New Roman'", "font"), ("highlight", "highlight"),
    ]
    /// Inline tags with a value the reader rejects or reports.
    static let unusualValueTags: [(open: String, name: String)] = [
        ("color=bad!", "color"), ("size=abc", "size"), ("font=a;b", "font"), ("color=", "color"),
        ("size=0", "size"), ("size=999", "size"), ("color=#abcd", "color"),
        ("color=red;x:y", "color"), ("font=\"a\"b\"", "font"),
    ]
    /// `url=` openings the reader accepts (without brackets).
    static let linkOpenings = [
        "url=https://x.y/", "url=\"https://x.y/?a=1 b\"", "url=www.x.com title=t",
        "url=https://a.b/?q=<x>&r='y'", "url=/relative", "url=ftp://x.y/", "url=https://ex.com/é",
        "URL='https://x.y/'", "url=mailto:a@b.c", "url=#top", "url=https://x.y/ title=\"a & b\"",
        "url=\"https://x.y/\" title=", "url=HTTPS://X.Y/", "url=?q=1", "url=a b",
    ]
    /// `url=` openings with an unsafe or empty address.
    static let unusualLinkOpenings = [
        "url=javascript:alert(1)", "url=", "url=JavaScript:x", "url=data:text/html,x",
        "url=vbscript:x", "url= javascript:x",
    ]
    /// Tags whose content is raw: links and e-mail as content, images, videos, code.
    static let rawInlines = [
        "[url]https://a.b/[/url]", "[url] www.a.b [/url]", "[url]not a url[/url]",
        "[url]https://a.b/?x=1&y=<2>[/url]", "[email]a@b.c[/email]", "[email=a@b.c]x[/email]",
        "[email]nobody[/email]", "[img]https://i/x.png[/img]",
        "[img=10x20]https://i/y.png[/img]",
        "[img width=5 height=6 alt=\"a b\"]https://i/z.png[/img]",
        "[img] https://i/s.png [/img]", "[youtube]dQw4w9WgXcQ[/youtube]", "[youtube]bad[/youtube]",
        "[youtube]https://www.youtube.com/watch?v=dQw4w9WgXcQ[/youtube]",
        "[youtube]https://youtu.be/dQw4w9WgXcQ[/youtube]", "[youtube] dQw4w9WgXcQ [/youtube]",
        "[noparse][b]x[/b][/noparse]", "[noparse]<&>[/noparse]", "[noparse][/noparse]",
        "[noparse]a\nb[/noparse]", "[code]x[/code]", "[code]a < b && c[/code]",
        "[CODE]x[/Code]", "[code][b]no[/b][/code]", "[code] [/code]", "[img]/rel.png[/img]",
        "[img=0x0]https://i/0.png[/img]", "[img alt=\"<&>\"]https://i/a.png[/img]",
        "[img=10]https://i/10.png[/img]", "[img]https://i/a b.png[/img]",
        "[url]https://a\nb[/url]", "[email] a@b.c [/email]", "[url]www.[/url]",
        "[url][b]x[/b][/url]", "[img]https://i/x.png?a=1&b=2[/img]",
    ]
    /// Raw tags the reader rejects or reports.
    static let unusualRawInlines = [
        "[img]javascript:x[/img]", "[url]javascript:alert(1)[/url]", "[img][/img]",
        "[code]a\r\nb[/code]", "[[b]]",
    ]
    /// Quote openings: plain, with an author, with phpBB attributes.
    static let quoteOpenings = [
        "[quote]", "[quote=ann]", "[quote=\"Carol D\" post_id=12 time=3]", "[quote author=bob]",
        "[QUOTE=Dave]", "[quote=\"a & <b>\"]", "[quote=\"\"]", "[quote user_id=7]", "[quote=]",
        "[quote='a b']", "[quote=a b]", "[quote=\"x\" time=1700000000 user_id=3]",
        "[quote name=n]", "[quote=日本]",
    ]
    /// List openings the reader accepts (without brackets).
    static let listOpenings = [
        "list", "list=1", "list=3", "list=a", "list=A", "list=i", "list=I", "list=disc",
        "LIST", "list=circle", "list=square", "list=0", "list=-1", "list=01", "list=\"1\"",
    ]
    /// List openings with a value the reader reports.
    static let unusualListOpenings = ["list=zzz", "list=", "list=1.5", "list=b"]
    /// Alignment, indent and spoiler blocks, and their names.
    static let containerTags: [(open: String, name: String)] = [
        ("center", "center"), ("left", "left"), ("right", "right"), ("justify", "justify"),
        ("indent", "indent"), ("spoiler", "spoiler"), ("spoiler=Title", "spoiler"),
        ("spoiler=\"A & B\"", "spoiler"), ("CENTER", "center"), ("spoiler=", "spoiler"),
        ("indent=2", "indent"), ("center=x", "center"),
    ]
    /// Code on its own line (a block) or followed by more on the line (inline).
    static let codeBlocks = [
        "[code]x[/code]", "[code]\nlet a = 1\n[/code]", "[code=swift]\nlet a = 1 < 2\n[/code]",
        "[code]  indented\n\ttab & <tag>\n\n[/code]", "[code=c++]int x;[/code]",
        "[code=\"js\"]\na()\n[/code]", "[code]\n\n[/code]", "[code]line[/code] after",
        "[code][/code]", "[code]\n[/code]", "[code=]x[/code]", "[code=a b]x[/code]",
        "[code]a\n\n\nb[/code]", "[code] x [/code] ", "[code]x[/code][b]y[/b]",
        "[code]x[/code][foo]", " [code]x[/code]", "[code]x[/code]\t",
        "[code=swift]\r\n", "[code]]x[[/code]", "[code][code]x[/code]",
    ]
    /// Tables (the direct path leaves them to the AST path).
    static let tables = [
        "[table][tr][td]x[/td][/tr][/table]", "[table][tr][th]h[/th][/tr][/table]",
    ]
    /// What stands between two blocks.
    static let blockSeparators = [
        "\n", "\n\n", "\n\n", "\n \n", "\r\n", "\r\n\r\n", "\n\n\n", "\n\t\n", "", "\r",
        "\r\r", " \n", "\n ",
    ]
    /// What stands between two lines of a paragraph.
    static let lineSeparators = ["\n", "\n", "\r\n", " \n", "\n ", "\t\n", "\r", "  \r\n"]

    // MARK: Well-formed posts

    /// A properly nested post.
    mutating func wellFormedPost() -> String {
        var post = ""
        if chance(0.1) { post += pick(["\n", "\n\n", "\r\n", " \n", "\n \n", "\r"]) }
        post += blocks(depth: 0, count: number(1...4))
        if chance(0.25) { post += pick(["\n", "\n\n", "\r\n", "\n\n\n", " ", "\n ", "\r"]) }
        return post
    }

    /// `count` blocks separated by line ends.
    private mutating func blocks(depth: Int, count: Int) -> String {
        var text = ""
        for index in 0..<count {
            if index > 0 { text += pick(Self.blockSeparators) }
            text += block(depth: depth)
        }
        return text
    }

    /// One block: a paragraph, a quote, a list, a container, code or a rule.
    private mutating func block(depth: Int) -> String {
        guard depth < Self.maxBlockDepth else { return paragraph() }
        return weighted([
            (45, { $0.paragraph() }),
            (10, { $0.quote(depth: depth) }),
            (10, { $0.list(depth: depth) }),
            (7, { $0.container(depth: depth) }),
            (6, { $0.pick(Self.codeBlocks) }),
            (3, { $0.pick(["[hr]", "[HR]", "[hr]\n", "a[hr]b", "[hr] x"]) }),
            (2, { $0.pick(["[noparse][b]x[/b]\n\n[i]y[/noparse]", "[noparse]\n[/noparse]"]) }),
            (1, { $0.deepInline(levels: $0.number(30...47)) }),
            (1, { $0.pick(["[foo=bar]unknown[/foo]", "[h1]x[/h1]", "[span]s[/span]"]) }),
            (1, { $0.pick(Self.tables) }),
        ])
    }

    /// One to three lines of inline content.
    private mutating func paragraph() -> String {
        var text = inline(depth: 0, inLink: false)
        for _ in 0..<number(0...2) {
            text += pick(Self.lineSeparators) + inline(depth: 0, inLink: false)
        }
        return text
    }

    /// A quote holding blocks.
    private mutating func quote(depth: Int) -> String {
        let opening = pick(Self.quoteOpenings)
        let inner =
            chance(0.15) ? quote(depth: depth + 1) : blocks(depth: depth + 1, count: number(1...2))
        return opening + lineBreakAtEdge() + inner + lineBreakAtEdge()
            + pick(["[/quote]", "[/QUOTE]"])
    }

    /// A list of one to four items, some holding blocks or a nested list.
    private mutating func list(depth: Int) -> String {
        let opening = pick(Self.listOpenings, rarely: Self.unusualListOpenings)
        let name = String(opening.prefix { $0 != "=" })
        var text = "[\(opening)]" + pick(["", "\n", "\n", " ", "\r\n", "\n\n"])
        for _ in 0..<number(1...4) {
            text += "[*]" + pick(["", " ", "", "\n"])
            if depth + 1 < Self.maxBlockDepth && chance(0.1) {
                text += weighted([
                    (3, { $0.list(depth: depth + 1) }),
                    (1, { $0.quote(depth: depth + 1) }),
                    (1, { $0.pick(Self.codeBlocks) }),
                    (1, { $0.container(depth: depth + 1) }),
                ])
            } else {
                text += inline(depth: 0, inLink: false)
                if depth + 1 < Self.maxBlockDepth && chance(0.12) {
                    text += pick(["\n", ""]) + list(depth: depth + 1)
                }
            }
            if chance(0.3) { text += "[/*]" }
            text += pick(["\n", "\n", "", " ", "\r\n", "\n\n"])
        }
        return text + "[/\(name)]"
    }

    /// An alignment, indent or spoiler block holding blocks.
    private mutating func container(depth: Int) -> String {
        let tag = pick(Self.containerTags)
        return "[\(tag.open)]" + lineBreakAtEdge() + blocks(depth: depth + 1, count: number(1...2))
            + lineBreakAtEdge() + "[/\(tag.name)]"
    }

    /// Usually nothing, sometimes a line end (just inside a block tag).
    private mutating func lineBreakAtEdge() -> String {
        chance(0.35) ? pick(["\n", "\n", "\r\n", "\n\n", " \n", "\r"]) : ""
    }

    /// Properly nested inline tags `levels` deep around one word.
    private mutating func deepInline(levels: Int) -> String {
        let names = (0..<levels).map { _ in pick(Self.simpleInlineTags) }
        return names.map { "[\($0)]" }.joined() + pick(Self.words)
            + names.reversed().map { "[/\($0)]" }.joined()
    }

    /// A run of inline content: text, brackets, URLs and properly nested inline tags.
    private mutating func inline(depth: Int, inLink: Bool) -> String {
        var text = ""
        for _ in 0..<number(1...6) {
            text += inlineAtom(depth: depth, inLink: inLink)
        }
        return text
    }

    /// One piece of inline content.
    private mutating func inlineAtom(depth: Int, inLink: Bool) -> String {
        let nests = depth < Self.maxInlineDepth
        return weighted([
            (30, { $0.pick(Self.words) }),
            (14, { $0.pick(Self.spaces) }),
            (2, { $0.pick(Self.oddCharacters) }),
            (3, { $0.pick(Self.literalBrackets) }),
            (inLink ? 1 : 6, { $0.pick(Self.bareURLs) }),
            (2, { $0.pick(Self.emails) }),
            (nests ? 14 : 0, { $0.simpleInlineTag(depth: depth, inLink: inLink) }),
            (nests ? 6 : 0, { $0.valueInlineTag(depth: depth, inLink: inLink) }),
            (nests && !inLink ? 4 : 0, { $0.link(depth: depth) }),
            (inLink ? 1 : 6, { $0.pick(Self.rawInlines, rarely: Self.unusualRawInlines) }),
        ])
    }

    /// `[b]...[/b]` and the like, in random letter case.
    private mutating func simpleInlineTag(depth: Int, inLink: Bool) -> String {
        let name = pick(Self.simpleInlineTags)
        return "[\(randomCase(name))]" + inline(depth: depth + 1, inLink: inLink)
            + "[/\(randomCase(name))]"
    }

    /// `[color=...]`, `[size=...]`, `[font=...]` around inline content.
    private mutating func valueInlineTag(depth: Int, inLink: Bool) -> String {
        let tag = pick(Self.valueTags, rarely: Self.unusualValueTags)
        return "[\(tag.open)]" + inline(depth: depth + 1, inLink: inLink) + "[/\(tag.name)]"
    }

    /// `[url=...]` or `[email=...]` around inline content.
    private mutating func link(depth: Int) -> String {
        if chance(0.15) {
            return "[email=a@b.c]" + inline(depth: depth + 1, inLink: true) + "[/email]"
        }
        let opening = pick(Self.linkOpenings, rarely: Self.unusualLinkOpenings)
        return "[\(opening)]" + inline(depth: depth + 1, inLink: true) + "[/url]"
    }

    // MARK: Malformed posts

    /// A post broken on purpose: misnested, unclosed, stray, empty or very deep tags, or a
    /// well-formed post with a few characters changed.
    mutating func malformedPost() -> String {
        let base = wellFormedPost()
        return weighted([
            (10, { $0.insert($0.misnesting(), into: base) }),
            (10, { $0.removingOneClose(from: base) }),
            (8, { $0.insert($0.pick(Self.strayCloses), into: base) }),
            (6, { $0.insert($0.inlineAcrossBlankLine(), into: base) }),
            (6, { $0.insert($0.blockInsideInline(), into: base) }),
            (8, { $0.insert($0.pick(Self.emptyTags), into: base) }),
            (6, { $0.insert($0.pick(Self.lineEndsAfterOpenings), into: base) }),
            (4, { $0.deepNesting() }),
            (6, { $0.splicing(base, $0.wellFormedPost()) }),
            (4, { $0.insert($0.pick(Self.listOddities), into: base) }),
            (4, { $0.insert($0.pick(Self.unclosedRaw), into: base) }),
            (6, { $0.tagSoup() }),
            (3, { _ in base.replacingOccurrences(of: "\n", with: "\r") }),
            (4, { $0.insert($0.pick(Self.unusualFragments), into: base) }),
            (16, { $0.nearMiss(base) }),
        ])
    }

    /// Close tags with nothing open to close.
    static let strayCloses = [
        "[/b]", "[/quote]", "[/list]", "[/*]", "[/url]", "[/hr]", "[/code]", "[/color]",
        "[/center]", "[/td]", "[/table]", "[/spoiler]", "[/noparse]", "[/img]", "[/email]",
        "[/youtube]", "[/size]", "[/font]", "[/indent]",
    ]
    /// Tags with no content or only blanks.
    static let emptyTags = [
        "[b][/b]", "[b]\n[/b]", "[i] [/i]", "[quote][/quote]", "[list][/list]",
        "[url=https://x.y/][/url]", "[center]\n[/center]", "[color=red][/color]", "[*]",
        "[list][*][/list]", "[url][/url]", "[img][/img]", "[code][/code]", "[email][/email]",
        "[youtube][/youtube]", "[spoiler][/spoiler]", "[b][i][/i][/b]", "[s]\n\n[/s]",
        "[email=a@b.c][/email]", "[list]\n[/list]", "[quote=a][/quote]",
    ]
    /// Line ends just inside opening or closing tags.
    static let lineEndsAfterOpenings = [
        "[b]\nx[/b]", "[quote]\n\nx[/quote]", "[list]\n\n[*]a\n\n[*]b\n[/list]",
        "[i]\r\ny\r\n[/i]", "[center]\n\n\nc\n\n\n[/center]", "[url=https://x.y/]\nz[/url]",
        "[b]x\n[/b]", "[b]\n\n[/b]", "[u]x\r[/u]",
    ]
    /// Lists with text outside items, blocks between items, stray item tags.
    static let listOddities = [
        "[list]intro[*]a[/list]", "[list]\nintro\n[*]a\n[/list]", "[*]outside", "[list][*]a",
        "[list][*]a[/*][/*][/list]", "[list][*][b]a[*]b[/b][/list]",
        "[list][*]a\n\nstill a[/list]", "[list][quote]q[/quote][/list]",
        "[list=1][list][*]x[/list][/list]", "[list][*]a[/*]between[*]b[/list]",
        "[list][*]a[/list][/*]", "[list] [*]a[/list]", "[list][*]a[/list] tail",
        "[list][*]a[hr][*]b[/list]", "[list][/*][*]a[/list]",
    ]
    /// Raw tags without a close tag, or with a CR inside.
    static let unclosedRaw = [
        "[code]x", "[noparse]y", "[img]z", "[url]w", "[youtube]v", "[code=swift]\nlet a",
        "[code]a\r\nb[/code]", "[noparse]\r\n[/noparse]", "[email]e", "[img]a[/IMG",
    ]
    /// Every fragment a well-formed post uses only rarely.
    static let unusualFragments =
        unusualRawInlines + unusualLinkOpenings.map { "[\($0)]x[/url]" }
        + unusualValueTags.map { "[\($0.open)]x[/\($0.name)]" }
        + unusualListOpenings.map { "[\($0)][*]a[/list]" }
        + ["[table][tr][td]x[/td][/tr][/table]", "[table]x[/table]", "[tr][td]x[/td][/tr]"]
    /// What a near miss puts in: the characters that make or break tags.
    static let nearMissPieces = [
        "[", "]", "/", "=", "*", "\"", "'", " ", "\n", "\r", "\n\n", "[/", "[*]", "[/*]",
        "[b]", "[/b]", "[i]", "[/i]", "[quote]", "[/quote]", "[list]", "[/list]", "[url]",
        "[/url]", "[code]", "[/code]", "[hr]", "[noparse]", "[/noparse]", "x", "é", "\t",
        "https://", "www.", "@", "[img]", "[/img]",
    ]

    /// `base` with one to three small edits (insert, delete or replace a piece).
    private mutating func nearMiss(_ base: String) -> String {
        var characters = Array(base)
        for _ in 0..<number(1...3) {
            let position = number(0...characters.count)
            switch number(0...2) {
            case 0:
                characters.insert(contentsOf: pick(Self.nearMissPieces), at: position)
            case 1 where position < characters.count:
                let end = min(characters.count, position + number(1...4))
                characters.removeSubrange(position..<end)
            default:
                let end = min(characters.count, position + number(0...2))
                characters.replaceSubrange(position..<end, with: pick(Self.nearMissPieces))
            }
        }
        return String(characters)
    }

    /// Two inline tags closed in the wrong order.
    private mutating func misnesting() -> String {
        let first = pick(Self.simpleInlineTags)
        let second = pick(["i", "u", "color=red", "url=https://x.y/", "size=150", "s"])
        let secondName = String(second.prefix { $0 != "=" })
        return "[\(first)]a[\(second)]b[/\(first)]c[/\(secondName)]"
    }

    /// An inline tag whose content holds a blank line.
    private mutating func inlineAcrossBlankLine() -> String {
        let name = pick(Self.simpleInlineTags + ["color=red", "url=https://x.y/"])
        let closing = String(name.prefix { $0 != "=" })
        return "[\(name)]a" + pick(["\n\n", "\n \n", "\r\n\r\n", "\r\r"]) + "b[/\(closing)]"
    }

    /// A block tag inside an inline tag.
    private mutating func blockInsideInline() -> String {
        let inner = pick([
            "[quote]y[/quote]", "[list][*]a[/list]", "[center]c[/center]", "[code]\nx\n[/code]",
            "[hr]", "[table][tr][td]t[/td][/tr][/table]", "[spoiler]s[/spoiler]", "[code]x[/code]",
        ])
        let outer = pick(["b", "i", "color=red", "url=https://x.y/", "size=150"])
        let closing = String(outer.prefix { $0 != "=" })
        return "[\(outer)]" + pick(["x", ""]) + inner + pick(["z", ""]) + "[/\(closing)]"
    }

    /// Tags nested 45 to 75 deep, sometimes left unbalanced.
    private mutating func deepNesting() -> String {
        let names = (0..<number(45...75)).map { _ in
            pick(["b", "i", "u", "quote", "s", "center", "color=red", "spoiler", "list", "*"])
        }
        var text = names.map { "[\($0)]" }.joined() + pick(["x", "deep\ntext", ""])
        var closes = names.reversed().filter { $0 != "*" }.map { "[/\($0.prefix { $0 != "=" })]" }
        if chance(0.3) { closes.removeLast(min(closes.count, number(1...5))) }
        text += closes.joined()
        return text
    }

    /// `base` with `fragment` put in at a random place.
    private mutating func insert(_ fragment: String, into base: String) -> String {
        var characters = Array(base)
        characters.insert(contentsOf: fragment, at: number(0...characters.count))
        return String(characters)
    }

    /// `base` without one of its close tags.
    private mutating func removingOneClose(from base: String) -> String {
        let closes = closeTagRanges(in: base)
        guard !closes.isEmpty else { return base + pick(["[b]x", "[quote]q", "[list][*]a"]) }
        var text = base
        text.removeSubrange(pick(closes))
        return text
    }

    /// The ranges of `[/...]` in `text`.
    private func closeTagRanges(in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var searchStart = text.startIndex
        while let open = text.range(of: "[/", range: searchStart..<text.endIndex) {
            guard let close = text.range(of: "]", range: open.upperBound..<text.endIndex) else {
                break
            }
            ranges.append(open.lowerBound..<close.upperBound)
            searchStart = close.upperBound
        }
        return ranges
    }

    /// The start of one post and the end of another.
    private mutating func splicing(_ first: String, _ second: String) -> String {
        let head = Array(first)
        let tail = Array(second)
        return String(head[0..<number(0...head.count)]) + String(tail[number(0...tail.count)...])
    }

    /// Random opening and closing tags and text with no structure.
    private mutating func tagSoup() -> String {
        let pieces = [
            "[b]", "[/b]", "[i]", "[/i]", "[quote]", "[/quote]", "[list]", "[/list]", "[*]",
            "[/*]", "[url=https://x.y/]", "[/url]", "[center]", "[/center]", "[code]", "[/code]",
            "[hr]", "[color=red]", "[/color]", "[td]", "[/tr]", "x", "y z", "\n", "\n\n", " ",
            "https://a.b/", "[noparse]", "[/noparse]", "[img]", "[/img]", "[spoiler]",
            "[/spoiler]", "[email]", "[/email]", "a@b.c", "[url]", "[youtube]", "[/youtube]",
        ]
        return (0..<number(1...20)).map { _ in pick(pieces) }.joined()
    }
}
