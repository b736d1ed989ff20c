import ByteScan
import MarkupAST

/// An open or finished tag in the intermediate tree.
final class BBElement {
    // The builder is single-threaded and never nests accesses to one element, so the
    // properties skip the run-time exclusivity checks (they showed in profiles).
    @exclusivity(unchecked) private(set) var tag: BBCodeTag
    /// The tag's index in the dialect (or one past the last tag when not in it).
    @exclusivity(unchecked) private(set) var id: Int
    /// Where the opening tag was written; nil for implied elements.
    @exclusivity(unchecked) private(set) var token: (line: Int, column: Int)?
    @exclusivity(unchecked) private(set) var isBlock: Bool
    /// Attributes computed when the tag opened.
    @exclusivity(unchecked) var attributes: Attributes
    /// Link target for `url`/`email`; nil for other kinds.
    @exclusivity(unchecked) var link: Link? {
        didSet { hasLink = link != nil }
    }
    /// Whether `link` is set (read at every push and pop without copying the link).
    @exclusivity(unchecked) private(set) var hasLink = false
    /// An unsafe link: lowered as its children only.
    @exclusivity(unchecked) var transparent = false
    /// Whether `inlines` may hold a line break at some depth (when false, the lowering skips
    /// looking for spaces next to line breaks). In a block element: whether an inline of the
    /// current run may hold one inside (its own line ends are looked for by the lowering).
    @exclusivity(unchecked) var mayHoldBreak = false
    /// In a block element: whether the current run may hold line breaks at its top level (a
    /// line end was appended or spliced in).
    @exclusivity(unchecked) var runMayHoldOwnBreak = false
    /// In a block element: whether the run's last inline came from a dropped link, so that a
    /// text after it is not merged into it (as when the run was nodes).
    @exclusivity(unchecked) var runEndsSpliced = false
    /// The content of a block element (its inline runs as `.run` nodes).
    @exclusivity(unchecked) var children: [BBNode] = []
    /// The content of an inline element, already lowered (inline elements hold only inline
    /// content, so they become AST inlines when they close; see `BBCodeTreeBuilder.pop`).
    /// In a block element: the current run of inline content (since the last paragraph
    /// break or block), built as AST inlines directly; `flushRun` moves it to `children`.
    @exclusivity(unchecked) var inlines: [Inline] = []

    init(
        tag: BBCodeTag, id: Int, token: (line: Int, column: Int)?, isBlock: Bool,
        attributes: Attributes = .none
    ) {
        self.tag = tag
        self.id = id
        self.token = token
        self.isBlock = isBlock
        self.attributes = attributes
    }

    /// Makes a finished inline element (no content left: `lowered()` or the transparent splice
    /// moved it out) a fresh inline element for another tag, instead of allocating one.
    /// (`table` is the dialect's tag list, which `id` indexes; the tag is copied only when the
    /// element held another one, and what is already empty is not reset.)
    @inline(__always)
    func reuse(table: [BBCodeTag], id: Int, token: (line: Int, column: Int)?) {
        if id != self.id {
            self.tag = table[id]
            self.id = id
        }
        self.token = token
        if !attributes.isEmpty { attributes = .none }
        if hasLink { link = nil }
        transparent = false
        mayHoldBreak = false
    }

    /// The children, moved out (for the lowering, which reads each element once).
    func takeChildren() -> [BBNode] {
        let nodes = children
        children = []
        return nodes
    }

    /// Makes `inlines`, which has no storage yet, hold `first`: an inline element's list is
    /// made with it (one allocation; most inline elements hold one text), a block's run gets
    /// room for a paragraph. (24 inlines: a forum paragraph often holds more than 16, and
    /// growing the run then cost more than the larger first block, which the C allocator
    /// still serves from its per-thread cache; 32 did not fit there and cost more.)
    @inline(__always)
    func startInlines(with first: consuming Inline) {
        if isBlock {
            inlines.reserveCapacity(24)
            inlines.append(first)
        } else {
            inlines = [first]
        }
        runEndsSpliced = false
    }

    /// Ends a block element's current run of inlines: moves it to `children` as one node.
    @inline(__always)
    func flushRun() {
        guard !inlines.isEmpty else { return }
        let xs = inlines
        inlines = []
        children.append(.run(xs, mayHoldBreak: mayHoldBreak, ownBreaks: runMayHoldOwnBreak))
        mayHoldBreak = false
        runMayHoldOwnBreak = false
        runEndsSpliced = false
    }

