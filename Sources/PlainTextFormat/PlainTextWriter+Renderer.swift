import MarkupAST

extension PlainTextWriter {
    /// The state of one `write` call: output lines with container prefixes.
    final class Renderer {
        struct Prefix {
            var first: String
            var rest: String
            var used = false
        }

        let columns: Int?
        let maxDepth = 512
        var out = ""
        var diagnostics: [Diagnostic] = []
        var reported: Set<String> = []
        /// The open container prefixes, innermost last. Those not `used` yet (no line emitted
        /// since they were opened) are always a suffix of the stack, from `firstUnused` on.
        private(set) var prefixes: [Prefix] = []
        private var firstUnused = 0
        /// The `rest` forms of all open prefixes, concatenated: what a line starts with once
        /// every prefix is used. `restEnds[i]` is its length up to and including prefix `i`;
        /// `restWidths[i]` the same in Unicode scalars. Kept as prefixes open and close, so a
        /// line costs its own length, not a walk over hundreds of nested containers.
        private var restBytes: [UInt8] = []
        private var restEnds: [Int] = []
        private var restWidths: [Int] = []
        var depth = 0
        /// The line being emitted, as bytes (reused from line to line).
        private var line: [UInt8] = []

        init(columns: Int?) { self.columns = columns }

        func lossy(_ code: DiagnosticCode, _ message: String) {
            guard reported.insert(code.rawValue + "\u{0}" + message).inserted else { return }
            diagnostics.append(Diagnostic(.warning, code, message))
        }

        // MARK: Lines

        /// Emits one line: the container prefixes, then `content`, without trailing spaces and
        /// tabs. Built and trimmed as bytes: trimming a `String` a `Character` at a time made
        /// a blank line under hundreds of nested quotes cost thousands of index checks.
        func emitLine(_ content: String) {
            line.removeAll(keepingCapacity: true)
            line.append(
                contentsOf: restBytes[..<(firstUnused == 0 ? 0 : restEnds[firstUnused - 1])])
            for index in firstUnused..<prefixes.count {
                line.append(contentsOf: prefixes[index].first.utf8)
                prefixes[index].used = true
            }
            firstUnused = prefixes.count
            line.append(contentsOf: content.utf8)
            var end = line.count
            while end > 0 && (line[end - 1] == 0x20 || line[end - 1] == 0x09) { end -= 1 }
            out += String(decoding: line[..<end], as: UTF8.self)
            out += "\n"
        }

        func emitBlank() { emitLine("") }

        /// The width (in Unicode scalars) of the prefix the next line gets.
        var prefixWidth: Int {
            var width = firstUnused == 0 ? 0 : restWidths[firstUnused - 1]
            for index in firstUnused..<prefixes.count {
                width += prefixes[index].first.unicodeScalars.count
            }
            return width
        }

        // MARK: Blocks

        /// Drops blocks that produce no text; flattens divs.
        func visible(_ blocks: [Block]) -> [Block] {
            var result: [Block] = []
            var stack: [(blocks: [Block], index: Int)] = [(blocks, 0)]
            while let top = stack.last {
                guard top.index < top.blocks.count else {
                    stack.removeLast()
                    continue
                }
                let block = top.blocks[top.index]
                stack[stack.count - 1].index += 1
                switch block {
                case .div(let children, _):
                    stack.append((children, 0))
                case .rawBlock(let format, let raw):
                    if format.lowercased() == "html" {
                        let lines = PlainTextWriter.visibleText(ofRawHTML: raw).map {
                            [Inline.text($0)]
                        }
                        if !lines.isEmpty {
                            result.append(
                                .plain(Array(lines.joined(separator: [.lineBreak])), .none))
                        }
                    } else {
                        lossy(.lossyRaw, "raw \(format) block dropped")
                    }
                case .paragraph(let xs, _), .plain(let xs, _):
                    if !xs.isEmpty { result.append(block) }
                default:
                    result.append(block)
                }
            }
            return result
        }

        func renderBlocks(_ blocks: [Block], tight: Bool, listLevel: Int) {
            let blocks = visible(blocks)
            for (index, block) in blocks.enumerated() {
                if index > 0 {
                    let previousIsText: Bool
                    switch blocks[index - 1] {
                    case .plain, .paragraph: previousIsText = true
                    default: previousIsText = false
                    }
                    var nextIsList = false
                    if case .list = block { nextIsList = true }
                    if !(tight && (nextIsList || !previousIsText)) { emitBlank() }
                }
                render(block, listLevel: listLevel)
            }
        }

