import MarkupAST

/// What one range JSON paragraph lowers to, before consecutive list items and quote
/// paragraphs are grouped (`RangeJSONLowering.group`).
enum LoweredParagraph {
    /// Not a paragraph (not an object): ends no list or quote.
    case skipped
    /// A paragraph with nothing to show: ends a list or quote, adds nothing.
    case empty
    /// A block of its own.
    case block(Block)
    /// An item of a bullet or ordered list.
    case listItem(ListKind, ListItem)
    /// A paragraph of a block quote (nil: an empty one) and the quote's attributes.
    case quoted(Block?, Attributes)
}
