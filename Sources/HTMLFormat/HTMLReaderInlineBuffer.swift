import ByteScan
import MarkupAST

/// An inline element that wraps other inlines (strong, link, span ...).
struct HTMLInlineWrapper {
    enum Kind {
        case emphasis, strong, strikethrough, underline, sup, sub, highlight, span
        case link(Link)
    }
    /// The kinds without a payload: what an event stores inline (links go to a side list).
    enum Plain: UInt8 {
        case emphasis, strong, strikethrough, underline, sup, sub, highlight, span

        /// The wrapper kind (listed in the order of the cases).
        var kind: Kind { Self.kinds[Int(rawValue)] }

        private static let kinds: [Kind] = [
            .emphasis, .strong, .strikethrough, .underline, .sup, .sub, .highlight, .span,
        ]
    }
    var kind: Kind
    var attributes: Attributes

    /// The kind without payload; nil for a link.
    var plain: Plain? {
        switch kind {
        case .emphasis: return .emphasis
        case .strong: return .strong
        case .strikethrough: return .strikethrough
        case .underline: return .underline
        case .sup: return .sup
        case .sub: return .sub
        case .highlight: return .highlight
        case .span: return .span
        case .link: return nil
        }
    }

    /// Whether the wrapper stays when it has no children: links, and anything with an id
    /// (what `Normalize.inlines` keeps).
    var survivesEmpty: Bool {
        if case .link = kind { return true }
        return !attributes.id.isEmpty
    }

    func make(_ children: consuming [Inline]) -> Inline {
        switch kind {
        case .emphasis: return .emphasis(children, attributes)
        case .strong: return .strong(children, attributes)
        case .strikethrough: return .strikethrough(children, attributes)
        case .underline: return .underline(children, attributes)
        case .sup: return .sup(children, attributes)
        case .sub: return .sub(children, attributes)
        case .highlight: return .highlight(children, attributes)
        case .span: return .span(children, attributes)
        case .link(let target): return .link(children, target, attributes)
        }
    }
}

/// How a run of text treats white space (CSS `white-space`).
enum HTMLWhiteSpace {
    /// Collapse runs of spaces, tabs and newlines into one space.
    case normal
    /// Keep spaces; newlines become hard breaks (`pre`, `pre-wrap`, `break-spaces`).
    case pre
    /// Collapse spaces; newlines become hard breaks.
    case preLine
}

/// The flat inline content of one block being built: text with its white space already
/// collapsed, wrapper opens/closes, atoms and breaks. Turned into an `[Inline]` tree by
/// `build()`, without recursion.
struct HTMLReaderInlineBuffer {
    /// One event: 24 bytes. Payloads larger than a string (a link's target, an atom) live in
    /// `links` and `atoms`, so that a block of many short elements (`<b>x` repeated) does not
    /// hold a 56-byte event for each open, close and text.
    enum Event {
        case text(String)
        /// A wrapper that is not a link.
        case open(HTMLInlineWrapper.Plain, Attributes)
        /// A link wrapper: its index in `links`.
        case openLink(Int32)
        /// `.open` directly followed by `.close` (an element with nothing in it: one event,
        /// not two, for `<b>` repeated past the depth limit).
        case empty(HTMLInlineWrapper.Plain, Attributes)
        /// `.openLink` directly followed by `.close`.
        case emptyLink(Int32)
        case close
        /// An atom: its index in `atoms`.
        case atom(Int32)
        case lineBreak
    }

