import BBCodeFormat
import HTMLFormat
import MarkupAST

/// BBCode to HTML in one pass over the bytes, without building a tree: the output of
/// `HTMLWriter().write(reader.read(input).document)`, byte for byte, for the posts that make
/// up nearly all of a forum's traffic (well-nested formatting, links, quotes, lists, code,
/// images). Anything else gives nil and `Converter` takes the AST path: misnested or unclosed
/// tags, stray close tags, formatting across a blank line or around a block, tables,
/// headings, custom span/div tags, unsafe or invalid values, CR inside raw content, nesting
/// deeper than 48, and every case where the reader would report a diagnostic. The rules
/// mirror `BBCodeReader` (tokenizer, tree builder, lowering) and `HTMLWriter`'s rendering of
/// the resulting blocks; `BBCodeDirectHTMLTests` checks the two paths against each other.
///
/// ```swift
/// BBCodeHTMLDirect.html("[b]Hi[/b] there", reader: BBCodeReader())
/// // "<p><strong>Hi</strong> there</p>\n"
/// BBCodeHTMLDirect.html("[b]Bold[i]Both[/b]Italic[/i]", reader: BBCodeReader()) // nil
/// ```
package struct BBCodeHTMLDirect {
    /// The direct path cannot produce this input's output (the AST path takes over).
    struct Unsupported: Error {}

    /// The closing markup of an open element.
    enum Closing: UInt8 {
        case none, strong, em, u, del, sub, sup, mark, span, link
        case blockquote, ul, ol, li, div
    }

    /// An open element: the document root, a block or an inline element.
    struct Frame {
        var kind: BBCodeKindCode
        var id: Int
        var isBlock: Bool
        var closing: Closing
        /// The output length before the element was opened (an empty inline element or a
        /// list without items is cut back to it).
        var openMark: Int
        /// The output length after the opening tag.
        var contentMark: Int
        /// Paragraphs in this block are `.plain` (list items).
        var compact = false
        /// The block's last written block was a `.plain` (the next one starts on a new line).
        var lastWasPlain = false
        /// A list with at least one item.
        var hasItems = false
        /// The container's `lastWasPlain` before this block (restored when the block is left
        /// out: a list without items).
        var parentLastWasPlain = false
        /// Opening this inline element wrote pending line breaks.
        var flushedBreaks = false
    }

    static let maxFrames = 48

    private let b: UnsafePointer<UInt8>
    private let n: Int
    private let plan: Plan
    // Copied from the plan once (reading them through the reference retained them per tag).
    private let kinds: [BBCodeKindCode]
    private let lookup: BBCodeTagLookup
    private var out: HTMLWriter.OutputBuffer
    private var frames: UnsafeMutablePointer<Frame>
    private var depth = 0
    private var linkDepth = 0
    private var lineHasContent = false
    // The open paragraph (at most one, in the innermost block).
    private var inParagraph = false
    private var compactParagraph = false
    /// The output length before the paragraph (a blank or empty paragraph is cut back to it).
    private var paragraphMark = 0
    private var paragraphContentStart = 0
    /// Nothing but opening tags so far: a line break here is a leading one (dropped).
    private var virgin = true
    private var hasNonText = false
    private var hasNonBlankText = false
    /// Line breaks written only when more content follows (trailing ones are dropped).
    private var pendingBreaks = 0
    /// A kept line break came last at this level: the next text's leading spaces go.
    private var afterBreak = false
    /// Something but opening tags and blank text was written in the paragraph (a line break
    /// before that is one the reader may take for a leading one).
    private var solid = false
    /// Blank text was dropped since the last paragraph ended (a leading line break after it
    /// may or may not be one for the reader).
    private var skippedBlank = false

    /// What direct conversions with one reader share (a converter keeps one): the reader's
    /// tables, held by one reference.
    package final class Plan: Sendable {
        let reader: BBCodeReader
        let dialect: BBCodeDialect
        let kinds: [BBCodeKindCode]
        let lookup: BBCodeTagLookup
        let autolink: Bool
        let depthLimit: Int

        /// The plan for `reader`.
        package init(reader: BBCodeReader) {
            self.reader = reader
            dialect = reader.dialect
            kinds = reader.dialect.kindCodes
            lookup = reader.dialect.lookup
            autolink = reader.autolink
            depthLimit = min(reader.maxDepth, BBCodeHTMLDirect.maxFrames)
        }
    }

    /// The HTML for `input`, or nil when the input needs the AST path.
    package static func html(_ input: String, reader: BBCodeReader) -> String? {
        html(input, plan: Plan(reader: reader))
    }

    /// The HTML for `input` read with the plan's reader, or nil when it needs the AST path.
    package static func html(_ input: String, plan: Plan) -> String? {
        let n = input.utf8.count
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: n + 1)
        defer { bytes.deallocate() }
        let copied = input.utf8.withContiguousStorageIfAvailable { source -> Bool in
            if let base = source.baseAddress { bytes.update(from: base, count: n) }
            return true
        }
        if copied == nil {
            var i = 0
            for byte in input.utf8 {
                bytes[i] = byte
                i += 1
            }
        }
        bytes[n] = 0  // sentinel, as the tag scanner requires
        var state = BBCodeHTMLDirect(UnsafePointer(bytes), n, plan)
        defer { state.release() }
        do throws(Unsupported) {
            try state.run()
        } catch {
            return nil
        }
        // NUL written as U+FFFD is reported, which the AST path does.
        if state.out.replacedNULs > 0 { return nil }
        return state.out.string()
    }

    private init(_ b: UnsafePointer<UInt8>, _ n: Int, _ plan: Plan) {
        self.b = b
        self.n = n
        self.plan = plan
        kinds = plan.kinds
        lookup = plan.lookup
        out = HTMLWriter.OutputBuffer(capacity: n + n / 2 + 64)
        frames = UnsafeMutablePointer<Frame>.allocate(capacity: Self.maxFrames + 1)
    }

    private func release() {
        out.deallocate()
        frames.deallocate()
    }

    // MARK: Scanning (as `BBCodeTokenizer`)

    private mutating func run() throws(Unsupported) {
        push(Frame(kind: .other, id: -1, isBlock: true, closing: .none, openMark: 0, contentMark: 0))
        var attributes: [BBCodeAttributeRange] = []
        var i = 0
        var textStart = 0
        while i < n {
            let c = b[i]
            if c == 0x0A || c == 0x0D {
                try text(textStart, i)
                let (count, end) = BBCodeTagScanner.lineEnds(b, i, n)
                i = end
                try newlines(count)
                textStart = i
                continue
            }
            if c != 0x5B {
                i = BBCodeTagScanner.skipPlain(b, i + 1, n)
                continue
            }
            guard
                let tag = BBCodeTagScanner.scan(b, i, n, lookup: lookup, attributes: &attributes)
            else {
                i += 1
                continue
            }
            let kind = kinds[tag.id]
            try text(textStart, i)
            if tag.isClose {
                try close(tag.id, kind)
                i = tag.end
            } else if isRaw(kind, tag) {
                // Raw content runs to the close tag; without one the reader reports the tag.
                guard let (contentEnd, after) = findClose(tag.id, from: tag.end) else {
                    throw Unsupported()
                }
                try raw(kind, tag, tag.end..<contentEnd, after: after, &attributes)
                i = after
            } else {
                try open(tag, kind, attributes)
                i = tag.end
            }
            textStart = i
        }
        try text(textStart, n)
        // Whatever is still open would be reported as unclosed.
        guard depth == 1 else { throw Unsupported() }
        try endParagraph()
    }

    private func isRaw(_ kind: BBCodeKindCode, _ tag: BBCodeScannedTag) -> Bool {
        switch kind {
        case .code, .noParse, .image, .youtube: return true
        case .link, .email: return tag.value == nil
        default: return false
        }
    }

    /// The first `[/name]` of the tag `id` at or after `start`: (content end, after it).
    private func findClose(_ id: Int, from start: Int) -> (Int, Int)? {
        var none: [BBCodeAttributeRange] = []
        var i = start
        while i < n {
            if b[i] == 0x5B, b[i + 1] == 0x2F,
                let tag = BBCodeTagScanner.scan(b, i, n, lookup: lookup, attributes: &none),
                tag.id == id
            {
                return (i, tag.end)
            }
            i += 1
        }
        return nil
    }

    /// Whether the text after a raw tag (up to the next tag or line end) holds more than
    /// spaces and tabs.
    private func nextHasText(_ after: Int, _ attributes: inout [BBCodeAttributeRange]) -> Bool {
        var j = after
        while j < n, b[j] == 0x20 || b[j] == 0x09 { j += 1 }
        guard j < n else { return false }
        switch b[j] {
        case 0x0A, 0x0D: return false
        case 0x5B:
            return BBCodeTagScanner.scan(b, j, n, lookup: lookup, attributes: &attributes) == nil
        default: return true
        }
    }

    // MARK: Frames

    @inline(__always)
    private mutating func push(_ frame: Frame) {
        frames[depth] = frame
        depth += 1
    }

    @inline(__always)
    private var top: Frame { frames[depth - 1] }

    /// Whether the innermost element is a list (where only blank text may stand).
    @inline(__always)
    private var atListLevel: Bool {
        // (Kinds are matched with `case` patterns throughout: `==` on the other module's enum
        // goes through a protocol witness.)
        guard case .list = frames[depth - 1].kind else { return false }
        return frames[depth - 1].isBlock
    }

    // MARK: Paragraphs (as `BBCodeLowering` and `HTMLWriter`)

    private mutating func beginParagraph() {
        compactParagraph = frames[depth - 1].compact
        paragraphMark = out.count
        if compactParagraph {
            if frames[depth - 1].lastWasPlain { cr() }
        } else {
            cr()
            put("<p>")
        }
        paragraphContentStart = out.count
        inParagraph = true
        virgin = true
        solid = false
        hasNonText = false
        hasNonBlankText = false
        pendingBreaks = 0
    }

    /// Opens the paragraph if needed and writes the line breaks that content now follows.
    @inline(__always)
    private mutating func prepareInline() {
        afterBreak = false
        if !inParagraph { beginParagraph() }
        if pendingBreaks > 0 {
            for _ in 0..<pendingBreaks { put("<br />\n") }
            pendingBreaks = 0
            hasNonText = true
        }
    }

    private mutating func endParagraph() throws(Unsupported) {
        guard inParagraph else { return }
        guard top.isBlock else { throw Unsupported() }
        inParagraph = false
        pendingBreaks = 0
        afterBreak = false
        skippedBlank = false
        trimTrailingSpaces()  // (the paragraph's last text, as the reader trims it)
        if (!hasNonText && !hasNonBlankText) || out.count == paragraphContentStart {
            out.truncate(to: paragraphMark)  // blank, or empty once empty wrappers went
        } else if compactParagraph {
            frames[depth - 1].lastWasPlain = true
        } else {
            put("</p>\n")
            frames[depth - 1].lastWasPlain = false
        }
    }

    /// Ends the paragraph before a block in the current container; returns the output
    /// length before the block's newline and the container's `lastWasPlain` before it.
    @discardableResult
    private mutating func startBlock() throws(Unsupported) -> (mark: Int, lastWasPlain: Bool) {
        guard top.isBlock, !atListLevel else { throw Unsupported() }
        try endParagraph()
        let before = (out.count, frames[depth - 1].lastWasPlain)
        frames[depth - 1].lastWasPlain = false
        cr()
        return before
    }

    // MARK: Tokens

    private mutating func text(_ start: Int, _ end: Int) throws(Unsupported) {
        guard end > start else { return }
        let nonBlank = isNonBlank(start, end)
        if nonBlank { lineHasContent = true }
        if atListLevel {
            if nonBlank { throw Unsupported() }
            return
        }
        let start = trimmedStart(start, end)
        if start == end {
            skippedBlank = true
            return
        }
        prepareInline()
        virgin = false
        if nonBlank {
            solid = true
            hasNonBlankText = true
        }
        let all = UnsafeBufferPointer(start: b, count: n)
        guard plan.autolink, linkDepth == 0, BBCodeAutolink.mayHoldURL(all, start..<end) else {
            escape(start, end)
            return
        }
        var from = start
        while let url = BBCodeAutolink.nextURL(all, from: from, in: start..<end) {
            escape(from, url.lowerBound)
            // (An autolinked URL starts with a scheme or `www.`: never a dangerous one.)
            put("<a href=\"")
            if isWWW(url.lowerBound, url.upperBound) { put("http://") }
            HTMLWriter.Escaping.appendHref(buffer(url), to: &out)
            put("\">")
            escape(url.lowerBound, url.upperBound)
            put("</a>")
            hasNonText = true
            from = url.upperBound
        }
        escape(from, end)
    }

    private mutating func newlines(_ count: Int) throws(Unsupported) {
        lineHasContent = false
        if count >= 2 {
            // Formatting open across a blank line is closed and reopened by the reader.
            guard top.isBlock else { throw Unsupported() }
            if atListLevel { return }
            try endParagraph()
        } else if !atListLevel, inParagraph, virgin, skippedBlank {
            throw Unsupported()  // (see `skippedBlank`)
        } else if !atListLevel, inParagraph, !virgin {
            // After wrappers that came out empty, the reader may take this break for a
            // leading one: left to the tree.
            guard solid, out.count > paragraphContentStart else { throw Unsupported() }
            trimTrailingSpaces()  // (the text before a line break ends without them)
            pendingBreaks += 1
            afterBreak = true
        }
    }

    /// Drops the spaces and tabs written last (text of the current level), back to the
    /// paragraph's start at most.
    private mutating func trimTrailingSpaces() {
        var count = out.count
        while count > paragraphContentStart, out.base[count - 1] == 0x20 || out.base[count - 1] == 0x09 {
            count -= 1
        }
        out.truncate(to: count)
    }

    private mutating func open(
        _ tag: BBCodeScannedTag, _ kind: BBCodeKindCode, _ attributes: [BBCodeAttributeRange]
    ) throws(Unsupported) {
        guard depth < plan.depthLimit else { throw Unsupported() }
        switch kind {
        case .strong, .emphasis, .underline, .strikethrough, .sub, .sup, .highlight, .color,
            .size, .font, .link, .email:
            try openInline(tag, kind, attributes)
        case .horizontalRule:
            try startBlock()
            put("<hr />\n")
        case .listItem:
            guard top.isBlock else { throw Unsupported() }
            if case .listItem = top.kind { try closeItem() }
            guard atListLevel else { throw Unsupported() }
            frames[depth - 1].hasItems = true
            let mark = out.count
            cr()
            put("<li>")
            push(
                Frame(
                    kind: .listItem, id: tag.id, isBlock: true, closing: .li, openMark: mark,
                    contentMark: out.count, compact: true))
        case .quote, .list, .align, .indent, .spoiler:
            let (mark, lastWasPlain) = try startBlock()
            try openBlock(tag, kind, attributes, mark: mark, parentLastWasPlain: lastWasPlain)
        default:
            throw Unsupported()
        }
    }

    private mutating func openInline(
        _ tag: BBCodeScannedTag, _ kind: BBCodeKindCode, _ attributes: [BBCodeAttributeRange]
    ) throws(Unsupported) {
        guard !atListLevel else { throw Unsupported() }
        let flushedBreaks = pendingBreaks > 0
        prepareInline()
        hasNonText = true
        let mark = out.count
        let closing: Closing
        switch kind {
        case .strong:
            put("<strong>")
            closing = .strong
        case .emphasis:
            put("<em>")
            closing = .em
        case .underline:
            put("<u>")
            closing = .u
        case .strikethrough:
            put("<del>")
            closing = .del
        case .sub:
            put("<sub>")
            closing = .sub
        case .sup:
            put("<sup>")
            closing = .sup
        case .highlight:
            put("<mark>")
            closing = .mark
        case .color:
            guard let value = tag.value.map(trimmedRange), BBCodeValues.isColor(buffer(value))
            else { throw Unsupported() }
            put("<span style=\"color: ")
            escape(value.lowerBound, value.upperBound)
            put("\">")
            closing = .span
        case .size:
            guard let value = tag.value.map(string).map(trimmed),
                let css = BBCodeSize.css(value, scale: plan.dialect.sizeScale)
            else { throw Unsupported() }
            put("<span style=\"font-size: ")
            HTMLWriter.Escaping.appendHTML(css, to: &out)
            put("\">")
            closing = .span
        case .font:
            guard let value = tag.value.map(string).map(trimmed), BBCodeValues.isFontName(value)
            else { throw Unsupported() }
            put("<span style=\"font-family: ")
            HTMLWriter.Escaping.appendHTML(value, to: &out)
            put("\">")
            closing = .span
        default:  // .link, .email with a value
            guard linkDepth == 0, let value = tag.value else { throw Unsupported() }
            let raw = trimmedRange(value)
            var title: Range<Int>?
            for pair in attributes where isName(pair.name, "title") { title = pair.value }
            if case .email = kind {
                let address = string(raw)
                let hasScheme = address.hasPrefix("mailto:")
                guard BBCodeURL.isEmail(hasScheme ? String(address.dropFirst(7)) : address) else {
                    throw Unsupported()
                }
                put("<a href=\"")
                if !hasScheme { put("mailto:") }
                HTMLWriter.Escaping.appendHref(buffer(raw), to: &out)
            } else {
                guard !raw.isEmpty, BBCodeURL.isSafe(buffer(raw), image: false) else {
                    throw Unsupported()
                }
                try putHref(raw)
            }
            put("\"")
            if let title, !title.isEmpty {
                put(" title=\"")
                escape(title.lowerBound, title.upperBound)
                put("\"")
            }
            put(">")
            closing = .link
            linkDepth += 1
        }
        push(
            Frame(
                kind: kind, id: tag.id, isBlock: false, closing: closing, openMark: mark,
                contentMark: out.count, flushedBreaks: flushedBreaks))
    }

    private mutating func openBlock(
        _ tag: BBCodeScannedTag, _ kind: BBCodeKindCode, _ attributes: [BBCodeAttributeRange],
        mark: Int, parentLastWasPlain: Bool
    ) throws(Unsupported) {
        var closing = Closing.div
        switch kind {
        case .quote:
            // `author` (from the value) then the tag's attributes, each name once.
            let author = tag.value.flatMap { $0.isEmpty ? nil : $0 }
            for (index, pair) in attributes.enumerated() {
                if author != nil, isName(pair.name, "author") { throw Unsupported() }
                for other in attributes[..<index] where sameName(other.name, pair.name) {
                    throw Unsupported()
                }
            }
            put("<blockquote")
            if let author {
                put(" author=\"")
                escape(author.lowerBound, author.upperBound)
                put("\"")
            }
            for pair in attributes { try appendAttribute(pair) }
            put(">\n")
            closing = .blockquote
        case .list:
            let value = trimmed(tag.value.map(string) ?? "")
            if value.isEmpty {
                put("<ul>\n")
                closing = .ul
            } else if value.utf8.count <= 9, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                let start = Int(value)
            {
                if start == 1 {
                    put("<ol>\n")
                } else {
                    put("<ol start=\"")
                    out.append(String(start))
                    put("\">\n")
                }
                closing = .ol
            } else if value == "a" || value == "A" || value == "i" || value == "I" {
                put("<ol type=\"")
                out.append(value)
                put("\">\n")
                closing = .ol
            } else if ["disc", "circle", "square"].contains(value.lowercased()) {
                put("<ul type=\"")
                out.append(value.lowercased())
                put("\">\n")
                closing = .ul
            } else {
                throw Unsupported()  // reported as an unknown list type
            }
        case .align:
            guard case .align(let alignment) = plan.dialect.tags[tag.id].kind,
                !alignment.isEmpty,
                alignment.utf8.allSatisfy({ $0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A })
            else { throw Unsupported() }
            put("<div style=\"text-align: ")
            out.append(alignment)
            put("\">\n")
            closing = .div
        case .indent:
            put("<div style=\"margin-left: ")
            out.append(BBCodeValues.indentMargin)
            put("\">\n")
            closing = .div
        default:  // .spoiler
            var title = tag.value.flatMap { $0.isEmpty ? nil : $0 }
            for pair in attributes where isName(pair.name, "title") { title = pair.value }
            put("<div class=\"")
            out.append(BBCodeValues.spoilerClass)
            if let title {
                put("\" title=\"")
                escape(title.lowerBound, title.upperBound)
            }
            put("\">\n")
            closing = .div
        }
        push(
            Frame(
                kind: kind, id: tag.id, isBlock: true, closing: closing, openMark: mark,
                contentMark: out.count, parentLastWasPlain: parentLastWasPlain))
    }

    /// Writes a quote attribute as the HTML writer does: `id`, `class` and `style` are left
    /// out; names it would refuse give up.
    private mutating func appendAttribute(_ pair: BBCodeAttributeRange) throws(Unsupported) {
        if isName(pair.name, "id") || isName(pair.name, "class") || isName(pair.name, "style") {
            return
        }
        let first = b[pair.name.lowerBound] | 0x20
        if pair.name.count >= 2, first == 0x6F, b[pair.name.lowerBound + 1] | 0x20 == 0x6E {
            throw Unsupported()  // `on*` handlers are removed with a diagnostic
        }
        if isName(pair.name, "srcdoc") { throw Unsupported() }
        if HTMLWriter.Escaping.isURLAttribute(lowercased(pair.name)) {
            throw Unsupported()  // may be removed as unsafe: left to the writer
        }
        put(" ")
        for k in pair.name { out.append(b[k] >= 0x41 && b[k] <= 0x5A ? b[k] + 32 : b[k]) }
        put("=\"")
        escape(pair.value.lowerBound, pair.value.upperBound)
        put("\"")
    }

    private mutating func close(_ id: Int, _ kind: BBCodeKindCode) throws(Unsupported) {
        if case .horizontalRule = kind, plan.dialect.tags[id].name == "hr" { return }  // ignored
        guard depth > 1 else { throw Unsupported() }  // a stray close tag
        let frame = top
        if !frame.isBlock {
            // Misnested or stray: the reader closes and reopens (or keeps it as text).
            guard frame.id == id, pendingBreaks == 0 else { throw Unsupported() }
            depth -= 1
            virgin = false
            solid = true
            if frame.closing == .link {
                linkDepth -= 1
                put("</a>")
            } else if out.count == frame.contentMark {
                // An empty wrapper is dropped. (After line breaks it wrote, the reader may
                // find them at the paragraph's end: left to the tree.)
                guard !frame.flushedBreaks else { throw Unsupported() }
                out.truncate(to: frame.openMark)
            } else {
                putClosing(frame.closing)
            }
            return
        }
        if case .listItem = kind {
            guard case .listItem = frame.kind, frame.id == id else { throw Unsupported() }
            try closeItem()
            return
        }
        if case .list = kind, case .listItem = frame.kind { try closeItem() }
        guard top.isBlock, top.id == id, depth > 1 else { throw Unsupported() }
        try endParagraph()
        let block = top
        depth -= 1
        if case .list = block.kind, !block.hasItems {
            out.truncate(to: block.openMark)  // a list without items is left out
            frames[depth - 1].lastWasPlain = block.parentLastWasPlain
            return
        }
        frames[depth - 1].lastWasPlain = false
        cr()
        putClosing(block.closing)
        put("\n")
    }

    private mutating func closeItem() throws(Unsupported) {
        try endParagraph()
        put("</li>\n")
        depth -= 1
    }

    private mutating func raw(
        _ kind: BBCodeKindCode, _ tag: BBCodeScannedTag, _ content: Range<Int>, after: Int,
        _ attributes: inout [BBCodeAttributeRange]
    ) throws(Unsupported) {
        guard !atListLevel, !contains(content, 0x0D) else { throw Unsupported() }
        switch kind {
        case .code:
            let inline =
                (lineHasContent || nextHasText(after, &attributes)) && !contains(content, 0x0A)
            if inline {
                leaf()
                put("<code>")
                escape(content.lowerBound, content.upperBound)
                put("</code>")
            } else {
                try startBlock()
                put("<pre><code")
                if let info = tag.value {
                    var end = info.lowerBound
                    while end < info.upperBound, !HTMLWriter.Escaping.isSpace(b[end]) { end += 1 }
                    if end > info.lowerBound {
                        put(" class=\"language-")
                        escape(info.lowerBound, end)
                        put("\"")
                    }
                }
                put(">")
                // One leading and one trailing line end dropped, then one added back.
                var start = content.lowerBound
                var end = content.upperBound
                if start < end, b[start] == 0x0A { start += 1 }
                if start < end, b[end - 1] == 0x0A { end -= 1 }
                if start < end {
                    escape(start, end)
                    put("\n")
                }
                put("</code></pre>\n")
            }
        case .noParse:
            literalText(content)
        case .image:
            let url = trimmedRange(content)
            guard !url.isEmpty, BBCodeURL.isSafe(buffer(url), image: true),
                !HTMLWriter.Escaping.isDangerousURL(buffer(url))
            else { throw Unsupported() }
            try image(url, tag, attributes)
        case .link:
            let url = trimmedRange(content)
            guard !url.isEmpty, BBCodeURL.isSafe(buffer(url), image: false) else {
                throw Unsupported()
            }
            guard linkDepth == 0 else {
                literalText(content)
                break
            }
            leaf()
            try putHref(url)
            put("\">")
            escape(content.lowerBound, content.upperBound)
            put("</a>")
        case .email:
            let address = trimmed(string(content))
            guard BBCodeURL.isEmail(address), linkDepth == 0 else {
                literalText(content)
                break
            }
            leaf()
            put("<a href=\"mailto:")
            HTMLWriter.Escaping.appendHref(address, to: &out)
            put("\">")
            HTMLWriter.Escaping.appendHTML(address, to: &out)
            put("</a>")
        default:  // .youtube
            guard let video = BBCodeURL.youTubeID(trimmed(string(content))), linkDepth == 0 else {
                literalText(content)
                break
            }
            leaf()
            put("<a href=\"https://www.youtube.com/watch?v=")
            HTMLWriter.Escaping.appendHref(video, to: &out)
            put("\" data-embed=\"youtube\">https://www.youtube.com/watch?v=")
            HTMLWriter.Escaping.appendHTML(video, to: &out)
            put("</a>")
        }
        lineHasContent = true
    }

    /// `[img]`: `[img=WxH]` and `width`/`height`/`alt` attributes, in the reader's order.
    private mutating func image(
        _ url: Range<Int>, _ tag: BBCodeScannedTag, _ attributes: [BBCodeAttributeRange]
    ) throws(Unsupported) {
        var width: String?
        var height: String?
        var widthFirst = true
        if let value = tag.value, let (w, h) = BBCodeValues.size(string(value)) {
            width = w
            height = h
        }
        var alt: Range<Int>?
        for pair in attributes {
            if isName(pair.name, "width") {
                if width == nil, height != nil { widthFirst = false }
                width = string(pair.value)
            } else if isName(pair.name, "height") {
                height = string(pair.value)
            } else if isName(pair.name, "alt") {
                alt = pair.value
            }
        }
        leaf()
        put("<img src=\"")
        HTMLWriter.Escaping.appendHref(buffer(url), to: &out)
        put("\" alt=\"")
        if let alt { escape(alt.lowerBound, alt.upperBound) }
        put("\"")
        func pair(_ name: StaticString, _ value: String?, _ out: inout HTMLWriter.OutputBuffer) {
            guard let value else { return }
            out.append(" " as StaticString)
            out.append(name)
            out.append("=\"" as StaticString)
            HTMLWriter.Escaping.appendHTML(value, to: &out)
            out.append("\"" as StaticString)
        }
        if widthFirst {
            pair("width", width, &out)
            pair("height", height, &out)
        } else {
            pair("height", height, &out)
            pair("width", width, &out)
        }
        put(" />")
    }

    /// Writes `<a href="` and the link destination of the URL bytes `url` (`www.` gets
    /// `http://`, as `BBCodeURL.normalized` does); a destination the writer would remove
    /// gives up.
    private mutating func putHref(_ url: Range<Int>) throws(Unsupported) {
        let www = isWWW(url.lowerBound, url.upperBound)
        guard www || !HTMLWriter.Escaping.isDangerousURL(buffer(url)) else { throw Unsupported() }
        put("<a href=\"")
        if www { put("http://") }
        HTMLWriter.Escaping.appendHref(buffer(url), to: &out)
    }

    /// An inline leaf (code, image, link): content that keeps the paragraph.
    @inline(__always)
    private mutating func leaf() {
        prepareInline()
        virgin = false
        solid = true
        hasNonText = true
    }

    /// Text taken as it is (`[noparse]`, raw content kept as text): never autolinked.
    private mutating func literalText(_ content: Range<Int>) {
        if content.isEmpty { return }  // (the reader's empty text is dropped)
        let start = trimmedStart(content.lowerBound, content.upperBound)
        if start == content.upperBound {
            skippedBlank = true
            return
        }
        prepareInline()
        virgin = false
        if isNonBlank(start, content.upperBound) {
            hasNonBlankText = true
            solid = true
        }
        escape(start, content.upperBound)
    }

    /// Where text `start..<end` begins once the spaces and tabs the reader drops are gone:
    /// those that start a paragraph (text at its top level, before anything else) or follow
    /// a line break.
    @inline(__always)
    private func trimmedStart(_ start: Int, _ end: Int) -> Int {
        guard afterBreak || (top.isBlock && (!inParagraph || out.count == paragraphContentStart))
        else { return start }
        var start = start
        while start < end, b[start] == 0x20 || b[start] == 0x09 { start += 1 }
        return start
    }

    // MARK: Output

    @inline(__always)
    private mutating func put(_ text: StaticString) { out.append(text) }

    /// cmark's `cr`: a newline unless the output is empty or ends with one.
    @inline(__always)
    private mutating func cr() {
        if let last = out.last, last != 0x0A { out.append(0x0A) }
    }

    private mutating func putClosing(_ closing: Closing) {
        switch closing {
        case .none: break
        case .strong: put("</strong>")
        case .em: put("</em>")
        case .u: put("</u>")
        case .del: put("</del>")
        case .sub: put("</sub>")
        case .sup: put("</sup>")
        case .mark: put("</mark>")
        case .span: put("</span>")
        case .link: put("</a>")
        case .blockquote: put("</blockquote>")
        case .ul: put("</ul>")
        case .ol: put("</ol>")
        case .li: put("</li>")
        case .div: put("</div>")
        }
    }

    @inline(__always)
    private mutating func escape(_ start: Int, _ end: Int) {
        if end > start { HTMLWriter.Escaping.appendHTML(buffer(start, end), to: &out) }
    }

    // MARK: Bytes

    @inline(__always)
    private func buffer(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: b + start, count: end - start)
    }

    @inline(__always)
    private func buffer(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        buffer(range.lowerBound, range.upperBound)
    }

    /// `range` without leading and trailing spaces, tabs and line feeds (as `trimmed`).
    private func trimmedRange(_ range: Range<Int>) -> Range<Int> {
        var start = range.lowerBound
        var end = range.upperBound
        while start < end, b[start] == 0x20 || b[start] == 0x09 || b[start] == 0x0A { start += 1 }
        while end > start, b[end - 1] == 0x20 || b[end - 1] == 0x09 || b[end - 1] == 0x0A {
            end -= 1
        }
        return start..<end
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: buffer(range.lowerBound, range.upperBound), as: UTF8.self)
    }

    private func lowercased(_ range: Range<Int>) -> String {
        String(decoding: buffer(range.lowerBound, range.upperBound), as: UTF8.self).lowercased()
    }

    private func isNonBlank(_ start: Int, _ end: Int) -> Bool {
        var i = start
        while i < end {
            if b[i] != 0x20 && b[i] != 0x09 { return true }
            i += 1
        }
        return false
    }

    private func contains(_ range: Range<Int>, _ byte: UInt8) -> Bool {
        for i in range where b[i] == byte { return true }
        return false
    }

    /// Whether the bytes of `range` spell `name` (lower-case ASCII) in any case.
    private func isName(_ range: Range<Int>, _ name: StaticString) -> Bool {
        guard range.count == name.utf8CodeUnitCount else { return false }
        let p = name.utf8Start
        for k in 0..<range.count where b[range.lowerBound + k] | 0x20 != p[k] { return false }
        return true
    }

    /// Whether two attribute names are equal in any case.
    private func sameName(_ x: Range<Int>, _ y: Range<Int>) -> Bool {
        guard x.count == y.count else { return false }
        for k in 0..<x.count where b[x.lowerBound + k] | 0x20 != b[y.lowerBound + k] | 0x20 {
            return false
        }
        return true
    }

    /// `www.` (any case) followed by more: `BBCodeURL.normalized` prefixes `http://`.
    private func isWWW(_ start: Int, _ end: Int) -> Bool {
        end - start > 4 && b[start] | 0x20 == 0x77 && b[start + 1] | 0x20 == 0x77
            && b[start + 2] | 0x20 == 0x77 && b[start + 3] == 0x2E
    }
}
