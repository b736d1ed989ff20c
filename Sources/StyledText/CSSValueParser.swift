import Foundation
import MarkupAST

/// Turns CSS declarations into `StyleDeclaration`s, property by property.
///
/// An invalid value drops only its own declaration and records a `style.invalid-value`
/// diagnostic; absurd values are clamped with `style.clamped`. Unknown properties are
/// ignored silently (they stay in the AST for the HTML writer).
///
/// ```swift
/// var diagnostics: [Diagnostic] = []
/// let compiled = CSSValueParser.compile(
///     CSSDeclaration.parseList("color: red; font-size: huge"), diagnostics: &diagnostics)
/// compiled.map(\.property) // [.foreground(RGBAColor(hex: 0xff0000))]
/// diagnostics.map(\.code) // [.styleInvalidValue] (font-size: huge)
/// ```
public enum CSSValueParser {
    /// Largest accepted font size in points; larger values are clamped.
    public static let maxFontSize: Double = 1000
    /// Largest accepted absolute spacing/indent in points.
    public static let maxLength: Double = 10000
    /// Largest accepted relative factor (`em`, `rem`, multiple, `%` / 100).
    public static let maxFactor: Double = 100

    /// Compiles declarations in order; invalid ones are skipped with a diagnostic.
    public static func compile(
        _ declarations: [CSSDeclaration], diagnostics: inout [Diagnostic]
    ) -> [StyleDeclaration] {
        var out: [StyleDeclaration] = []
        out.reserveCapacity(declarations.count)
        for d in declarations {
            compile(d, into: &out, diagnostics: &diagnostics)
        }
        return out
    }

