import MarkupAST

extension MarkdownWriter.Renderer {
    /// What a block needs to know about its siblings and container.
    struct BlockContext {
        /// The block is the first of a list item (the marker is on its first line).
        var firstInItem = false
        /// The bullet character of the item the block opens, if any.
        var itemMarker: UInt8? = nil
        /// The block follows a paragraph with no blank line in between.
        var afterParagraphNoBlank = false
        /// The previous sibling is a list.
        var afterList = false
        /// The block is inside a tight list item (indented code would need a blank line).
        var tight = false
        /// The marker (bullet or ordered delimiter) of the previous sibling list.
        var previousListMarker: String? = nil
    }

    // MARK: Preparation

    /// Reports what rendering `blocks` flattens or drops (see `PreparedBlocks`), in document
    /// order, before any of them is written: the attributes of `.div`s, and raw blocks that
    /// may not be written. Returns false when there is nothing of the kind (the usual list).
    @discardableResult
    func reportPreparation(_ blocks: [Block]) -> Bool {
        // Usually nothing to do. (The blocks are switched on in place, by index: a `for` loop
        // copied each one.)
        var untouched = true
        for index in blocks.indices {
            switch blocks[index] {
            case .div, .rawBlock: untouched = false
            case .paragraph(let xs, _) where xs.isEmpty: untouched = false
            case .plain(let xs, _) where xs.isEmpty: untouched = false
            default: continue
            }
            break
        }
        if untouched { return false }
        var stack: [(blocks: [Block], index: Int)] = [(blocks, 0)]
        while !stack.isEmpty {
            let top = stack.count - 1
            let index = stack[top].index
            guard index < stack[top].blocks.count else {
                stack.removeLast()
                continue
            }
            stack[top].index += 1
            switch stack[top].blocks[index] {
            case .div(let children, let attributes):
                reportAttributes(attributes, element: attributes.tag ?? "div")
                stack.append((children, 0))
            case .rawBlock(let format, _):
                if format.lowercased() != "html" {
                    lossy(.lossyRaw, "raw \(format) block dropped")
                } else if !options.rawHTML {
                    lossy(.lossyRawHTML, "raw HTML block dropped (raw HTML not allowed)")
                }
            default:
                continue
            }
        }
        return true
    }

    /// Records attributes that a Markdown element cannot carry: class, id, style and the
    /// presentational ones (`Attributes.isPresentational(_:)`) as info, the others
    /// (a title, colspan ...) as a warning; reported once per document with counts.
    func reportAttributes(_ attributes: Attributes, element: @autoclosure () -> String) {
        if attributes.isEmpty { return }
        // Class first (the usual attribute); id and style need no look once their flag is set
        // and this element already counts as styled.
        var styling = false
        if !attributes.classes.isEmpty {
            droppedStyling.hasClass = true
            styling = true
        }
        if !(styling && droppedStyling.hasID) && !attributes.id.isEmpty {
            droppedStyling.hasID = true
            styling = true
        }
        if !(styling && droppedStyling.hasStyle) && !attributes.style.isEmpty {
            droppedStyling.hasStyle = true
            styling = true
        }
        var content = false
        for pair in attributes.pairs {
            let name = pair.name
            // A name seen before is already in its set: a short scan of the names seen
            // (a document uses few) instead of the presentational test (a chain of string
            // compares) and a set insertion (hashing).
            let length = name.utf8.count
            var known: Bool? = nil
            for seen in seenAttributeNames where seen.length == length && seen.name == name {
                known = seen.presentational
                break
            }
            if let known {
                if known { styling = true } else { content = true }
                continue
            }
            let presentational = Attributes.isPresentational(name)
            if seenAttributeNames.count < 64 {
                seenAttributeNames.append((name, length, presentational))
            }
            if presentational {
                let family =
                    name.hasPrefix("data-") ? "data-*" : name.hasPrefix("aria-") ? "aria-*" : name
                droppedStyling.names.insert(family)
                styling = true
            } else {
                droppedContent.names.insert(name)
                content = true
            }
        }
        if styling { droppedStyling.add(element) }
        if content { droppedContent.add(element) }
    }

