import ByteScan
import MarkupAST

extension HTMLWriter {
    /// The rendering pass: an explicit stack of tasks over a UTF-8 byte buffer, with cmark's
    /// "cr" rule (a newline only when the output does not already end with one).
    struct Renderer {
        /// One unit of pending work, kept small (lists are resumed by index).
        ///
        /// Lists are held as views (`view(_:)`) of the document's arrays, which the document
        /// being rendered keeps alive and unchanged, so pushing and popping tasks costs no
        /// reference counting.
        enum Task {
            /// The blocks of a list from an index on.
            case blocks(UnsafeBufferPointer<Block>, Int)
            /// The inlines of a list from an index on.
            case inlines(UnsafeBufferPointer<Inline>, Int)
            /// List items from an index on.
            case items(UnsafeBufferPointer<ListItem>, Int)
            /// Definition-list terms from an index on.
            case terms(UnsafeBufferPointer<DefinitionItem>, Int)
            /// The definitions (`<dd>`) of a term from an index on.
            case definitions(UnsafeBufferPointer<[Block]>, Int)
            /// Table rows of one section, resumed through the cursor.
            case rows(RowCursor)
            case literal(StaticString)
            case close(String)
            case closeLine(String)
            case cr
            /// The footnote with this index in `footnotes`.
            case footnote(Int)
            case footnoteParagraph(Int)
            case footnoteParagraphEnd(Int)
            case footnoteEnd(Int)
        }

        /// Where the rendering of a table section stands.
        final class RowCursor {
            let rows: [TableRow]
            let head: Bool
            let columns: [ColumnAlignment]
            var row = 0
            var cell = 0
            var column = 0
            var open = false

            init(rows: [TableRow], head: Bool, columns: [ColumnAlignment]) {
                self.rows = rows
                self.head = head
                self.columns = columns
            }
        }

        /// A top-level footnote definition, rendered in the closing section.
        struct Footnote {
            var label: String
            var blocks: [Block]
            var attributes: Attributes
        }

        let options: HTMLWriterOptions
        // (Room for most forum posts without regrowth, in a block the C allocator serves from
        // its per-thread cache; larger outputs grow with `realloc`.)
        var out = OutputBytes(capacity: 1_000)
        /// How many NUL characters the HTML escaper replaced with U+FFFD.
        private var replacedNULs = 0
        private var stack: [Task] = []
        /// The top-level blocks without the footnote definitions when these are not all last
        /// (the one viewed array that is not the document's), kept alive until the render ends.
        private var body: [Block] = []
        private var footnotes: [Footnote] = []
        private var footnoteNumbers: [String: Int] = [:]
        private var footnoteReferenceTotals: [String: Int] = [:]
        private var footnoteReferencesSeen: [String: Int] = [:]
        /// Whether the footnote section is being written (the body is done).
        private var footnotesStarted = false
        private var backrefWritten = false
        /// Each kind of loss in the order first met, with its count (a handful of kinds: a
        /// linear search costs less than hashing the code).
        private var losses: [(code: DiagnosticCode, message: String, count: Int)] = []

        init(options: HTMLWriterOptions) { self.options = options }

        /// The rendered HTML.
        var output: String { out.string() }

        /// Frees the output buffer (call once, after reading `output`).
        func deallocate() { out.deallocate() }

        /// The diagnostics, one per kind of loss with its count.
        var diagnostics: [Diagnostic] {
            var losses = losses
            if replacedNULs > 0 {
                losses.append((.lossyNUL, "NUL character written as U+FFFD", replacedNULs))
            }
            return losses.map { loss in
                let suffix = loss.count > 1 ? " (\(loss.count) times)" : ""
                return Diagnostic(.warning, loss.code, loss.message + suffix)
            }
        }

        // MARK: Document

