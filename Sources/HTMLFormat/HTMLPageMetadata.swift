import MarkupAST

/// The metadata keys of a page (`Formats/metadata.md`), gathered from every source the HTML
/// reader finds; each key takes the value of its most trusted source.
///
/// Sources by trust, most trusted first: JSON-LD for the article (`Article`, `NewsArticle`,
/// `BlogPosting` ...), JSON-LD for the page or site (`WebPage`, `WebSite`, `Organization`),
/// OpenGraph and `article:` properties, Twitter cards, `<meta name>`, then `<title>` and
/// `<link rel=canonical>`, and last the byline and date written in the page (`HTMLPageByline`).
/// `<html lang>` is the language whatever else says.
///
/// ```swift
/// var page = HTMLPageMetadata()
/// page.offer("title", "Home | Site", from: .pageElement)
/// page.offer("title", "Home", from: .openGraph)
/// page.values["title"] // "Home"
/// ```
struct HTMLPageMetadata: Sendable {
    /// Where a value came from; a lower rank wins.
    enum Source: Int, Sendable {
        case language = 0
        case articleJSONLD
        case pageJSONLD
        case openGraph
        case twitter
        case metaName
        /// `<title>` and `<link rel=canonical>`.
        case pageElement
        /// The byline and date in the page's text (`HTMLPageByline`).
        case pageText
    }

    /// The chosen value of each key.
    private(set) var values: [String: String] = [:]
    private var ranks: [String: Source] = [:]
    /// Notes about sources that could not be read (invalid JSON-LD).
    private(set) var diagnostics: [Diagnostic] = []

    /// Records `value` for `key` unless a more trusted source gave one; blank values are
    /// ignored, white space is collapsed.
    mutating func offer(_ key: String, _ value: String, from source: Source) {
        // The rank first: a value a more trusted source already gave is not split at all.
        if let rank = ranks[key], rank.rawValue <= source.rawValue { return }
        let collapsed: String
        if Self.isCollapsedASCII(value) {
            collapsed = value
        } else {
            let words = value.split(whereSeparator: { $0.isWhitespace })
            guard !words.isEmpty else { return }
            collapsed = words.joined(separator: " ")
        }
        values[key] = collapsed
        ranks[key] = source
    }

    /// Whether `value` is non-empty ASCII whose white space is already collapsed (single
    /// spaces between words, none at the ends): what splitting at white space and joining
    /// with spaces would return unchanged. (ASCII white space, as `Character.isWhitespace`
    /// sees it: tab, line feed, vertical tab, form feed, carriage return and space.)
    private static func isCollapsedASCII(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { bytes in
            guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20
            else { return false }
            var previous: UInt8 = 0
            for byte in bytes {
                if byte >= 0x80 || (byte >= 0x09 && byte <= 0x0D) { return false }
                if byte == 0x20 && previous == 0x20 { return false }
                previous = byte
            }
            return true
        }
    }

    /// Reads a `<meta>` element's `name` or `property` and `content`.
    mutating func meta(name rawName: String, content: String) {
        let name = rawName.lowercased()
        switch name {
        case "description", "author", "keywords":
            offer(name, content, from: .metaName)
        case "og:title", "og:description", "og:site_name", "og:image", "og:url":
            offer(
                name == "og:site_name" ? "site_name" : String(name.dropFirst(3)), content,
                from: .openGraph)
        case "article:published_time":
            offer("published", content, from: .openGraph)
        case "article:author":
            // Often a profile URL, not a name: only a name is an author.
            if !content.hasPrefix("http://") && !content.hasPrefix("https://") {
                offer("author", content, from: .openGraph)
            }
        case "twitter:title", "twitter:description", "twitter:image":
            offer(String(name.dropFirst(8)), content, from: .twitter)
        default:
            break
        }
    }

    // MARK: - JSON-LD

