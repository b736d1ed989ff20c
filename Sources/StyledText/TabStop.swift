/// A tab stop: where the text after a tab goes, in points from the paragraph's leading edge,
/// and which of its edges (or its centre) sits there.
///
/// A left stop starts the text at `location`; a right stop ends it there; a centre stop
/// centres it there (up to the next tab or the end of the line), as Apple's `NSTextTab` does.
/// Table rows use right and centre stops for right- and centre-aligned cells; a number
/// literal is a left stop.
///
/// ```swift
/// let stops: [TabStop] = [40, TabStop(120, alignment: .right)]
/// stops[0].alignment  // .left
/// stops[1].location  // 120
/// ```
public struct TabStop: Hashable, Sendable {
    /// How the text after a tab lines up with its stop.
    public enum Alignment: String, Hashable, Sendable, Codable, CaseIterable {
        /// The text starts at the stop.
        case left
        /// The text is centred on the stop.
        case center
        /// The text ends at the stop.
        case right
    }

    /// Points from the paragraph's leading edge.
    public var location: Double
    /// How the text lines up with `location`.
    public var alignment: Alignment

    /// Creates a tab stop (left unless told).
    public init(_ location: Double, alignment: Alignment = .left) {
        self.location = location
        self.alignment = alignment
    }
}

extension TabStop: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// A left stop at `value` points.
    public init(floatLiteral value: Double) {
        self.init(value)
    }

    /// A left stop at `value` points.
    public init(integerLiteral value: Int) {
        self.init(Double(value))
    }
}

extension TabStop: Codable {
    private enum CodingKeys: String, CodingKey {
        case location
        case alignment
    }

    /// Decodes a bare number (a left stop, the form `ParagraphStyle` stored before stops had
    /// an alignment) or `{"location": 120, "alignment": "right"}`.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer(),
            let location = try? single.decode(Double.self)
        {
            self.init(location)
            return
        }
        let keyed = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try keyed.decode(Double.self, forKey: .location),
            alignment: try keyed.decodeIfPresent(Alignment.self, forKey: .alignment) ?? .left)
    }

    /// Encodes a left stop as a bare number and any other as `location` and `alignment`.
    public func encode(to encoder: any Encoder) throws {
        if alignment == .left {
            var single = encoder.singleValueContainer()
            try single.encode(location)
        } else {
            var keyed = encoder.container(keyedBy: CodingKeys.self)
            try keyed.encode(location, forKey: .location)
            try keyed.encode(alignment, forKey: .alignment)
        }
    }
}