        mutating func render(_ document: Document) {
            // The body is the block list without its top-level footnote definitions. cmark-gfm
            // puts them last: then the body is the blocks before them, viewed in place.
            let blocks = Self.view(document.blocks)
            var first = 0
            while first < blocks.count {
                if case .footnoteDefinition = blocks[first] { break }
                first += 1
            }
            var rest: [Block] = []
            for block in blocks[first...] {
                if case .footnoteDefinition(let label, let blocks, let attributes) = block,
                    footnoteNumbers[label] == nil
                {
                    footnotes.append(Footnote(label: label, blocks: blocks, attributes: attributes))
                    footnoteNumbers[label] = footnotes.count
                } else {
                    rest.append(block)
                }
            }
            if !rest.isEmpty { body = Array(blocks[..<first]) + rest }
            // Room for a small document's tasks (no regrowth; the task stack stays under 1 KB,
            // which the C allocator serves from its per-thread cache).
            stack.reserveCapacity(24)
            if !rest.isEmpty {
                push(blocks: body)
            } else if first > 0 {
                stack.append(.blocks(UnsafeBufferPointer(rebasing: blocks[..<first]), 0))
            }
            run()
            guard !footnotes.isEmpty else { return }
            countFootnoteReferences()
            footnotesStarted = true
            cr()
            put("<section class=\"footnotes\" data-footnotes>\n<ol>\n")
            for index in footnotes.indices.reversed() { stack.append(.footnote(index)) }
            run()
            put("</ol>\n</section>\n")
        }

        /// Counts the references to each footnote (cmark numbers the back references), once the
        /// body is written: those the body wrote (`footnoteReferencesSeen`), those in its image
        /// descriptions (written as alt text, counted there), and those in the definitions,
        /// found by one walk of the definitions in place.
        private mutating func countFootnoteReferences() {
            footnoteReferenceTotals.merge(footnoteReferencesSeen, uniquingKeysWith: +)
            for footnote in footnotes { countFootnoteReferences(in: .div(footnote.blocks, .none)) }
        }

        /// Counts the footnote references in an image description of the body (its alt text
        /// holds them as text; the others are counted as they are written).
        private mutating func countFootnoteReferences(inImage inlines: [Inline]) {
            guard !footnotes.isEmpty, !footnotesStarted else { return }
            countFootnoteReferences(in: .plain(inlines, .none))
        }

        private mutating func countFootnoteReferences(in block: Block) {
            _ = block.containsInline { inline in
                if case .footnoteReference(let label) = inline {
                    footnoteReferenceTotals[label, default: 0] += 1
                }
                return false
            }
        }

        private mutating func run() {
            while let task = stack.popLast() {
                switch task {
                case .blocks(let list, let index):
                    if index + 1 < list.count {
                        stack.append(.blocks(list, index + 1))
                        if case .plain = list[index], case .plain = list[index + 1] {
                            stack.append(.cr)
                        }
                    }
                    render(list, at: index)
                case .inlines(let list, let index):
                    render(inlines: list, from: index)
                case .items(let items, let index):
                    if index + 1 < items.count { stack.append(.items(items, index + 1)) }
                    render(items[index])
                case .terms(let items, let index):
                    if index + 1 < items.count { stack.append(.terms(items, index + 1)) }
                    render(term: items[index])
                case .definitions(let definitions, let index):
                    if index + 1 < definitions.count {
                        stack.append(.definitions(definitions, index + 1))
                    }
                    cr()
                    put("<dd>")
                    stack.append(.literal("</dd>\n"))
                    push(blocks: definitions[index])
                case .rows(let cursor):
                    render(rows: cursor)
                case .literal(let text): put(text)
                case .close(let tag): appendClose(tag)
                case .closeLine(let tag):
                    appendClose(tag)
                    out.append(UInt8(ascii: "\n"))
                case .cr: cr()
                case .footnote(let index):
                    render(footnote: index)
                case .footnoteParagraph(let index):
                    guard
                        case .paragraph(let inlines, let attributes)? = footnotes[index].blocks.last
                    else { break }
                    cr()
                    open("<p>", "p", attributes)
                    stack.append(.footnoteParagraphEnd(index))
                    push(inlines: inlines)
                case .footnoteParagraphEnd(let index):
                    put(" ")
                    appendBackrefs(footnotes[index].label)
                    backrefWritten = true
                    put("</p>\n")
                case .footnoteEnd(let index):
                    let label = footnotes[index].label
                    if !backrefWritten, footnoteReferenceTotals[label, default: 0] > 0 {
                        appendBackrefs(label)
                        put("\n")
                    }
                    put("</li>\n")
                }
            }
        }

        // MARK: Blocks

        /// The elements of `array` for a task: an array of the document being rendered (or
        /// `body`), whose storage stays alive and unchanged while the render runs.
        @inline(__always)
        static func view<Element>(_ array: [Element]) -> UnsafeBufferPointer<Element> {
            array.withUnsafeBufferPointer { $0 }
        }

