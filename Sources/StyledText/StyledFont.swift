/// A font request: what `NSFont` holds on Linux, and what the Apple adapter turns into a
/// `UIFont` / `NSFont`.
///
/// ```swift
/// StyledFont(TextStyle(fontSize: 16, fontWeight: 700)).weight // 700
/// ```
public struct StyledFont: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Families in preference order (empty: the system font).
    public var family: [String]
    /// Size in points.
    public var size: Double
    /// Weight 100-900.
    public var weight: Int
    /// Italic.
    public var italic: Bool
    /// Monospaced.
    public var monospace: Bool

    /// Creates a font request.
    public init(
        family: [String] = [], size: Double = 16, weight: Int = 400, italic: Bool = false,
        monospace: Bool = false
    ) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
        self.monospace = monospace
    }

    /// The font a resolved style asks for (unset fields take their defaults).
    public init(_ style: TextStyle) {
        self.init(
            family: style.fontFamily ?? [], size: style.fontSize ?? 16,
            weight: style.fontWeight ?? 400, italic: style.italic ?? false,
            monospace: style.monospace ?? false)
    }

    /// `"Helvetica,sans-serif 16 700 italic"`.
    public var description: String {
        var s = (family.isEmpty ? "system" : family.joined(separator: ","))
        s += " " + StyledRunsWriter.number(size) + " \(weight)"
        if italic { s += " italic" }
        if monospace { s += " monospace" }
        return s
    }
}