    // MARK: Sequences

    /// Renders sibling blocks: blank lines between them (tight lists only where needed).
    func renderBlocks(_ blocks: [Block], tight: Bool, first: BlockContext) {
        reportPreparation(blocks)
        var context = first
        context.tight = tight
        var cursor = PreparedBlocks(blocks, rawHTML: options.rawHTML)
        var previous: Block? = nil
        while let block = cursor.next() {
            if let previous {
                context.firstInItem = false
                context.itemMarker = nil
                separate(previous, block, tight: tight, context: &context)
            }
            render(block, context: &context)
            previous = block
        }
    }

    static func isParagraphLike(_ block: Block) -> Bool {
        switch block {
        case .paragraph, .plain: return true
        default: return false
        }
    }

    /// Emits what goes between two sibling blocks and updates the context of `next`.
    func separate(_ previous: Block, _ next: Block, tight: Bool, context: inout BlockContext) {
        context.afterList = false
        context.afterParagraphNoBlank = false
        if case .list = previous {
            context.afterList = true
        } else {
            context.previousListMarker = nil
        }
        if tight && canFollowWithoutBlank(previous, next, context: context) {
            context.afterParagraphNoBlank = true
            return
        }
        emitBlank()
    }

    func canFollowWithoutBlank(_ previous: Block, _ next: Block, context: BlockContext) -> Bool {
        switch previous {
        case .heading:
            break
        case .codeBlock(let info, let code, _):
            guard isFenced(info: info, code: code, context: BlockContext()) else { return false }
        case .thematicBreak:
            break
        case .blockQuote, .list, .paragraph, .plain:
            let afterParagraph = Self.isParagraphLike(previous)
            switch next {
            case .list(let list):
                // (A list interrupts a paragraph only from 1 and with a first item that is not
                // empty: else `1.` stays paragraph text, and a bare `-` underlines a heading.)
                let first = list.items.first
                return afterParagraph && (list.kind == .bullet || list.start == 1)
                    && !(first.map { $0.blocks.isEmpty && $0.task == nil } ?? false)
            case .heading(let level, let xs, _):
                return !useSetext(level: level, xs)
            case .codeBlock(let info, let code, _):
                return isFenced(info: info, code: code, context: context)
            case .blockQuote:
                return afterParagraph
            case .thematicBreak:
                return true
            default:
                return false
            }
        default:
            return false
        }
        if case .codeBlock(let info, let code, _) = next {
            return isFenced(info: info, code: code, context: context)
        }
        return true
    }

    // MARK: One block

    func render(_ block: Block, context: inout BlockContext) {
        switch block {
        case .paragraph(let xs, let a), .plain(let xs, let a):
            reportAttributes(a, element: "p")
            renderParagraph(xs)
        case .heading(let level, let xs, let a):
            if !a.isEmpty { reportAttributes(a, element: "h\(level)") }
            renderHeading(level: level, xs)
        case .blockQuote(let blocks, let a):
            reportAttributes(a, element: "blockquote")
            if flattensAtDepthCap(block) { return }
            depth += 1
            prefixes.append(Prefix(first: Array("> ".utf8), rest: Array("> ".utf8)))
            if blocks.isEmpty {
                emitLine("")
            } else {
                renderBlocks(blocks, tight: false, first: BlockContext())
            }
            prefixes.removeLast()
            depth -= 1
        case .codeBlock(let info, let code, _):
            renderCode(info: info, code: code, context: context)
        case .rawBlock(_, let text):
            var body = text
            while body.hasSuffix("\n") { body.removeLast() }
            emitLines(body)
        case .list(let list):
            context.previousListMarker = renderList(
                list, avoiding: context.afterList ? context.previousListMarker : nil)
        case .definitionList(let items, let a):
            reportAttributes(a, element: "dl")
            renderDefinitionList(items)
        case .table(let table):
            renderTable(table)
        case .thematicBreak:
            emitLine(thematicBreak(context: context))
        case .div(let blocks, let a):
            reportAttributes(a, element: a.tag ?? "div")
            renderBlocks(
                depth >= maxDepth ? block.leafBlocks() : blocks, tight: false, first: context)
        case .footnoteDefinition(let label, let blocks, _):
            renderFootnoteDefinition(label: label, blocks)
        }
    }