        /// Schedules blocks in order; consecutive `.plain` blocks get a newline apart.
        @inline(__always)
        private mutating func push(blocks: [Block]) {
            if !blocks.isEmpty { stack.append(.blocks(Self.view(blocks), 0)) }
        }

        @inline(__always)
        private mutating func push(inlines: [Inline]) {
            if !inlines.isEmpty {
                stack.append(.inlines(Self.view(inlines), 0))
            }
        }

        /// Ends a block container's start tag with a newline and schedules `blocks`, then `cr`
        /// and `close`.
        @inline(__always)
        private mutating func openBlocks(_ blocks: [Block], close: StaticString) {
            put("\n")
            stack.append(.literal(close))
            stack.append(.cr)
            push(blocks: blocks)
        }

        /// Closes an element whose content was written from stack depth `depth` on: now when it
        /// scheduled no task (leaves only), else under the tasks it scheduled.
        @inline(__always)
        private mutating func close(_ text: StaticString, under depth: Int) {
            if stack.count == depth { put(text) } else { stack.insert(.literal(text), at: depth) }
        }

        /// Writes `inlines` now, as the task `push(inlines:)` schedules would when run next.
        @inline(__always)
        private mutating func render(inlines: [Inline]) {
            if !inlines.isEmpty { render(inlines: Self.view(inlines), from: 0) }
        }

        /// Writes leaves directly; at a container, schedules the rest of the list and opens it.
        private mutating func render(inlines list: UnsafeBufferPointer<Inline>, from start: Int) {
            var index = start
            while index < list.count {
                if case .text(let text) = list[index] {
                    // (The most common inline, written here: only its string is copied.)
                    appendEscaped(text)
                    index += 1
                    continue
                }
                // A leaf or a container written whole (leaves only, most formatting) schedules
                // no task, and the loop goes on; else the rest of the list is scheduled under
                // the container's own tasks, so that it runs after them.
                let depth = stack.count
                render(list, at: index)
                index += 1
                if stack.count == depth { continue }
                if index < list.count { stack.insert(.inlines(list, index), at: depth) }
                return
            }
        }

        /// Renders `list[index]`, read in place (only the payloads used are copied).
        private mutating func render(_ list: UnsafeBufferPointer<Block>, at index: Int) {
            switch list[index] {
            case .paragraph(let inlines, let attributes):
                cr()
                open("<p>", "p", attributes)
                let depth = stack.count
                render(inlines: inlines)
                close("</p>\n", under: depth)
            case .plain(let inlines, _):
                render(inlines: inlines)
            case .heading(let level, let inlines, let attributes):
                let tag = Self.headingTags[min(6, max(1, level)) - 1]
                cr()
                appendOpenTag(tag, attributes)
                stack.append(.closeLine(tag))
                render(inlines: inlines)
            case .blockQuote(let blocks, let attributes):
                cr()
                open("<blockquote>", "blockquote", attributes)
                openBlocks(blocks, close: "</blockquote>\n")
            case .codeBlock(let info, let code, let attributes):
                cr()
                open("<pre>", "pre", attributes)
                put("<code")
                if let language = Self.firstWord(info), !language.isEmpty {
                    put(" class=\"language-")
                    appendEscaped(String(language))
                    if options.fullInfoString && language.utf8.count < info.utf8.count {
                        // cmark skips exactly one character after the first word.
                        let rest = info.utf8.dropFirst(language.utf8.count + 1)
                        put("\" data-meta=\"")
                        appendEscaped(String(decoding: rest, as: UTF8.self))
                    }
                    put("\"")
                }
                put(">")
                appendEscaped(code)
                put("</code></pre>\n")
            case .rawBlock(let format, let text):
                guard Self.isHTML(format) else {
                    lose(.lossyRawFormat, "raw \(format) block left out of HTML output")
                    return
                }
                cr()
                appendRaw(text)
                cr()
            case .list(let list):
                cr()
                if list.kind == .ordered {
                    if list.start != 1 {
                        appendOpenTag(
                            "ol", list.attributes, extra: [("start", "\(list.start)")],
                            skip: Self.listSkips)
                    } else {
                        open("<ol>", "ol", list.attributes, skip: Self.listSkips)
                    }
                } else {
                    open("<ul>", "ul", list.attributes)
                }
                openBlocks([], close: list.kind == .ordered ? "</ol>\n" : "</ul>\n")
                if !list.items.isEmpty { stack.append(.items(Self.view(list.items), 0)) }
            case .definitionList(let items, let attributes):
                cr()
                open("<dl>", "dl", attributes)
                openBlocks([], close: "</dl>\n")
                if !items.isEmpty { stack.append(.terms(Self.view(items), 0)) }
            case .table(let table):
                render(table)
            case .thematicBreak(let attributes):
                cr()
                appendOpenTag("hr", attributes, close: " />")
                put("\n")
            case .div(let blocks, let attributes):
                let tag = elementName(attributes.tag, fallback: "div", allowed: nil)
                cr()
                if Self.mayBeListedName(tag) && Self.voidElements.contains(tag) {
                    appendOpenTag(tag, attributes, close: " />")
                    put("\n")
                    push(blocks: blocks)
                    return
                }
                appendOpenTag(tag, attributes)
                put("\n")
                stack.append(.closeLine(tag))
                stack.append(.cr)
                push(blocks: blocks)
            case .footnoteDefinition(let label, let blocks, let attributes):
                // A definition nested in another block: rendered in place.
                var merged = attributes
                if merged.id.isEmpty { merged.id = "fn-" + label }
                if !merged.classes.contains("footnote") { merged.classes.append("footnote") }
                cr()
                appendOpenTag("div", merged)
                openBlocks(blocks, close: "</div>\n")
            }
        }