    /// Appends `s` to the last of `inlines`, which must be `.text`, in place: text kept as
    /// many pieces (tags beyond the depth limit, stray close tags) costs linear time, not
    /// quadratic.
    func appendToLastInlineText(_ s: String) {
        let last = inlines.count - 1
        guard case .text(var text) = inlines[last] else { return }
        inlines[last] = .lineBreak  // drops the array's reference: `text` is unique
        text.append(s)
        inlines[last] = .text(text)
    }

    /// Whether the element is lowered as its content only (unsafe or nested links).
    @inline(__always)
    var isTransparent: Bool {
        guard !transparent else { return true }
        guard !hasLink else { return false }
        switch tag.kind {
        case .link, .email: return true
        default: return false
        }
    }

    /// The AST inline of a finished, non-transparent inline element (its `inlines` moved out).
    /// (Only `url` and `email` elements that are not transparent have a link.)
    @inline(__always)
    func lowered() -> Inline {
        var xs: [Inline] = []
        swap(&xs, &inlines)
        if hasLink { return .link(xs, link!, attributes) }
        return BBCodeFormatting(tag.kind)?.inline(xs, attributes) ?? .span(xs, attributes)
    }

    /// A fresh element with the same tag and attributes (for reopening).
    func reopened() -> BBElement {
        let copy = BBElement(
            tag: tag, id: id, token: token, isBlock: isBlock, attributes: attributes)
        copy.link = link
        copy.transparent = transparent
        return copy
    }
}

/// A node of the intermediate tree.
///
/// Only block elements hold `BBNode`s (inline elements hold lowered `Inline`s). Inline
/// content between paragraph breaks and blocks is one `.run` of AST inlines, built by the
/// builder directly (texts merged, line ends as `.lineBreak`): the lowering trims it into a
/// paragraph without copying it again. Finished blocks are held by index in the builder's
/// `blockLeaves`, which keeps this enum small (copies and destruction stay cheap).
enum BBNode {
    /// A run of inlines; `mayHoldBreak`: whether an inline in it may hold a line break inside
    /// (the run's own `.lineBreak`s are not counted); `ownBreaks`: whether the run may hold
    /// `.lineBreak`s of its own (false: it holds none).
    case run([Inline], mayHoldBreak: Bool, ownBreaks: Bool)
    /// `count` >= 2 line ends: a paragraph break.
    case newlines(Int)
    case element(BBElement)
    /// `blockLeaves[index]`.
    case block(Int)
}

/// Builds the intermediate tree from tokens with a stack of open elements.
///
/// Invariant: the stack is blocks first, then inline elements; a block opening closes the
/// inline tail and reopens it inside (when a matching close tag follows later).
struct BBCodeTreeBuilder {
    /// The dialect's tags, which tag tokens name by index.
    private let tagTable: [BBCodeTag]
    /// The reader's settings (copied, not the reader: the builder is made per document).
    private let maxDepth: Int
    private let autolink: Bool
    private let sizeScale: BBCodeSizeScale
    /// The dialect's `formattings`: per tag index (and one past the last tag), the tag's
    /// formatting kind. (`appendFormatted` reads it at most tags of a post: a plain value,
    /// where the tag's kind would be copied and destroyed each time.)
    private let formattings: [BBCodeFormatting?]
    var diagnostics: [Diagnostic] = []
    /// The finished blocks that `.block` nodes point to.
    private(set) var blockLeaves: [Block] = []
    /// The open elements, the root first, each retained once by the stack (`push` retains,
    /// `pop` takes the retain back): plain values, so pushing, popping and looking down the
    /// stack cost no reference counting or array bookkeeping.
    private var stack = TrivialBuffer<Unmanaged<BBElement>>()
    /// `stack`'s last element, so that the appends reach it without reference counting. Set
    /// by `build`, `push` and `pop`.
    private var top: Unmanaged<BBElement>?
    /// Popped inline elements that nothing else references, for reuse by `newElement`.
    /// (Two slots, not an array: formatting of a post nests one or two deep, and the slots
    /// cost no array bookkeeping at every tag.)
    private var spareInlineElement: BBElement?
    private var secondSpareInlineElement: BBElement?
    /// Open elements, then close tokens still to come (`width` counts each), per tag index
    /// (last: tags not in the dialect, which no close token names): the tokenizer's
    /// `tagCounts` during `build` (counted up and down at every tag without the copy-on-write
    /// checks of an array).
    private var counts = TrivialBuffer<Int>()
    private var width = 0

