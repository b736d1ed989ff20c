// Built only with the CMarkGFM package trait (the cmark-gfm C library).
#if CMarkGFM
    import ByteScan
    import CCmarkGFM
    import Foundation
    import MarkupAST

    extension MarkdownReader {
        /// Lowers a cmark-gfm tree to the AST by walking it with `cmark_iter` and an explicit stack
        /// of frames (one per open container), so no input nests the Swift stack.
        ///
        /// The result is already in `Normalize` form (adjacent text merged, no empty text, empty
        /// paragraphs or empty emphasis/strong/strikethrough), so no second pass is needed; the
        /// conformance suite checks `Normalize.document(result) == result` on every example.
        ///
        /// A container that would sit deeper than `maxDepth` gets no frame: its children go to the
        /// nearest open frame (inlines reaching a block container become a paragraph there).
        struct TreeBuilder: ~Copyable {
            /// What a frame is building. Plain values only, so frames copy as bytes: a link's
            /// target and a table's columns are read from the node when the frame closes.
            enum FrameKind {
                case document
                case blockQuote
                case list(ordered: Bool, start: Int, parenthesis: Bool, tight: Bool)
                case item(task: Bool?)
                /// The definition's index in the order cmark-gfm appended them.
                case footnote(index: Int)
                case paragraph
                case heading(level: Int)
                case table
                case row(header: Bool)
                case cell(header: Bool)
                case emphasis
                case strong
                case strikethrough
                case link
                case image

                /// Whether the frame holds blocks (and turns stray inlines into a paragraph).
                var holdsBlocks: Bool {
                    switch self {
                    case .document, .blockQuote, .item, .footnote: return true
                    default: return false
                    }
                }
            }

            /// One open container; its children are the tops of the shared stacks from its marks.
            struct Frame {
                var node: OpaquePointer
                var kind: FrameKind
                var holdsBlocks: Bool
                var blockStart: Int
                var inlineStart: Int
                var itemStart: Int
                var rowStart: Int
                var cellStart: Int
            }

            /// The node kinds the walk distinguishes.
            enum NodeKind {
                case document, blockQuote, list, item, codeBlock, htmlBlock, paragraph, heading
                case thematicBreak, footnoteDefinition, text, softBreak, lineBreak, code, htmlInline
                case emphasis, strong, link, image, footnoteReference
                case table, tableRow, tableCell, strikethrough, other
            }

            /// Whether text is waiting to be appended to the top frame's inlines.
            enum TextState { case none, single, buffered }

            let maxDepth: Int
            private(set) var diagnostics: [Diagnostic] = []
            private var frames: [Frame] = []
            // Children of all open frames, innermost last; a frame takes its segment when it closes,
            // so every container's array is allocated once at its exact size.
            private var blocks = NodeStack<Block>()
            private var inlines = NodeStack<Inline>(capacity: 256)
            private var items = NodeStack<ListItem>()
            private var rows = NodeStack<TableRow>()
            private var cells = NodeStack<TableCell>()
            private var footnoteLabels: [String] = []
            /// The kinds of the node types met so far, by slot: a cmark type is 0x8000 (a block)
            /// or 0xC000 (an inline) plus a small number; extension types are numbered on from
            /// the core ones when they register.
            private var kinds = [NodeKind?](repeating: nil, count: 64)
            /// Adjacent text nodes are merged before they become one `.text`: `pendingLiteral` is
            /// the only pending run while `textState == .single`, `textBytes` holds them all
            /// while `.buffered`.
            private var textState = TextState.none
            private var pendingLiteral: UnsafePointer<CChar>?
            /// The text node `pendingLiteral` belongs to (freed once its literal is taken).
            private var pendingNode: OpaquePointer?
            private var textBytes: [UInt8] = []
            private var reportedDepth = false
            private var footnotesSeen = 0

            init(maxDepth: Int) {
                self.maxDepth = maxDepth
            }

            /// Builds the document of `root` (a cmark document node, not freed here).
            ///
            /// Each node is freed once it has been read (a container at its exit, a leaf once
            /// entered, a text once its literal is taken), so the cmark tree shrinks as the AST
            /// grows and its memory (``CmarkMemory``) is reused for the AST, inside a single large
            /// block too. Kept until the end: footnote definitions (references render their labels
            /// through them), and a container while text read from it is still pending.
            mutating func build(_ root: OpaquePointer) -> Document {
                collectFootnoteLabels(root)
                push(root, .document)
                guard let iterator = cmark_iter_new(root) else { return Document() }
                defer { cmark_iter_free(iterator) }
                // A node read to its end, freed once the iterator has stepped past it (to its
                // next sibling or its parent's exit).
                var done: OpaquePointer?
                while true {
                    let event = cmark_iter_next(iterator)
                    let node = cmark_iter_get_node(iterator)
                    if let finished = done {
                        done = nil
                        // (A childless node may be an empty container: then its exit comes.)
                        if event != CMARK_EVENT_EXIT || node != finished {
                            cmark_node_free(finished)
                        }
                    }
                    if event == CMARK_EVENT_DONE { break }
                    guard let node else { continue }
                    if event == CMARK_EVENT_ENTER {
                        let kind = self.kind(of: node)
                        enter(node, kind)
                        // A childless node is done once entered, unless its text is pending.
                        if cmark_node_first_child(node) == nil && pendingNode != node
                            && node != root && kind != .footnoteDefinition
                        {
                            done = node
                        }
                    } else if event == CMARK_EVENT_EXIT {
                        let type = cmark_node_get_type(node)
                        exit(node, type)
                        if node != root && textState == .none
                            && type != CMARK_NODE_FOOTNOTE_DEFINITION
                        {
                            done = node
                        }
                    }
                }
                while frames.count > 1 { finishTop() }
                flushInlines()
                return Document(blocks.take(from: 0))
            }

            /// cmark-gfm appends the referenced footnote definitions to the document in reference
            /// order; their labels are read once here.
            private mutating func collectFootnoteLabels(_ root: OpaquePointer) {
                var child = cmark_node_first_child(root)
                while let node = child {
                    if cmark_node_get_type(node) == CMARK_NODE_FOOTNOTE_DEFINITION {
                        footnoteLabels.append(footnoteLabel(node))
                    }
                    child = cmark_node_next(node)
                }
            }

            // MARK: Walking

            private mutating func enter(_ node: OpaquePointer, _ kind: NodeKind) {
                switch kind {
                case .document, .other:
                    break
                case .blockQuote:
                    open(node, .blockQuote, levels: 1)
                case .list:
                    let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
                    let list = FrameKind.list(
                        ordered: ordered, start: ordered ? Int(cmark_node_get_list_start(node)) : 1,
                        parenthesis: cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM,
                        tight: cmark_node_get_list_tight(node) != 0)
                    open(node, list, levels: 2)
                case .item:
                    guard case .list = frames[frames.count - 1].kind, isTopParent(of: node) else {
                        break
                    }
                    var task: Bool?
                    if let name = cmark_node_get_type_string(node), strcmp(name, "tasklist") == 0 {
                        task = cmark_gfm_extensions_get_tasklist_item_checked(node)
                    }
                    push(node, .item(task: task))
                case .footnoteDefinition:
                    footnotesSeen += 1
                    open(node, .footnote(index: footnotesSeen - 1), levels: 1)
                case .paragraph:
                    open(node, .paragraph, levels: 1)
                case .heading:
                    open(node, .heading(level: Int(cmark_node_get_heading_level(node))), levels: 1)
                case .table:
                    open(node, .table, levels: 3)
                case .tableRow:
                    guard case .table = frames[frames.count - 1].kind, isTopParent(of: node) else {
                        break
                    }
                    push(
                        node, .row(header: cmark_gfm_extensions_get_table_row_is_header(node) != 0))
                case .tableCell:
                    guard case .row(let header) = frames[frames.count - 1].kind,
                        isTopParent(of: node)
                    else { break }
                    push(node, .cell(header: header))
                case .emphasis:
                    open(node, .emphasis, levels: 1)
                case .strong:
                    open(node, .strong, levels: 1)
                case .strikethrough:
                    open(node, .strikethrough, levels: 1)
                case .link:
                    open(node, .link, levels: 1)
                case .image:
                    open(node, .image, levels: 1)
                case .codeBlock:
                    let info = cmark_node_get_fence_info(node).map(Self.string) ?? ""
                    append(block: .codeBlock(info: info, code: Self.literal(node), .none))
                case .htmlBlock:
                    append(block: .rawBlock(format: "html", Self.literal(node)))
                case .thematicBreak:
                    append(block: .thematicBreak(.none))
                case .text:
                    append(text: node)
                case .softBreak:
                    appendInline(.softBreak)
                case .lineBreak:
                    appendInline(.lineBreak)
                case .code:
                    appendInline(.code(Self.literal(node), .none))
                case .htmlInline:
                    appendInline(.rawInline(format: "html", Self.literal(node)))
                case .footnoteReference:
                    appendInline(.footnoteReference(label: footnoteLabel(node)))
                }
            }

            private mutating func exit(_ node: OpaquePointer, _ type: cmark_node_type) {
                guard frames.count > 1 else { return }
                if frames[frames.count - 1].node == node {
                    finishTop()
                    return
                }
                // A flattened paragraph or heading ends: keep its text apart from the next one.
                if type == CMARK_NODE_PARAGRAPH || type == CMARK_NODE_HEADING,
                    frames[frames.count - 1].holdsBlocks
                {
                    flushInlines()
                }
            }

            /// Whether the top frame is the cmark parent of `node`.
            private func isTopParent(of node: OpaquePointer) -> Bool {
                cmark_node_parent(node) == frames[frames.count - 1].node
            }

            /// Opens a frame when `levels` more levels fit under the depth limit; otherwise the
            /// node is flattened into the current frame.
            private mutating func open(_ node: OpaquePointer, _ kind: FrameKind, levels: Int) {
                if frames.count - 1 + levels <= maxDepth {
                    push(node, kind)
                } else if !reportedDepth {
                    reportedDepth = true
                    let line = Int(cmark_node_get_start_line(node))
                    diagnostics.append(
                        Diagnostic(
                            .warning, .parseDepthLimit,
                            "nesting deeper than \(maxDepth) levels was flattened",
                            line: line > 0 ? line : nil))
                }
            }

            private mutating func push(_ node: OpaquePointer, _ kind: FrameKind) {
                flushText()
                if kind.holdsBlocks, !frames.isEmpty, frames[frames.count - 1].holdsBlocks {
                    flushInlines()
                }
                frames.append(
                    Frame(
                        node: node, kind: kind, holdsBlocks: kind.holdsBlocks,
                        blockStart: blocks.count,
                        inlineStart: inlines.count,
                        itemStart: items.count, rowStart: rows.count, cellStart: cells.count))
            }

            // MARK: Building values

            /// Appends a non-text inline after any pending text.
            @inline(__always)
            private mutating func appendInline(_ inline: consuming Inline) {
                if textState != .none { flushText() }
                inlines.append(inline)
            }

            /// Closes the top frame and appends what it built to the frame below.
            private mutating func finishTop() {
                flushText()
                if frames[frames.count - 1].holdsBlocks { flushInlines() }
                let frame = frames.removeLast()
                switch frame.kind {
                case .document:
                    break
                case .blockQuote:
                    append(block: .blockQuote(blocks.take(from: frame.blockStart), .none))
                case .list(let ordered, let start, let parenthesis, let tight):
                    // Blocks that reached the list itself (depth flattening) become items.
                    for block in blocks.take(from: frame.blockStart) {
                        items.append(ListItem([block]))
                    }
                    let listItems = items.take(from: frame.itemStart)
                    let list = ListBlock(
                        kind: ordered ? .ordered : .bullet, start: start,
                        delimiter: parenthesis ? .parenthesis : .period, tight: tight,
                        items: listItems)
                    append(block: .list(list))
                case .item(let task):
                    var content = blocks.take(from: frame.blockStart)
                    if case .list(_, _, _, true) = frames[frames.count - 1].kind {
                        for index in content.indices {
                            if case .paragraph(let inlines, let attributes) = content[index] {
                                content[index] = .plain(inlines, attributes)
                            }
                        }
                    }
                    items.append(ListItem(content, task: task))
                case .footnote(let index):
                    let label =
                        index < footnoteLabels.count
                        ? footnoteLabels[index] : footnoteLabel(frame.node)
                    append(
                        block: .footnoteDefinition(
                            label: label, blocks.take(from: frame.blockStart), .none))
                case .paragraph:
                    let content = inlines.take(from: frame.inlineStart)
                    if !content.isEmpty { append(block: .paragraph(content, .none)) }
                case .heading(let level):
                    append(
                        block: .heading(level: level, inlines.take(from: frame.inlineStart), .none))
                case .table:
                    let columns = Self.alignments(frame.node)
                    var head: [TableRow] = []
                    var body: [TableRow] = []
                    for row in rows.take(from: frame.rowStart) {
                        if row.cells.contains(where: { $0.header }) && body.isEmpty {
                            head.append(row)
                        } else {
                            body.append(row)
                        }
                    }
                    append(block: .table(Table(columns: columns, head: head, body: body)))
                case .row:
                    rows.append(TableRow(cells.take(from: frame.cellStart)))
                case .cell(let header):
                    let content = inlines.take(from: frame.inlineStart)
                    cells.append(
                        TableCell(content.isEmpty ? [] : [.plain(content, .none)], header: header))
                case .emphasis:
                    let content = inlines.take(from: frame.inlineStart)
                    if !content.isEmpty { inlines.append(.emphasis(content, .none)) }
                case .strong:
                    let content = inlines.take(from: frame.inlineStart)
                    if !content.isEmpty { inlines.append(.strong(content, .none)) }
                case .strikethrough:
                    let content = inlines.take(from: frame.inlineStart)
                    if !content.isEmpty { inlines.append(.strikethrough(content, .none)) }
                case .link:
                    let link = Self.target(frame.node)
                    inlines.append(.link(inlines.take(from: frame.inlineStart), link, .none))
                case .image:
                    let link = Self.target(frame.node)
                    inlines.append(.image(inlines.take(from: frame.inlineStart), link, .none))
                }
            }

            /// Inlines that reached a block container (depth flattening) become a paragraph.
            private mutating func flushInlines() {
                flushText()
                let start = frames[frames.count - 1].inlineStart
                guard start < inlines.count else { return }
                let content = inlines.take(from: start)
                blocks.append(.paragraph(content, .none))
            }

            private mutating func append(block: consuming Block) {
                if frames[frames.count - 1].holdsBlocks { flushInlines() }
                blocks.append(block)
            }

            /// Takes in a text node, merging adjacent text runs as `Normalize` does: the runs are
            /// collected as bytes and become one `.text` when something else comes (`flushText`).
            private mutating func append(text node: OpaquePointer) {
                guard let literal = cmark_node_get_literal(node), literal.pointee != 0 else {
                    return
                }
                switch textState {
                case .none:
                    if inlines.count > frames[frames.count - 1].inlineStart,
                        case .text(let previous) = inlines.last
                    {
                        // Text already ended the frame's content (an empty container came between).
                        _ = inlines.removeLast()
                        textBytes.append(contentsOf: previous.utf8)
                        appendTextBytes(literal)
                        textState = .buffered
                    } else {
                        pendingLiteral = literal
                        pendingNode = node
                        textState = .single
                    }
                case .single:
                    appendTextBytes(pendingLiteral!)
                    appendTextBytes(literal)
                    textState = .buffered
                    releasePending()
                case .buffered:
                    appendTextBytes(literal)
                }
            }

            private mutating func appendTextBytes(_ literal: UnsafePointer<CChar>) {
                textBytes.append(contentsOf: Self.bytes(literal))
            }

            /// Appends the pending text (if any) to the top frame's inlines.
            @inline(__always)
            private mutating func flushText() {
                switch textState {
                case .none:
                    return
                case .single:
                    inlines.append(.text(Self.string(pendingLiteral!)))
                    releasePending()
                case .buffered:
                    inlines.append(.text(textBytes.withUnsafeBufferPointer { Self.string($0) }))
                    textBytes.removeAll(keepingCapacity: true)
                }
                textState = .none
            }

            /// Frees the node of the pending literal, which has been read (the iterator is past
            /// it: it was entered before the node now being read).
            private mutating func releasePending() {
                pendingLiteral = nil
                if let node = pendingNode { cmark_node_free(node) }
                pendingNode = nil
            }

            // MARK: Reading cmark nodes

            private mutating func kind(of node: OpaquePointer) -> NodeKind {
                let type = cmark_node_get_type(node).rawValue
                let slotted = type & 0xBFE0 == 0x8000
                let slot = Int(type >> 9 & 0x20 | type & 0x1F)
                if slotted, let known = kinds[slot] { return known }
                let found = Self.kind(of: node, type: cmark_node_type(type))
                if slotted { kinds[slot] = found }
                return found
            }

            private static func kind(of node: OpaquePointer, type: cmark_node_type) -> NodeKind {
                switch type {
                case CMARK_NODE_TEXT: return .text
                case CMARK_NODE_SOFTBREAK: return .softBreak
                case CMARK_NODE_PARAGRAPH: return .paragraph
                case CMARK_NODE_CODE: return .code
                case CMARK_NODE_EMPH: return .emphasis
                case CMARK_NODE_STRONG: return .strong
                case CMARK_NODE_LINK: return .link
                case CMARK_NODE_ITEM: return .item
                case CMARK_NODE_LIST: return .list
                case CMARK_NODE_HTML_INLINE: return .htmlInline
                case CMARK_NODE_HEADING: return .heading
                case CMARK_NODE_CODE_BLOCK: return .codeBlock
                case CMARK_NODE_HTML_BLOCK: return .htmlBlock
                case CMARK_NODE_LINEBREAK: return .lineBreak
                case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
                case CMARK_NODE_IMAGE: return .image
                case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
                case CMARK_NODE_DOCUMENT: return .document
                case CMARK_NODE_FOOTNOTE_DEFINITION: return .footnoteDefinition
                case CMARK_NODE_FOOTNOTE_REFERENCE: return .footnoteReference
                default: break
                }
                // Extension node types are numbered when the extensions register: known by name.
                guard let name = cmark_node_get_type_string(node) else { return .other }
                switch String(cString: name) {
                case "table": return .table
                case "table_row", "table_header": return .tableRow
                case "table_cell": return .tableCell
                case "strikethrough": return .strikethrough
                default: return .other
                }
            }

            /// A string cmark wrote. It is validated: cmark-gfm can cut a U+FFFD it wrote for
            /// a NUL in two (`[^~~\0a~~]`, a footnote label with strikethrough), and such bytes
            /// are read as U+FFFD again.
            static func string(_ text: UnsafePointer<CChar>) -> String { string(bytes(text)) }

            /// The bytes of a C string cmark wrote (`CChar` and `UInt8` memory may alias).
            @inline(__always)
            static func bytes(_ text: UnsafePointer<CChar>) -> UnsafeBufferPointer<UInt8> {
                let start = UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self)
                return UnsafeBufferPointer(start: start, count: strlen(text))
            }

            /// `bytes` as a string (eight ASCII bytes checked at a time), invalid UTF-8 as U+FFFD.
            static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
                ByteScan.string(validatingUTF8: bytes) ?? String(decoding: bytes, as: UTF8.self)
            }

            private static func literal(_ node: OpaquePointer) -> String {
                guard let text = cmark_node_get_literal(node) else { return "" }
                return string(text)
            }

            /// The label of a footnote definition or reference as written.
            ///
            /// cmark-gfm 0.29.0.gfm.6 has no accessor for it (`cmark_node_get_literal` returns
            /// nothing for footnote nodes), but its CommonMark renderer prints `[^label]` for a
            /// reference and `[^label]:` first for a definition.
            func footnoteLabel(_ node: OpaquePointer) -> String {
                guard let rendered = cmark_render_commonmark(node, CMARK_OPT_DEFAULT, 0) else {
                    return ""
                }
                defer { CmarkMemory.free(rendered) }
                let bytes = Self.bytes(rendered)
                let open = (0..<max(0, bytes.count - 1)).first { index in
                    bytes[index] == UInt8(ascii: "[") && bytes[index + 1] == UInt8(ascii: "^")
                }
                guard let open else { return "" }
                let start = open + 2
                let end = bytes[start...].firstIndex(of: UInt8(ascii: "]")) ?? bytes.count
                return String(decoding: bytes[start..<end], as: UTF8.self)
            }

            private static func target(_ node: OpaquePointer) -> Link {
                let url = cmark_node_get_url(node).map(string) ?? ""
                let title = cmark_node_get_title(node).map(string) ?? ""
                return Link(url, title: title)
            }

            private static func alignments(_ node: OpaquePointer) -> [ColumnAlignment] {
                let count = Int(cmark_gfm_extensions_get_table_columns(node))
                guard count > 0, let raw = cmark_gfm_extensions_get_table_alignments(node) else {
                    return []
                }
                return (0..<count).map { index in
                    switch raw[index] {
                    case UInt8(ascii: "l"): return .left
                    case UInt8(ascii: "c"): return .center
                    case UInt8(ascii: "r"): return .right
                    default: return .none
                    }
                }
            }
        }
    }
#endif