    private(set) var events: [Event] = []
    /// The link wrappers of `.openLink` events.
    private var links: [HTMLInlineWrapper] = []
    /// The inlines of `.atom` events.
    private var atoms: [Inline] = []
    /// Whether the last character emitted was a (collapsible) space, or nothing was emitted
    /// yet since the start of the block or the last line break.
    private var lastWasSpace = true
    /// Whether anything visible (non-space text or an atom) was added.
    private(set) var hasContent = false
    /// Text collapsed but not yet turned into a `.text` event.
    private var pending: [UInt8] = []
    /// The pending text when it is exactly one text node's content, unchanged (the common
    /// case: words with single spaces between them). It is kept as that node's `String`, so
    /// the run needs no copy, no new storage and no UTF-8 validation. Whatever comes next
    /// moves it into `pending` first (`materializePendingText`); `pending` is empty while it
    /// is set.
    private var pendingText: String?
    /// Nothing was added since `init` or `reset`: the buffer is exactly
    /// `HTMLReaderInlineBuffer(reopening:)` of the wrappers it was made with, so resetting it
    /// again with the same wrappers would change nothing.
    private(set) var isPristine = true
    /// `build()` promotes styled spans (`HTMLReaderOptions.promoteStyles`).
    var promotesStyles = false
    /// A span with inline CSS was opened since the last reset: only then does `build()` look
    /// for spans to promote.
    private var hasStyledSpan = false

    init(reopening wrappers: [HTMLInlineWrapper] = [], promotingStyles: Bool = false) {
        promotesStyles = promotingStyles
        for w in wrappers {
            pushOpen(w)
            if Self.isStyledSpan(w) { hasStyledSpan = true }
        }
    }

    @inline(__always)
    private static func isStyledSpan(_ wrapper: HTMLInlineWrapper) -> Bool {
        if case .span = wrapper.kind { return !wrapper.attributes.style.isEmpty }
        return false
    }

    /// Promotes the styled spans among `children` (`Inline.withPromotedStyles()`): called
    /// when their frame closes, so each span is final (no later merge with a neighbour) and its
    /// own children were promoted first, as the `PromoteStyles` transform's walk does.
    /// `build()` calls it only when `promotesStyles` and a styled span was opened.
    @inline(__always)
    fileprivate static func promoteSpans(in children: inout [Inline]) {
        for index in children.indices {
            guard case .span = children[index], let promoted = children[index].withPromotedStyles()
            else { continue }
            children[index] = promoted
        }
    }

    /// Appends an event. The first one sizes the list for a typical paragraph: growing it
    /// 1, 2, 4, 8 ... cost a reallocation and copy per doubling, in every block. A block that
    /// never gets inline content (a list, a table) allocates nothing.
    @inline(__always)
    private mutating func push(_ event: Event) {
        if events.count == events.capacity { growEvents() }
        events.append(event)
    }

    /// Room for the next event: 16 at first, then `eventsBound` at once when the list
    /// outgrows 256 events (one paragraph holding much of the document).
    private mutating func growEvents() {
        if events.capacity == 0 {
            events.reserveCapacity(16)
        } else if events.capacity >= 256 && eventsBound > events.capacity {
            events.reserveCapacity(eventsBound)
            eventsBound = 0
        }
    }

    /// Appends the open event of `wrapper` (a link's wrapper goes to `links`).
    @inline(__always)
    private mutating func pushOpen(_ wrapper: HTMLInlineWrapper) {
        if let plain = wrapper.plain {
            push(.open(plain, wrapper.attributes))
        } else {
            links.append(wrapper)
            push(.openLink(Int32(links.count - 1)))
        }
    }

    /// The most events the list can come to (0: unknown). When it outgrows 256 it is
    /// reserved this size at once: growing it held the old and the new copy at once at every
    /// doubling (the peak of a read whose one paragraph is the whole input), and memory is
    /// only used where events are written. Reserving it up front kept that address space (24
    /// bytes an event, two events a DOM node) through reads whose top level has no long
    /// paragraph, nearly all of them.
    var eventsBound = 0

    /// Starts over as `HTMLReaderInlineBuffer(reopening: wrappers)` would, keeping the
    /// storage of the event list and of the pending text for the next paragraph.
    mutating func reset(reopening wrappers: [HTMLInlineWrapper]) {
        // Emptied only when not empty: `removeAll` costs a call even on an empty list, and
        // a reused block context resets its buffer for every block element.
        if !events.isEmpty { events.removeAll(keepingCapacity: true) }
        if !links.isEmpty { links.removeAll(keepingCapacity: true) }
        if !atoms.isEmpty { atoms.removeAll(keepingCapacity: true) }
        hasStyledSpan = false
        for w in wrappers {
            pushOpen(w)
            if Self.isStyledSpan(w) { hasStyledSpan = true }
        }
        lastWasSpace = true
        hasContent = false
        if !pending.isEmpty { pending.removeAll(keepingCapacity: true) }
        if pendingText != nil { pendingText = nil }
        isPristine = true
    }

