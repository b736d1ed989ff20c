#if canImport(SwiftUI)
    import SwiftUI

    extension StyledText {
        /// An `AttributedString` in SwiftUI's attribute scope, which `Text` draws: the font
        /// (family, size, weight, italic, monospaced), text and background colours,
        /// underline and strikethrough (with colour; dotted and dashed kept, double and
        /// wavy drawn solid), kerning, baseline offset and links (`OpenURLAction` sees them:
        /// a mention's or hashtag's link is its tap-scheme URL). Each tappable run also
        /// carries its `TapTarget` (`MConvTapTargetAttribute`) for code that reads the runs.
        ///
        /// What `Text` cannot show is left out: paragraph styles (alignment, indents,
        /// spacing, line height, tab stops, writing direction, hyphenation and line breaking
        /// per paragraph: set them on the view), images and rules (attachments; the alt text
        /// is not substituted), word spacing, shadows, stroke, ligatures, expansion,
        /// obliqueness and run writing direction, custom attributes, and the
        /// UIKit/AppKit keys of `attributedString()` (`Text(AttributedString(nsString))`
        /// drops those).
        ///
        /// ```swift
        /// let doc = Document([.paragraph([.text("Hi "), .strong([.text("you")], .none)], .none)])
        /// let view = Text(StyledText(doc).swiftUIAttributedString())
        /// ```
        public func swiftUIAttributedString() -> AttributedString {
            typealias UI = AttributeScopes.SwiftUIAttributes
            var result = AttributedString()
            let units = Array(string.utf16)
            for run in runs where !run.range.isEmpty && run.range.upperBound <= units.count {
                let style = run.style
                let plan = PlatformValues.font(StyledFont(style))
                let size = CGFloat(plan.size)
                let weights: [Font.Weight] = [
                    .ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black,
                ]
                let weight = weights[plan.weight.rawValue / 100 - 1]
                var font =
                    plan.names.first.map { Font.custom($0, size: size).weight(weight) }
                    ?? .system(
                        size: size, weight: weight,
                        design: plan.monospacedSystemFont ? .monospaced : .default)
                if plan.italicTrait { font = font.italic() }
                var c = AttributeContainer()
                c[UI.FontAttribute.self] = font
                c[UI.ForegroundColorAttribute.self] = style.foreground.map(Self.color)
                c[UI.BackgroundColorAttribute.self] = style.background.map(Self.color)
                c[UI.UnderlineStyleAttribute.self] = Self.line(
                    style.underline, style.underlineColor)
                c[UI.StrikethroughStyleAttribute.self] = Self.line(
                    style.strikethrough, style.strikethroughColor)
                c[UI.KernAttribute.self] = style.letterSpacing.map { CGFloat($0) }
                c[UI.BaselineOffsetAttribute.self] = style.baselineOffset.map { CGFloat($0) }
                c[AttributeScopes.FoundationAttributes.LinkAttribute.self] = style.link.flatMap {
                    URL(string: $0)
                }
                c[MConvTapTargetAttribute.self] = style.tap
                let text = String(decoding: units[run.range], as: UTF16.self)
                result.append(AttributedString(text, attributes: c))
            }
            return result
        }

        static func color(_ c: RGBAColor) -> Color {
            let v = c.components
            return Color(.sRGB, red: v.red, green: v.green, blue: v.blue, opacity: v.alpha)
        }

        static func line(_ style: LineStyle?, _ color: RGBAColor?) -> Text.LineStyle? {
            guard let style, style != .none else { return nil }
            let pattern: Text.LineStyle.Pattern =
                style == .dotted ? .dot : style == .dashed ? .dash : .solid
            return Text.LineStyle(pattern: pattern, color: color.map(Self.color))
        }
    }
#endif