    /// At the depth cap: writes the leaf blocks of `block` instead, with a diagnostic (true).
    func flattensAtDepthCap(_ block: @autoclosure () -> Block) -> Bool {
        guard depth >= maxDepth else { return false }
        lossy(.lossyDepth, "nesting deeper than \(maxDepth) levels flattened")
        renderBlocks(block().leafBlocks(), tight: false, first: BlockContext())
        return true
    }

    /// The `thematicBreak` option's line, or `***` (`___` in a `*` item) where it would read
    /// as something else: dashes right under a paragraph (a setext underline), or the item's
    /// own marker character as the first block of a bullet item (`- ---` is one rule).
    func thematicBreak(context: BlockContext) -> String {
        let chosen = options.thematicBreak
        let rule = MarkdownWriterOptions.isThematicBreak(chosen) ? chosen : "---"
        let character = rule.utf8.first
        if context.itemMarker == character
            || (context.afterParagraphNoBlank && character == UInt8(ascii: "-"))
        {
            return context.itemMarker == UInt8(ascii: "*") ? "___" : "***"
        }
        return rule
    }

    // MARK: Headings

    func useSetext(level: Int, _ xs: [Inline]) -> Bool {
        guard level <= 2, !xs.isEmpty else { return false }
        if options.headingStyle == .setext { return true }
        var stack = xs
        var visited = 0
        while let inline = stack.popLast(), visited < 100_000 {
            visited += 1
            if case .lineBreak = inline { return true }
            if case .softBreak = inline, options.wrap == .preserve { return true }
            if case .text(let s) = inline, s.utf8.contains(0x0A) { return true }
            stack.append(contentsOf: inline.children)
        }
        return false
    }

    func renderHeading(level: Int, _ xs: [Inline]) {
        let level = min(max(level, 1), 6)
        if useSetext(level: level, xs) {
            var lastWidth = 3
            withInlineBytes(xs, mode: .setext) { bytes in
                emitLines(bytes: bytes)
                var start = bytes.count
                while start > 0 && bytes[start - 1] != 0x0A { start -= 1 }
                lastWidth = 0
                for byte in bytes[start...] where byte & 0xC0 != 0x80 { lastWidth += 1 }
            }
            let width = max(3, min(lastWidth, 72))
            emitLine(String(repeating: level == 1 ? "=" : "-", count: width))
            return
        }
        withInlineBytes(xs, mode: .atx) { content in
            beginLine()
            out.append(repeating: UInt8(ascii: "#"), count: level)
            if content.isEmpty {
                out.append(0x0A)
                return
            }
            out.append(0x20)
            // A trailing run of `#` after a space (or alone) would be a closing sequence.
            var runStart = content.count
            while runStart > 0 && content[runStart - 1] == UInt8(ascii: "#") { runStart -= 1 }
            if runStart < content.count
                && (runStart == 0 || content[runStart - 1] == 0x20 || content[runStart - 1] == 0x09)
            {
                out.append(contentsOf: content[..<runStart])
                out.append(UInt8(ascii: "\\"))
                out.append(contentsOf: content[runStart...])
            } else {
                out.append(contentsOf: content)
            }
            if options.headingStyle == .atxClosed {
                out.append(0x20)
                out.append(repeating: UInt8(ascii: "#"), count: level)
            }
            out.append(0x0A)
        }
    }

    // MARK: Paragraphs

    func renderParagraph(_ xs: [Inline]) {
        withInlineBytes(xs, mode: .paragraph) { bytes in
            if bufferIsOneLine {
                bytes.withUnsafeBufferPointer { emitLine(bytes: $0) }
            } else {
                emitLines(bytes: bytes)
            }
        }
    }