    mutating func open(_ wrapper: HTMLInlineWrapper) {
        isPristine = false
        if Self.isStyledSpan(wrapper) { hasStyledSpan = true }
        flushPending()
        pushOpen(wrapper)
    }

    mutating func close() {
        isPristine = false
        flushPending()
        switch events.last {
        case .open(let plain, let attributes)?:
            events[events.count - 1] = .empty(plain, attributes)
        case .openLink(let index)?:
            events[events.count - 1] = .emptyLink(index)
        default:
            push(.close)
        }
    }

    mutating func atom(_ inline: Inline) {
        isPristine = false
        flushPending()
        atoms.append(inline)
        push(.atom(Int32(atoms.count - 1)))
        lastWasSpace = false
        hasContent = true
    }

    /// A collapsible space (block boundaries inside inline-only blocks).
    mutating func space() {
        if !lastWasSpace {
            isPristine = false
            materializePendingText()
            pending.append(0x20)
            lastWasSpace = true
        }
    }

    mutating func lineBreak() {
        isPristine = false
        flushPending()
        trimTrailingSpace()
        push(.lineBreak)
        lastWasSpace = true
    }

    /// Appends text as `white-space` says.
    mutating func append(_ text: String, _ mode: HTMLWhiteSpace) {
        isPristine = false
        if mode == .normal {
            text.withUTF8InPlace { appendCollapsing($0, original: text) }
            return
        }
        materializePendingText()
        for byte in text.utf8 {
            let isSpace =
                byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C
                || byte == 0x0D
            if isSpace {
                if byte == 0x0A && mode != .normal {
                    lineBreak()
                    continue
                }
                if mode == .pre {
                    pending.append(byte == 0x09 ? 0x09 : 0x20)
                    lastWasSpace = false
                    continue
                }
                if !lastWasSpace {
                    pending.append(0x20)
                    lastWasSpace = true
                }
            } else {
                pending.append(byte)
                lastWasSpace = false
                hasContent = true
            }
        }
    }