    /// The input bytes the token ranges point into (the reader's, valid during `build`).
    private var bytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    /// The tokenizer's attribute pairs, which tag tokens name by range.
    private var attributeRanges: [BBCodeAttributeRange] = []
    private var linkDepth = 0
    /// Set when the tree may not come out normalized (an empty text, an empty inline element,
    /// texts spliced from a dropped link): then the lowering runs `Normalize` on paragraphs.
    /// (Otherwise texts are merged as they are appended, so `Normalize` would change nothing.)
    private(set) var mayNeedNormalize = false
    private var depthWarned = false
    private var lineHasContent = false
    private var strayCount = 0

    /// Runs `body` on the top element (which it must not pop).
    @inline(__always)
    private func withTop<R>(_ body: (BBElement) -> R) -> R {
        top.unsafelyUnwrapped._withUnsafeGuaranteedRef(body)
    }

    init(reader: BBCodeReader) {
        tagTable = reader.dialect.tags
        maxDepth = reader.maxDepth
        autolink = reader.autolink
        sizeScale = reader.dialect.sizeScale
        formattings = reader.dialect.formattings
    }

    /// Builds the tree of the tokenizer's tokens of the input `bytes` (`tags`, `contents` and
    /// `tagCounts` come from the tokenizer too).
    mutating func build(_ tokenizer: inout BBCodeTokenizer, _ bytes: UnsafeBufferPointer<UInt8>)
        -> BBElement
    {
        let tokens = tokenizer.tokens
        let tags = tokenizer.tags
        let contents = tokenizer.contents
        let unknown = tagTable.count
        let root = BBElement(
            tag: BBCodeTag("", .div(tag: "")), id: unknown, token: nil, isBlock: true)
        stack = TrivialBuffer()
        stack.append(Unmanaged.passRetained(root))
        top = stack[0]
        // The root collects most nodes of a post: one allocation instead of repeated growth.
        // (A run and a break per paragraph, about one node per six tokens of a post.)
        root.children.reserveCapacity(tokens.count / 6 + 2)
        self.bytes = bytes
        attributeRanges = tokenizer.attributeRanges
        width = unknown + 1
        // (The tokenizer's counts buffer, which it frees: zeros, then the close tokens.)
        precondition(tokenizer.tagCounts.count == 2 * width)
        counts = tokenizer.tagCounts
        defer { counts = TrivialBuffer() }
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            switch token {
            case .text(let start, let end):
                appendText(Int(start)..<Int(end))
                noteContent(Int(start)..<Int(end))
            case .newlines(let count):
                lineHasContent = false
                if count >= 2 {
                    let tail = popInlineTail()
                    append(.newlines(Int(count)))
                    reopen(tail)
                } else {
                    appendLineEnd()
                }
            case .open(let k):
                let tok = tags[Int(k)]
                // `[b]text[/b]`: the tag's own close tag after one text (see `open`).
                var text: Range<Int>?
                if index + 2 < tokens.count, case .text(let start, let end) = tokens[index + 1],
                    case .close(let c) = tokens[index + 2], tags[Int(c)].id == tok.id
                {
                    text = Int(start)..<Int(end)
                }
                if let text {
                    if appendFormatted(tok.id, text) || open(tok, closedAfter: text) { index += 2 }
                } else {
                    open(tok, closedAfter: nil)
                }
            case .close(let k):
                let tok = tags[Int(k)]
                counts[width + tok.id] -= 1
                close(id: tok.id, raw: tok.raw, line: tok.line, column: tok.column)
            case .raw(let k, let content):
                // (A raw tag stays inline when its line has content before or after it.)
                var inline = lineHasContent
                if !inline, index + 1 < tokens.count,
                    case .text(let start, let end) = tokens[index + 1]
                {
                    inline = hasContent(Int(start)..<Int(end))
                }
                raw(tags[Int(k)], contents[Int(content)], inlineContext: inline)
                lineHasContent = true
            }
            index += 1
        }
        // End of input: everything still open closes here.
        let tail = popInlineTail()
        for element in tail { reportUnclosed(element) }
        closeBlocks(above: 0)
        root.flushRun()
        // (The lowering needs neither: freed before the AST is built.)
        self.bytes = UnsafeBufferPointer(start: nil, count: 0)
        attributeRanges = []
        spareInlineElement = nil
        secondSpareInlineElement = nil
        stack.removeLast().release()
        stack.deallocate()
        stack = TrivialBuffer()
        return root
    }

    // MARK: Stack

    /// Appends a text to the top element, merged with a text before it (the lowering's
    /// `Normalize` would merge them too).
    private mutating func appendPlainText(_ s: consuming String) {
        if s.isEmpty { mayNeedNormalize = true }
        var text = s
        withTop { top in
            if top.inlines.capacity == 0 {
                // The first child: an inline element's list made holding it (most hold one
                // text), a block's run with room for a paragraph.
                var moved = ""
                swap(&moved, &text)
                top.startInlines(with: .text(moved))
                return
            }
            // (The last node's case is read in place: `.last` would copy it.)
            let count = top.inlines.count
            if count > 0, !top.runEndsSpliced, case .text = top.inlines[count - 1] {
                top.appendToLastInlineText(text)
            } else {
                // (Moved out of the captured variable, not copied.)
                var moved = ""
                swap(&moved, &text)
                top.inlines.append(.text(moved))
                top.runEndsSpliced = false
            }
        }
    }

    /// `[b]text[/b]`: a formatting tag (see `BBCodeFormatting`) around one text that holds
    /// no URL to link, closed at once. Appends the inline that `open`, the text and `close`
    /// would build, without an element on the stack; false (nothing done) for other tags.
    private mutating func appendFormatted(_ id: Int, _ range: Range<Int>) -> Bool {
        guard let formatting = formattings[id], stack.count < maxDepth,
            !(autolink && linkDepth == 0 && BBCodeAutolink.mayHoldURL(bytes, range))
        else { return false }
        counts[width + id] -= 1
        append(inline: formatting.inline([.text(text(range))]))
        noteContent(range)
        return true
    }

    /// Notes a text of the input `bytes[range]` on the current line: whether the line has
    /// content other than spaces and tabs (a raw tag then stays inline).
    @inline(__always)
    private mutating func noteContent(_ range: Range<Int>) {
        if !lineHasContent, hasContent(range) { lineHasContent = true }
    }

    /// Whether the input `bytes[range]` holds a byte other than a space or tab.
    @inline(__always)
    private func hasContent(_ range: Range<Int>) -> Bool {
        bytes[range].contains { $0 != 0x20 && $0 != 0x09 }
    }

    /// Appends one line end: a line break in the top element's inlines (or its run).
    private mutating func appendLineEnd() {
        withTop { top in
            if top.inlines.capacity == 0 { top.inlines.reserveCapacity(top.isBlock ? 16 : 2) }
            top.inlines.append(.lineBreak)
            top.runEndsSpliced = false
            // (In a block's run the lowering finds the run's own line breaks.)
            if top.isBlock { top.runMayHoldOwnBreak = true } else { top.mayHoldBreak = true }
        }
    }

    /// Appends a paragraph break, a block element or a finished block to the top element,
    /// which must be a block (blocks close the inline tail first), after its current run.
    private mutating func append(_ node: BBNode) {
        withTop { top in
            top.flushRun()
            if top.children.capacity == 0 { top.children.reserveCapacity(8) }
            top.children.append(node)
        }
    }

    private mutating func append(inline: consuming Inline, mayHoldBreak: Bool = false) {
        var inline = inline
        withTop { top in
            // (Moved out of the captured variable, not copied.)
            var moved = Inline.lineBreak
            swap(&moved, &inline)
            if top.inlines.capacity == 0 {
                top.startInlines(with: moved)
            } else {
                top.inlines.append(moved)
                top.runEndsSpliced = false
            }
            if mayHoldBreak { top.mayHoldBreak = true }
        }
    }

    private mutating func append(block: Block) {
        blockLeaves.append(block)
        append(.block(blockLeaves.count - 1))
    }

    /// Pushes an element; a block element becomes a child of the top now, an inline element
    /// when it is popped.
    @inline(__always)
    private mutating func push(_ element: consuming BBElement) {
        if element.isBlock { append(.element(element)) }
        counts[element.id] += 1
        if element.hasLink { linkDepth += 1 }
        top = Unmanaged.passRetained(consume element)
        stack.append(top.unsafelyUnwrapped)
    }

    /// Pops the top element; an inline element is lowered into the new top (nothing was
    /// appended to the new top while the element was open).
    private mutating func pop() {
        var element = stack.removeLast().takeRetainedValue()
        top = stack[stack.count - 1]
        counts[element.id] -= 1
        if element.hasLink { linkDepth -= 1 }
        guard !element.isBlock else {
            element.flushRun()
            return
        }
        if element.inlines.isEmpty { mayNeedNormalize = true }
        if element.isTransparent {
            mayNeedNormalize = true
            let xs = element.inlines
            element.inlines = []
            let top = openElement(at: stack.count - 1)
            if !xs.isEmpty {
                top.inlines.append(contentsOf: xs)
                if element.mayHoldBreak {
                    top.mayHoldBreak = true
                    top.runMayHoldOwnBreak = true
                }
                // In a block's run the inlines are kept as they are (a text after them is not
                // merged into them), as when they were nodes.
                if top.isBlock { top.runEndsSpliced = true }
            }
        } else {
            append(inline: element.lowered(), mayHoldBreak: element.mayHoldBreak)
        }
        recycle(&element)
    }

    /// Keeps a finished inline element for reuse by `newElement` when nothing else holds it
    /// (a tail to reopen) and a spare slot is free.
    @inline(__always)
    private mutating func recycle(_ element: inout BBElement) {
        guard isKnownUniquelyReferenced(&element) else { return }
        if spareInlineElement == nil {
            spareInlineElement = element
        } else {
            secondSpareInlineElement = element
        }
    }

    /// Pops the inline elements above the topmost block, bottom first.
    private mutating func popInlineTail() -> [BBElement] {
        // (Most often the top is the block: nothing to pop, no list made.)
        if withTop({ $0.isBlock }) { return [] }
        var tail: [BBElement] = []
        while let top = stack.last?.takeUnretainedValue(), !top.isBlock {
            pop()
            tail.append(top)
        }
        return tail.reversed()
    }

    /// Reopens interrupted formatting whose close tag still follows; reports the rest.
    private mutating func reopen(_ tail: [BBElement]) {
        for element in tail {
            if counts[width + element.id] > 0, stack.count < maxDepth {
                push(element.reopened())
            } else {
                reportUnclosed(element)
            }
        }
    }

    /// Pops the blocks above `index` (the inline tail must be popped already).
    private mutating func closeBlocks(above index: Int) {
        while stack.count > index + 1 {
            let element = openElement(at: stack.count - 1)
            pop()
            if !isImplicitlyClosed(element) { reportUnclosed(element) }
        }
    }

    /// The stack's element at `index`.
    @inline(__always)
    private func openElement(at index: Int) -> BBElement {
        stack[index].takeUnretainedValue()
    }

    private func isImplicitlyClosed(_ element: BBElement) -> Bool {
        switch element.tag.kind {
        case .listItem, .tableRow, .tableCell, .tableHeader: return true
        default: return element.token.map { _ in false } ?? true
        }
    }

    private mutating func reportUnclosed(_ element: BBElement) {
        guard let token = element.token else { return }
        diagnostics.append(
            Diagnostic(
                .warning, .parseUnclosedTag,
                "[\(element.tag.name)] is not closed; closed at the end of its block",
                line: token.line, column: token.column))
    }

    private func topmost(where predicate: (BBElement) -> Bool) -> Int? {
        var i = stack.count - 1
        while i > 0 {
            if stack[i]._withUnsafeGuaranteedRef(predicate) { return i }
            i -= 1
        }
        return nil
    }

    // MARK: Tokens

    /// Appends the input text `bytes[range]`, with bare URLs as links when autolinking.
    private mutating func appendText(_ range: Range<Int>) {
        if autolink, linkDepth == 0, BBCodeAutolink.mayHoldURL(bytes, range) {
            appendLinkedText(range)
            return
        }
        appendPlainText(text(range))
    }

    /// Appends the input text `bytes[range]` as text and link nodes (URLs start and end next
    /// to ASCII bytes: the pieces are valid UTF-8).
    private mutating func appendLinkedText(_ range: Range<Int>) {
        var start = range.lowerBound
        while let url = BBCodeAutolink.nextURL(bytes, from: start, in: range) {
            if url.lowerBound > start { appendPlainText(text(start..<url.lowerBound)) }
            let s = text(url)
            append(inline: .link([.text(s)], Link(BBCodeURL.normalized(s)), .none))
            start = url.upperBound
        }
        if start == range.lowerBound || start < range.upperBound {
            appendPlainText(text(start..<range.upperBound))
        }
    }

    /// The input text of a byte range (token ranges start and end next to ASCII bytes of a
    /// `String`'s UTF-8, so they are valid UTF-8 and not validated again).
    private func text(_ range: Range<Int>) -> String {
        ByteScan.string(fromValidUTF8: UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// The `=value` of a tag, if it has one.
    private func tagValue(_ tok: BBCodeTagToken) -> String? {
        tok.value.map(text)
    }

    /// The ` name=value` pairs of a tag, names lower-cased.
    private func tagAttributes(_ tok: BBCodeTagToken) -> [Attribute] {
        attributeRanges[tok.attributes].map(attribute)
    }

    /// The attribute of a ` name=value` pair, its name lower-cased.
    private func attribute(_ range: BBCodeAttributeRange) -> Attribute {
        // (Lower-cased only when it holds an upper-case letter.)
        let raw = bytes[range.name]
        let name =
            raw.contains { $0 >= 0x41 && $0 <= 0x5A }
            ? String(decoding: raw.map(ByteScan.lowercasedASCII), as: UTF8.self)
            : text(range.name)
        return Attribute(name: name, value: text(range.value))
    }

    /// A new element for the open tag `tok` (without attributes: most tags open this way), a
    /// popped inline element reused when one is kept.
    @inline(__always)
    private mutating func newElement(_ tok: BBCodeTagToken, isBlock: Bool) -> BBElement {
        if !isBlock, let element = secondSpareInlineElement.take() ?? spareInlineElement.take() {
            element.reuse(table: tagTable, id: tok.id, token: (tok.line, tok.column))
            return element
        }
        return BBElement(
            tag: tagTable[tok.id], id: tok.id, token: (tok.line, tok.column), isBlock: isBlock)
    }

    /// Opens the tag `tok`. `text`: the input text between it and its own close tag when those
    /// are the next tokens; an inline element holding it (`[url=x]text[/url]`) then becomes
    /// its inline at once, as `push`, the text and `close` would make it, and `open` returns
    /// true (it took the text and the close tag).
    @discardableResult
    private mutating func open(_ tok: BBCodeTagToken, closedAfter text: Range<Int>?) -> Bool {
        if stack.count >= maxDepth {
            if !depthWarned {
                depthWarned = true
                diagnostics.append(
                    Diagnostic(
                        .warning, .parseDepthLimit,
                        "tags nested deeper than \(maxDepth) are kept as text",
                        line: tok.line, column: tok.column))
            }
            appendText(tok.raw)
            return false
        }
        let kind = tagTable[tok.id].kind
        switch kind {
        case .strong, .emphasis, .underline, .strikethrough, .sub, .sup,
            .highlight, .color, .size, .font, .span, .link, .email:
            guard var element = inlineElement(tok, kind) else {
                appendText(tok.raw)
                return false
            }
            // (Inside a link element the text is not autolinked.)
            if let text, !element.isTransparent,
                element.hasLink
                    || !(autolink && linkDepth == 0 && BBCodeAutolink.mayHoldURL(bytes, text))
            {
                counts[width + tok.id] -= 1
                element.inlines = [.text(self.text(text))]
                append(inline: element.lowered())
                noteContent(text)
                recycle(&element)
                return true
            }
            push(element)
        case .horizontalRule:
            let tail = popInlineTail()
            append(block: .thematicBreak(.none))
            reopen(tail)
        case .listItem, .tableRow:
            let parent: BBCodeTagKind = kind == .listItem ? .list : .table
            guard let container = topmost(where: { $0.tag.kind == parent }) else {
                appendText(tok.raw)
                return false
            }
            let tail = popInlineTail()
            closeBlocks(above: container)
            push(newElement(tok, isBlock: true))
            reopen(tail)
        case .tableCell, .tableHeader:
            guard
                let container = topmost(where: {
                    $0.tag.kind == .tableRow || $0.tag.kind == .table
                })
            else {
                appendText(tok.raw)
                return false
            }
            let tail = popInlineTail()
            closeBlocks(above: container)
            if openElement(at: container).tag.kind == .table {
                // (The dialect's first row tag: names are unique, so it is found by its index.)
                let rowID = tagTable.firstIndex { $0.kind == .tableRow } ?? tagTable.count
                let rowTag = rowID < tagTable.count ? tagTable[rowID] : BBCodeTag("tr", .tableRow)
                push(BBElement(tag: rowTag, id: rowID, token: nil, isBlock: true))
            }
            let cell = newElement(tok, isBlock: true)
            for pair in tagAttributes(tok) where pair.name == "colspan" || pair.name == "rowspan" {
                cell.attributes.pairs.append(pair)
            }
            push(cell)
            reopen(tail)
        case .quote, .list, .align, .indent, .table, .spoiler, .heading, .div:
            let tail = popInlineTail()
            let element = newElement(tok, isBlock: true)
            element.attributes = blockAttributes(tok)
            push(element)
            reopen(tail)
        case .code, .noParse, .image, .youtube:
            // Raw-content tags whose close was missing (reported by the tokenizer).
            appendText(tok.raw)
        }
        return false
    }

    private mutating func close(id: Int, raw range: Range<Int>, line: Int, column: Int) {
        guard counts[id] > 0,
            let index = topmost(where: { $0.id == id })
        else {
            if tagTable[id].name == "hr" { return }
            strayCount += 1
            if strayCount <= 20 {
                diagnostics.append(
                    Diagnostic(
                        .warning, .parseStrayCloseTag,
                        "\(text(range)) closes nothing; kept as text",
                        line: line, column: column))
            }
            appendText(range)
            return
        }
        // (No local reference to the element: `pop` reuses it when nothing else holds it.)
        if openElement(at: index).isBlock {
            let tail = popInlineTail()
            closeBlocks(above: index)
            pop()
            reopen(tail)
        } else if stack.count == index + 1 {
            pop()  // (the element is the top: nothing to reopen, no tail list)
        } else {
            var tail: [BBElement] = []
            while stack.count > index + 1 {
                tail.append(openElement(at: stack.count - 1))
                pop()
            }
            pop()
            if !tail.isEmpty { reopen(tail.reversed()) }
        }
    }

    private mutating func raw(_ tok: BBCodeTagToken, _ content: String, inlineContext: Bool) {
        switch tagTable[tok.id].kind {
        case .code:
            // Inline code only without a language: `[code=python]` names a block of source
            // (phpBB shows every [code] as a block), and inline code has no language to keep.
            let language = tagValue(tok) ?? ""
            if inlineContext, language.isEmpty, !content.utf8.contains(0x0A) {
                append(inline: .code(content, .none))
                return
            }
            // One leading and one trailing line end dropped, then one added back (bytewise:
            // the content has no `\r\n` left, so a `\n` is a whole character).
            let utf8 = content.utf8
            var start = utf8.startIndex
            var end = utf8.endIndex
            if start < end, utf8[start] == 0x0A { start = utf8.index(after: start) }
            if start < end, utf8[utf8.index(before: end)] == 0x0A { end = utf8.index(before: end) }
            let text = start == end ? "" : String(content[start..<end]) + "\n"
            let tail = popInlineTail()
            append(block: .codeBlock(info: language, code: String(text), .none))
            reopen(tail)
        case .noParse:
            appendPlainText(content)
        case .image:
            let url = trimmed(content)
            guard BBCodeURL.isSafe(url, image: true), !url.isEmpty else {
                unsafe(tok, url)
                appendPlainText(content)
                return
            }
            var attributes = Attributes()
            if let value = tagValue(tok), let (w, h) = BBCodeValues.size(value) {
                attributes.set("width", w)
                attributes.set("height", h)
            }
            var alt = ""
            for pair in tagAttributes(tok) {
                switch pair.name {
                case "width", "height": attributes.set(pair.name, pair.value)
                case "alt": alt = pair.value
                default: break
                }
            }
            let description: [Inline] = alt.isEmpty ? [] : [.text(alt)]
            append(inline: .image(description, Link(url), attributes))
        case .link:
            let url = trimmed(content)
            guard !url.isEmpty, BBCodeURL.isSafe(url, image: false) else {
                if !url.isEmpty { unsafe(tok, url) }
                appendPlainText(content)
                return
            }
            if linkDepth > 0 {
                appendPlainText(content)
            } else {
                append(inline: .link([.text(content)], Link(BBCodeURL.normalized(url)), .none))
            }
        case .email:
            let address = trimmed(content)
            guard BBCodeURL.isEmail(address), linkDepth == 0 else {
                appendPlainText(content)
                return
            }
            append(inline: .link([.text(address)], Link("mailto:" + address), .none))
        case .youtube:
            guard let id = BBCodeURL.youTubeID(trimmed(content)), linkDepth == 0 else {
                appendPlainText(content)
                return
            }
            let url = "https://www.youtube.com/watch?v=" + id
            append(
                inline: .link(
                    [.text(url)], Link(url),
                    Attributes(pairs: [Attribute(name: "data-embed", value: "youtube")])))
        default:
            appendText(tok.raw)
        }
    }

    private mutating func unsafe(_ tok: BBCodeTagToken, _ url: String) {
        diagnostics.append(
            Diagnostic(
                .warning, .parseUnsafeURL,
                "unsafe URL \(url) in [\(tagTable[tok.id].name)] kept as text",
                line: tok.line, column: tok.column))
    }

    // MARK: Attributes

    /// The element of the open inline tag `tok`, whose tag is of `kind`.
    private mutating func inlineElement(_ tok: BBCodeTagToken, _ kind: BBCodeTagKind)
        -> BBElement?
    {
        let element = newElement(tok, isBlock: false)
        switch kind {
        case .color, .size, .font:
            // (No value reads as "", which no check below accepts.)
            let value = trimmed(tagValue(tok) ?? "")
            let (property, css): (String, String?) =
                switch kind {
                case .color: ("color", BBCodeValues.isColor(value) ? value : nil)
                case .size: ("font-size", BBCodeSize.css(value, scale: sizeScale))
                default: ("font-family", BBCodeValues.isFontName(value) ? value : nil)
                }
            guard let css else { return nil }
            element.attributes = Attributes(style: [CSSDeclaration(property: property, value: css)])
        case .span(let tag):
            element.attributes = customAttributes(tok, tag)
        case .link, .email:
            let raw = trimmed(tagValue(tok) ?? "")
            let isEmail: Bool
            if case .email = kind { isEmail = true } else { isEmail = false }
            let safe =
                isEmail
                ? BBCodeURL.isEmail(raw.hasPrefix("mailto:") ? String(raw.dropFirst(7)) : raw)
                : (!raw.isEmpty && BBCodeURL.isSafe(raw, image: false))
            if !safe {
                if !isEmail { unsafe(tok, raw) }
                element.transparent = true
            } else if linkDepth > 0 {
                element.transparent = true
            } else {
                var title = ""
                for pair in tagAttributes(tok) where pair.name == "title" { title = pair.value }
                let destination =
                    isEmail
                    ? (raw.hasPrefix("mailto:") ? raw : "mailto:" + raw)
                    : BBCodeURL.normalized(raw)
                element.link = Link(destination, title: title)
            }
        default:
            break
        }
        return element
    }

    private func blockAttributes(_ tok: BBCodeTagToken) -> Attributes {
        switch tagTable[tok.id].kind {
        case .quote:
            // The pairs are collected first (`Attributes.set` rebuilds the attributes).
            var pairs: [Attribute] = []
            pairs.reserveCapacity(1 + tok.attributes.count)
            func set(_ name: String, _ value: String) {
                if let index = pairs.firstIndex(where: { $0.name == name }) {
                    pairs[index].value = value
                } else {
                    pairs.append(Attribute(name: name, value: value))
                }
            }
            if let value = tagValue(tok), !value.isEmpty { set("author", value) }
            for range in attributeRanges[tok.attributes] {
                let pair = attribute(range)
                set(pair.name, pair.value)
            }
            return Attributes(tag: "quote", pairs: pairs)
        case .align(let alignment):
            return Attributes(style: [CSSDeclaration(property: "text-align", value: alignment)])
        case .indent:
            return Attributes(
                style: [CSSDeclaration(property: "margin-left", value: BBCodeValues.indentMargin)])
        case .spoiler:
            var attributes = Attributes(classes: [BBCodeValues.spoilerClass])
            if let value = tagValue(tok), !value.isEmpty { attributes.set("title", value) }
            for pair in tagAttributes(tok) where pair.name == "title" {
                attributes.set("title", pair.value)
            }
            return attributes
        case .div(let tag):
            return customAttributes(tok, tag)
        case .list:
            // The value is interpreted when lowering; keep it as a pair for now.
            var attributes = Attributes()
            if let value = tagValue(tok) { attributes.set("=", trimmed(value)) }
            return attributes
        default:
            return .none
        }
    }

    /// The attributes of a custom tag (`.span` or `.div`): the tag, its `=value` as a pair
    /// named by the tag, then its pairs.
    private func customAttributes(_ tok: BBCodeTagToken, _ tag: String) -> Attributes {
        var attributes = Attributes(tag: tag, pairs: tagAttributes(tok))
        if let value = tagValue(tok) {
            attributes.pairs.insert(Attribute(name: tag, value: value), at: 0)
        }
        return attributes
    }
}

func trimmed(_ s: String) -> String {
    let u = s.utf8
    func space(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A }
    // (The edges read in place first: most values have no space to trim.)
    let edged = u.withContiguousStorageIfAvailable { p in
        !p.isEmpty && (space(p[0]) || space(p[p.count - 1]))
    }
    if edged == false { return s }
    guard let first = u.first, let last = u.last, space(first) || space(last) else { return s }
    var start = u.startIndex
    var end = u.endIndex
    while start < end, space(u[start]) { start = u.index(after: start) }
    while end > start, space(u[u.index(before: end)]) { end = u.index(before: end) }
    return String(s[start..<end])
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
