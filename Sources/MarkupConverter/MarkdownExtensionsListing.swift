import MarkdownFormat

/// The Markdown extension names and values, re-exported for the CLI's `--list-extensions`.
///
/// ```swift
/// MarkdownExtensionsListing.all.map(\.name) // ["table", "strikethrough", ...]
/// ```
public enum MarkdownExtensionsListing {
    /// Every extension by name, in cmark-gfm's order.
    public static var all: [(name: String, value: MarkdownExtensions)] { MarkdownExtensions.named }
}
