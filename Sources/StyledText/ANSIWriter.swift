import MarkupAST

/// Renders to a terminal: bold, italic, underline, strikethrough and 24-bit colour as SGR
/// escapes, links as OSC 8 hyperlinks, lists and tables laid out in columns.
///
/// With `color: false` (the CLI's `--color=never`, `NO_COLOR`, or `auto` on a pipe) no escape
/// is written: the same layout in plain text, links followed by ` <url>` when the URL
/// differs from the text.
///
/// ```swift
/// let doc = Document([.paragraph([.text("Hello "), .strong([.text("world")], .none)], .none)])
/// ANSIWriter(color: true).write(doc).output  // "Hello \u{1B}[1mworld\u{1B}[0m\n"
/// ```
public struct ANSIWriter: MarkupWriter {
    /// Whether to emit colour and style escapes.
    public var color: Bool
    /// The stylesheet runs are resolved with.
    public var stylesheet: Stylesheet
    /// Width of `<hr>` rules in columns.
    public var ruleWidth: Int

    /// Creates a writer.
    public init(color: Bool = true) {
        self.init(color: color, stylesheet: .standard)
    }

    /// Creates a writer with a stylesheet.
    public init(color: Bool = true, stylesheet: Stylesheet, ruleWidth: Int = 40) {
        self.color = color
        self.stylesheet = stylesheet
        self.ruleWidth = ruleWidth
    }

    /// Writes ANSI text. A terminal shows no tool tips: the text's titles
    /// (`TextStyle.toolTip`) are dropped with one `lossy.attributes` info, as plain text
    /// drops them.
    public func write(_ document: Document) -> WriteResult {
        let styled = StyledText(document, stylesheet: stylesheet)
        var diagnostics = styled.diagnostics
        if let dropped = Self.droppedToolTips(styled) { diagnostics.append(dropped) }
        return WriteResult(output: render(styled), diagnostics: diagnostics)
    }

    /// The info about the tool tips of `styled`, if it has any: how many stretches of text
    /// had one (runs in a row with the same tool tip count once) and the first.
    static func droppedToolTips(_ styled: StyledText) -> Diagnostic? {
        var count = 0
        var first: String? = nil
        var previous: String? = nil
        for run in styled.runs {
            let toolTip = run.style.boxed == nil ? nil : run.style.toolTip
            if let toolTip, toolTip != previous {
                count += 1
                if first == nil { first = toolTip }
            }
            previous = toolTip
        }
        guard let first else { return nil }
        let shown = first.count > 40 ? first.prefix(40) + "…" : Substring(first)
        return Diagnostic(
            .info, .lossyAttributes,
            "title of \(count == 1 ? "1 stretch" : "\(count) stretches") of text dropped"
                + " (first \"\(shown)\"; a terminal shows no tooltips)")
    }

    /// Points of indent per terminal column.
    static let pointsPerColumn: Double = 10

    static func columns(_ points: Double?) -> Int {
        Int(((points ?? 0) / pointsPerColumn).rounded())
    }

