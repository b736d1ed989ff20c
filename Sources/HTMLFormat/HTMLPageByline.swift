import HTML5Parser

/// The author and publication date written in a page's text (the byline and its date), for
/// the metadata keys `author` and `published` when `<meta>` and JSON-LD give none
/// (`Formats/metadata.md`, "From the page text").
///
/// One pre-order walk over the document; navigation, asides, forms, scripts, a `<footer>`
/// outside the article and boxes whose class or id says comments, related links, sharing,
/// advertising or sidebar (`MainContentHints.isStrongChrome`) are not entered. It stops once
/// what was asked for is found at its best rank.
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
/// candidates of each kind are read; the walk itself reads each node once.
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

    /// The hints of a class, id or itemprop value, split into words at anything but ASCII
    /// letters, digits and non-ASCII; compared without case.
    static func hints(_ value: String) -> Hints {
        var value = value
        return value.withUTF8 { bytes in
            var out: Hints = []
            var start = 0
            var afterBy = false
            for end in 0...bytes.count {
                if end < bytes.count && isWordByte(bytes[end]) { continue }
                if end > start {
                    let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    out.formUnion(hints(word: word, afterBy: afterBy))
                    afterBy = word.count == 2 && lower(word[0]) == 0x62 && lower(word[1]) == 0x79
                }
                start = end + 1
            }
            return out
        }
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A)
    }

    private static func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }

    private static func hints(word: UnsafeBufferPointer<UInt8>, afterBy: Bool) -> Hints {
        var out: Hints = []
        if contains(word, "byline") || contains(word, "author") || hasPrefix(word, "autor")
            || hasPrefix(word, "auteur") || afterBy && equals(word, "line")
        {
            out.insert(.byline)
        }
        if contains(word, "name") { out.insert(.name) }
        if contains(word, "updat") || contains(word, "modif") {
            out.insert(.updated)
        } else if contains(word, "publish") || contains(word, "pubdate") {
            out.insert(.publishedDate)
        } else if hasPrefix(word, "date") && !hasPrefix(word, "datepick")
            || hasSuffix(word, "date") && !contains(word, "candidat") && !contains(word, "validat")
            || hasPrefix(word, "time") && !hasPrefix(word, "timeline")
            || hasSuffix(word, "time") || hasPrefix(word, "posted") || hasPrefix(word, "submitted")
        {
            out.insert(.date)
        }
        if hasPrefix(word, "sidebar") { out.insert(.sidebar) }
        return out
    }

    private static func equals(_ word: UnsafeBufferPointer<UInt8>, _ s: StaticString) -> Bool {
        word.count == s.utf8CodeUnitCount && matches(word, s, at: 0)
    }

    private static func hasPrefix(_ word: UnsafeBufferPointer<UInt8>, _ s: StaticString) -> Bool {
        word.count >= s.utf8CodeUnitCount && matches(word, s, at: 0)
    }

    private static func hasSuffix(_ word: UnsafeBufferPointer<UInt8>, _ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        return word.count >= n && matches(word, s, at: word.count - n)
    }

    private static func contains(_ word: UnsafeBufferPointer<UInt8>, _ s: StaticString) -> Bool {
        let n = s.utf8CodeUnitCount
        guard word.count >= n else { return false }
        for at in 0...(word.count - n) where matches(word, s, at: at) { return true }
        return false
    }

    /// Whether `s` (lower-case ASCII) is at `at` in `word`, without case.
    private static func matches(
        _ word: UnsafeBufferPointer<UInt8>, _ s: StaticString, at: Int
    ) -> Bool {
        let p = s.utf8Start
        for k in 0..<s.utf8CodeUnitCount where lower(word[at + k]) != p[k] { return false }
        return true
    }
}
