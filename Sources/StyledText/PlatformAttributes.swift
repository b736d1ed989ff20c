import Foundation

#if canImport(UIKit)
    import UIKit
#elseif canImport(AppKit)
    import AppKit
#endif

/// Converts neutral style values to the platform's attribute values.
///
/// On Linux every function returns the neutral value itself. On Apple platforms it builds
/// `UIFont`/`NSFont`, `UIColor`/`NSColor`, `NSParagraphStyle` and `NSTextAttachment`.
///
/// ```swift
/// PlatformAttributes.color(RGBAColor(hex: 0xff0000)) // UIColor on iOS, RGBAColor on Linux
/// ```
public enum PlatformAttributes {
    /// `NSUnderlineStyle` bits for a line style (single 1, thick 2, double 9, dot 0x101,
    /// dash 0x201, wavy drawn as thick dotted 0x102).
    public static func lineStyle(_ style: LineStyle) -> Int {
        switch style {
        case .none: return 0
        case .single: return 0x01
        case .double: return 0x09
        case .dotted: return 0x101
        case .dashed: return 0x201
        case .wavy: return 0x102
        }
    }

    /// The platform value of a run attribute (`PlatformValues.runAttributes(_:)`): numbers,
    /// arrays, tap targets and strings as they are; colours and shadows as the platform's.
    public static func value(_ v: PlatformValues.RunValue) -> Any {
        switch v {
        case .number(let x): return x
        case .integer(let x): return x
        case .integers(let x): return x
        case .color(let c): return color(c)
        case .shadow(let s): return shadow(s)
        case .tap(let t): return t
        case .string(let s): return s
        }
    }

    #if canImport(UIKit) || canImport(AppKit)
        // Apple only: builds the objects from `PlatformValues`' decisions (API of iOS 7 /
        // macOS 10.11 or older, well inside the declared iOS 16 / macOS 13).
        #if canImport(UIKit)
            typealias PlatformFont = UIFont
            typealias PlatformColor = UIColor
            typealias PlatformImage = UIImage
            typealias FontTraits = UIFontDescriptor.SymbolicTraits
            static var boldTrait: FontTraits { .traitBold }
            static var italicTrait: FontTraits { .traitItalic }
        #else
            typealias PlatformFont = NSFont
            typealias PlatformColor = NSColor
            typealias PlatformImage = NSImage
            typealias FontTraits = NSFontDescriptor.SymbolicTraits
            static var boldTrait: FontTraits { .bold }
            static var italicTrait: FontTraits { .italic }
        #endif

        /// A `UIFont`/`NSFont`: the first installed name, else the system font, with the
        /// bold and italic traits added to the ones it has (bold italic keeps both).
        public static func font(_ font: StyledFont) -> Any {
            let plan = PlatformValues.font(font)
            let size = CGFloat(plan.size)
            let named = plan.names.lazy.compactMap { PlatformFont(name: $0, size: size) }.first
            let base =
                named
                ?? (plan.monospacedSystemFont
                    ? PlatformFont.monospacedSystemFont(ofSize: size, weight: weight(plan.weight))
                    : PlatformFont.systemFont(ofSize: size, weight: weight(plan.weight)))
            var traits = base.fontDescriptor.symbolicTraits
            if plan.boldTrait && named != nil { traits.insert(boldTrait) }
            if plan.italicTrait { traits.insert(italicTrait) }
            guard traits != base.fontDescriptor.symbolicTraits else { return base }
            #if canImport(UIKit)
                guard let d = base.fontDescriptor.withSymbolicTraits(traits) else { return base }
                return UIFont(descriptor: d, size: size)
            #else
                let d = base.fontDescriptor.withSymbolicTraits(traits)
                return NSFont(descriptor: d, size: size) ?? base
            #endif
        }

        /// The system font weight of a weight class.
        static func weight(_ w: FontWeightClass) -> PlatformFont.Weight {
            let all: [PlatformFont.Weight] = [
                .ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black,
            ]
            return all[w.rawValue / 100 - 1]
        }

        /// A `UIColor`/`NSColor` (sRGB components).
        public static func color(_ c: RGBAColor) -> Any { platformColor(c) }

        static func platformColor(_ c: RGBAColor) -> PlatformColor {
            let v = c.components
            return PlatformColor(
                red: CGFloat(v.red), green: CGFloat(v.green), blue: CGFloat(v.blue),
                alpha: CGFloat(v.alpha))
        }

