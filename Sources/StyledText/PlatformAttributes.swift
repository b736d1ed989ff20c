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

    #if canImport(UIKit) || canImport(AppKit)
        #if canImport(UIKit)
            typealias PlatformFont = UIFont
            typealias PlatformColor = UIColor
        #else
            typealias PlatformFont = NSFont
            typealias PlatformColor = NSColor
        #endif

        /// A platform font for `font` (first installed family, else the system font).
        public static func font(_ font: StyledFont) -> Any {
            let size = CGFloat(font.size)
            let weight = fontWeight(font.weight)
            var result: PlatformFont? = nil
            for name in font.family {
                switch name.lowercased() {
                case "monospace", "ui-monospace", "sans-serif", "system-ui", "serif",
                    "-apple-system":
                    continue
                default:
                    if let f = PlatformFont(name: name, size: size) {
                        result = f
                        break
                    }
                }
                if result != nil { break }
            }
            if result == nil {
                result =
                    font.monospace
                    ? PlatformFont.monospacedSystemFont(ofSize: size, weight: weight)
                    : PlatformFont.systemFont(ofSize: size, weight: weight)
            }
            guard var f = result else { return font }
            if font.italic {
                #if canImport(UIKit)
                    if let d = f.fontDescriptor.withSymbolicTraits(.traitItalic) {
                        f = UIFont(descriptor: d, size: size)
                    }
                #else
                    let d = f.fontDescriptor.withSymbolicTraits(.italic)
                    f = NSFont(descriptor: d, size: size) ?? f
                #endif
            }
            return f
        }

        static func fontWeight(_ w: Int) -> PlatformFont.Weight {
            switch w {
            case ..<150: return .ultraLight
            case ..<250: return .thin
            case ..<350: return .light
            case ..<450: return .regular
            case ..<550: return .medium
            case ..<650: return .semibold
            case ..<750: return .bold
            case ..<850: return .heavy
            default: return .black
            }
        }

        /// A platform colour.
        public static func color(_ c: RGBAColor) -> Any {
            let v = c.components
            return PlatformColor(
                red: CGFloat(v.red), green: CGFloat(v.green), blue: CGFloat(v.blue),
                alpha: CGFloat(v.alpha))
        }

        /// An `NSParagraphStyle`.
        public static func paragraphStyle(_ p: ParagraphStyle) -> Any {
            let s = NSMutableParagraphStyle()
            switch p.alignment {
            case .left?: s.alignment = .left
            case .right?: s.alignment = .right
            case .center?: s.alignment = .center
            case .justify?: s.alignment = .justified
            case .natural?, nil: s.alignment = .natural
            }
            if let v = p.lineHeight {
                s.minimumLineHeight = CGFloat(v)
                s.maximumLineHeight = CGFloat(v)
            }
            if let v = p.lineHeightMultiple { s.lineHeightMultiple = CGFloat(v) }
            if let v = p.spacingBefore { s.paragraphSpacingBefore = CGFloat(v) }
            if let v = p.spacingAfter { s.paragraphSpacing = CGFloat(v) }
            if let v = p.headIndent { s.headIndent = CGFloat(v) }
            if let v = p.firstLineHeadIndent ?? p.headIndent {
                s.firstLineHeadIndent = CGFloat(v)
            }
            if let v = p.tailIndent { s.tailIndent = -CGFloat(v) }
            if let stops = p.tabStops {
                s.tabStops = stops.map {
                    NSTextTab(textAlignment: .left, location: CGFloat($0), options: [:])
                }
            }
            if let d = p.writingDirection {
                s.baseWritingDirection = d == .rtl ? .rightToLeft : .leftToRight
            }
            return s.copy()
        }

        /// An `NSTextAttachment` sized from the attachment (the app loads the image from
        /// `MConvAttachment`'s URL).
        public static func attachment(_ a: TextAttachment) -> Any {
            let t = NSTextAttachment()
            let w = CGFloat(a.width ?? (a.kind == .rule ? 0 : 0))
            let h = CGFloat(a.height ?? (a.kind == .rule ? 1 : 0))
            if w > 0 || h > 0 { t.bounds = CGRect(x: 0, y: 0, width: w, height: h) }
            return t
        }
    #else
        /// The neutral font value (Linux).
        public static func font(_ font: StyledFont) -> Any { font }
        /// The neutral colour value (Linux).
        public static func color(_ c: RGBAColor) -> Any { c }
        /// The neutral paragraph style value (Linux).
        public static func paragraphStyle(_ p: ParagraphStyle) -> Any { p }
        /// The neutral attachment value (Linux).
        public static func attachment(_ a: TextAttachment) -> Any { a }
    #endif
}
