import MarkupAST

/// Writes resolved styled runs, one per line: the `-t styled` format.
///
/// Each paragraph starts with a `¶` line naming its kind (`p`, `h1`...`h6`, `li`, `pre`,
/// `tr`, `caption`, `hr`, `dt`) and the paragraph attributes that are set; its runs follow,
/// indented by two spaces, as a quoted string and the attributes that differ from the root
/// style, `; `-separated in a fixed order. The `"\n"` between paragraphs is not printed.
///
/// ```text
/// ¶ p after=16
///   "Hello "
///   "world" weight=700; color=#ff0000
/// ¶ p
///   "\u{FFFC}" image="cat.png"; alt="A cat"; width=120
/// ```
///
/// Text escapes: `\"`, `\\`, `\n`, `\t`, `\r` and `\u{XXXX}` for other control and invisible
/// characters (U+2028 line break, U+FFFC attachment, U+00A0 no-break space ...).
public struct StyledRunsWriter: MarkupWriter {
    /// The stylesheet runs are resolved with.
    public var stylesheet: Stylesheet

    /// Creates a writer with the standard stylesheet.
    public init() { self.stylesheet = .standard }

    /// Creates a writer with `stylesheet`.
    public init(stylesheet: Stylesheet) { self.stylesheet = stylesheet }

    /// Writes the runs.
    public func write(_ document: Document) -> WriteResult {
        let styled = StyledText(document, stylesheet: stylesheet)
        return WriteResult(output: StyledRunsWriter.format(styled), diagnostics: styled.diagnostics)
    }

    /// The `-t styled` text of already resolved runs.
    public static func format(_ styled: StyledText) -> String {
        let units = Array(styled.string.utf16)
        var out = ""
        var runIndex = 0
        for p in styled.paragraphs {
            out += "\u{00B6} " + p.kind.rawValue
            let attrs = paragraphAttributes(p.style)
            if !attrs.isEmpty { out += " " + attrs }
            out += "\n"
            while runIndex < styled.runs.count,
                styled.runs[runIndex].range.upperBound <= p.range.lowerBound
            {
                runIndex += 1
            }
            var i = runIndex
            while i < styled.runs.count, styled.runs[i].range.lowerBound < p.range.upperBound {
                let run = styled.runs[i]
                let lo = max(run.range.lowerBound, p.range.lowerBound)
                let hi = min(run.range.upperBound, p.range.upperBound)
                if lo < hi {
                    out += "  \""
                    escape(String(decoding: units[lo..<hi], as: UTF16.self), into: &out)
                    out += "\""
                    let attrs = runAttributes(run, root: styled.rootStyle)
                    if !attrs.isEmpty { out += " " + attrs }
                    out += "\n"
                }
                i += 1
            }
        }
        return out
    }

    /// `key=value; ...` for the run's style relative to `root`, plus its attachment.
    public static func runAttributes(_ run: StyledRun, root: TextStyle) -> String {
        var parts: [String] = []
        if let a = run.attachment {
            switch a.kind {
            case .rule: parts.append("rule")
            case .image:
                parts.append("image=" + quoted(a.url))
                if !a.alt.isEmpty { parts.append("alt=" + quoted(a.alt)) }
                if !a.title.isEmpty { parts.append("title=" + quoted(a.title)) }
                if let w = a.width { parts.append("width=" + number(w)) }
                if let h = a.height { parts.append("height=" + number(h)) }
            }
        }
        let s = run.style
        if s.fontFamily != root.fontFamily, let f = s.fontFamily {
            parts.append("family=" + quoted(f.joined(separator: ",")))
        }
        if s.fontSize != root.fontSize, let v = s.fontSize { parts.append("size=" + number(v)) }
        if s.fontWeight != root.fontWeight, let v = s.fontWeight { parts.append("weight=\(v)") }
        if s.italic == true && root.italic != true { parts.append("italic") }
        if s.italic == false && root.italic == true { parts.append("italic=false") }
        if s.monospace == true && root.monospace != true { parts.append("mono") }
        if s.foreground != root.foreground, let c = s.foreground { parts.append("color=" + c.hex) }
        if s.background != root.background, let c = s.background {
            parts.append("background=" + c.hex)
        }
        if let u = s.underline, u != .none {
            if u != root.underline { parts.append("underline=" + u.rawValue) }
            if let c = s.underlineColor, c != root.underlineColor {
                parts.append("underline-color=" + c.hex)
            }
        }
        if let u = s.strikethrough, u != .none {
            if u != root.strikethrough { parts.append("strike=" + u.rawValue) }
            if let c = s.strikethroughColor, c != root.strikethroughColor {
                parts.append("strike-color=" + c.hex)
            }
        }
        if s.letterSpacing != root.letterSpacing, let v = s.letterSpacing, v != 0 {
            parts.append("kern=" + number(v))
        }
        if s.wordSpacing != root.wordSpacing, let v = s.wordSpacing, v != 0 {
            parts.append("word-spacing=" + number(v))
        }
        if s.baselineOffset != root.baselineOffset, let v = s.baselineOffset, v != 0 {
            parts.append("baseline=" + number(v))
        }
        if s.textTransform != root.textTransform, let t = s.textTransform, t != .none {
            parts.append("transform=" + t.rawValue)
        }
        if s.link != root.link, let l = s.link { parts.append("link=" + quoted(l)) }
        return parts.joined(separator: "; ")
    }

    /// `key=value; ...` for the set fields of a paragraph style.
    public static func paragraphAttributes(_ p: ParagraphStyle) -> String {
        var parts: [String] = []
        if let a = p.alignment { parts.append("align=" + a.rawValue) }
        if let v = p.lineHeight { parts.append("line-height=" + number(v)) }
        if let v = p.lineHeightMultiple { parts.append("line-height-multiple=" + number(v)) }
        if let v = p.spacingBefore { parts.append("before=" + number(v)) }
        if let v = p.spacingAfter { parts.append("after=" + number(v)) }
        if let v = p.headIndent { parts.append("indent=" + number(v)) }
        if let v = p.firstLineHeadIndent, v != p.headIndent {
            parts.append("first-indent=" + number(v))
        }
        if let v = p.tailIndent { parts.append("tail-indent=" + number(v)) }
        if let t = p.tabStops { parts.append("tabs=" + t.map(number).joined(separator: ",")) }
        if let d = p.writingDirection { parts.append("direction=" + d.rawValue) }
        return parts.joined(separator: "; ")
    }

    /// A number with at most two decimals, no trailing zeros: `16`, `13.33`, `-3.2`.
    public static func number(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
        var s = String(format2: r)
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }

    static func quoted(_ s: String) -> String {
        var out = "\""
        escape(s, into: &out)
        out += "\""
        return out
    }

    /// Appends `s` with the escapes of the format.
    static func escape(_ s: String, into out: inout String) {
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                let v = scalar.value
                if v < 0x20 || (v >= 0x7F && v <= 0xA0) || v == 0xAD
                    || (v >= 0x200B && v <= 0x200F) || v == 0x2028 || v == 0x2029
                    || v == 0xFEFF || v == 0xFFFC
                {
                    out += "\\u{" + String(v, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
    }
}

extension String {
    /// Two-decimal fixed formatting without Foundation.
    init(format2 v: Double) {
        let negative = v < 0
        let cents = Int((abs(v) * 100).rounded())
        let frac = cents % 100
        self = (negative ? "-" : "") + "\(cents / 100)." + (frac < 10 ? "0" : "") + "\(frac)"
    }
}
