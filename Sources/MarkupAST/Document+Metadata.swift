extension Document {
    /// The metadata keys every reader and writer agrees on (`Formats/metadata.md`), in the
    /// order writers list them: `title`, `author`, `published`, `description`, `keywords`,
    /// `lang`, `site_name`, `url`, `image`. Other keys (from front matter, `--metadata` or
    /// JSON) are kept as given and come after these, sorted.
    ///
    /// ```swift
    /// Document.orderedMetadata(["zeta": "z", "title": "T"]).map(\.key)  // ["title", "zeta"]
    /// ```
    public static let metadataKeys = [
        "title", "author", "published", "description", "keywords", "lang", "site_name", "url",
        "image",
    ]

    /// The pairs of `metadata` in writing order: ``metadataKeys`` first, then the rest sorted.
    public static func orderedMetadata(_ metadata: [String: String]) -> [(
        key: String, value: String
    )] {
        let known = metadataKeys.compactMap { key in metadata[key].map { (key, $0) } }
        let rest = metadata.filter { !metadataKeys.contains($0.key) }.sorted { $0.key < $1.key }
        return known + rest.map { ($0.key, $0.value) }
    }
}