        private mutating func render(_ item: ListItem) {
            cr()
            open("<li>", "li", item.attributes)
            if let checked = item.task {
                if checked {
                    put("<input type=\"checkbox\" checked=\"\" disabled=\"\" /> ")
                } else {
                    put("<input type=\"checkbox\" disabled=\"\" /> ")
                }
            }
            stack.append(.literal("</li>\n"))
            push(blocks: item.blocks)
        }

        private mutating func render(term item: DefinitionItem) {
            cr()
            open("<dt>", "dt", item.attributes)
            if !item.definitions.isEmpty {
                stack.append(.definitions(Self.view(item.definitions), 0))
            }
            stack.append(.literal("</dt>\n"))
            push(inlines: item.term)
        }

        private mutating func render(_ table: Table) {
            cr()
            open("<table>", "table", table.attributes)
            var tasks: [Task] = []
            if !table.caption.isEmpty {
                let caption = Task.blocks(Self.view(table.caption), 0)
                tasks += [.cr, .literal("<caption>"), caption, .literal("</caption>")]
            }
            let sections: [(StaticString, StaticString, [TableRow], Bool)] = [
                ("<thead>", "</thead>", table.head, true),
                ("<tbody>", "</tbody>", table.body, false),
                ("<tfoot>", "</tfoot>", table.foot, false),
            ]
            for (open, close, rows, head) in sections where !rows.isEmpty {
                let cursor = RowCursor(rows: rows, head: head, columns: table.columns)
                tasks += [.cr, .literal(open), .rows(cursor), .cr, .literal(close)]
            }
            tasks += [.cr, .literal("</table>"), .cr]
            stack.append(contentsOf: tasks.reversed())
        }

        /// Writes the next step of a table section: a row start, a cell, or a row end.
        private mutating func render(rows cursor: RowCursor) {
            guard cursor.row < cursor.rows.count else { return }
            let row = cursor.rows[cursor.row]
            if !cursor.open {
                cursor.open = true
                cr()
                open("<tr>", "tr", row.attributes)
            }
            if cursor.cell < row.cells.count {
                let cell = row.cells[cursor.cell]
                let alignment =
                    cell.alignment != .none
                    ? cell.alignment
                    : (cursor.column < cursor.columns.count ? cursor.columns[cursor.column] : .none)
                cursor.cell += 1
                cursor.column += max(1, cell.colspan)
                stack.append(.rows(cursor))
                render(cell, head: cursor.head, alignment: alignment)
            } else {
                cr()
                put("</tr>")
                cursor.row += 1
                cursor.cell = 0
                cursor.column = 0
                cursor.open = false
                if cursor.row < cursor.rows.count { stack.append(.rows(cursor)) }
            }
        }