        /// An `NSParagraphStyle` with `PlatformValues.paragraph(_:)`'s numbers.
        public static func paragraphStyle(_ p: ParagraphStyle) -> Any {
            let v = PlatformValues.paragraph(p)
            let s = NSMutableParagraphStyle()
            let alignments: [NSTextAlignment] = [.left, .right, .center, .justified, .natural]
            let align = { alignments[TextAlignment.allCases.firstIndex(of: $0) ?? 4] }
            s.alignment = align(v.alignment)
            s.minimumLineHeight = CGFloat(v.minimumLineHeight)
            s.maximumLineHeight = CGFloat(v.maximumLineHeight)
            s.lineHeightMultiple = CGFloat(v.lineHeightMultiple)
            s.paragraphSpacingBefore = CGFloat(v.paragraphSpacingBefore)
            s.paragraphSpacing = CGFloat(v.paragraphSpacing)
            s.headIndent = CGFloat(v.headIndent)
            s.firstLineHeadIndent = CGFloat(v.firstLineHeadIndent)
            s.tailIndent = CGFloat(v.tailIndent)
            s.tabStops = v.tabStops.map {
                NSTextTab(textAlignment: align($0.alignment), location: CGFloat($0.location))
            }
            s.baseWritingDirection =
                NSWritingDirection(rawValue: v.baseWritingDirection) ?? .natural
            s.hyphenationFactor = Float(v.hyphenationFactor)
            s.lineBreakMode = NSLineBreakMode(rawValue: v.lineBreakMode) ?? .byWordWrapping
            return s.copy()
        }

        /// An `NSShadow` with `PlatformValues.Shadow`'s offset, blur and colour.
        public static func shadow(_ v: PlatformValues.Shadow) -> Any {
            let s = NSShadow()
            s.shadowOffset = CGSize(width: v.offsetX, height: v.offsetY)
            s.shadowBlurRadius = CGFloat(v.blurRadius)
            s.shadowColor = platformColor(v.color)
            return s
        }

        /// An `NSTextAttachment` at `PlatformValues.bounds(of:)`, showing the loaded image; a
        /// rule is a bar of `color` as wide as the line.
        public static func attachment(_ a: TextAttachment, color: RGBAColor? = nil) -> Any {
            let t: NSTextAttachment = a.kind == .rule ? RuleAttachment() : NSTextAttachment()
            if a.kind == .rule {
                t.image = swatch(platformColor(color ?? PlatformValues.ruleColor(TextStyle())))
            } else if let image = a.image {
                t.image = PlatformImage(data: image.data)
            }
            let b = PlatformValues.bounds(of: a)
            t.bounds = CGRect(x: b.x, y: b.y, width: b.width, height: b.height)
            return t
        }

        /// A 1 x 1 point image of one colour (stretched to the attachment's bounds).
        static func swatch(_ color: PlatformColor) -> PlatformImage {
            let size = CGSize(width: 1, height: 1)
            #if canImport(UIKit)
                return UIGraphicsImageRenderer(size: size).image { context in
                    color.setFill()
                    context.fill(CGRect(origin: .zero, size: size))
                }
            #else
                return NSImage(size: size, flipped: false) { rect in
                    color.setFill()
                    rect.fill()
                    return true
                }
            #endif
        }

        /// A rule's attachment: as wide as the line fragment it sits in (TextKit 1 and 2).
        final class RuleAttachment: NSTextAttachment {
            override func attachmentBounds(
                for textContainer: NSTextContainer?, proposedLineFragment lineFrag: CGRect,
                glyphPosition position: CGPoint, characterIndex charIndex: Int
            ) -> CGRect { Self.bounds(lineFrag.width) }

            override func attachmentBounds(
                for attributes: [NSAttributedString.Key: Any], location: any NSTextLocation,
                textContainer: NSTextContainer?, proposedLineFragment: CGRect, position: CGPoint
            ) -> CGRect { Self.bounds(proposedLineFragment.width) }

            static func bounds(_ lineWidth: CGFloat) -> CGRect {
                let rule = TextAttachment(kind: .rule, url: "")
                let b = PlatformValues.bounds(of: rule, lineWidth: Double(lineWidth))
                return CGRect(x: b.x, y: b.y, width: b.width, height: b.height)
            }
        }
    #else
        /// The neutral font value (Linux).
        public static func font(_ font: StyledFont) -> Any { font }
        /// The neutral colour value (Linux).
        public static func color(_ c: RGBAColor) -> Any { c }
        /// The neutral paragraph style value (Linux).
        public static func paragraphStyle(_ p: ParagraphStyle) -> Any { p }
        /// The neutral shadow value (Linux).
        public static func shadow(_ s: PlatformValues.Shadow) -> Any { s }
        /// The neutral attachment value (Linux).
        public static func attachment(_ a: TextAttachment, color: RGBAColor? = nil) -> Any { a }
    #endif
}
