import ByteScan
import HTMLFormat
import MarkupAST

extension MarkdownWriter.Renderer {
    /// Where a run of inlines is written; decides breaks and line-start escaping.
    enum LineMode {
        case paragraph
        case setext
        case atx
        case tableCell
    }

    /// What follows an inline: the end of the inlines written (whitespace), a known byte (a
    /// line break is `\n`: more text follows it), or unknown.
    enum Following: Equatable {
        case end
        case byte(UInt8)
        case unknown

        /// Whether what follows may continue a character reference begun before it.
        var mayContinueReference: Bool {
            switch self {
            case .end: false
            case .unknown: true
            case .byte(let b):
                b == UInt8(ascii: "#") || b == UInt8(ascii: ";") || (b >= 0x30 && b <= 0x39)
                    || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A)
            }
        }

        /// The class of what follows; `unknown` for `.unknown`.
        func characterClass(unknown: CharClass = .punctuation) -> CharClass {
            switch self {
            case .end: .whitespace
            case .byte(let b): b < 0x80 ? charClass(ascii: b) : .other
            case .unknown: unknown
            }
        }
    }

    /// Where an output byte came from: text that may be wrapped, text that may not, markup.
    enum Origin {
        static let text: UInt8 = 0
        static let fixedText: UInt8 = 2
        static let markup: UInt8 = 1
    }

    /// Renders `xs` as Markdown (without container prefixes) and passes the UTF-8 bytes to
    /// `body`: lines separated by `\n` in `.paragraph` and `.setext` mode, one line otherwise.
    /// Re-entrant: the inline state of an enclosing call is saved and restored.
    func withInlineBytes<R>(_ xs: [Inline], mode: LineMode, _ body: (OutputBytes) -> R) -> R {
        let saved = (lineMode, linkTextDepth, inlineDepth, linkDepth, bufferMayHoldNewline)
        // A nested call (the writer's blocks make none) keeps the enclosing call's bytes aside;
        // otherwise the buffers keep the capacity of the previous paragraph.
        var enclosing: (buffer: OutputBytes, originRuns: [OriginRun])? = nil
        if inlineBytesDepth > 0 {
            enclosing = (buffer, originRuns)
            buffer = OutputBytes()
            originRuns = []
        }
        inlineBytesDepth += 1
        buffer.removeAll()
        originRuns.removeAll(keepingCapacity: true)
        linkDepth = 0
        bufferMayHoldNewline = false
        lineMode = mode
        linkTextDepth = 0
        inlineDepth = 0
        defer {
            inlineBytesDepth -= 1
            (lineMode, linkTextDepth, inlineDepth, linkDepth, bufferMayHoldNewline) = saved
            if let enclosing {
                buffer.deallocate()
                (buffer, originRuns) = enclosing
            }
        }
        var end = xs.count
        trailingBreaks: while end > 0 {
            switch xs[end - 1] {
            case .lineBreak, .softBreak: end -= 1
            default: break trailingBreaks
            }
        }
        if end == xs.count {
            renderInlines(xs, following: .end)
        } else {
            renderInlines(Array(xs[..<end]), following: .end)
        }
        if options.wrap == .auto && (mode == .paragraph || mode == .setext) {
            wrapBuffer(width: max(10, options.columns - prefixWidth))
        }
        escapeLineEdges(mode: mode)
        if mode == .tableCell
            && buffer.withUnsafeBufferPointer({
                ByteScan.firstIndex(of: 0x7C, in: $0, from: 0) < $0.count
            })
        {
            var escaped = OutputBytes(capacity: buffer.count + 8)
            for byte in buffer {
                if byte == UInt8(ascii: "|") { escaped.append(UInt8(ascii: "\\")) }
                escaped.append(byte)
            }
            buffer.deallocate()
            buffer = escaped
        }
        return body(buffer)
    }

    // MARK: Buffer

    func appendMarkup(_ s: String) {
        s.withUTF8Bytes { appendMarkup(bytes: $0) }
    }

    /// Appends a literal as markup.
    func appendMarkup(ascii s: StaticString) {
        appendMarkup(bytes: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// Appends `count` copies of a markup byte (a delimiter run, a code fence).
    func appendMarkup(byte: UInt8, count: Int) {
        buffer.append(repeating: byte, count: count)
        if byte == 0x0A { bufferMayHoldNewline = true }
        markOrigin(Origin.markup)
    }

    /// Appends UTF-8 bytes as markup.
    func appendMarkup(bytes: UnsafeBufferPointer<UInt8>) {
        buffer.append(contentsOf: bytes)
        if !bufferMayHoldNewline && ByteScan.firstIndex(of: 0x0A, in: bytes, from: 0) < bytes.count
        {
            bufferMayHoldNewline = true
        }
        markOrigin(Origin.markup)
    }

    func appendTextByte(_ byte: UInt8) {
        buffer.append(byte)
        if byte == 0x0A { bufferMayHoldNewline = true }
        markOrigin(linkTextDepth > 0 ? Origin.fixedText : Origin.text)
    }

    func appendEscape() {
        buffer.append(UInt8(ascii: "\\"))
        markOrigin(linkTextDepth > 0 ? Origin.fixedText : Origin.text)
    }

    /// Records that the bytes appended to `buffer` since the last call came from `origin`.
    @inline(__always)
    func markOrigin(_ origin: UInt8) {
        let end = buffer.count
        let last = originRuns.count - 1
        if last >= 0 {
            if originRuns[last].origin == origin {
                originRuns[last].end = end
                return
            }
            if originRuns[last].end == end { return }
        } else if end == 0 {
            return
        }
        originRuns.append(OriginRun(end: end, origin: origin))
    }

    /// Removes the spaces and tabs from text at the end of `buffer`, and their origins.
    func dropTrailingTextSpaces() {
        while buffer.count > 0,
            buffer[buffer.count - 1] == 0x20 || buffer[buffer.count - 1] == 0x09,
            origin(at: buffer.count - 1) != Origin.markup
        {
            buffer.removeLast()
        }
        let end = buffer.count
        while let last = originRuns.last, last.end > end {
            if originRuns.count >= 2, originRuns[originRuns.count - 2].end >= end {
                originRuns.removeLast()
            } else {
                originRuns[originRuns.count - 1].end = end
            }
        }
    }

    /// The origin of the last byte of `buffer` (nil when it is empty).
    var lastOrigin: UInt8? { originRuns.last?.origin }

    /// The origin of `buffer[index]`.
    func origin(at index: Int) -> UInt8 {
        var low = 0
        var high = originRuns.count - 1
        while low < high {
            let middle = (low + high) / 2
            if originRuns[middle].end > index { high = middle } else { low = middle + 1 }
        }
        return originRuns[low].origin
    }

    /// The origin of every byte of `buffer`, one byte each.
    func expandedOrigins() -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(buffer.count)
        var start = 0
        for run in originRuns {
            result.append(contentsOf: repeatElement(run.origin, count: run.end - start))
            start = run.end
        }
        return result
    }

    /// Replaces the runs by those of `origins` (one byte per buffer byte).
    func setOrigins(_ origins: [UInt8]) {
        originRuns.removeAll(keepingCapacity: true)
        var index = 0
        while index < origins.count {
            let origin = origins[index]
            var end = index + 1
            while end < origins.count && origins[end] == origin { end += 1 }
            originRuns.append(OriginRun(end: end, origin: origin))
            index = end
        }
    }

    /// The class of the character before the end of the buffer (line start is whitespace).
    func previousClass() -> CharClass {
        guard let last = buffer.last, last != 0x0A else { return .whitespace }
        if last < 0x80 { return charClass(ascii: last) }
        var start = buffer.count - 1
        while start > 0 && buffer[start] & 0xC0 == 0x80 { start -= 1 }
        return charClass(String(decoding: buffer[start...], as: UTF8.self).unicodeScalars.first)
    }

    // MARK: Inlines

    /// What is left to write once a container's children are written.
    enum InlineExit {
        /// Leaves a level (a span written as its content).
        case level
        /// Closes a delimiter run (and leaves its level).
        case delimiter(UInt8, count: Int)
        /// Closes a raw HTML tag (and leaves its level).
        case tag(String)
        /// Ends link or image text: the destination or reference (of the last of
        /// `openLinks`, kept apart so that a task stays small to copy).
        case link(textStart: Int, image: Bool, following: Following)
        /// Text cut from the end of a delimited run, written after it.
        case text(String, following: Following)
    }

    /// A step of `renderInlines`: the inlines of a list from an index on, or an exit.
    enum InlineTask {
        case inlines([Inline], index: Int, following: Following)
        case exit(InlineExit)
    }

    /// Schedules a container's children, what follows them, and what to do after them:
    /// `exit`, then spaces cut from the end of a delimited run (`trailing`, followed by
    /// `after`).
    func descend(
        _ children: [Inline], _ following: Following, _ exit: InlineExit?,
        trailing: String = "", after: Following = .end
    ) {
        if !trailing.isEmpty { inlineTasks.append(.exit(.text(trailing, following: after))) }
        if let exit { inlineTasks.append(.exit(exit)) }
        if !children.isEmpty {
            inlineTasks.append(.inlines(children, index: 0, following: following))
        }
    }

    /// Writes `xs` with a work stack of its own (`inlineTasks`), not by recursion: nesting
    /// down to the depth cap costs no call stack (a 512 KB thread writes it, also under
    /// AddressSanitizer). Re-entrant: works above the tasks an enclosing call left.
    func renderInlines(_ xs: [Inline], following: Following) {
        let base = inlineTasks.count
        // The list being written; the tasks hold the rest of the lists it is nested in.
        var list = xs
        var index = 0
        var outer = following
        while true {
            let count = list.count
            if index < count {
                let next = index + 1 < count ? firstFollowing(list, at: index + 1) : outer
                switch list[index] {
                case .text, .softBreak, .lineBreak, .code, .rawInline, .footnoteReference:
                    renderInline(list, at: index, following: next)
                    index += 1
                    continue
                default:
                    break
                }
                // A container: the rest of this list after its children (`descend`).
                if index + 1 < count {
                    inlineTasks.append(.inlines(list, index: index + 1, following: outer))
                }
                renderInline(list, at: index, following: next)
                index = count
                continue
            }
            guard inlineTasks.count > base else { return }
            switch inlineTasks.removeLast() {
            case .exit(let exit):
                finish(exit)
            case .inlines(let rest, let start, let after):
                list = rest
                index = start
                outer = after
            }
        }
    }

    /// Does what is left after a container's children (see `InlineExit`).
    func finish(_ exit: InlineExit) {
        switch exit {
        case .level:
            inlineDepth -= 1
        case .delimiter(let delimiter, let count):
            openDelimiters.removeLast()
            inlineDepth -= 1
            appendMarkup(byte: delimiter, count: count)
        case .tag(let tag):
            inlineDepth -= 1
            appendMarkup("</\(tag)>")
        case .link(let textStart, let image, let following):
            if !image { linkDepth -= 1 }
            inlineDepth -= 1
            linkTextDepth -= 1
            endLink(openLinks.removeLast(), textStart: textStart, following: following)
        case .text(let s, let following):
            appendText(s, following: following)
        }
    }

    /// What the rendering of `xs[index]` starts with.
    ///
    /// Switches on the array element in place: passing an `Inline` out of the array copied it
    /// (a retain of every payload field, then the releases), once per inline and once more
    /// for the look-ahead.
    func firstFollowing(_ xs: [Inline], at index: Int) -> Following {
        var list = xs
        var i = index
        // Down through wrappers that render no markup of their own, at most `maxDepth` levels.
        for _ in 0..<maxDepth {
            switch list[i] {
            case .text(let s):
                return s.utf8.first.map { Following.byte($0) } ?? .unknown
            case .softBreak, .lineBreak:
                // A line end (or the space a soft break may be written as), not the end of the
                // paragraph: a `[`, `<` or `\\` before it may still pair with what follows.
                return .byte(0x0A)
            case .code:
                return .byte(UInt8(ascii: "`"))
            case .emphasis, .strong, .strikethrough:
                return .byte(UInt8(ascii: "*"))
            case .link, .footnoteReference:
                return .byte(UInt8(ascii: "["))
            case .image:
                return .byte(UInt8(ascii: "!"))
            case .rawInline(_, let s):
                return options.rawHTML
                    ? (s.utf8.first.map { Following.byte($0) } ?? .unknown) : .unknown
            case .underline(let children, _), .sup(let children, _), .sub(let children, _),
                .highlight(let children, _):
                if options.rawHTML { return .byte(UInt8(ascii: "<")) }
                guard !children.isEmpty else { return .unknown }
                list = children
                i = 0
            case .span(let children, let a):
                if a.tag == "kbd" && options.rawHTML { return .byte(UInt8(ascii: "<")) }
                guard !children.isEmpty else { return .unknown }
                list = children
                i = 0
            }
        }
        return .unknown
    }

    /// The class of the last character `xs` renders to (markup counts as punctuation).
    func lastClass(_ xs: [Inline]) -> CharClass {
        var list = xs
        for _ in 0..<maxDepth {
            guard !list.isEmpty else { return .punctuation }
            switch list[list.count - 1] {
            case .text(let s): return lastCharClass(s)
            case .softBreak, .lineBreak: return .whitespace
            case .span(let children, let a):
                if a.tag == "kbd" && options.rawHTML { return .punctuation }
                list = children
            case .emphasis(let children, _), .strong(let children, _):
                list = children
            case .underline(let children, _), .sup(let children, _), .sub(let children, _),
                .highlight(let children, _):
                if options.rawHTML { return .punctuation }
                list = children
            default: return .punctuation
            }
        }
        return .punctuation
    }

    func firstClass(_ xs: [Inline]) -> CharClass {
        var list = xs
        for _ in 0..<maxDepth {
            guard !list.isEmpty else { return .punctuation }
            switch list[0] {
            case .emphasis(let children, _), .strong(let children, _): list = children
            default: return leadingClass(list)
            }
        }
        return .punctuation
    }

    private func leadingClass(_ xs: [Inline]) -> CharClass {
        guard !xs.isEmpty else { return .punctuation }
        if case .text(let s) = xs[0] { return firstCharClass(s) }
        return firstFollowing(xs, at: 0).characterClass()
    }

    /// `charClass(s.unicodeScalars.first)`, reading one byte when it is ASCII.
    func firstCharClass(_ s: String) -> CharClass {
        guard let byte = s.utf8.first else { return .whitespace }
        return byte < 0x80 ? charClass(ascii: byte) : charClass(s.unicodeScalars.first)
    }

    /// `charClass(s.unicodeScalars.last)`, reading one byte when it is ASCII.
    func lastCharClass(_ s: String) -> CharClass {
        guard let byte = s.utf8.last else { return .whitespace }
        return byte < 0x80 ? charClass(ascii: byte) : charClass(s.unicodeScalars.last)
    }

    /// Renders `xs[index]`, switching on the element in place (see `firstFollowing`); for a
    /// container, writes what comes before its children and schedules them and what comes
    /// after them (`descend`), for `renderInlines` to write.
    func renderInline(_ xs: [Inline], at index: Int, following: Following) {
        if inlineDepth >= maxDepth && xs[index].isContainer {
            lossy(.lossyDepth, "inline nesting deeper than \(maxDepth) levels flattened")
            descend(xs[index].leafInlines, following, nil)
            return
        }
        switch xs[index] {
        case .text(let s):
            appendText(s, following: following)
        case .softBreak:
            if options.wrap == .preserve && (lineMode == .paragraph || lineMode == .setext) {
                appendMarkup(ascii: "\n")
            } else {
                appendTextByte(0x20)
            }
        case .lineBreak:
            if lineMode == .paragraph || lineMode == .setext {
                appendHardBreak()
            } else if lineMode == .tableCell && options.rawHTML {
                appendMarkup(ascii: "<br>")
            } else {
                let place = lineMode == .atx ? "a heading" : "a table cell"
                lossy(.lossyLineBreak, "line break in \(place) written as a space")
                appendTextByte(0x20)
            }
        case .code(let code, let a):
            reportAttributes(a, element: a.tag ?? "code")
            renderCodeSpan(code)
        case .emphasis(let children, let a):
            let preferred: UInt8 = options.emphasisDelimiter == .underscore ? 0x5F : 0x2A
            renderDelimited(
                children, a, preferred: preferred, count: 1, htmlTag: "em", following: following)
        case .strong(let children, let a):
            let preferred: UInt8 = options.strongDelimiter == .underscores ? 0x5F : 0x2A
            renderDelimited(
                children, a, preferred: preferred, count: 2, htmlTag: "strong",
                following: following)
        case .strikethrough(let children, let a):
            if ext.contains(.strikethrough) {
                renderDelimited(
                    children, a, preferred: UInt8(ascii: "~"), count: 2, htmlTag: "del",
                    following: following)
            } else {
                renderRawTag("del", children, a, code: .lossyStrikethrough, following: following)
            }
        case .underline(let children, let a):
            renderRawTag("u", children, a, code: .lossyUnderline, following: following)
        case .sup(let children, let a):
            renderRawTag("sup", children, a, code: .lossySuperscript, following: following)
        case .sub(let children, let a):
            renderRawTag("sub", children, a, code: .lossySubscript, following: following)
        case .highlight(let children, let a):
            renderRawTag("mark", children, a, code: .lossyHighlight, following: following)
        case .span(let children, let a):
            if a.tag == "kbd" {
                renderRawTag("kbd", children, a, code: .lossyKbd, following: following)
            } else {
                reportAttributes(a, element: a.tag ?? "span")
                inlineDepth += 1
                descend(children, following, .level)
            }
        case .link(let children, let link, let a):
            reportAttributes(a, element: "a")
            renderLink(children, link, image: false, following: following)
        case .image(let children, let link, let a):
            renderImage(children, link, a, following: following)
        case .rawInline(let format, let s):
            if format.lowercased() != "html" {
                lossy(.lossyRaw, "raw \(format) inline dropped")
            } else if !options.rawHTML {
                lossy(.lossyRawHTML, "raw HTML inline dropped (raw HTML not allowed)")
            } else {
                appendMarkup(
                    lineMode == .paragraph || lineMode == .setext ? s : s.replacingNewlines())
            }
        case .footnoteReference(let label):
            if ext.contains(.footnotes) {
                escapeBangBeforeBracket()
            } else {
                lossy(
                    .lossyFootnote, "footnote [^\(label)] written as text (no footnotes extension)")
                appendEscape()
            }
            appendMarkup("[^\(label)]")
        }
    }

    /// A hard line break in the `hardBreak` style; spaces only after a character that is
    /// not white space (else the line would be blank or its last space would join the break),
    /// `<br />` only where raw HTML is allowed.
    func appendHardBreak() {
        switch options.hardBreak {
        case .spaces:
            if let last = buffer.last, last != 0x0A, last != 0x20, last != 0x09 {
                appendMarkup(ascii: "  \n")
                return
            }
        case .html:
            if options.rawHTML {
                appendMarkup(ascii: "<br />\n")
                return
            }
        case .backslash:
            break
        }
        appendMarkup(ascii: "\\\n")
    }

    // MARK: Emphasis

    /// Writes what comes before the children of emphasis, strong or strikethrough and
    /// schedules them (see `renderInline`); reports its attributes `a`.
    func renderDelimited(
        _ children: [Inline], _ a: Attributes, preferred: UInt8, count: Int, htmlTag: String,
        following: Following
    ) {
        reportAttributes(a, element: a.tag ?? htmlTag)
        var xs = children
        var leading = ""
        var trailing = ""
        // Only text that starts (ends) with a space, tab or newline byte can start (end) with
        // such a character.
        func edgeSpace(_ byte: UInt8?) -> Bool {
            byte == nil || byte == 0x20 || byte == 0x09 || byte == 0x0A
        }
        if case .text(let s)? = xs.first, edgeSpace(s.utf8.first) {
            if let cut = Self.leadingSpaceEnd(s) {
                leading = String(s[..<cut])
                if cut == s.endIndex { xs.removeFirst() } else { xs[0] = .text(String(s[cut...])) }
            } else {
                let kept = s.drop { $0 == " " || $0 == "\t" || $0 == "\n" }
                leading = String(s.prefix(s.count - kept.count))
                if kept.isEmpty { xs.removeFirst() } else { xs[0] = .text(String(kept)) }
            }
        }
        if case .text(let s)? = xs.last, edgeSpace(s.utf8.last) {
            if let cut = Self.trailingSpaceStart(s) {
                trailing = String(s[cut...])
                if cut == s.startIndex {
                    xs.removeLast()
                } else {
                    xs[xs.count - 1] = .text(String(s[..<cut]))
                }
            } else {
                var kept = Substring(s)
                while let c = kept.last, c == " " || c == "\t" || c == "\n" { kept.removeLast() }
                trailing = String(s.suffix(s.count - kept.count))
                if kept.isEmpty { xs.removeLast() } else { xs[xs.count - 1] = .text(String(kept)) }
            }
        }
        if !leading.isEmpty { appendText(leading, following: .unknown) }
        guard !xs.isEmpty else {
            if !trailing.isEmpty { appendText(trailing, following: following) }
            return
        }
        // The children with what follows them inside the run; the trailing spaces after it.
        func descend(_ inner: Following, _ exit: InlineExit?) {
            self.descend(xs, inner, exit, trailing: trailing, after: following)
        }
        let after = trailing.isEmpty ? following.characterClass(unknown: .other) : .whitespace
        let before = previousClass()
        let first = firstClass(xs)
        let last = lastClass(xs)
        // Inside a run of the same kind (emphasis in emphasis, strong in strong), inside a
        // word, the inner run's delimiters would close the outer one (`*ab*cd**` for
        // `<em>ab<em>cd</em></em>`): there the inner one, which adds nothing a reader sees,
        // is written as its content. (Between words `*a *b* c*` reads back nested; directly
        // at the start of the outer run the other character keeps both: `*_x_*`, below.)
        let tilde = preferred == 0x7E
        let direct = openDelimiters.last.map { $0.end == buffer.count } ?? false
        if !direct, before == .other || after == .other,
            openDelimiters.contains(where: { $0.count == count && ($0.byte == 0x7E) == tilde })
        {
            inlineDepth += 1  // (still a level: the depth limit counts it)
            return descend(following, .level)
        }
        var delimiter = preferred
        if delimiter == 0x5F && (before == .other || after == .other) { delimiter = 0x2A }
        var valid =
            first != .whitespace && (first != .punctuation || before != .other)
            && last != .whitespace && (last != .punctuation || after != .other)
        // Directly inside another delimiter run: the runs merge, so pick the character with
        // care. Same kind (`**a**` would be strong) or strong around emphasis (`***a***`
        // reads as emphasis around strong) need the other character, which only works when
        // the outer run is not intraword.
        if let open = openDelimiters.last, open.end == buffer.count, delimiter != 0x7E,
            open.byte != 0x7E
        {
            let mustDiffer = open.count == count || (open.count == 2 && count == 1)
            if open.intraword {
                delimiter = open.byte
                if open.count == count { valid = false }
            } else if mustDiffer {
                delimiter = open.byte == 0x2A ? 0x5F : 0x2A
            } else {
                delimiter = open.byte
            }
        } else if buffer.last == delimiter, lastOrigin == Origin.markup {
            // Directly after a closing run of the same character (`<b>a<i>b</b>c</i>`): the
            // two runs would merge into one (`***` + `*` reads as `****`), so use the other
            // character, or raw HTML when that one cannot open or close here.
            if delimiter == 0x7E {
                valid = false
            } else {
                delimiter = delimiter == 0x2A ? 0x5F : 0x2A
            }
        }
        if delimiter == 0x5F && (before == .other || after == .other) { valid = false }
        guard valid else {
            if options.rawHTML {
                appendMarkup("<\(htmlTag)>")
                inlineDepth += 1
                return descend(.byte(UInt8(ascii: "<")), .tag(htmlTag))
            }
            lossy(
                .lossyEmphasis,
                "<\(htmlTag)> that Markdown delimiters cannot express written as text")
            return descend(following, nil)
        }
        appendMarkup(byte: delimiter, count: count)
        inlineDepth += 1
        openDelimiters.append((delimiter, count, buffer.count, before == .other || after == .other))
        return descend(.byte(delimiter), .delimiter(delimiter, count: count))
    }

    /// Where the leading spaces, tabs and newlines of `s` end, found on its UTF-8 bytes;
    /// nil when the character after them is not ASCII (it could join the last space into one
    /// grapheme cluster, so the caller compares characters instead).
    static func leadingSpaceEnd(_ s: String) -> String.Index? {
        let bytes = s.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A {
                bytes.formIndex(after: &index)
                continue
            }
            return byte < 0x80 ? index : nil
        }
        return index
    }

    /// Where the trailing spaces, tabs and newlines of `s` start, found on its UTF-8 bytes;
    /// nil when the byte before them is not ASCII or is a carriage return (`\r\n` is one
    /// character), so the caller compares characters instead.
    static func trailingSpaceStart(_ s: String) -> String.Index? {
        let bytes = s.utf8
        var index = bytes.endIndex
        while index != bytes.startIndex {
            let before = bytes.index(before: index)
            let byte = bytes[before]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A {
                index = before
                continue
            }
            return byte < 0x80 && byte != 0x0D ? index : nil
        }
        return index
    }

    /// `<tag>…</tag>` as raw HTML when allowed, else the content with a diagnostic; reports
    /// its attributes `a`.
    func renderRawTag(
        _ tag: String, _ xs: [Inline], _ a: Attributes, code: DiagnosticCode, following: Following
    ) {
        reportAttributes(a, element: a.tag ?? tag)
        inlineDepth += 1
        if options.rawHTML {
            appendMarkup("<\(tag)>")
            descend(xs, .byte(UInt8(ascii: "<")), .tag(tag))
            return
        }
        lossy(code, "<\(tag)> written as its text (raw HTML not allowed)")
        descend(xs, following, .level)
    }

    // MARK: Code spans

    func renderCodeSpan(_ code: String) {
        code.withUTF8Bytes { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else {
                if options.rawHTML {
                    appendMarkup(ascii: "<code></code>")
                } else {
                    lossy(.lossyCode, "empty code span dropped")
                }
                return
            }
            let n = bytes.count
            // The fence: the shortest backtick run that does not occur in the content
            // (lengths below 64 are bits of `short`).
            var short: UInt64 = 0
            var long: Set<Int> = []
            var start = ByteScan.firstIndex(of: 0x60, in: bytes, from: 0)
            while start < n {
                var end = start + 1
                while end < n && base[end] == 0x60 { end += 1 }
                if end - start < 64 {
                    short |= 1 << UInt64(end - start)
                } else {
                    long.insert(end - start)
                }
                start = ByteScan.firstIndex(of: 0x60, in: bytes, from: end)
            }
            var length = 1
            while length < 64 ? short & (1 << UInt64(length)) != 0 : long.contains(length) {
                length += 1
            }
            // Line endings are written as spaces.
            func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D }
            let pad =
                base[0] == 0x60 || base[n - 1] == 0x60
                || (isSpace(base[0]) && isSpace(base[n - 1]) && !bytes.allSatisfy(isSpace))
            buffer.append(repeating: 0x60, count: length)
            if pad { buffer.append(0x20) }
            start = 0
            while start < n {
                let end = ByteScan.firstIndex(of: 0x0A, 0x0D, 0x0D, in: base, from: start, to: n)
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                if end < n { buffer.append(0x20) }
                start = end + 1
            }
            if pad { buffer.append(0x20) }
            buffer.append(repeating: 0x60, count: length)
            markOrigin(Origin.markup)
        }
    }

    // MARK: Links and images

    /// A `!` just before a link's `[` would turn it into an image.
    func escapeBangBeforeBracket() {
        guard let last = buffer.last, last == UInt8(ascii: "!"), lastOrigin != Origin.markup
        else { return }
        let escaped = buffer.count >= 2 && buffer[buffer.count - 2] == UInt8(ascii: "\\")
        if !escaped {
            // The backslash takes the origin of the `!`: the last run grows by one.
            buffer.insert(UInt8(ascii: "\\"), at: buffer.count - 1)
            originRuns[originRuns.count - 1].end += 1
        }
    }

    /// The text of the autolink `<url>` / `<address>` when the link is exactly its own URL
    /// (or `mailto:` address) and CommonMark's autolink syntax can hold it literally, else nil.
    /// The cheap comparisons with the link text come first; the byte check of the destination
    /// only runs for a candidate.
    func autolinkText(_ xs: [Inline], _ link: Link) -> String? {
        guard link.title.isEmpty, xs.count == 1, case .text(let text) = xs[0] else { return nil }
        let d = link.destination
        guard !d.isEmpty else { return nil }
        func literal() -> Bool {
            d.utf8.allSatisfy {
                $0 > 0x20 && $0 != 0x7F && $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: ">")
                    && $0 != UInt8(ascii: "&") && $0 != UInt8(ascii: "\\")
            }
        }
        if text == d, hasScheme(d) { return literal() ? d : nil }
        if ByteScan.hasPrefix(d, ascii: "mailto:"), text == String(d.dropFirst(7)),
            isEmailAddress(text)
        {
            return literal() ? text : nil
        }
        return nil
    }

    /// CommonMark's email autolink shape: local part, `@`, dot-separated alphanumeric labels.
    func isEmailAddress(_ s: String) -> Bool {
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        let localOK = parts[0].utf8.allSatisfy(Self.isEmailLocalByte)
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        let domainOK = labels.allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && label.first != "-" && label.last != "-"
                && label.utf8.allSatisfy {
                    ($0 < 0x80 && isAlnumByte($0)) || $0 == UInt8(ascii: "-")
                }
        }
        return localOK && domainOK
    }

    func hasScheme(_ s: String) -> Bool {
        var count = 0
        for byte in s.utf8 {
            if byte == UInt8(ascii: ":") { return count >= 2 && count <= 32 }
            let letter = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
            if count == 0 && !letter { return false }
            let digit = byte >= 0x30 && byte <= 0x39
            if !(letter || digit || byte == 0x2B || byte == 0x2E || byte == 0x2D) { return false }
            count += 1
        }
        return false
    }

    /// Writes the start of a link or image and schedules its text (see `renderInline`);
    /// `endLink` writes the rest.
    func renderLink(_ xs: [Inline], _ link: Link, image: Bool, following: Following) {
        if linkDepth > 0 && !image {
            lossy(.lossyNestedLink, "link inside a link written as its text")
            descend(xs, following, nil)
            return
        }
        // (An image's source was checked by `renderImage`.)
        if !image && writesAsUnsafe(link, image: false) {
            descend(xs, following, nil)
            return
        }
        if !image, let auto = autolinkText(xs, link) {
            appendMarkup(byte: UInt8(ascii: "<"), count: 1)
            appendMarkup(auto)
            appendMarkup(byte: UInt8(ascii: ">"), count: 1)
            return
        }
        escapeBangBeforeBracket()
        if image {
            appendMarkup(ascii: "![")
        } else {
            appendMarkup(ascii: "[")
        }
        let textStart = buffer.count
        linkTextDepth += 1
        inlineDepth += 1
        if !image { linkDepth += 1 }
        openLinks.append(link)
        descend(
            xs, .byte(UInt8(ascii: "]")),
            .link(textStart: textStart, image: image, following: following))
    }

    /// Ends link or image text that starts at `textStart`: `](destination "title")` or a
    /// reference.
    func endLink(_ link: Link, textStart: Int, following: Following) {
        if options.linkStyle == .reference {
            appendReference(link, textStart: textStart, following: following)
            return
        }
        buffer.append(UInt8(ascii: "]"))
        buffer.append(UInt8(ascii: "("))
        appendDestination(link.destination, to: &buffer)
        if !link.title.isEmpty {
            buffer.append(0x20)
            appendTitle(link.title, to: &buffer)
        }
        buffer.append(UInt8(ascii: ")"))
        markOrigin(Origin.markup)
    }

    /// Ends a reference link whose text starts at `textStart`: `][1]`, or with
    /// `referenceStyle` collapsed or shortcut `][]` / `]` when the text can be its label (see
    /// `MarkdownWriterOptions.ReferenceStyle`); a new label gets a pending definition.
    func appendReference(_ link: Link, textStart: Int, following: Following) {
        let key = ReferenceKey(destination: link.destination, title: link.title)
        if options.referenceStyle != .full, let label = textLabel(from: textStart) {
            let folded = Self.foldedLabel(label)
            let owner = referenceOwners[folded]
            if owner == nil || owner == key {
                if owner == nil {
                    referenceOwners[folded] = key
                    pendingReferences.append((label, link))
                }
                // `[text]` before `(`, `[` or `:` would read as an inline link, a full
                // reference or a definition.
                var shortcut = options.referenceStyle == .shortcut && following != .unknown
                if case .byte(let next) = following,
                    next == UInt8(ascii: "(") || next == UInt8(ascii: "[")
                        || next == UInt8(ascii: ":")
                {
                    shortcut = false
                }
                appendMarkup(shortcut ? "]" : "][]")
                return
            }
        }
        appendMarkup("][\(numberedLabel(key, link))]")
    }

    /// The number that labels `key`'s definition, taken on first use (a number some link
    /// text already holds as its label is skipped).
    func numberedLabel(_ key: ReferenceKey, _ link: Link) -> String {
        if let label = referenceLabels[key] { return label }
        var label = String(nextReferenceNumber)
        while referenceOwners[label] != nil {
            nextReferenceNumber += 1
            label = String(nextReferenceNumber)
        }
        nextReferenceNumber += 1
        referenceLabels[key] = label
        referenceOwners[label] = key
        pendingReferences.append((label, link))
        return label
    }

    /// The link text written from `textStart` to the end of the buffer, when it can be a
    /// link label that reads back as itself: not blank, at most 999 bytes, one line, no
    /// brackets, no leading `^` (a footnote), no `|` in a table cell (cells unescape it).
    func textLabel(from textStart: Int) -> String? {
        let text = buffer[textStart...]
        guard text.count <= 999, text.first != UInt8(ascii: "^") else { return nil }
        var blank = true
        for byte in text {
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "]"), 0x0A, 0x0D: return nil
            case UInt8(ascii: "|") where lineMode == .tableCell: return nil
            case 0x20, 0x09: continue
            default: blank = false
            }
        }
        return blank ? nil : String(decoding: text, as: UTF8.self)
    }

    /// A label as cmark-gfm matches it: white space runs as one space, trimmed, case folded
    /// (approximated by lower-, upper- and lowercasing twice, which maps `ẞ`, `ß` and `SS`
    /// alike; ASCII only needs lowercasing).
    static func foldedLabel(_ label: String) -> String {
        var scalars = String.UnicodeScalarView()
        var space = false
        for scalar in label.unicodeScalars {
            if scalar == " " || scalar == "\t" {
                space = !scalars.isEmpty
                continue
            }
            if space { scalars.append(" ") }
            space = false
            scalars.append(scalar)
        }
        let collapsed = String(scalars)
        if collapsed.utf8.allSatisfy({ $0 < 0x80 }) { return collapsed.lowercased() }
        return collapsed.uppercased().lowercased().uppercased().lowercased()
    }

    /// Whether `link` (an image's source with `image`) has a URL safe mode removes (see
    /// `MarkdownWriterOptions.unsafe`): reported, for the caller to write its text instead.
    func writesAsUnsafe(_ link: Link, image: Bool) -> Bool {
        guard !options.unsafe, HTMLWriter.isUnsafeURL(link.destination) else { return false }
        let scalars = link.destination.unicodeScalars
        let shown = String(scalars.prefix(48)) + (scalars.count > 48 ? "…" : "")
        lossy(
            .lossyUnsafeURL,
            image
                ? "unsafe image source \(shown) written as its description (--unsafe keeps it)"
                : "unsafe link \(shown) written as its text (--unsafe keeps it)")
        return true
    }

    func renderImage(_ xs: [Inline], _ link: Link, _ a: Attributes, following: Following) {
        if writesAsUnsafe(link, image: true) {
            // An image without a description, dropped at the end of its block, leaves the
            // space before it at the end: not kept (as `&#32;`), as if the image had not been.
            if xs.isEmpty, following == .end { dropTrailingTextSpaces() }
            descend(xs, following, nil)
            return
        }
        var others = a
        others.tag = nil
        others.pairs.removeAll { $0.name == "width" || $0.name == "height" }
        reportAttributes(others, element: "img")
        let width = a.value(of: "width") ?? ""
        let height = a.value(of: "height") ?? ""
        if !width.isEmpty || !height.isEmpty {
            if options.imageSizeAsHTML && options.rawHTML {
                var tag = OutputBytes()
                defer { tag.deallocate() }
                htmlImage(
                    xs, link, width: width.isEmpty ? nil : width,
                    height: height.isEmpty ? nil : height, into: &tag)
                tag.withUnsafeBufferPointer { appendMarkup(bytes: $0) }
                return
            }
            lossy(
                .lossyImageSize, "image size dropped (use image size as HTML to keep it)",
                severity: .info)
        }
        renderLink(xs, link, image: true, following: following)
    }

    /// Appends link destination `d` to `out`: `<...>` when it is empty or holds spaces,
    /// controls, `<`, or parentheses that are not balanced (cmark reads balanced ones, nested
    /// up to 32 deep, in a bare destination: `https://en.wikipedia.org/wiki/Foo_(bar)` stays as
    /// it is).
    func appendDestination(_ d: String, to out: inout OutputBytes) {
        d.withUTF8Bytes { bytes in
            var angle = bytes.isEmpty
            var plain = true
            var depth = 0
            let n = bytes.count
            // Only the bytes `isDestinationSpecial` accepts matter; whole blocks of 16 bytes
            // without them are skipped (the usual URL has none, or a few in its query).
            func next(_ i: Int) -> Int {
                Self.nextSpecial(
                    bytes.baseAddress!, from: i, to: n,
                    blockMayHold: Self.blockMayHoldDestinationSpecial,
                    isSpecial: Self.isDestinationSpecial)
            }
            var i = n == 0 ? 0 : next(0)
            while i < n {
                let byte = bytes[i]
                i = next(i + 1)
                if byte == UInt8(ascii: "(") {
                    depth += 1
                    if depth <= 32 { continue }
                } else if byte == UInt8(ascii: ")") {
                    depth -= 1
                    if depth >= 0 { continue }
                }
                if byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "(")
                    || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "<")
                {
                    angle = true
                    plain = false
                    break
                }
                if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\\")
                    || byte == UInt8(ascii: "&")
                {
                    plain = false
                }
            }
            if depth != 0 && !angle {
                angle = true
                plain = false
            }
            if plain {
                // Nothing to escape or encode (the usual URL): one copy.
                if angle { out.append(UInt8(ascii: "<")) }
                out.append(contentsOf: bytes)
                if angle { out.append(UInt8(ascii: ">")) }
                return
            }
            if angle { out.append(UInt8(ascii: "<")) }
            // The runs between the bytes that change are copied whole.
            var runStart = 0
            var index = next(0)
            while index < n {
                let byte = bytes[index]
                defer { index = next(index + 1) }
                let newline = byte == 0x0A || byte == 0x0D
                let changes =
                    newline || (angle && (byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")))
                    || (byte == UInt8(ascii: "\\")
                        && (index + 1 == bytes.count || isASCIIPunctuation(bytes[index + 1])))
                    || (byte == UInt8(ascii: "&") && entityFollows(bytes, at: index))
                guard changes else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                if newline {
                    out.append(ascii: "%0A")
                    runStart = index + 1
                } else {
                    out.append(UInt8(ascii: "\\"))
                    runStart = index
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
            if angle { out.append(UInt8(ascii: ">")) }
        }
    }

    /// Whether `appendDestination` looks at `b`: controls, space, DEL, `&`, `(`, `)`, `<`,
    /// `>`, backslash.
    @inline(__always)
    static func isDestinationSpecial(_ b: UInt8) -> Bool {
        b <= 0x20 || b == 0x7F || b == 0x26 || b == 0x28 || b == 0x29 || b == 0x3C || b == 0x3E
            || b == 0x5C
    }

    /// Whether the 16 bytes at `p` may hold a byte `appendDestination` looks at (controls,
    /// space, `&`, `(`, `)`, `<`, `>`, backslash, DEL; `'` and `=` are false positives).
    /// Branch-free, like `blockMayHoldSpecialText`.
    @inline(__always)
    static func blockMayHoldDestinationSpecial(_ p: UnsafePointer<UInt8>) -> Bool {
        var found: UInt8 = 0
        for k in 0..<16 {
            let b = p[k]
            var hit: UInt8 = b <= 0x20 ? 1 : 0
            hit |= b &- 0x26 < 4 ? 1 : 0  // & ' ( )
            hit |= b &- 0x3C < 3 ? 1 : 0  // < = >
            hit |= b == 0x5C ? 1 : 0  // \
            hit |= b == 0x7F ? 1 : 0
            found |= hit
        }
        return found != 0
    }

    /// Appends link title `t` to `out` in double quotes.
    func appendTitle(_ t: String, to out: inout OutputBytes) {
        t.withUTF8Bytes { appendTitle(bytes: $0, to: &out) }
    }

    private func appendTitle(bytes: UnsafeBufferPointer<UInt8>, to out: inout OutputBytes) {
        out.append(UInt8(ascii: "\""))
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                out.append(UInt8(ascii: "\\"))
            } else if byte == UInt8(ascii: "&"), entityFollows(bytes, at: index) {
                out.append(UInt8(ascii: "\\"))
            }
            if byte == UInt8(ascii: "\\"),
                index + 1 == bytes.count || isASCIIPunctuation(bytes[index + 1])
            {
                // As character references, not `\\`: cmark-gfm's title scanner takes the longest
                // match, and reads `"\\")…"` as a backslash, an escaped quote and on to a later
                // quote of the line, so the link is lost. (Two: a title's references are decoded
                // before its backslash escapes, so one would escape the punctuation after it.)
                out.append(ascii: "&#92;&#92;")
            } else if byte == 0x0A {
                // As a character reference: a line break in the title would end an ATX heading
                // or a table row, and a line after it could start a block (`<h3>`, `#`, a blank
                // line) that ends the paragraph and the link with it.
                out.append(ascii: "&#10;")
            } else {
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