    /// Compiles one declaration, appending zero or more settings.
    public static func compile(
        _ d: CSSDeclaration, into out: inout [StyleDeclaration],
        diagnostics: inout [Diagnostic]
    ) {
        let value = trim(Substring(d.value))
        let lower = value.lowercased()
        if lower == "inherit" || lower == "unset" || lower == "initial" || lower == "revert" {
            return
        }
        var props: [StyleProperty] = []
        /// Whether this is a `text-decoration(-line)` naming its lines (see `replaceLines`).
        var setsLines = false
        var problem: String? = nil
        func invalid(_ why: String) { problem = why }
        func add(_ p: StyleProperty) { props.append(p) }
        /// Adds `p`, or records the value as invalid (`why`) when there is none.
        func add(_ p: StyleProperty?, else why: String) {
            if let p { add(p) } else { invalid(why) }
        }
        /// True for the keywords of `on`, false for those of `off`.
        func flag(_ on: [String], _ off: [String]) -> Bool? {
            on.contains(lower) ? true : off.contains(lower) ? false : nil
        }
        func clampedLength(_ l: CSSLength, nonNegative: Bool) -> CSSLength? {
            if nonNegative, l.isNegative {
                invalid("negative length")
                return nil
            }
            let c = l.clamped
            guard c != l else { return l }
            switch c {
            case .px: clampNote(d, "\(maxLength)px", &diagnostics)
            case .em, .rem: clampNote(d, "\(maxFactor)em", &diagnostics)
            case .percent: clampNote(d, "\(Int(maxFactor * 100))%", &diagnostics)
            }
            return c
        }
        /// A margin or padding length (`auto` is 0; a percentage is reported, not refused).
        func margin(_ text: String) -> CSSLength? {
            let l: CSSLength? = text == "auto" ? .px(0) : length(text)
            guard let l, let c = clampedLength(l, nonNegative: false) else {
                if problem == nil { invalid("not a length") }
                return nil
            }
            if case .percent = c { invalid("percentages of the width are not supported") }
            return c
        }
        switch d.property {
        case "color":
            if let c = color(value) { add(.foreground(c)) } else { invalid("not a colour") }
        case "background-color":
            if let c = color(value) { add(.background(c)) } else { invalid("not a colour") }
        case "background":
            var found: RGBAColor? = nil
            for token in splitSpaces(value) {
                if let c = color(token) { found = c }
            }
            if let found {
                add(.background(found))
            } else if lower != "none" {
                invalid("no colour in background")
            }
        case "font-size":
            guard let size = fontSize(lower) else {
                invalid("not a font size")
                break
            }
            add(
                clampedFontSize(size, d, &diagnostics).map(StyleProperty.fontSize),
                else: "negative size")
        case "font-weight":
            add(
                fontWeight(lower, d, &diagnostics).map(StyleProperty.fontWeight),
                else: "not a font weight")
        case "font-style":
            switch lower {
            case "italic": add(.italic(true))
            case "normal": add(.italic(false))
            default:
                let parts = splitSpaces(Substring(lower))
                guard parts.first == "oblique", parts.count <= 2 else {
                    invalid("not a font style")
                    break
                }
                guard parts.count == 2 else {
                    add(.italic(true))
                    break
                }
                // A slant: the upright face skewed by the angle (CSS allows -90 to 90deg).
                if let degrees = angle(String(parts[1])), abs(degrees) < 90 {
                    add(.italic(false))
                    add(.obliqueness((tan(degrees * Double.pi / 180) * 100).rounded() / 100))
                } else {
                    invalid("not an angle between -90deg and 90deg")
                }
            }
        case "font-family":
            let families = fontFamilies(value)
            if families.isEmpty {
                invalid("empty family list")
            } else {
                add(.fontFamily(families))
                if families.first.map({ $0.lowercased() == "monospace" }) == true {
                    add(.monospace(true))
                }
            }
        case "font":
            if !fontShorthand(value, d, &props, &diagnostics) { invalid("not a font shorthand") }
        case "text-decoration", "text-decoration-line":
            var lines: [String] = []
            var style: LineStyle? = nil
            var col: RGBAColor? = nil
            var ok = true
            for token in splitSpaces(value) {
                let t = token.lowercased()
                switch t {
                case "underline", "line-through", "none", "overline", "blink": lines.append(t)
                default:
                    if let s = lineStyles[t] {
                        style = s
                    } else if d.property == "text-decoration", let c = color(token) {
                        col = c
                    } else {
                        ok = false
                    }
                }
            }
            if !ok || (d.property == "text-decoration-line" && (style != nil || col != nil)) {
                invalid("not a text decoration")
                break
            }
            // The shorthand sets the lines even when it names none (`text-decoration: wavy`
            // draws no line of its own in CSS): it replaces an earlier declaration's lines.
            setsLines = !lines.isEmpty || d.property == "text-decoration"
            if lines.contains("none") {
                add(.underline(.none))
                add(.strikethrough(.none))
            }
            if lines.contains("underline") { add(.underline(style ?? .single)) }
            if lines.contains("line-through") { add(.strikethrough(style ?? .single)) }
            if lines.isEmpty, let style { add(.decorationStyle(style)) }
            if let col { add(.decorationColor(col)) }
        case "text-decoration-style":
            add(lineStyles[lower].map(StyleProperty.decorationStyle), else: "not a line style")
        case "text-decoration-color":
            if let c = color(value) { add(.decorationColor(c)) } else { invalid("not a colour") }
        case "text-align":
            add(alignments[lower].map(StyleProperty.alignment), else: "not an alignment")
        case "line-height":
            if lower == "normal" {
                add(.lineHeight(.normal))
            } else if let n = number(lower), n.rest.isEmpty {
                if n.value < 0 {
                    invalid("negative line height")
                    break
                }
                var m = n.value
                if m > maxFactor {
                    clampNote(d, "\(Int(maxFactor))", &diagnostics)
                    m = maxFactor
                }
                add(.lineHeight(.multiple(m)))
            } else if let l = length(lower), let c = clampedLength(l, nonNegative: true) {
                add(.lineHeight(.length(c)))
            } else if problem == nil {
                invalid("not a line height")
            }
        case "letter-spacing", "word-spacing":
            let l: CSSLength?
            if lower == "normal" { l = .px(0) } else { l = length(lower) }
            if let l, let c = clampedLength(l, nonNegative: false) {
                add(d.property == "letter-spacing" ? .letterSpacing(c) : .wordSpacing(c))
            } else if problem == nil {
                invalid("not a length")
            }
        case "vertical-align":
            switch lower {
            case "sub": add(.verticalAlign(.sub))
            case "super": add(.verticalAlign(.super))
            case "baseline": add(.verticalAlign(.baseline))
            // Placements in the line box (or a table cell): text keeps its baseline.
            case "middle", "top", "bottom", "text-top", "text-bottom":
                add(.verticalAlign(.baseline))
            default:
                if let l = length(lower), let c = clampedLength(l, nonNegative: false) {
                    add(.verticalAlign(.length(c)))
                } else if problem == nil {
                    invalid("not a vertical alignment")
                }
            }
        case "text-transform":
            add(
                TextTransform(rawValue: lower).map(StyleProperty.textTransform),
                else: "not a text transform")
        case "list-style-type", "list-style":
            var found: ListStyleType? = nil
            for token in splitSpaces(value) {
                if let t = ListStyleType(cssName: token.lowercased()) { found = t }
            }
            if let found { add(.listStyleType(found)) } else { invalid("not a list style type") }
        case "direction":
            add(
                WritingDirection(rawValue: lower).map(StyleProperty.direction),
                else: "not a direction")
        case "margin-top", "margin-bottom", "margin-left", "margin-right", "padding-left",
            "padding-right", "text-indent", "margin-inline-start", "padding-inline-start":
            guard let c = margin(lower), problem == nil else { break }
            switch d.property {
            case "margin-top": add(.marginTop(c))
            case "margin-bottom": add(.marginBottom(c))
            case "margin-right", "padding-right": add(.tailIndent(c))
            case "text-indent": add(.textIndent(c))
            default: add(.indent(c))
            }
        case "margin":
            let parts = splitSpaces(value).map { $0.lowercased() }
            var lens: [CSSLength] = []
            for p in parts {
                guard let c = margin(p) else { break }
                lens.append(c)
            }
            guard problem == nil, (1...4).contains(lens.count) else {
                if problem == nil { invalid("expected 1 to 4 lengths") }
                break
            }
            let top = lens[0]
            let right = lens.count > 1 ? lens[1] : top
            let bottom = lens.count > 2 ? lens[2] : top
            let left = lens.count > 3 ? lens[3] : right
            add(.marginTop(top))
            add(.marginBottom(bottom))
            add(.indent(left))
            add(.tailIndent(right))
        case "width", "height":
            if let l = length(lower), let c = clampedLength(l, nonNegative: true) {
                if case .percent = c {
                    invalid("percentages are not supported")
                    break
                }
                add(d.property == "width" ? .width(c) : .height(c))
            } else if lower != "auto" && problem == nil {
                invalid("not a length")
            }
        case "text-shadow":
            add(
                lower == "none" ? .shadow(nil) : shadow(value).map { .shadow($0) },
                else: "not a text shadow")
        case "-webkit-text-stroke":
            var width: CSSLength? = nil
            var stroke: RGBAColor? = nil
            for token in splitSpaces(value) {
                if width == nil, let w = strokeWidth(token.lowercased()) {
                    width = w
                } else if stroke == nil, let c = color(token) {
                    stroke = c
                } else {
                    invalid("not a stroke width and colour")
                }
            }
            if problem == nil, width != nil || stroke != nil {
                add(.strokeWidth(width ?? .px(0)))
                if let stroke { add(.strokeColor(stroke)) }
            } else if problem == nil {
                invalid("not a stroke width and colour")
            }
        case "-webkit-text-stroke-width":
            if let w = strokeWidth(lower) { add(.strokeWidth(w)) } else { invalid("not a width") }
        case "-webkit-text-stroke-color":
            if let c = color(value) { add(.strokeColor(c)) } else { invalid("not a colour") }
        case "font-variant-ligatures":
            add(ligatures(lower).map(StyleProperty.ligatures), else: "not a ligature value")
        case "font-stretch":
            if let factor = stretch(lower), factor > 0 {
                var f = factor
                if f > 10 {
                    clampNote(d, "1000%", &diagnostics)
                    f = 10
                }
                add(.expansion((log(f) * 100).rounded() / 100))
            } else {
                invalid("not a font stretch")
            }
        case "hyphens", "-webkit-hyphens":
            add(
                flag(["auto"], ["manual", "none"]).map(StyleProperty.hyphens),
                else: "not a hyphens value")
        case "white-space", "text-wrap", "text-wrap-mode":
            let wrapping = ["normal", "wrap", "pre-wrap", "pre-line", "break-spaces"]
            add(
                flag(["nowrap", "pre"], wrapping).map(StyleProperty.noWrap),
                else: "not a white-space value")
        case "text-overflow":
            add(
                flag(["ellipsis"], ["clip"]).map(StyleProperty.ellipsis),
                else: "not a text-overflow value")
        case "-mconv-line-break":
            add(
                LineBreakMode(rawValue: lower).map(StyleProperty.lineBreak),
                else: "not a line break mode")
        case "word-break":
            let mode = flag(["break-all"], ["normal", "keep-all", "break-word"])
            add(mode.map { .lineBreak($0 ? .charWrap : .wordWrap) }, else: "not a word-break value")
        case "-mconv-attribute":
            let parts = splitSpaces(value)
            guard parts.count >= 2, let key = parts.first else {
                invalid("expected a key and a value")
                break
            }
            // The platform's keys (NSFont, NSColor ...) and mconv's own take typed values that
            // a string from a stylesheet would break (UIKit traps on a string as NSFont).
            if PlatformValues.isReservedKey(key) {
                invalid("'\(key)' is a platform or mconv key; use a key of the app's own")
                break
            }
            let rest = trim(value[key.endIndex...])
            add(.customAttribute(key: String(key), value: String(rest)))
        default:
            return
        }
        if let problem {
            diagnostics.append(
                Diagnostic(
                    .warning, .styleInvalidValue,
                    "ignored '\(d.property): \(d.value)' (\(problem))"))
            return
        }
        if setsLines, !replaceLines(in: &out, important: d.important) {
            // An earlier `!important` line of the same list wins.
            props.removeAll(where: isLine)
        }
        for p in props { out.append(StyleDeclaration(p, important: d.important)) }
    }