        private mutating func render(_ cell: TableCell, head: Bool, alignment: ColumnAlignment) {
            let header = head || cell.header
            cr()
            put(header ? "<th" : "<td")
            var attributes = cell.attributes
            if alignment != .none {
                if options.tablePreferStyleAttributes {
                    attributes.style.insert(
                        CSSDeclaration(property: "text-align", value: alignment.rawValue), at: 0)
                } else {
                    appendAttribute("align", alignment.rawValue)
                }
            }
            if cell.colspan > 1 { append(" colspan=\"\(cell.colspan)\"") }
            if cell.rowspan > 1 { append(" rowspan=\"\(cell.rowspan)\"") }
            if !Self.isBare(attributes) { appendAttributes(attributes, skip: Self.cellSkips) }
            put(">")
            stack.append(.literal(header ? "</th>" : "</td>"))
            push(blocks: cell.blocks)
        }

        private mutating func render(footnote index: Int) {
            let footnote = footnotes[index]
            backrefWritten = false
            put("<li id=\"fn-")
            Escaping.appendHref(footnote.label, to: &out)
            put("\"")
            appendAttributes(footnote.attributes, skip: Self.idSkips, includeID: false)
            put(">\n")
            stack.append(.footnoteEnd(index))
            if case .paragraph? = footnote.blocks.last,
                footnoteReferenceTotals[footnote.label, default: 0] > 0
            {
                stack.append(.footnoteParagraph(index))
                let blocks = Self.view(footnote.blocks)
                if blocks.count > 1 {
                    stack.append(.blocks(UnsafeBufferPointer(rebasing: blocks.dropLast()), 0))
                }
            } else {
                push(blocks: footnote.blocks)
            }
        }

        private mutating func appendBackrefs(_ label: String) {
            let total = footnoteReferenceTotals[label, default: 0]
            guard total > 0 else { return }
            for index in 1...total {
                if index == 1 { put("<a href=\"#fnref-") } else { put(" <a href=\"#fnref-") }
                Escaping.appendHref(label, to: &out)
                if index > 1 { append("-\(index)") }
                put(
                    "\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩"
                )
                if index > 1 { append("<sup class=\"footnote-ref\">\(index)</sup>") }
                put("</a>")
            }
        }

        // MARK: Inlines

        /// Renders `list[index]`, read in place: only the payloads used are copied, not the
        /// whole inline.
        private mutating func render(_ list: UnsafeBufferPointer<Inline>, at index: Int) {
            switch list[index] {
            case .text(let text):
                appendEscaped(text)
            case .softBreak:
                put("\n")
            case .lineBreak:
                put("<br />\n")
            case .code(let text, let attributes):
                if attributes.tag == nil && Self.isBare(attributes) {
                    put("<code>")
                    appendEscaped(text)
                    put("</code>")
                } else {
                    let tag = elementName(attributes.tag, fallback: "code", allowed: Self.codeTags)
                    appendOpenTag(tag, attributes)
                    appendEscaped(text)
                    appendClose(tag)
                }
            case .emphasis(let inlines, let attributes):
                wrap(
                    inlines, attributes, "<em>", "</em>", fallback: "em", allowed: Self.emphasisTags
                )
            case .strong(let inlines, let attributes):
                wrap(
                    inlines, attributes, "<strong>", "</strong>", fallback: "strong",
                    allowed: Self.strongTags)
            case .strikethrough(let inlines, let attributes):
                wrap(
                    inlines, attributes, "<del>", "</del>", fallback: "del",
                    allowed: Self.strikeTags)
            case .underline(let inlines, let attributes):
                wrap(inlines, attributes, "<u>", "</u>", fallback: "u", allowed: Self.underlineTags)
            case .sup(let inlines, let attributes):
                wrap(inlines, attributes, "<sup>", "</sup>", fallback: "sup", allowed: Self.noTags)
            case .sub(let inlines, let attributes):
                wrap(inlines, attributes, "<sub>", "</sub>", fallback: "sub", allowed: Self.noTags)
            case .highlight(let inlines, let attributes):
                wrap(
                    inlines, attributes, "<mark>", "</mark>", fallback: "mark", allowed: Self.noTags
                )
            case .span(let inlines, let attributes):
                let tag = elementName(attributes.tag, fallback: "span", allowed: nil)
                if Self.mayBeListedName(tag) && Self.voidElements.contains(tag) {
                    appendOpenTag(tag, attributes, close: " />")
                    if !renderLeaves(inlines) { push(inlines: inlines) }
                } else {
                    wrap(inlines, tag: tag, attributes)
                }
            case .link(let inlines, let link, let attributes):
                put("<a href=\"")
                appendURL(link.destination)
                put("\"")
                if !link.title.isEmpty { appendAttribute("title", link.title) }
                if !Self.isBare(attributes) { appendAttributes(attributes, skip: Self.linkSkips) }
                put(">")
                render(inlines, then: "</a>")
            case .image(let inlines, let link, let attributes):
                put("<img src=\"")
                appendURL(link.destination)
                put("\" alt=\"")
                // (As cmark: text, code and raw HTML literals, a space per line break.)
                countFootnoteReferences(inImage: inlines)
                let alt = PlainText(lineBreak: " ", rawInlines: true).text(of: inlines)
                appendEscaped(alt)
                put("\"")
                if !link.title.isEmpty { appendAttribute("title", link.title) }
                if !Self.isBare(attributes) { appendAttributes(attributes, skip: Self.imageSkips) }
                put(" />")
            case .rawInline(let format, let text):
                guard Self.isHTML(format) else {
                    lose(.lossyRawFormat, "raw \(format) inline left out of HTML output")
                    return
                }
                appendRaw(text)
            case .footnoteReference(let label):
                guard let number = footnoteNumbers[label] else {
                    appendEscaped("[^" + label + "]")
                    return
                }
                let seen = footnoteReferencesSeen[label, default: 0] + 1
                footnoteReferencesSeen[label] = seen
                put("<sup class=\"footnote-ref\"><a href=\"#fn-")
                Escaping.appendHref(label, to: &out)
                put("\" id=\"fnref-")
                Escaping.appendHref(label, to: &out)
                if seen > 1 { append("-\(seen)") }
                append("\" data-footnote-ref>\(number)</a></sup>")
            }
        }

