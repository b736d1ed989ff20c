extension PlatformValues {
    /// A text shadow as drawn: offsets in points (positive right and down, as `NSShadow`
    /// draws them at the declared minimums), blur radius and a colour (the text colour, else
    /// black, when the CSS shadow names none).
    public struct Shadow: Hashable, Sendable, Codable {
        public var offsetX: Double
        public var offsetY: Double
        public var blurRadius: Double
        public var color: RGBAColor

        /// Creates a shadow.
        public init(offsetX: Double, offsetY: Double, blurRadius: Double, color: RGBAColor) {
            self.offsetX = offsetX
            self.offsetY = offsetY
            self.blurRadius = blurRadius
            self.color = color
        }
    }

    /// The value of one run attribute beyond the font, colours, lines, kern, offset and link.
    public enum RunValue: Hashable, Sendable {
        /// An `NSNumber` holding a floating-point value.
        case number(Double)
        /// An `NSNumber` holding an integer.
        case integer(Int)
        /// An `NSArray` of integer `NSNumber`s.
        case integers([Int])
        /// A colour (`UIColor`/`NSColor` on Apple platforms).
        case color(RGBAColor)
        /// A shadow (`NSShadow` on Apple platforms).
        case shadow(Shadow)
        /// A tap target, as it is.
        case tap(TapTarget)
        /// A string (custom attributes).
        case string(String)
    }

    /// One run attribute: its key name and value.
    public struct RunAttribute: Hashable, Sendable {
        /// The key name (`NSStrokeWidth`).
        public var key: String
        /// The value.
        public var value: RunValue

        /// Creates an attribute.
        public init(_ key: String, _ value: RunValue) {
            self.key = key
            self.value = value
        }
    }

    /// The attribute key of a run's tap target (`TapTarget`: role and value).
    public static let tapTargetKey = "MConvTapTarget"

    /// The run attributes of `style` beyond the font, colours, lines, kern, baseline offset
    /// and link, in this order: `NSShadow`, `NSStrokeWidth` (-100 x width / font size:
    /// negative, so the text is stroked and filled, as `-webkit-text-stroke` draws it),
    /// `NSStrokeColor` (only with a width; unset it is the text colour), `NSLigature` (0, 1,
    /// 2), `NSExpansion`, `NSObliqueness`, `NSWritingDirection` (one embedding: 0
    /// left-to-right, 1 right-to-left), `MConvTapTarget` (every tappable run, links
    /// included), `NSToolTip` (the text's `title`; AppKit shows it on hover), then the custom
    /// attributes by key (later keys win over the ones before).
    ///
    /// ```swift
    /// let stroke = PlatformValues.runAttributes(TextStyle(fontSize: 20, strokeWidth: 2))
    /// stroke.map(\.key)  // ["NSStrokeWidth"]
    /// stroke[0].value    // .number(-10): 2pt is 10% of 20pt, negative to stroke and fill
    /// ```
    public static func runAttributes(_ style: TextStyle) -> [RunAttribute] {
        guard style.boxed != nil || style.link != nil else { return [] }
        var out: [RunAttribute] = []
        if let s = style.shadow {
            let color = s.color ?? style.foreground ?? RGBAColor(hex: 0)
            out.append(
                RunAttribute(
                    "NSShadow",
                    .shadow(
                        Shadow(
                            offsetX: s.offsetX, offsetY: s.offsetY,
                            blurRadius: max(s.blurRadius, 0), color: color))))
        }
        if let w = style.strokeWidth, w > 0, w.isFinite {
            let size = font(StyledFont(style)).size
            out.append(RunAttribute("NSStrokeWidth", .number(-100 * w / size)))
            if let c = style.strokeColor { out.append(RunAttribute("NSStrokeColor", .color(c))) }
        }
        if let l = style.ligatures {
            let value = l == Ligatures.none ? 0 : l == .standard ? 1 : 2
            out.append(RunAttribute("NSLigature", .integer(value)))
        }
        if let e = style.expansion, e != 0, e.isFinite {
            out.append(RunAttribute("NSExpansion", .number(e)))
        }
        if let o = style.obliqueness, o != 0, o.isFinite {
            out.append(RunAttribute("NSObliqueness", .number(o)))
        }
        if let d = style.writingDirection {
            out.append(RunAttribute("NSWritingDirection", .integers([d == .rtl ? 1 : 0])))
        }
        if let t = style.tap { out.append(RunAttribute(tapTargetKey, .tap(t))) }
        if let t = style.toolTip { out.append(RunAttribute("NSToolTip", .string(t))) }
        for (key, value) in (style.customAttributes ?? [:]).sorted(by: { $0.key < $1.key })
        where !isReservedKey(key) {
            out.append(RunAttribute(key, .string(value)))
        }
        return out
    }

    /// Whether a custom attribute may not use `key`: the platform's keys (`NSFont`,
    /// `NSColor` ...) and mconv's own (`MConvTapTarget`) take typed values, and a string in
    /// their place traps in UIKit. Stylesheets report such a `-mconv-attribute`; a custom
    /// attribute set from Swift with one is not passed on.
    ///
    /// ```swift
    /// PlatformValues.isReservedKey("NSFont")  // true
    /// PlatformValues.isReservedKey("AppAccent")  // false
    /// ```
    public static func isReservedKey(_ key: some StringProtocol) -> Bool {
        key.hasPrefix("NS") || key.hasPrefix("MConv")
    }
}