    /// Whether a setting is one of the lines `text-decoration(-line)` sets.
    private static func isLine(_ p: StyleProperty) -> Bool {
        switch p {
        case .underline, .strikethrough: true
        default: false
        }
    }

    /// Before a `text-decoration`, or a `text-decoration-line` that names its lines: drops the
    /// lines an earlier one of the same list set, as the later declaration replaces them in
    /// CSS (`text-decoration: underline; text-decoration-line: line-through` draws only the
    /// line-through). False, dropping nothing, when an earlier one is `!important` and this
    /// one is not.
    private static func replaceLines(in out: inout [StyleDeclaration], important: Bool) -> Bool {
        if !important, out.contains(where: { $0.important && isLine($0.property) }) { return false }
        out.removeAll { isLine($0.property) }
        return true
    }

    /// The line styles of `text-decoration` and `text-decoration-style`.
    static let lineStyles: [String: LineStyle] = [
        "solid": .single, "double": .double, "dotted": .dotted, "dashed": .dashed, "wavy": .wavy,
    ]

    /// The keywords of `text-align`.
    static let alignments: [String: TextAlignment] = [
        "left": .left, "right": .right, "center": .center, "-webkit-center": .center,
        "justify": .justify, "start": .natural, "end": .right,
    ]

    static func clampNote(_ d: CSSDeclaration, _ to: String, _ diagnostics: inout [Diagnostic]) {
        diagnostics.append(
            Diagnostic(.warning, .styleClamped, "'\(d.property): \(d.value)' clamped to \(to)"))
    }

