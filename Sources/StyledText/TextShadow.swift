/// A text shadow (`text-shadow`): offsets and blur in points, and a colour.
///
/// ```swift
/// TextShadow(offsetX: 1, offsetY: 2, blurRadius: 3, color: RGBAColor(hex: 0x000000))
/// ```
public struct TextShadow: Hashable, Sendable, Codable {
    /// Horizontal offset, positive to the right.
    public var offsetX: Double
    /// Vertical offset, positive down.
    public var offsetY: Double
    /// Blur radius (0: sharp).
    public var blurRadius: Double
    /// The colour; nil for the text colour (CSS `currentColor`).
    public var color: RGBAColor?

    /// Creates a shadow.
    public init(offsetX: Double, offsetY: Double, blurRadius: Double = 0, color: RGBAColor? = nil) {
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.blurRadius = blurRadius
        self.color = color
    }
}