        func render(_ block: Block, listLevel: Int) {
            if depth >= maxDepth {
                switch block {
                case .blockQuote, .list, .definitionList, .div, .footnoteDefinition:
                    lossy(.lossyDepth, "nesting deeper than \(maxDepth) levels flattened")
                    renderBlocks(block.leafBlocks(), tight: false, listLevel: listLevel)
                    return
                case .paragraph, .plain, .heading, .codeBlock, .rawBlock, .table, .thematicBreak:
                    break
                }
            }
            switch block {
            case .paragraph(let xs, _), .plain(let xs, _), .heading(_, let xs, _):
                renderInlines(xs)
            case .blockQuote(let blocks, _):
                nested(Prefix(first: "  ", rest: "  ")) {
                    renderBlocks(blocks, tight: false, listLevel: listLevel)
                }
            case .codeBlock(_, let code, _):
                var body = code
                if body.hasSuffix("\n") { body.removeLast() }
                for line in body.plainTextLines() {
                    emitLine(String(line))
                }
            case .rawBlock:
                break
            case .list(let list):
                renderList(list, level: listLevel)
            case .definitionList(let items, _):
                for (index, item) in items.enumerated() {
                    if index > 0 { emitBlank() }
                    renderInlines(item.term)
                    for definition in item.definitions {
                        nested(Prefix(first: "    ", rest: "    ")) {
                            renderBlocks(definition, tight: false, listLevel: listLevel)
                        }
                    }
                }
            case .table(let table):
                renderTable(table)
            case .thematicBreak:
                emitLine("* * *")
            case .div(let blocks, _):
                depth += 1
                renderBlocks(blocks, tight: false, listLevel: listLevel)
                depth -= 1
            case .footnoteDefinition(let label, let blocks, _):
                nested(Prefix(first: "[\(label)] ", rest: "    ")) {
                    if blocks.isEmpty { emitLine("") }
                    renderBlocks(blocks, tight: false, listLevel: listLevel)
                }
            }
        }

        /// Runs `body` inside a container prefix (one nesting level).
        func nested(_ prefix: Prefix, _ body: () -> Void) {
            depth += 1
            prefixes.append(prefix)
            restBytes.append(contentsOf: prefix.rest.utf8)
            restEnds.append(restBytes.count)
            restWidths.append((restWidths.last ?? 0) + prefix.rest.unicodeScalars.count)
            body()
            prefixes.removeLast()
            restEnds.removeLast()
            restWidths.removeLast()
            restBytes.removeSubrange((restEnds.last ?? 0)...)
            firstUnused = min(firstUnused, prefixes.count)
            depth -= 1
        }

        func renderList(_ list: ListBlock, level: Int) {
            let bullets = ["•", "◦", "▪"]
            let start = list.start
            for (index, item) in list.items.enumerated() {
                if index > 0 && !list.tight { emitBlank() }
                let marker =
                    list.kind == .bullet
                    ? bullets[min(level, bullets.count - 1)] : "\(start + index)."
                var first = marker + " "
                if let task = item.task { first += task ? "[x] " : "[ ] " }
                let rest = String(repeating: " ", count: marker.unicodeScalars.count + 1)
                nested(Prefix(first: first, rest: rest)) {
                    if item.blocks.isEmpty { emitLine("") }
                    renderBlocks(item.blocks, tight: list.tight, listLevel: level + 1)
                }
            }
        }

        // MARK: Tables

        func renderTable(_ table: Table) {
            if !table.caption.isEmpty {
                renderBlocks(table.caption, tight: false, listLevel: 0)
            }
            for row in table.allRows {
                let cells = row.cells.map { cellText($0.blocks) }
                emitLine(cells.joined(separator: "\t"))
            }
        }

        /// The text of a cell on one line (nested containers and tables opened, their
        /// captions included).
        func cellText(_ blocks: [Block]) -> String {
            var parts: [String] = []
            for block in blocks {
                for leaf in block.leafBlocks(openingTables: true) {
                    switch leaf {
                    case .paragraph(let xs, _), .plain(let xs, _), .heading(_, let xs, _):
                        parts.append(inlineText(xs, breaks: " "))
                    case .codeBlock(_, let code, _):
                        parts.append(code.split(whereSeparator: \.isNewline).joined(separator: " "))
                    default:
                        break
                    }
                }
            }
            return parts.filter { !$0.isEmpty }.joined(separator: " ")
        }

        // MARK: Inlines

        /// The text of inlines: links as their text (or their destination when they have
        /// none), images as their alt text, footnote references as `[label]`, raw markup
        /// dropped (reported unless HTML).
        func inlineText(_ xs: [Inline], breaks: String) -> String {
            var out = ""
            let rules = PlainText(
                softBreak: columns == nil ? breaks : " ", lineBreak: breaks,
                footnoteReferences: true, emptyLinksAsDestination: true)
            rules.append(xs, to: &out) { format in
                guard format.lowercased() != "html" else { return }
                lossy(.lossyRaw, "raw \(format) inline dropped")
            }
            return out
        }

        func renderInlines(_ xs: [Inline]) {
            let text = inlineText(xs, breaks: "\n")
            for line in text.plainTextLines() {
                if let columns {
                    for piece in wrap(String(line), width: max(10, columns - prefixWidth)) {
                        emitLine(piece)
                    }
                } else {
                    emitLine(String(line))
                }
            }
        }

        /// Greedy word wrap at spaces; a word longer than the width stays whole.
        func wrap(_ line: String, width: Int) -> [String] {
            var lines: [String] = []
            var current = ""
            var currentWidth = 0
            for word in line.split(separator: " ", omittingEmptySubsequences: true) {
                let w = word.unicodeScalars.count
                if currentWidth > 0 && currentWidth + 1 + w > width {
                    lines.append(current)
                    current = ""
                    currentWidth = 0
                }
                if currentWidth > 0 {
                    current += " "
                    currentWidth += 1
                }
                current += word
                currentWidth += w
            }
            lines.append(current)
            return lines
        }
    }
}