    /// A font size within the bounds (`maxFontSize` points, `maxFactor` em or rem, `100 *
    /// maxFactor` percent), noting a clamp; nil when negative.
    static func clampedFontSize(
        _ l: CSSLength, _ d: CSSDeclaration, _ diagnostics: inout [Diagnostic]
    ) -> CSSLength? {
        if l.isNegative { return nil }
        if case .px(let v) = l {
            guard v > maxFontSize else { return l }
            clampNote(d, "\(Int(maxFontSize))px", &diagnostics)
            return .px(maxFontSize)
        }
        let c = l.clamped
        guard c != l else { return l }
        if case .percent = c {
            clampNote(d, "\(Int(maxFactor * 100))%", &diagnostics)
        } else {
            clampNote(d, "\(Int(maxFactor))em", &diagnostics)
        }
        return c
    }

    // MARK: - Values

    /// An angle in degrees (`14deg`, `0.2rad`, `0.1turn`, `20grad`, unitless `0`).
    static func angle(_ lower: String) -> Double? {
        guard let n = number(lower) else { return nil }
        switch n.rest {
        case "deg": return n.value
        case "rad": return n.value * 180 / Double.pi
        case "grad": return n.value * 0.9
        case "turn": return n.value * 360
        case "": return n.value == 0 ? 0 : nil
        default: return nil
        }
    }