        /// Writes a formatting element around `inlines`: the literal `bare` / `close` pair when
        /// the node has no tag of its own and no attributes (most nodes), else the tag it came
        /// from (when `allowed`) with its attributes.
        /// (`allowed` is read only for a node with a tag of its own: most nodes have none, and
        /// then the set is not even loaded.)
        @inline(__always)
        private mutating func wrap(
            _ inlines: [Inline], _ attributes: Attributes, _ bare: StaticString,
            _ close: StaticString, fallback: String, allowed: @autoclosure () -> Set<String>
        ) {
            if attributes.isEmpty || (attributes.tag == nil && Self.isBare(attributes)) {
                put(bare)
                render(inlines, then: close)
            } else {
                let tag = elementName(attributes.tag, fallback: fallback, allowed: allowed())
                wrap(inlines, tag: tag, attributes)
            }
        }

        /// Writes `<tag>` with the attributes, `inlines`, then `</tag>`.
        @inline(__always)
        private mutating func wrap(_ inlines: [Inline], tag: String, _ attributes: Attributes) {
            appendOpenTag(tag, attributes)
            if renderLeaves(inlines) {
                appendClose(tag)
            } else {
                stack.append(.close(tag))
                push(inlines: inlines)
            }
        }

        /// Writes `inlines` then `close`: now when they are leaves, else through tasks.
        @inline(__always)
        private mutating func render(_ inlines: [Inline], then close: StaticString) {
            if renderLeaves(inlines) {
                put(close)
            } else {
                stack.append(.literal(close))
                push(inlines: inlines)
            }
        }

        /// Whether none of `inlines` holds inlines.
        @inline(__always)
        private static func areLeaves(_ inlines: [Inline]) -> Bool {
            for index in inlines.indices {
                switch inlines[index] {
                case .emphasis, .strong, .strikethrough, .underline, .sup, .sub, .highlight,
                    .span, .link:
                    return false
                case .text, .softBreak, .lineBreak, .code, .image, .rawInline,
                    .footnoteReference:
                    continue
                }
            }
            return true
        }

        /// Writes `inlines` now when none of them holds inlines (leaves never schedule a task,
        /// so the output is the same as through the task stack); false, writing nothing, when
        /// one does. (Most formatting holds one text: no tasks for it.)
        @inline(__always)
        private mutating func renderLeaves(_ inlines: [Inline]) -> Bool {
            // (Most formatting holds one text: written without the loops below.)
            if inlines.count == 1, case .text(let text) = inlines[0] {
                appendEscaped(text)
                return true
            }
            guard Self.areLeaves(inlines) else { return false }
            inlines.withUnsafeBufferPointer { list in
                for index in list.indices {
                    if case .text(let text) = list[index] {
                        appendEscaped(text)
                    } else {
                        render(list, at: index)
                    }
                }
            }
            return true
        }