    // MARK: Code

    func isFenced(info: String, code: String, context: BlockContext) -> Bool {
        if options.codeBlockStyle == .fenced || !info.isEmpty || context.firstInItem
            || context.afterList || context.tight
        {
            return true
        }
        var body = Substring(code)
        if body.hasSuffix("\n") { body = body.dropLast() }
        if body.isEmpty { return true }
        let lines = String(body).writerLines()
        func blank(_ s: Substring) -> Bool { s.allSatisfy { $0 == " " || $0 == "\t" } }
        if let first = lines.first, blank(first) { return true }
        if let last = lines.last, blank(last) { return true }
        return false
    }

    func renderCode(info: String, code: String, context: BlockContext) {
        var body = code
        body.removeFinalNewline()
        if !isFenced(info: info, code: code, context: context) {
            for line in body.writerLines() {
                emitLine(line.isEmpty ? "" : "    " + line)
            }
            return
        }
        var fenceByte = UInt8(ascii: options.fenceCharacter == .tilde ? "~" : "`")
        if fenceByte == UInt8(ascii: "`") && info.utf8.contains(UInt8(ascii: "`")) {
            fenceByte = UInt8(ascii: "~")
        }
        // Longer than any run of the fence character in the code.
        var longest = 0
        body.withUTF8 { bytes in
            var run = 0
            for byte in bytes {
                run = byte == fenceByte ? run + 1 : 0
                longest = max(longest, run)
            }
        }
        let fence = String(
            repeating: Character(Unicode.Scalar(fenceByte)), count: max(3, longest + 1))
        let infoLine = info.replacingNewlines()
        emitLine(fence + escapeInfo(infoLine))
        if !code.isEmpty { emitLines(body) }
        emitLine(fence)
    }