    /// Reads the text of a `<script type="application/ld+json">`: an object, an array of
    /// objects, or an object with an `@graph` array. Invalid JSON is a note.
    mutating func jsonLD(_ text: String) {
        guard let parsed = JSONLDValue.parse(text) else {
            diagnostics.append(
                Diagnostic(
                    .note, .parseMetadata, "ignored a JSON-LD script that is not valid JSON"))
            return
        }
        // Two levels at most: a list of objects, each maybe with an @graph list.
        var objects: [[String: JSONLDValue]] = []
        for item in parsed.items ?? [parsed] {
            guard let object = item.members else { continue }
            objects.append(object)
            if let graph = object["@graph"]?.items {
                objects += graph.compactMap(\.members)
            }
        }
        var byID: [String: [String: JSONLDValue]] = [:]
        for object in objects {
            if let id = object["@id"]?.string { byID[id] = object }
        }
        for object in objects { read(object, byID: byID) }
    }

    private static let articleTypes: Set<String> = [
        "Article", "NewsArticle", "BlogPosting", "TechArticle", "ScholarlyArticle", "Report",
        "ReportageNewsArticle", "AnalysisNewsArticle", "OpinionNewsArticle", "SocialMediaPosting",
        "DiscussionForumPosting", "LiveBlogPosting", "Recipe", "HowTo", "Review",
    ]

    private mutating func read(
        _ object: [String: JSONLDValue], byID: [String: [String: JSONLDValue]]
    ) {
        let types = Self.strings(object["@type"])
        let source: Source
        if types.contains(where: { Self.articleTypes.contains($0) }) {
            source = .articleJSONLD
        } else if types.contains(where: { $0.hasSuffix("WebPage") }) {
            source = .pageJSONLD
        } else {
            // A site or publisher gives only its name.
            if types.contains("WebSite") || types.contains("Organization"),
                let name = object["name"]?.string
            {
                offer("site_name", name, from: .pageJSONLD)
            }
            return
        }
        if let headline = (object["headline"] ?? object["name"])?.string {
            offer("title", headline, from: source)
        }
        if let description = object["description"]?.string {
            offer("description", description, from: source)
        }
        if let date = object["datePublished"]?.string { offer("published", date, from: source) }
        if let url = object["url"]?.string { offer("url", url, from: source) }
        if let language = object["inLanguage"]?.string { offer("lang", language, from: source) }
        let keywords = Self.strings(object["keywords"])
        if !keywords.isEmpty { offer("keywords", keywords.joined(separator: ", "), from: source) }
        let authors = Self.names(object["author"], byID: byID)
        if !authors.isEmpty { offer("author", authors.joined(separator: ", "), from: source) }
        if let publisher = Self.names(object["publisher"], byID: byID).first {
            offer("site_name", publisher, from: source)
        }
        if let image = Self.imageURL(object["image"], byID: byID) {
            offer("image", image, from: source)
        }
    }

    /// A string or the strings of an array.
    private static func strings(_ value: JSONLDValue?) -> [String] {
        if let string = value?.string { return [string] }
        return value?.items?.compactMap(\.string) ?? []
    }

    /// The object itself, or the object its `@id` names in the graph.
    private static func resolve(
        _ value: JSONLDValue, byID: [String: [String: JSONLDValue]]
    ) -> [String: JSONLDValue]? {
        guard let object = value.members else { return nil }
        if object["name"] == nil && object["url"] == nil, let id = object["@id"]?.string {
            return byID[id] ?? object
        }
        return object
    }

    /// Names from a string, a `{"name": ...}` object (or a reference to one), or an array.
    private static func names(
        _ value: JSONLDValue?, byID: [String: [String: JSONLDValue]]
    ) -> [String] {
        guard let value else { return [] }
        let items = value.items ?? [value]
        return items.compactMap { item in
            if let name = item.string { return name }
            return resolve(item, byID: byID)?["name"]?.string
        }
    }

    /// The first URL of a string, an `ImageObject` (`url`), or an array of either.
    private static func imageURL(
        _ value: JSONLDValue?, byID: [String: [String: JSONLDValue]]
    ) -> String? {
        guard let value else { return nil }
        let first = value.items?.first ?? value
        if let url = first.string { return url }
        return resolve(first, byID: byID)?["url"]?.string
    }
}
