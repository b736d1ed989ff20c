import HTML5Parser

/// The author and publication date written in a page's text (the byline and its date), for
/// the metadata keys `author` and `published` when `<meta>` and JSON-LD give none
/// (`Formats/metadata.md`, "From the page text").
///
/// One pre-order walk over the document; navigation, asides, forms, scripts and a `<footer>`
/// outside the article are not entered, and a value found in a box whose class or id says
/// comments, related links, sharing, advertising or sidebar (`MainContentHints.isStrongChrome`)
/// is not taken. It stops once what was asked for is found at its best rank.
///
/// - Author: the first byline element inside the article (`<article>`, `<main>`,
///   `role=main|article`, `itemprop=articleBody`), else the first anywhere. A byline element is
///   an element with `itemprop=author`, an `<a rel=author>`, or one whose class or id has a word
///   containing `byline` or `author` (`by-line`, and `autor`, `auteur` at a word's start).
///   Its names are the texts of the innermost such elements inside it (only those whose class,
///   id or itemprop says `name` when there are any), deduplicated and joined with ", "; without
///   any, its own text. A byline has at most 400 bytes of text. A name is cut at `|`, `·`, `•`
///   or ` (`, loses a leading label ("Author:") and "By", "Written by", "Posted by", "Von",
///   "Por" or "Par", and counts only with 1 to 100 characters and no digit.
/// - Published: the `datetime` (else `content`, `title`, else the text) of the first element
///   with `itemprop=datePublished`, a `<time pubdate>`, or an element or `<time>` whose class
///   or id says published or pubdate; else the first `<time>` or element with a date class
///   word (`date`, `time`, `timestamp`, `dateline`, `posted`, `submitted` ...) inside the
///   article or a byline, or the first date in the byline's own text; else the first `<time>`
///   anywhere. Updated and modified dates (`updated`, `dateModified`) are not publication
///   dates. An attribute counts when it starts `YYYY-MM` and is kept as written; a text
///   counts when `dateFromText` finds a date in it, written `YYYY-MM-DD`.
///
/// Bounded: each candidate's text is read up to 400 bytes and 300 nodes, and at most 64
/// candidates of each kind are read (a found value's ancestors are checked for chrome); the
/// walk itself reads each node once, and splits no class into words.
///
/// ```swift
/// let dom = HTMLParser.parseDocument(
///     "<article><p class=byline>By Ann Lee | <time datetime=2024-05-01>May 1</time></p>")
/// HTMLPageByline.find(in: dom, author: true, published: true)
/// // Found(author: "Ann Lee", published: "2024-05-01")
/// ```
enum HTMLPageByline {
    /// What the page text gives.
    struct Found: Equatable, Sendable {
        var author: String?
        var published: String?
    }

    /// Finds the author (when `author`) and the publication date (when `published`).
    static func find(in dom: HTMLDocument, author: Bool, published: Bool) -> Found {
        guard author || published else { return Found() }
        var scan = Scan(dom: dom, needAuthor: author, needDate: published)
        dom.nodes.withUnsafeBufferPointer { scan.walk($0) }
        return Found(author: scan.author, published: scan.date)
    }

    /// What the words of a class, id or itemprop value say.
    struct Hints: OptionSet {
        let rawValue: UInt8
        static let byline = Hints(rawValue: 1)
        static let name = Hints(rawValue: 2)
        static let date = Hints(rawValue: 4)
        static let publishedDate = Hints(rawValue: 8)
        static let updated = Hints(rawValue: 16)
        static let sidebar = Hints(rawValue: 32)
    }

    /// The hints of a class, id or itemprop value, compared without case, in one pass over
    /// its bytes (it is read for every element with a class or id). Words are split at
    /// anything but ASCII letters, digits and non-ASCII: `byline` or `author` anywhere in a
    /// word, `autor` and `auteur` at its start, `by-line`; `name`; `publish` or `pubdate`;
    /// `date` or `time` at a word's start or end (not `datepicker`, `timeline`, `candidate`,
    /// `validate`), `posted` and `submitted` at its start; `updat` or `modif` (an updated
    /// date: no date hint then); `sidebar` at a word's start.
    static func hints(_ value: String) -> Hints {
        value.withUTF8InPlace { hints(bytes: $0) }
    }

    /// `hints(_:)` of a value's UTF-8 bytes.
    private static func hints(bytes b: UnsafeBufferPointer<UInt8>) -> Hints {
        var out: Hints = []
        var start = 0
        var afterBy = false
        for p in b.indices {
            let c = b[p]
            guard ClassWordBytes.isWordByte(c) else {
                afterBy = p - start == 2 && ClassWordBytes.matches(b, "by", at: start)
                start = p + 1
                continue
            }
            // Every word looked for has four letters or more, and its first two letters
            // select it: the pair (any case) is compared first, the rest only on a hit.
            guard p + 4 <= b.count else { continue }
            let atStart = p == start
            switch UInt16(c | 0x20) | UInt16(b[p + 1] | 0x20) << 8 {
            case 0x7561:  // au
                if ClassWordBytes.matches(b, "author", at: p)
                    || atStart
                        && (ClassWordBytes.matches(b, "autor", at: p)
                            || ClassWordBytes.matches(b, "auteur", at: p))
                {
                    out.insert(.byline)
                }
            case 0x7962:  // by
                if ClassWordBytes.matches(b, "byline", at: p) { out.insert(.byline) }
            case 0x696C:  // li
                if afterBy && atStart && ClassWordBytes.matches(b, "line", at: p)
                    && ClassWordBytes.wordEnds(b, p + 4)
                {
                    out.insert(.byline)
                }
            case 0x616E:  // na
                if ClassWordBytes.matches(b, "name", at: p) { out.insert(.name) }
            case 0x7075:  // up
                if ClassWordBytes.matches(b, "updat", at: p) { out.insert(.updated) }
            case 0x6F6D:  // mo
                if ClassWordBytes.matches(b, "modif", at: p) { out.insert(.updated) }
            case 0x7570:  // pu
                if ClassWordBytes.matches(b, "publish", at: p)
                    || ClassWordBytes.matches(b, "pubdate", at: p)
                {
                    out.insert(.publishedDate)
                }
            case 0x6F70:  // po
                if atStart && ClassWordBytes.matches(b, "posted", at: p) { out.insert(.date) }
            case 0x6164:  // da
                guard ClassWordBytes.matches(b, "date", at: p) else { break }
                if atStart && !ClassWordBytes.matches(b, "datepick", at: p)
                    || ClassWordBytes.wordEnds(b, p + 4)
                        && !(p - start >= 5 && ClassWordBytes.matches(b, "candi", at: p - 5))
                        && !(p - start >= 4 && ClassWordBytes.matches(b, "vali", at: p - 4))
                {
                    out.insert(.date)
                }
            case 0x6974:  // ti
                guard ClassWordBytes.matches(b, "time", at: p) else { break }
                if atStart && !ClassWordBytes.matches(b, "timeline", at: p)
                    || ClassWordBytes.wordEnds(b, p + 4)
                {
                    out.insert(.date)
                }
            case 0x7573:  // su
                if atStart && ClassWordBytes.matches(b, "submitted", at: p) { out.insert(.date) }
            case 0x6973:  // si
                if atStart && ClassWordBytes.matches(b, "sidebar", at: p) { out.insert(.sidebar) }
            default:
                break
            }
        }
        // (Not `subtract([...])`: the array literal was built on every call.)
        if out.contains(.updated) {
            out.remove(.date)
            out.remove(.publishedDate)
        }
        return out
    }
}