    /// Renders resolved styled text.
    public func render(_ styled: StyledText) -> String {
        let units = Array(styled.string.utf16)
        var out = ""
        var runIndex = 0
        for (pi, p) in styled.paragraphs.enumerated() {
            if pi > 0, let after = styled.paragraphs[pi - 1].style.spacingAfter, after > 0 {
                out += "\n"
            }
            let head = ANSIWriter.columns(p.style.headIndent)
            let first = ANSIWriter.columns(p.style.firstLineHeadIndent ?? p.style.headIndent)
            var column = first
            out += String(repeating: " ", count: first)
            let stops = (p.style.tabStops ?? []).map { ANSIWriter.columns($0.location) }
            // Table rows: each cell is collected, then padded as its tab stop aligns it. A
            // row whose first cell is aligned starts with a tab to a stop of its own (one
            // stop per column then, not per column after the first).
            let widths = p.kind == .tableRow ? p.columnWidths : nil
            let alignments = (p.style.tabStops ?? []).map(\.alignment)
            let leading = widths.map { !$0.isEmpty && alignments.count == $0.count } ?? false
            var cell = leading ? -1 : 0
            var cellStart = first
            var cellText = ""
            var cellAlignment = TabStop.Alignment.left
            func put(_ s: String) {
                if widths == nil { out += s } else { cellText += s }
            }
            func closeCell() {
                guard let widths else { return }
                let full = cell >= 0 && cell < widths.count ? widths[cell] : 0
                let pad = max(0, full - (column - cellStart))
                let before = cellAlignment == .right ? pad : cellAlignment == .center ? pad / 2 : 0
                out += String(repeating: " ", count: before) + cellText
                column += before
                cellText = ""
            }
            while runIndex < styled.runs.count,
                styled.runs[runIndex].range.upperBound <= p.range.lowerBound
            {
                runIndex += 1
            }
            var i = runIndex
            while i < styled.runs.count, styled.runs[i].range.lowerBound < p.range.upperBound {
                let run = styled.runs[i]
                i += 1
                let lo = max(run.range.lowerBound, p.range.lowerBound)
                let hi = min(run.range.upperBound, p.range.upperBound)
                guard lo < hi else { continue }
                if let a = run.attachment {
                    if a.kind == .rule {
                        let width = max(3, ruleWidth - first)
                        put(String(repeating: "\u{2500}", count: width))
                        column += width
                    } else {
                        let label = "[" + (a.alt.isEmpty ? "image" : a.alt) + "]"
                        put(styledPiece(label, run.style, link: a.url, root: styled.rootStyle))
                        column += ANSIWriter.width(label)
                    }
                    continue
                }
                let piece = String(decoding: units[lo..<hi], as: UTF16.self)
                // Split at tabs and line separators, which the layout handles.
                var segment = ""
                func flushSegment() {
                    guard !segment.isEmpty else { return }
                    put(
                        styledPiece(
                            segment, run.style, link: run.style.link, root: styled.rootStyle))
                    column += ANSIWriter.width(segment)
                    segment = ""
                }
                for scalar in piece.unicodeScalars {
                    switch scalar {
                    case "\t":
                        flushSegment()
                        var target: Int
                        if let widths {
                            closeCell()
                            target =
                                cell < 0
                                ? column : cellStart + (cell < widths.count ? widths[cell] : 0) + 2
                            cell += 1
                            let stop = leading ? cell : cell - 1
                            cellAlignment =
                                stop >= 0 && stop < alignments.count ? alignments[stop] : .left
                            if target <= column && cell > 0 { target = column + 1 }
                        } else {
                            target = stops.first(where: { $0 > column }) ?? column + 1
                            if target <= column { target = column + 1 }
                        }
                        out += String(repeating: " ", count: target - column)
                        column = target
                        cellStart = column
                    case "\u{2028}", "\n":
                        flushSegment()
                        put("\n" + String(repeating: " ", count: head))
                        column = head
                    default:
                        segment.unicodeScalars.append(scalar)
                    }
                }
                flushSegment()
            }
            closeCell()
            out += "\n"
        }
        return out
    }

    func styledPiece(_ text: String, _ s: TextStyle, link: String?, root: TextStyle) -> String {
        guard color else {
            if let link, s.link == link, !link.isEmpty, link != text, "mailto:" + text != link {
                return text + " <" + link + ">"
            }
            return text
        }
        var codes: [String] = []
        if s.isBold {
            codes.append("1")
        } else if let w = s.fontWeight, w <= 300 {
            codes.append("2")
        }
        if s.italic == true { codes.append("3") }
        if let u = s.underline, u != .none { codes.append(u == .double ? "21" : "4") }
        if let u = s.strikethrough, u != .none { codes.append("9") }
        if let c = s.foreground, c != root.foreground {
            codes.append("38;2;\(c.red);\(c.green);\(c.blue)")
        }
        if let c = s.background, c != root.background, c.alpha > 0 {
            codes.append("48;2;\(c.red);\(c.green);\(c.blue)")
        }
        var result = ""
        let hyperlink = link.flatMap { $0.isEmpty ? nil : $0 }
        if let hyperlink { result += "\u{1B}]8;;" + ANSIWriter.sanitize(hyperlink) + "\u{1B}\\" }
        if !codes.isEmpty { result += "\u{1B}[" + codes.joined(separator: ";") + "m" }
        result += ANSIWriter.sanitize(text)
        if !codes.isEmpty { result += "\u{1B}[0m" }
        if hyperlink != nil { result += "\u{1B}]8;;\u{1B}\\" }
        return result
    }

    /// Removes C0/C1 controls (other than tab/newline) so text cannot inject escapes.
    static func sanitize(_ s: String) -> String {
        func isControl(_ c: Unicode.Scalar) -> Bool {
            (c.value < 0x20 && c != "\n" && c != "\t") || (c.value >= 0x7F && c.value < 0xA0)
        }
        guard s.unicodeScalars.contains(where: isControl) else { return s }
        return String(s.unicodeScalars.filter { !isControl($0) })
    }

    /// Terminal display width: wide East Asian characters and emoji count 2, combining
    /// marks and zero-width characters 0.
    public static func width(_ s: String) -> Int {
        var w = 0
        for scalar in s.unicodeScalars {
            let v = scalar.value
            if v < 0x20 || (v >= 0x7F && v < 0xA0) { continue }
            if v == 0x200B || v == 0x200C || v == 0x200D || v == 0xFE0F || v == 0xFE0E { continue }
            if scalar.properties.generalCategory == .nonspacingMark
                || scalar.properties.generalCategory == .enclosingMark
            {
                continue
            }
            w += StyleResolver.isWide(scalar) ? 2 : 1
        }
        return w
    }
}