        /// Writes `bare` when the node has no attributes, else the tag with its attributes.
        @inline(__always)
        private mutating func open(
            _ bare: StaticString, _ tag: String, _ attributes: Attributes, skip: Set<String> = []
        ) {
            if Self.isBare(attributes) {
                put(bare)
            } else {
                appendOpenTag(tag, attributes, skip: skip)
            }
        }

        /// Whether the attributes write nothing (the tag is handled by the caller).
        @inline(__always)
        static func isBare(_ attributes: Attributes) -> Bool {
            attributes.isEmpty
                || (attributes.id.isEmpty && attributes.classes.isEmpty
                    && attributes.pairs.isEmpty && attributes.style.isEmpty)
        }

        // MARK: Output helpers

        @inline(__always)
        mutating func append(_ text: String) {
            out.append(utf8: text)
        }

        /// Appends `text` HTML-escaped (NUL as U+FFFD, counted for the diagnostics).
        @inline(__always)
        mutating func appendEscaped(_ text: String) {
            replacedNULs += Escaping.appendHTML(text, to: &out)
        }

        /// Appends a literal.
        @inline(__always)
        mutating func put(_ text: StaticString) {
            out.append(ascii: text)
        }

        @inline(__always)
        private mutating func appendClose(_ tag: String) {
            out.append(UInt8(ascii: "<"))
            out.append(UInt8(ascii: "/"))
            out.append(utf8: tag)
            out.append(UInt8(ascii: ">"))
        }

        /// cmark's `cmark_html_render_cr`: a newline unless at the start or after one.
        @inline(__always)
        private mutating func cr() {
            if let last = out.last, last != UInt8(ascii: "\n") { out.append(UInt8(ascii: "\n")) }
        }

        private mutating func appendRaw(_ text: String) {
            if !options.unsafe {
                put("<!-- raw HTML omitted -->")
                lose(.lossyRawHTMLOmitted, "raw HTML omitted (safe mode; --unsafe keeps it)")
            } else if options.tagfilter {
                Escaping.appendFiltered(text, to: &out)
            } else {
                append(text)
            }
        }

        private mutating func appendURL(_ url: String) {
            if !options.unsafe && Escaping.isDangerousURL(url) {
                lose(.lossyUnsafeURL, "unsafe URL removed (safe mode; --unsafe keeps it)")
                return
            }
            Escaping.appendHref(url, to: &out)
        }

        mutating func lose(_ code: DiagnosticCode, _ message: String) {
            if let index = losses.firstIndex(where: { $0.code == code }) {
                losses[index].count += 1
            } else {
                losses.append((code, message, 1))
            }
        }

        static func isHTML(_ format: String) -> Bool {
            if format == "html" { return true }
            let lower = format.lowercased()
            return lower == "html" || lower == "html5"
        }

        /// The first word of a code block's info string (up to cmark's whitespace).
        static func firstWord(_ info: String) -> Substring? {
            guard !info.isEmpty else { return nil }
            let utf8 = info.utf8
            let end = utf8.firstIndex { Escaping.isSpace($0) } ?? utf8.endIndex
            return info[info.startIndex..<end]
        }

        static let codeTags: Set<String> = ["code", "kbd", "samp", "tt"]
        static let emphasisTags: Set<String> = ["em", "i"]
        static let strongTags: Set<String> = ["strong", "b"]
        static let strikeTags: Set<String> = ["del", "s", "strike"]
        static let underlineTags: Set<String> = ["u", "ins"]
        static let noTags: Set<String> = []
        static let listSkips: Set<String> = ["start"]
        static let cellSkips: Set<String> = ["align", "colspan", "rowspan"]
        static let linkSkips: Set<String> = ["href", "title"]
        static let imageSkips: Set<String> = ["src", "alt", "title"]
        static let idSkips: Set<String> = ["id"]
        static let headingTags = ["h1", "h2", "h3", "h4", "h5", "h6"]
        static let voidElements: Set<String> = [
            "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param",
            "source", "track", "wbr",
        ]
    }
}