    /// `white-space: normal`: copies runs that need no change (words with single spaces
    /// between them) at once; any other gap becomes one space. `bytes` are the UTF-8 of
    /// `original`, which becomes the pending text as it is when nothing needs changing.
    private mutating func appendCollapsing(_ bytes: UnsafeBufferPointer<UInt8>, original: String) {
        materializePendingText()
        let startsEmpty = pending.isEmpty
        var i = 0
        var runStart = 0
        let count = bytes.count
        var lastSpace = lastWasSpace
        var content = false
        while i < count {
            if count - i >= 8, let base = bytes.baseAddress {
                // Eight bytes at once: they stay as they are when none is below 0x20 (no tab,
                // newline, form feed or carriage return; other control bytes take the byte
                // loop too) and no space follows a space (within the word, or across its start
                // when the byte before was a space). Such a word has a non-space byte.
                let word = ByteScan.word(base, i)
                if ByteScan.bytes(word, below: 0x20) == 0 {
                    // The high bit of each byte that is a space, exactly.
                    let spaces = ByteScan.exactBytes(word, equalTo: 0x20)
                    if spaces & (spaces << 8) == 0 && !(lastSpace && spaces & 0x80 != 0) {
                        lastSpace = spaces >> 63 != 0
                        content = true
                        i += 8
                        continue
                    }
                }
            }
            let end = min(i + 8, count)
            while i < end {
                let byte = bytes[i]
                if byte > 0x20
                    || !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C
                        || byte == 0x0D)
                {
                    lastSpace = false
                    content = true
                    i += 1
                    continue
                }
                if byte == 0x20 && !lastSpace {
                    // A single space after a word stays as it is.
                    lastSpace = true
                    i += 1
                    continue
                }
                if runStart < i {
                    pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
                }
                if !lastSpace {
                    pending.append(0x20)
                    lastSpace = true
                }
                i += 1
                runStart = i
            }
        }
        if runStart == 0 && count > 0 && startsEmpty {
            pendingText = original
        } else if runStart < count {
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
        }
        lastWasSpace = lastSpace
        if content { hasContent = true }
    }

    /// Moves `pendingText`, if set, into `pending` (something is about to follow it).
    @inline(__always)
    private mutating func materializePendingText() {
        if let text = pendingText.take() { pending.append(contentsOf: text.utf8) }
    }

    private mutating func flushPending() {
        if let text = pendingText.take() {
            push(.text(text))
            return
        }
        guard !pending.isEmpty else { return }
        // Valid UTF-8: strings' bytes cut and replaced at ASCII white space only.
        push(.text(ByteScan.string(fromValidUTF8: pending)))
        pending.removeAll(keepingCapacity: true)
    }

    /// Removes one trailing collapsible space before the end (skipping opens and closes).
    private mutating func trimTrailingSpace() {
        var i = events.count - 1
        while i >= 0 {
            switch events[i] {
            case .open, .openLink, .empty, .emptyLink, .close:
                i -= 1
                continue
            case .text(let s):
                if Self.lastByte(s) == 0x20 {
                    let trimmed = Self.droppingTrailingSpace(s)
                    events[i] = .text(trimmed)
                }
                return
            case .atom, .lineBreak:
                return
            }
        }
    }

    /// The last UTF-8 byte of `s`, nil when it is empty (read from its storage: the generic
    /// `s.utf8.last` walks the index protocol).
    @inline(__always)
    static func lastByte(_ s: String) -> UInt8? {
        s.utf8.withContiguousStorageIfAvailable { $0.last } ?? s.utf8.last
    }

    /// `String(s.dropLast())` for `s` ending in a space. When the byte before the space is
    /// ASCII, the space is a character of its own and one byte comes off; otherwise (a
    /// prepended mark may join it) it goes through `Character`s as before.
    static func droppingTrailingSpace(_ s: String) -> String {
        let u = s.utf8
        let last = u.index(before: u.endIndex)
        if last == u.startIndex { return "" }
        if u[u.index(before: last)] < 0x80 { return String(Substring(u[..<last])) }
        return String(s.dropLast())
    }

    /// `String(s.dropFirst())` for `s` starting with a space. When the byte after the space
    /// is ASCII (or there is none), the space is a character of its own and one byte comes
    /// off; otherwise (a combining mark may join it) it goes through `Character`s as before.
    static func droppingLeadingSpace(_ s: String) -> String {
        let u = s.utf8
        let next = u.index(after: u.startIndex)
        if next == u.endIndex { return "" }
        if u[next] < 0x80 { return String(Substring(u[next...])) }
        return String(s.dropFirst())
    }

    /// Whether two containers differ only in their children (what
    /// `a.withChildren([]) == b.withChildren([])` says, without building the copies).
    static func sameWrapper(_ a: Inline, _ b: Inline) -> Bool {
        switch (a, b) {
        case (.emphasis(_, let x), .emphasis(_, let y)), (.strong(_, let x), .strong(_, let y)),
            (.strikethrough(_, let x), .strikethrough(_, let y)),
            (.underline(_, let x), .underline(_, let y)), (.sup(_, let x), .sup(_, let y)),
            (.sub(_, let x), .sub(_, let y)), (.highlight(_, let x), .highlight(_, let y)),
            (.span(_, let x), .span(_, let y)):
            return x == y
        case (.link(_, let k, let x), .link(_, let l, let y)),
            (.image(_, let k, let x), .image(_, let l, let y)):
            return k == l && x == y
        default:
            return false
        }
    }

    /// Appends `inline` the way `Normalize.inlines` leaves a list: empty text skipped, text
    /// after text merged into one run.
    ///
    /// `build()` appends through this (and drops empty wrappers), so the tree it returns is
    /// already normalized: `Normalize.document` then only checks it instead of rebuilding
    /// every level above the first unmerged pair of texts.
    ///
    /// A merge appends in place: the run is moved out of the list first (a payload-free
    /// placeholder takes its slot), so its storage is not shared and grows geometrically.
    /// `previous + s` with the list still holding `previous` copied the whole run on every
    /// merge: quadratic in a long run built from many pieces (`<span>x` x N past the depth
    /// limit, `<b>x</b>` x N merged into one strong).
    @inline(__always)
    static func appendNormalized(_ inline: Inline, to children: inout [Inline]) {
        if case .text(let s) = inline {
            if s.isEmpty { return }
            let last = children.count - 1
            if last >= 0, case .text(var previous) = children[last] {
                children[last] = .softBreak
                previous.append(s)
                children[last] = .text(previous)
                return
            }
        }
        children.append(inline)
    }

    /// Appends `more` to the children of `list[index]` (`appendNormalized`, one by one), in
    /// place: the element is moved out of the list and its children out of it before they
    /// grow, so neither is copied (a copy per merge was quadratic in a long run of identical
    /// neighbours merged into one).
    static func appendChildren(_ more: [Inline], toElementAt index: Int, of list: inout [Inline]) {
        var element = Inline.softBreak
        swap(&element, &list[index])
        var merged = element.children
        // Releases the element's hold on `merged`'s storage.
        element = element.withChildren([])
        for child in more { appendNormalized(child, to: &merged) }
        list[index] = element.withChildren(merged)
    }

    /// Builds the inline tree: leading and trailing spaces and line breaks dropped, spaces at
    /// the edges of wrappers moved outside them, unclosed wrappers closed. The result is
    /// normalized (see `appendNormalized`).
    ///
    /// The events are moved into the tree, not copied: afterwards the buffer is empty (its
    /// storage kept) and has no content, until `reset` starts it over.
    mutating func build() -> [Inline] {
        isPristine = false
        flushPending()
        trimTrailingSpace()
        hasContent = false
        // The top-level list is sized once: at most one child per top-level event (a moved-out
        // trailing space can add one more). Growing it 1, 2, 4 ... cost a reallocation and copy
        // per doubling, for every paragraph.
        var topLevel = 0
        var depth = 0
        for k in events.indices {
            switch events[k] {
            case .open, .openLink:
                if depth == 0 { topLevel += 1 }
                depth += 1
            case .close:
                depth = max(0, depth - 1)
            case .text, .atom, .lineBreak, .empty, .emptyLink:
                if depth == 0 { topLevel += 1 }
            }
        }
        var tree = TreeBuilder(topLevel: topLevel, promotes: promotesStyles && hasStyledSpan)
        swap(&tree.links, &links)
        swap(&tree.atoms, &atoms)
        events.withUnsafeMutableBufferPointer { tree.addMoving($0) }
        events.removeAll(keepingCapacity: true)
        swap(&tree.links, &links)
        swap(&tree.atoms, &atoms)
        if !links.isEmpty { links.removeAll(keepingCapacity: true) }
        if !atoms.isEmpty { atoms.removeAll(keepingCapacity: true) }
        return tree.finish()
    }

    /// The state of `build()`. Levels: 0 is the top level (`root`), level k > 0 is the open
    /// wrapper `stack[k - 1]`. The top level is kept out of the stack, so a paragraph without
    /// wrappers allocates no stack and its list is not shared with one (trimming its last text
    /// copied the whole list).
    private struct TreeBuilder {
        struct Frame {
            var wrapper: HTMLInlineWrapper
            var children: [Inline] = []
            /// `children.count` when an empty wrapper was last dropped here: the wrapper
            /// still separates its neighbours, so the next wrapper does not merge across it.
            var droppedAt = -1
            /// Whether the wrapper is counted in `marks` (see there).
            var counted = false
        }
        var root: [Inline] = []
        var rootDroppedAt = -1
        /// The buffer's `links` and `atoms`, lent for the build.
        var links: [HTMLInlineWrapper] = []
        var atoms: [Inline] = []
        var stack: [Frame] = []
        /// How many of the open wrappers are of each kind that draws nothing more when
        /// repeated, by `Plain.rawValue` (emphasis, strong, strikethrough and underline are
        /// its first four cases); only those without a class or a style count
        /// (`<b style="font-weight: normal">` draws no bold, so a `<b>` inside it does).
        var marks = SIMD4<Int32>()
        let promotes: Bool
        var sawContent = false
        // Line breaks wait for content after them (trailing ones are dropped). They belong to
        // the level they were read in (`breakDepth` = the number of levels then), or to its
        // parent once that level has closed: `x<br><b>y</b>` is x, break, strong(y), not
        // x, strong(break, y).
        var pendingBreaks = 0
        var breakDepth = 0

        init(topLevel: Int, promotes: Bool) {
            root.reserveCapacity(topLevel)
            self.promotes = promotes
        }

        @inline(__always)
        mutating func appendNormalized(_ inline: Inline, at level: Int) {
            if level == 0 {
                HTMLReaderInlineBuffer.appendNormalized(inline, to: &root)
            } else {
                HTMLReaderInlineBuffer.appendNormalized(inline, to: &stack[level - 1].children)
            }
        }

        @inline(__always)
        mutating func append(_ inline: Inline, at level: Int) {
            if level == 0 { root.append(inline) } else { stack[level - 1].children.append(inline) }
        }

        @inline(__always)
        func children(_ level: Int) -> [Inline] {
            level == 0 ? root : stack[level - 1].children
        }

        @inline(__always)
        mutating func addPendingBreaks() {
            for _ in 0..<pendingBreaks { append(.lineBreak, at: breakDepth - 1) }
            pendingBreaks = 0
        }

        /// Counts an opened (`by` 1) or closed (-1) wrapper of a kind `marks` counts (`by` 0:
        /// only looks); returns how many of that kind are open then (0 for the other kinds).
        @inline(__always)
        mutating func mark(_ wrapper: HTMLInlineWrapper, by change: Int32) -> Int32 {
            guard let plain = wrapper.plain, plain.rawValue < 4 else { return 0 }
            marks[Int(plain.rawValue)] += change
            return marks[Int(plain.rawValue)]
        }

        mutating func push(_ frame: consuming Frame) {
            let a = frame.wrapper.attributes
            if a.isEmpty || a.classes.isEmpty && a.style.isEmpty {
                frame.counted = mark(frame.wrapper, by: 1) > 0
            }
            stack.append(frame)
        }

        mutating func closeTop() {
            var frame = stack.removeLast()
            // Inside a wrapper of its own kind (`<b>x <b>y</b></b>`, `<em>a <i>b</i></em>`) a
            // wrapper with no attribute but its tag draws nothing more: its children take its
            // place (Markdown `**x y**`, not `**x **y** z**`).
            let a = frame.wrapper.attributes
            let open = mark(frame.wrapper, by: frame.counted ? -1 : 0)
            let redundant =
                open > 0 && a.id.isEmpty && a.classes.isEmpty && a.pairs.isEmpty
                && a.style.isEmpty
            // The parent's level: the levels are 0 ... stack.count now.
            let parent = stack.count
            if pendingBreaks > 0 && breakDepth > parent + 1 { breakDepth = parent + 1 }
            var trailingSpace = false
            if case .text(let s)? = frame.children.last, HTMLReaderInlineBuffer.lastByte(s) == 0x20
            {
                let trimmed = HTMLReaderInlineBuffer.droppingTrailingSpace(s)
                if trimmed.isEmpty {
                    frame.children.removeLast()
                } else {
                    frame.children[frame.children.count - 1] = .text(trimmed)
                }
                trailingSpace = true
            }
            if promotes { HTMLReaderInlineBuffer.promoteSpans(in: &frame.children) }
            if redundant {
                for child in exchange(&frame.children, with: []) {
                    appendNormalized(child, at: parent)
                }
                if trailingSpace { appendNormalized(.text(" "), at: parent) }
                return
            }
            let isEmpty = frame.children.isEmpty
            // The children are moved into the wrapper, not copied.
            let made = frame.wrapper.make(exchange(&frame.children, with: []))
            let siblings = parent == 0 ? root.count : stack[parent - 1].children.count
            let droppedAt = parent == 0 ? rootDroppedAt : stack[parent - 1].droppedAt
            // `<b>a</b><b>b</b>` renders as one run: merge identical neighbours.
            if siblings > 0, droppedAt != siblings,
                HTMLReaderInlineBuffer.sameWrapper(children(parent)[siblings - 1], made)
            {
                if parent == 0 {
                    HTMLReaderInlineBuffer.appendChildren(
                        made.children, toElementAt: siblings - 1, of: &root)
                } else {
                    HTMLReaderInlineBuffer.appendChildren(
                        made.children, toElementAt: siblings - 1, of: &stack[parent - 1].children)
                }
            } else if isEmpty, !frame.wrapper.survivesEmpty {
                // Dropped, as `Normalize` would drop it.
                if parent == 0 {
                    rootDroppedAt = siblings
                } else {
                    stack[parent - 1].droppedAt = siblings
                }
            } else {
                append(made, at: parent)
            }
            if trailingSpace { appendNormalized(.text(" "), at: parent) }
        }

        mutating func add(_ event: consuming Event) {
            switch consume event {
            case .open(let plain, let attributes):
                push(Frame(wrapper: HTMLInlineWrapper(kind: plain.kind, attributes: attributes)))
            case .openLink(let index):
                stack.append(Frame(wrapper: links[Int(index)]))
            case .empty(let plain, let attributes):
                push(Frame(wrapper: HTMLInlineWrapper(kind: plain.kind, attributes: attributes)))
                closeTop()
            case .emptyLink(let index):
                stack.append(Frame(wrapper: links[Int(index)]))
                closeTop()
            case .close:
                if !stack.isEmpty { closeTop() }
            case .lineBreak:
                if sawContent {
                    if pendingBreaks == 0 { breakDepth = stack.count + 1 }
                    pendingBreaks += 1
                }
            case .atom(let index):
                // Moved out (a payload-free placeholder takes its slot).
                var inline = Inline.softBreak
                swap(&inline, &atoms[Int(index)])
                addPendingBreaks()
                append(inline, at: stack.count)
                sawContent = true
            case .text(var s):
                if s.isEmpty { return }
                addPendingBreaks()
                if s.utf8.first == 0x20 && !stack.isEmpty && stack[stack.count - 1].children.isEmpty
                {
                    // Move the leading space before the wrappers that were just opened.
                    var k = stack.count
                    while k > 0 && stack[k - 1].children.isEmpty { k -= 1 }
                    appendNormalized(.text(" "), at: k)
                    s = HTMLReaderInlineBuffer.droppingLeadingSpace(s)
                    if s.isEmpty { return }
                }
                appendNormalized(.text(s), at: stack.count)
                sawContent = true
            }
        }

        /// Adds the events, moved out one by one (no retain and release of each payload); the
        /// emptied slots are filled with `.close` (no payload), so emptying the list after
        /// destroys nothing twice.
        mutating func addMoving(_ events: UnsafeMutableBufferPointer<Event>) {
            guard let base = events.baseAddress else { return }
            for k in 0..<events.count { add((base + k).move()) }
            base.initialize(repeating: .close, count: events.count)
        }

        /// Closes what is still open and returns the top level, its edge spaces trimmed.
        mutating func finish() -> [Inline] {
            while !stack.isEmpty { closeTop() }
            if promotes { HTMLReaderInlineBuffer.promoteSpans(in: &root) }
            // Trailing spaces moved out of wrappers at the very end.
            while case .text(let s)? = root.last, HTMLReaderInlineBuffer.lastByte(s) == 0x20 {
                let trimmed = HTMLReaderInlineBuffer.droppingTrailingSpace(s)
                if trimmed.isEmpty {
                    root.removeLast()
                } else {
                    root[root.count - 1] = .text(trimmed)
                }
            }
            while case .text(let s)? = root.first, s.utf8.first == 0x20 {
                let trimmed = HTMLReaderInlineBuffer.droppingLeadingSpace(s)
                if trimmed.isEmpty { root.removeFirst() } else { root[0] = .text(trimmed) }
            }
            var out: [Inline] = []
            swap(&out, &root)
            return out
        }
    }
}