    /// The first shadow of a `text-shadow` list: two or three lengths and a colour in
    /// either order (later shadows are not drawn: `TextStyle.shadow` holds one).
    static func shadow(_ value: Substring) -> CSSShadow? {
        var depth = 0
        var end = value.endIndex
        for i in value.indices {
            let c = value[i]
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
            if c == ",", depth == 0 {
                end = i
                break
            }
        }
        var lengths: [CSSLength] = []
        var shade: RGBAColor? = nil
        for token in splitSpaces(value[..<end]) {
            if let l = length(token.lowercased()) {
                guard lengths.count < 3, !(lengths.count == 2 && l.isNegative) else { return nil }
                lengths.append(l.clamped)
            } else if shade == nil, let c = color(token) {
                // A colour between the lengths is not valid CSS.
                guard lengths.isEmpty || lengths.count >= 2 else { return nil }
                shade = c
            } else {
                return nil
            }
        }
        guard lengths.count >= 2 else { return nil }
        return CSSShadow(
            x: lengths[0], y: lengths[1], blur: lengths.count > 2 ? lengths[2] : .px(0),
            color: shade)
    }

    /// A stroke width: a non-negative length or `thin` (1px), `medium` (3px), `thick` (5px).
    static func strokeWidth(_ lower: String) -> CSSLength? {
        switch lower {
        case "thin": return .px(1)
        case "medium": return .px(3)
        case "thick": return .px(5)
        default:
            guard let l = length(lower), !l.isNegative else { return nil }
            if case .percent = l { return nil }
            return l.clamped
        }
    }

    /// `font-variant-ligatures`: the common and discretionary keywords decide; the
    /// historical and contextual ones are accepted and have no setting of their own.
    static func ligatures(_ lower: String) -> Ligatures? {
        if lower == "none" { return Ligatures.none }
        if lower == "normal" { return .standard }
        var result = Ligatures.standard
        for token in splitSpaces(Substring(lower)) {
            switch token {
            case "common-ligatures": if result == .none { result = .standard }
            case "no-common-ligatures": result = .none
            case "discretionary-ligatures": result = .all
            case "no-discretionary-ligatures": if result == .all { result = .standard }
            case "historical-ligatures", "no-historical-ligatures", "contextual",
                "no-contextual":
                continue
            default: return nil
            }
        }
        return result
    }