    /// Info strings are backslash-unescaped and entity-decoded by the reader.
    func escapeInfo(_ info: String) -> String {
        var out: [UInt8] = []
        info.withUTF8Bytes { bytes in
            for (index, byte) in bytes.enumerated() {
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count,
                    isASCIIPunctuation(bytes[index + 1])
                {
                    out.append(UInt8(ascii: "\\"))
                } else if byte == UInt8(ascii: "&"), entityFollows(bytes, at: index) {
                    out.append(UInt8(ascii: "\\"))
                }
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
    // MARK: Lists

    /// Renders a list and returns its marker; a list right after a list with the same
    /// marker switches to the other bullet or delimiter, so the two stay separate lists.
    @discardableResult
    func renderList(_ list: ListBlock, avoiding: String?) -> String? {
        if flattensAtDepthCap(.list(list)) { return nil }
        depth += 1
        defer { depth -= 1 }
        var bullet = options.bulletMarker.rawValue
        var delimiter =
            (options.orderedDelimiter?.rawValue)
            ?? (list.delimiter == .parenthesis ? ")" : ".")
        if list.kind == .bullet && avoiding == bullet { bullet = bullet == "-" ? "*" : "-" }
        if list.kind == .ordered && avoiding == delimiter {
            delimiter = delimiter == "." ? ")" : "."
        }
        let start = min(max(list.start, 0), 999_999_999 - list.items.count)
        // Bullet items share their prefixes.
        let bulletPrefix = Prefix(
            first: Array((bullet + " ").utf8),
            rest: [UInt8](repeating: 0x20, count: bullet.utf8.count + 1))
        for (index, item) in list.items.enumerated() {
            if index > 0 && !list.tight { emitBlank() }
            reportAttributes(item.attributes, element: "li")
            if list.kind == .bullet && item.task == nil {
                prefixes.append(bulletPrefix)
                renderItem(item, list: list, bullet: bullet)
                prefixes.removeLast()
                continue
            }
            // The marker and its padding, built as bytes (no temporary strings per item).
            var first: [UInt8] = []
            if list.kind == .bullet {
                first.append(contentsOf: bullet.utf8)
            } else {
                first.append(contentsOf: String(start + index).utf8)
                first.append(contentsOf: delimiter.utf8)
            }
            first.append(0x20)
            let rest = [UInt8](repeating: 0x20, count: first.count)
            if let task = item.task {
                if !ext.contains(.tasklist) {
                    first.append(UInt8(ascii: "\\"))
                    lossy(.lossyTask, "task list item written as text (no tasklist extension)")
                }
                first.append(contentsOf: (task ? "[x] " : "[ ] ").utf8)
            }
            prefixes.append(Prefix(first: first, rest: rest))
            renderItem(item, list: list, bullet: bullet)
            prefixes.removeLast()
        }
        reportAttributes(list.attributes, element: list.kind == .bullet ? "ul" : "ol")
        return list.kind == .bullet ? bullet : delimiter
    }

    /// The blocks of a list item whose prefix is pushed.
    private func renderItem(_ item: ListItem, list: ListBlock, bullet: String) {
        if item.blocks.isEmpty {
            // An empty task item needs the space after `[ ]` to stay a task item.
            emitLine("", keepTrailingSpace: item.task != nil && ext.contains(.tasklist))
        } else {
            var context = BlockContext()
            context.firstInItem = true
            context.itemMarker = list.kind == .bullet ? bullet.utf8.first : nil
            renderBlocks(item.blocks, tight: list.tight, first: context)
        }
    }

    // MARK: Footnotes

    func renderFootnoteDefinition(label: String, _ blocks: [Block]) {
        let opener = (ext.contains(.footnotes) ? "" : "\\") + "[^\(label)]: "
        if !ext.contains(.footnotes) {
            lossy(.lossyFootnote, "footnote [^\(label)] written as text (no footnotes extension)")
        }
        if flattensAtDepthCap(.footnoteDefinition(label: label, blocks, .none)) { return }
        depth += 1
        defer { depth -= 1 }
        prefixes.append(Prefix(first: Array(opener.utf8), rest: Array("    ".utf8)))
        if blocks.isEmpty {
            emitLine("")
        } else {
            var context = BlockContext()
            context.firstInItem = true
            renderBlocks(blocks, tight: false, first: context)
        }
        prefixes.removeLast()
    }

    // MARK: Definition lists

    func renderDefinitionList(_ items: [DefinitionItem]) {
        if options.rawHTML {
            emitHTMLBlock { htmlDefinitionList(items, depth: depth, into: &$0) }
            return
        }
        lossy(
            .lossyDefinitionList, "definition list written as bold terms and paragraphs",
            severity: .info)
        if flattensAtDepthCap(.definitionList(items, .none)) { return }
        depth += 1
        defer { depth -= 1 }
        for (index, item) in items.enumerated() {
            if index > 0 { emitBlank() }
            renderParagraph([.strong(item.term, .none)])
            for definition in item.definitions {
                emitBlank()
                renderBlocks(definition, tight: false, first: BlockContext())
            }
        }
    }
}

extension String {
    /// `if hasSuffix("\n") { removeLast() }`, deciding on the last bytes when they settle it:
    /// a final `\n` after anything but `\r` is a character of its own (`\r\n` is one
    /// character, so `hasSuffix("\n")` is false for it; that case takes the character path).
    mutating func removeFinalNewline() {
        let bytes = utf8
        guard let last = bytes.last, last == 0x0A else { return }
        let end = bytes.index(before: bytes.endIndex)
        if end == bytes.startIndex || bytes[bytes.index(before: end)] != 0x0D {
            self = String(self[..<end])
        } else if hasSuffix("\n") {
            removeLast()
        }
    }

    /// The string with line feeds and carriage returns replaced by spaces.
    func replacingNewlines() -> String {
        let found = withUTF8Bytes { bytes in bytes.contains { $0 == 0x0A || $0 == 0x0D } }
        guard found else { return self }
        return String(
            decoding: utf8.map { $0 == 0x0A || $0 == 0x0D ? 0x20 : $0 }, as: UTF8.self)
    }
}
