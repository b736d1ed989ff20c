/// The words of `class` and `id` values (and `role`, `itemprop`) that hint at content or at
/// chrome, for `MainContent`.
///
/// A value is split into words at anything but letters and digits (`post-body` -> `post`,
/// `body`; `sidebarLeft` stays one word, matched by its prefix `sidebar`). Long chrome words
/// match as prefixes (`comments`, `sharing`, `related-posts`); short ones (`ad`, `nav`)
/// only whole.
enum MainContentHints {
    /// +25 for content words, -25 for chrome words (both can apply: 0).
    static func weight(classes: String?, id: String?) -> Int {
        var positive = false
        var negative = false
        for value in [classes, id] {
            for word in value.map(words) ?? [] {
                positive = positive || contentWords.contains(word)
                negative = negative || isChromeWord(word)
            }
        }
        return (positive ? 25 : 0) - (negative ? 25 : 0)
    }

    /// Whether a class or id word names a byline, a date or a counter (`byline`,
    /// `author`, `time`, `views`): chrome when the element is short.
    static func isMetaLine(classes: String?, id: String?) -> Bool {
        anyWord(classes, id, metaWords.contains)
    }

    private static let metaWords: Set<Substring> = [
        "author", "authors", "byline", "dateline", "date", "time", "timestamp", "published",
        "pubdate", "writtenby", "views", "like", "likes", "credit", "credits",
    ]

    /// Whether a class or id word names chrome that is never the article's, even as prose:
    /// comments, related and promoted links, sharing, advertising, consent, site navigation,
    /// footers and calls for readers' submissions (`invitation`, `submission`). (A `sidebar` or a `widget` of prose inside the article is kept.)
    static func isStrongChrome(classes: String?, id: String?) -> Bool {
        anyWord(classes, id) { word in
            strongWords.contains(word) || strongPrefixes.contains(where: { word.hasPrefix($0) })
        }
    }

    private static let strongWords: Set<Substring> = [
        "ad", "ads", "adv", "advert", "promo", "sponsor", "sponsored", "cookie", "cookies",
        "consent", "nav", "navbar", "menu", "breadcrumb", "breadcrumbs", "disqus", "reply",
        "invitation",
    ]

    private static let strongPrefixes: [String] = [
        "advertis", "comment", "footer", "newsletter", "recommend", "related", "share",
        "sharing", "social", "subscri", "navigation", "submission",
    ]

    /// Whether a class or id word names a part of a post or a product that is not its text:
    /// the author's box (`postprofile`, `userinfo`, `avatar`, `rank`, `karma`), votes,
    /// the signature, ratings and reviews (`stars`, `bewertungen`). Asked of every element
    /// of the content: it reads the values' bytes and allocates nothing.
    static func isPostChrome(classes: String?, id: String?) -> Bool {
        for value in [classes, id] {
            guard var value, !value.isEmpty else { continue }
            let found = value.withUTF8 { bytes in
                var start = 0
                while start < bytes.count {
                    guard ClassWordBytes.isWordByte(bytes[start]) else {
                        start += 1
                        continue
                    }
                    var end = start
                    while end < bytes.count, ClassWordBytes.isWordByte(bytes[end]) { end += 1 }
                    let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    if postChromeWords.contains(where: {
                        word.count == $0.utf8CodeUnitCount
                            && ClassWordBytes.matches(word, $0, at: 0)
                    }) || ClassWordBytes.matches(word, postChromePrefix, at: 0) {
                        return true
                    }
                    start = end
                }
                return false
            }
            if found { return true }
        }
        return false
    }

    private static let postChromeWords: [StaticString] = [
        "profile", "postprofile", "userinfo", "postauthor", "poster", "postdetails", "avatar",
        "rank", "karma", "vote", "votes", "signature", "rating", "ratings", "stars",
        "review", "reviews", "usercard", "authorinfo",
    ]

    private static let postChromePrefix: StaticString = "bewertung"

    static func words(_ value: String) -> [Substring] {
        value.lowercased().split { !($0.isLetter || $0.isNumber) }
    }

    /// Whether a word of `classes` or of `id` passes `test` (the id is not split when a class
    /// word passes).
    private static func anyWord(
        _ classes: String?, _ id: String?, _ test: (Substring) -> Bool
    ) -> Bool {
        for value in [classes, id] {
            if let value, words(value).contains(where: test) { return true }
        }
        return false
    }

    private static let contentWords: Set<Substring> = [
        "article", "articlebody", "body", "content", "entry", "hentry", "main", "page", "post",
        "text", "blog", "story", "prose", "markdown", "docs", "documentation", "rst",
        "maincontent", "postbody", "storybody", "articletext", "instapaper_body",
    ]

    private static let chromeWords: Set<Substring> = [
        "ad", "ads", "adv", "advert", "banner", "combx", "contact", "disqus", "extra", "foot",
        "gdpr", "masthead", "menu", "meta", "modal", "nav", "navbar", "outbrain", "pager",
        "popup", "promo", "remark", "rss", "scroll", "shoutbox", "skyscraper", "sponsor",
        "sponsored", "tags", "tag", "taboola", "tool", "tools", "widget", "breadcrumb",
        "breadcrumbs", "byline", "dateline", "login", "signup", "trending", "popular",
        "cookie", "cookies", "consent", "print", "hidden", "jump", "toc", "invitation",
    ]

    private static let chromePrefixes: [String] = [
        "advertis", "comment", "community", "footer", "header", "navigation", "newsletter",
        "pagination", "recommend", "related", "share", "sharing", "sidebar", "social",
        "subscri", "toolbar", "masthead", "dropdown", "carousel", "most-", "submission",
    ]

    private static func isChromeWord(_ word: Substring) -> Bool {
        if chromeWords.contains(word) { return true }
        return chromePrefixes.contains { word.hasPrefix($0) }
    }
}