    /// A `font-stretch` value as a factor (`condensed` 0.75, `150%` 1.5).
    static func stretch(_ lower: String) -> Double? {
        switch lower {
        case "ultra-condensed": return 0.5
        case "extra-condensed": return 0.625
        case "condensed": return 0.75
        case "semi-condensed": return 0.875
        case "normal": return 1
        case "semi-expanded": return 1.125
        case "expanded": return 1.25
        case "extra-expanded": return 1.5
        case "ultra-expanded": return 2
        default:
            guard let n = number(lower), n.rest == "%", n.value.isFinite else { return nil }
            return n.value / 100
        }
    }

    /// Parses a `font-size` value: a length or a keyword (`small`, `larger` ...).
    public static func fontSize(_ lower: String) -> CSSLength? {
        switch lower {
        case "xx-small": return .px(9)
        case "x-small": return .px(10)
        case "small": return .px(13)
        case "medium": return .px(16)
        case "large": return .px(18)
        case "x-large": return .px(24)
        case "xx-large": return .px(32)
        case "xxx-large": return .px(48)
        case "smaller": return .em(1 / 1.2)
        case "larger": return .em(1.2)
        default: return length(lower)
        }
    }

    static func fontWeight(
        _ lower: String, _ d: CSSDeclaration, _ diagnostics: inout [Diagnostic]
    ) -> FontWeightValue? {
        switch lower {
        case "normal": return .absolute(400)
        case "bold": return .absolute(700)
        case "bolder": return .bolder
        case "lighter": return .lighter
        default:
            guard let n = number(lower), n.rest.isEmpty, n.value.isFinite else { return nil }
            guard n.value >= 1 && n.value <= 1000 else { return nil }
            let w = Int(n.value.rounded())
            if w < 100 || w > 900 {
                clampNote(d, w < 100 ? "100" : "900", &diagnostics)
                return .absolute(min(900, max(100, w)))
            }
            return .absolute(w)
        }
    }

    /// Parses a length: `12px`, `1.5em`, `2rem`, `50%`, `12pt`, `1in`, `2cm`, `5mm`, `1pc`,
    /// `1ex`/`1ch` (half an em), or a unitless `0`.
    public static func length(_ text: String) -> CSSLength? {
        guard let n = number(text), n.value.isFinite else { return nil }
        let v = n.value
        switch n.rest.lowercased() {
        case "px": return .px(v)
        case "pt": return .px(v * 4 / 3)
        case "pc": return .px(v * 16)
        case "in": return .px(v * 96)
        case "cm": return .px(v * 96 / 2.54)
        case "mm": return .px(v * 96 / 25.4)
        case "q": return .px(v * 96 / 101.6)
        case "em": return .em(v)
        case "rem": return .rem(v)
        case "ex", "ch": return .em(v / 2)
        case "%": return .percent(v)
        case "": return v == 0 ? .px(0) : nil
        default: return nil
        }
    }

    /// Splits a leading CSS number off `text`; nil when `text` does not start with one.
    static func number(_ text: String) -> (value: Double, rest: String)? {
        let bytes = Array(text.utf8)
        var i = 0
        if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            i += 1
        }
        var digits = 0
        while i < bytes.count, isDigit(bytes[i]) {
            i += 1
            digits += 1
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, isDigit(bytes[i]) {
                i += 1
                digits += 1
            }
        }
        guard digits > 0 else { return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            var j = i + 1
            if j < bytes.count, bytes[j] == UInt8(ascii: "+") || bytes[j] == UInt8(ascii: "-") {
                j += 1
            }
            if j < bytes.count, isDigit(bytes[j]) {
                while j < bytes.count, isDigit(bytes[j]) { j += 1 }
                i = j
            }
        }
        guard let v = Double(String(decoding: bytes[0..<i], as: UTF8.self)) else { return nil }
        return (v, String(decoding: bytes[i...], as: UTF8.self))
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// Parses a CSS colour (names, hex forms, `rgb[a]()`, `hsl[a]()`).
    public static func color(_ raw: Substring) -> RGBAColor? {
        let text = trim(raw)
        guard let first = text.utf8.first else { return nil }
        if first == UInt8(ascii: "#") { return hexColor(text.utf8.dropFirst()) }
        let lower = text.lowercased()
        if let named = RGBAColor.named[lower] { return named }
        guard let open = lower.firstIndex(of: "("), lower.hasSuffix(")") else { return nil }
        let name = lower[..<open]
        let inner = lower[lower.index(after: open)..<lower.index(before: lower.endIndex)]
        // Both syntaxes: commas, or spaces with an optional "/ alpha".
        var parts: [String] = []
        var alphaPart: String? = nil
        if inner.contains(",") {
            parts = inner.split(separator: ",", omittingEmptySubsequences: false).map {
                String(trim($0))
            }
            if parts.count == 4 { alphaPart = parts.removeLast() }
        } else {
            let slash = inner.split(separator: "/", omittingEmptySubsequences: false)
            guard slash.count <= 2 else { return nil }
            parts = splitSpaces(Substring(slash[0])).map(String.init)
            if slash.count == 2 { alphaPart = String(trim(slash[1])) }
        }
        guard parts.count == 3 else { return nil }
        var alpha: UInt8 = 255
        if let a = alphaPart {
            guard let n = number(a), n.rest.isEmpty || n.rest == "%" else { return nil }
            let f = n.rest == "%" ? n.value / 100 : n.value
            alpha = UInt8((min(1, max(0, f)) * 255).rounded())
        }
        switch name {
        case "rgb", "rgba":
            var channels: [UInt8] = []
            for p in parts {
                guard let n = number(p), n.rest.isEmpty || n.rest == "%" else { return nil }
                let v = n.rest == "%" ? n.value * 255 / 100 : n.value
                channels.append(UInt8(min(255, max(0, v)).rounded()))
            }
            return RGBAColor(red: channels[0], green: channels[1], blue: channels[2], alpha: alpha)
        case "hsl", "hsla":
            guard let h = number(parts[0]), let hue = h.rest.isEmpty ? h.value : angle(parts[0]),
                let s = number(parts[1]), s.rest == "%" || s.rest.isEmpty,
                let l = number(parts[2]), l.rest == "%" || l.rest.isEmpty
            else { return nil }
            let (r, g, b) = hslToRGB(
                hue, min(100, max(0, s.value)) / 100,
                min(100, max(0, l.value)) / 100)
            return RGBAColor(red: r, green: g, blue: b, alpha: alpha)
        default:
            return nil
        }
    }

    static func hslToRGB(_ hue: Double, _ s: Double, _ l: Double) -> (UInt8, UInt8, UInt8) {
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        func f(_ n: Double) -> UInt8 {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            let v = l - a * max(-1, min(k - 3, 9 - k, 1))
            return UInt8((v * 255).rounded())
        }
        return (f(0), f(8), f(4))
    }

    static func hexColor(_ digits: Substring.UTF8View.SubSequence) -> RGBAColor? {
        var values: [UInt8] = []
        for b in digits {
            switch b {
            case 0x30...0x39: values.append(b - 0x30)
            case 0x61...0x66: values.append(b - 0x61 + 10)
            case 0x41...0x46: values.append(b - 0x41 + 10)
            default: return nil
            }
        }
        guard [3, 4, 6, 8].contains(values.count) else { return nil }
        let wide = values.count > 4
        let c = stride(from: 0, to: values.count, by: wide ? 2 : 1).map { (i: Int) -> UInt8 in
            wide ? values[i] &* 16 &+ values[i + 1] : values[i] &* 17
        }
        return RGBAColor(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 255)
    }

    /// Parses a `font-family` list: comma-separated, quoted or bare names.
    public static func fontFamilies(_ text: Substring) -> [String] {
        var out: [String] = []
        for part in text.split(separator: ",") {
            var name = trim(part)
            if let f = name.first, f == "\"" || f == "'", name.count >= 2, name.last == f {
                name = name.dropFirst().dropLast()
            } else {
                name = Substring(splitSpaces(name).joined(separator: " "))
            }
            if !name.isEmpty { out.append(String(name)) }
        }
        return out
    }

    /// The `font` shorthand: `[style] [variant] [weight] size[/line-height] family`.
    static func fontShorthand(
        _ value: Substring, _ d: CSSDeclaration, _ props: inout [StyleProperty],
        _ diagnostics: inout [Diagnostic]
    ) -> Bool {
        let tokens = splitSpaces(value)
        var italic = false
        var weight: FontWeightValue = .absolute(400)
        var index = 0
        var size: CSSLength? = nil
        var lineHeight: LineHeightValue = .normal
        while index < tokens.count {
            let t = tokens[index].lowercased()
            index += 1
            switch t {
            case "normal", "small-caps", "condensed", "expanded": continue
            case "italic":
                italic = true
                continue
            default: break
            }
            if t.hasPrefix("oblique") {
                italic = true
                continue
            }
            if let w = fontWeight(t, d, &diagnostics),
                Double(t) == nil || t.count == 3
                    || Double(t).map({ $0 >= 100 }) == true
            {
                weight = w
                continue
            }
            var sizePart = Substring(t)
            var linePart: Substring? = nil
            if let slash = t.firstIndex(of: "/") {
                sizePart = t[..<slash]
                linePart = t[t.index(after: slash)...]
                if linePart!.isEmpty, index < tokens.count {
                    linePart = Substring(tokens[index].lowercased())
                    index += 1
                }
            } else if index < tokens.count, tokens[index].hasPrefix("/") {
                var rest = tokens[index].lowercased().dropFirst()
                index += 1
                if rest.isEmpty, index < tokens.count {
                    rest = Substring(tokens[index].lowercased())
                    index += 1
                }
                linePart = rest
            }
            guard let s = fontSize(String(sizePart)), let c = clampedFontSize(s, d, &diagnostics)
            else { return false }
            size = c
            if let lp = linePart {
                let l = String(lp)
                if l == "normal" {
                    lineHeight = .normal
                } else if let n = number(l), n.rest.isEmpty, n.value >= 0 {
                    lineHeight = .multiple(min(n.value, maxFactor))
                } else if let len = length(l) {
                    lineHeight = .length(len)
                } else {
                    return false
                }
            }
            break
        }
        guard let size, index < tokens.count else { return false }
        let familyText = tokens[index...].joined(separator: " ")
        let families = fontFamilies(Substring(familyText))
        guard !families.isEmpty else { return false }
        props.append(.italic(italic))
        props.append(.fontWeight(weight))
        props.append(.fontSize(size))
        props.append(.lineHeight(lineHeight))
        props.append(.fontFamily(families))
        if families[0].lowercased() == "monospace" { props.append(.monospace(true)) }
        return true
    }

    /// Splits on ASCII whitespace outside quotes and parentheses.
    static func splitSpaces(_ text: Substring) -> [Substring] {
        var out: [Substring] = []
        var start: Substring.Index? = nil
        var depth = 0
        var quote: Character? = nil
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
                if start == nil { start = i }
            } else if c == "(" {
                depth += 1
                if start == nil { start = i }
            } else if c == ")" {
                depth = max(0, depth - 1)
            } else if depth == 0 && (c == " " || c == "\t" || c == "\n" || c == "\r") {
                if let s = start { out.append(text[s..<i]) }
                start = nil
            } else if start == nil {
                start = i
            }
            i = text.index(after: i)
        }
        if let s = start { out.append(text[s..<text.endIndex]) }
        return out
    }

    static func trim(_ s: Substring) -> Substring {
        let u = s.utf8
        var a = u.startIndex
        var b = u.endIndex
        func space(_ c: UInt8) -> Bool {
            c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D
        }
        while a < b, space(u[a]) { a = u.index(after: a) }
        while b > a, space(u[u.index(before: b)]) { b = u.index(before: b) }
        return s[a..<b]
    }
}
