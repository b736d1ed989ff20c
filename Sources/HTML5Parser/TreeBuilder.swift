#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(Musl)
    import Musl
#endif

/// The insertion modes of the WHATWG tree construction stage.
enum InsertionMode: UInt8 {
    case initial, beforeHTML, beforeHead, inHead, inHeadNoscript, afterHead, inBody, text
    case inTable, inTableText, inCaption, inColumnGroup, inTableBody, inRow, inCell
    case inSelect, inSelectInTable, inTemplate, afterBody, inFrameset, afterFrameset
    case afterAfterBody, afterAfterFrameset
}

/// A token as the tree builder sees it (character runs as substrings, so a run can be split).
enum TreeToken {
    case doctype(DoctypeToken)
    case tag(TagToken)
    case comment(String)
    case chars(Substring)
    case eof
}

/// An entry of the stack of open elements, with its scope flags computed once.
struct OpenElement {
    // Laid out in 32 bytes (the name first, the small fields packed after it): unclosed
    // elements stay on the stack past the depth limit, so `<b>x` repeated keeps one entry per
    // element of the input.
    var name: String
    private var nodeIndex: Int32
    /// A number unique to this push (see ``ScanMemo``).
    var serial: Int32 = 0
    /// For a ``Tag/other`` element: its slot in ``TreeBuilder/otherCounts`` (set by `push`).
    var otherSlot: Int32 = -1
    var flags: UInt16
    var tag: Tag
    var ns: HTMLNamespace

    /// The element's node (DOM node indices fit in 32 bits).
    var node: Int {
        @inline(__always) get { Int(nodeIndex) }
        @inline(__always) set { nodeIndex = Int32(truncatingIfNeeded: newValue) }
    }

    static let special: UInt16 = 1
    static let defaultScope: UInt16 = 2
    static let listScope: UInt16 = 4
    static let buttonScope: UInt16 = 8
    static let tableScope: UInt16 = 16
    /// optgroup / option: the only ones not bounding select scope.
    static let notSelectScope: UInt16 = 32
    static let htmlIntegration: UInt16 = 64
    static let mathTextIntegration: UInt16 = 128

    /// (`attributes` is borrowed: an owned list was retained by every caller, which also
    /// hands it to the DOM, and released here, though only MathML `annotation-xml` reads it.)
    init(
        node: Int, name: String, ns: HTMLNamespace, attributes: borrowing [HTMLAttribute],
        tag known: Tag? = nil
    ) {
        // The name is stored last: stored first, it was retained again for the tag lookup.
        self.nodeIndex = Int32(truncatingIfNeeded: node)
        self.ns = ns
        if ns == .html {
            let t = known ?? Tag.of(name)
            tag = t
            flags = Self.flags(of: t)
        } else {
            tag = .other
            flags = Self.foreignFlags(name: name, ns: ns, attributes: attributes)
        }
        self.name = name
    }

    /// The flags of an HTML element (one switch: a table lookup).
    static func flags(of t: Tag) -> UInt16 {
        let scopes: UInt16
        switch t {
        case .applet, .caption, .td, .th, .marquee, .object:
            scopes = defaultScope | listScope | buttonScope
        case .html, .table, .template:
            scopes = defaultScope | listScope | buttonScope | tableScope
        case .ol, .ul: scopes = listScope
        case .button: scopes = buttonScope
        case .optgroup, .option: scopes = notSelectScope
        default: scopes = 0
        }
        return scopes | (t.isSpecial ? special : 0)
    }

    /// The flags of an SVG or MathML element.
    static func foreignFlags(
        name: String, ns: HTMLNamespace, attributes: borrowing [HTMLAttribute]
    ) -> UInt16 {
        let scoped = special | defaultScope | listScope | buttonScope
        if ns == .mathml {
            switch name {
            case "mi", "mo", "mn", "ms", "mtext": return scoped | mathTextIntegration
            case "annotation-xml":
                let isHTML = attributes.contains { a in
                    guard a.name == "encoding" else { return false }
                    let v = a.value.lowercased()
                    return v == "text/html" || v == "application/xhtml+xml"
                }
                return isHTML ? scoped | htmlIntegration : scoped
            default: return 0
            }
        }
        switch name {
        case "foreignObject", "desc", "title": return scoped | htmlIntegration
        default: return 0
        }
    }

    @inline(__always) func has(_ flag: UInt16) -> Bool { flags & flag != 0 }
    var isSpecial: Bool { has(Self.special) }
}

/// What a failed scan of the stack of open elements established: scanning down from entry
/// `height - 1`, a stopping entry (a scope boundary, a special element) came before any
/// match. It still holds while that entry (`serial`) is in place and nothing below it has
/// been removed, replaced or inserted (`middleEdits`), so the same query later only scans
/// the entries pushed since: repeated `</x>`, `</div>` or `</p>` over thousands of open
/// elements above a boundary cost O(1) each instead of O(depth).
struct ScanMemo {
    var height: Int32
    var serial: Int32
    var middleEdits: Int32
}

/// An entry of the list of active formatting elements (`node == -1` is a marker).
struct FormattingEntry {
    var node: Int
    var tag: Tag
    var name: String
    var attributes: [HTMLAttribute]
    /// The Noah's Ark signature (see ``TreeBuilder/arkCounts``), once those are kept.
    var key = 0
    var isMarker: Bool { node < 0 }
    static let marker = FormattingEntry(node: -1, tag: .other, name: "", attributes: [])
}

/// The WHATWG tree builder, driving a ``TreeSink``.
struct TreeBuilder<Sink: TreeSink>: TokenSink {
    var sink: Sink
    let options: HTMLParserOptions
    var mode: InsertionMode = .initial
    var originalMode: InsertionMode = .initial
    var templateModes: [InsertionMode] = []
    var stack: [OpenElement] = []
    var formatting: [FormattingEntry] = []
    var headElement: Int? = nil
    var formElement: Int? = nil
    var framesetOK = true
    var fosterParenting = false
    var quirksMode: HTMLQuirksMode = .noQuirks
    var pendingTableText: [Substring] = []
    var pendingTableTextDirty = false
    var context: OpenElement? = nil
    var isFragment = false
    var errors: [RawError] = []
    var skipNewline = false
    var tokenizerSwitch: TokenizerState? = nil
    var offset = 0
    /// Per node id below `isOpenCapacity`: whether the node is on the stack of open elements.
    /// Raw zero-filled memory, not arrays: no uniqueness check per write, and a short fragment
    /// pays no array set-up (see ``freeTables()``).
    var isOpen: UnsafeMutablePointer<Bool>
    var isOpenCapacity: Int
    /// Per ``Tag``: how many open elements have it.
    let tagCount: UnsafeMutablePointer<Int32>
    /// Open elements without a ``Tag`` (unknown HTML names, SVG, MathML) by lower-case name,
    /// so end tags naming nothing open are rejected without walking the stack (a name whose
    /// elements have all closed stays, at 0).
    /// Kept as a slot per name (`otherSlots`) and a count per slot: a pushed element keeps
    /// its slot, so popping it hashes nothing.
    var otherSlots: [String: Int32] = [:]
    var otherCounts: [Int32] = []
    /// `otherSlots` for names of up to 8 bytes, by their bytes packed into a word (see
    /// ``packedName(_:)``), direct-mapped: SVG icons push `path` and `g` over and over, and a
    /// hit hashes no string. Empty until the first such name.
    var otherSlotCacheKeys: [UInt64] = []
    var otherSlotCacheSlots: [Int32] = []
    var depthReported = false
    /// Failed scans of the stack by query (only long ones are kept).
    var scanMemo: [Int: ScanMemo] = [:]
    /// Failed "any other end tag" scans by tag name.
    var endTagMemo: [String: ScanMemo] = [:]
    /// Removals, replacements and insertions below the top of the stack so far.
    var stackMiddleEdits: Int32 = 0
    /// Markers in the list of active formatting elements.
    var markerCount = 0
    /// Once the list of active formatting elements is long: how many entries have each
    /// Noah's Ark signature (name, attribute set, markers before it). The clause then scans
    /// the list only when three may be identical, instead of on every push (quadratic for
    /// thousands of open `<b class=N>`).
    var arkCounts: [Int: Int32]? = nil
    var pushSerial: Int32 = 0
    var initialTokenizerState: TokenizerState? = nil
    var stopped = false

    /// `inputSize` sizes the per-node table up front (it grows as needed).
    init(sink: Sink, options: HTMLParserOptions, inputSize: Int = 0) {
        self.sink = sink
        self.options = options
        stack.reserveCapacity(32)
        let tags = Int(Tag.xmp.rawValue) + 1
        tagCount = .allocate(capacity: tags)
        tagCount.initialize(repeating: 0, count: tags)
        isOpenCapacity = DOMBuilder.nodeEstimate(inputSize)
        isOpen = Self.falseFlags(isOpenCapacity)
    }

    /// `count` flags, all false, from `calloc`: a large block comes as fresh zero pages, which
    /// take memory only where a flag is set (the table is sized for the most nodes the input
    /// could make, half a byte per input byte, and writing false into all of it made that
    /// resident).
    static func falseFlags(_ count: Int) -> UnsafeMutablePointer<Bool> {
        calloc(count, MemoryLayout<Bool>.stride)!.assumingMemoryBound(to: Bool.self)
    }

    /// Frees the per-node and per-tag tables; call once, after the last token.
    func freeTables() {
        free(isOpen)
        tagCount.deallocate()
    }

    /// Makes `isOpen` cover `node` (doubling, new entries false).
    @inline(__always) mutating func coverInIsOpen(_ node: Int) {
        if node >= isOpenCapacity { growIsOpen(node) }
    }

    private mutating func growIsOpen(_ node: Int) {
        let capacity = max(node + 1, isOpenCapacity * 2)
        let grown = Self.falseFlags(capacity)
        grown.update(from: isOpen, count: isOpenCapacity)
        free(isOpen)
        isOpen = grown
        isOpenCapacity = capacity
    }

    // MARK: - Token entry

    var allowsCDATA: Bool {
        guard let a = adjustedCurrentNode else { return false }
        return a.ns != .html
    }

    mutating func process(_ token: consuming Token, offset: Int) -> TokenizerState? {
        if stopped { return nil }
        self.offset = offset
        tokenizerSwitch = nil
        var t: TreeToken
        switch consume token {
        case .characters(let s):
            var sub = Substring(s)
            if skipNewline {
                skipNewline = false
                if sub.utf8.first == 0x0A {
                    sub = Substring(sub.utf8.dropFirst())
                    if sub.isEmpty { return nil }
                }
            }
            // Most runs are text in body under an HTML element: they go to the body rule
            // directly, without a tree token and the generic dispatch (same route as there).
            if mode == .inBody && currentUsesHTMLRules {
                inBodyCharacters(sub)
                return tokenizerSwitch
            }
            t = .chars(sub)
        case .nullCharacter:
            skipNewline = false
            t = .chars("\u{0}")
        case .tag(let tag):
            skipNewline = false
            t = .tag(tag)
        case .comment(let c):
            skipNewline = false
            t = .comment(c)
        case .doctype(let d):
            skipNewline = false
            t = .doctype(d)
        case .eof: t = .eof
        }
        dispatch(t)
        return tokenizerSwitch
    }

    /// Fast path of `useHTMLRules`: the current node is an HTML element (and not a
    /// fragment's context).
    @inline(__always) var currentUsesHTMLRules: Bool {
        let n = stack.count
        return n > 0 && (!isFragment || n > 1)
            && stack.withUnsafeBufferPointer({ $0[n - 1].ns }) == .html
    }

    mutating func dispatch(_ t: TreeToken) {
        if currentUsesHTMLRules {
            processIn(mode, t)
        } else if useHTMLRules(t) {
            processIn(mode, t)
        } else {
            foreignContent(t)
        }
    }

    func useHTMLRules(_ t: TreeToken) -> Bool {
        if stack.isEmpty { return true }
        if stack[stack.count - 1].ns == .html && (!isFragment || stack.count > 1) { return true }
        return readAdjustedCurrentNode { a in
            if a.pointee.ns == .html { return true }
            switch t {
            case .eof: return true
            case .tag(let tag) where !tag.isEnd:
                if a.pointee.has(OpenElement.mathTextIntegration) && tag.name != "mglyph"
                    && tag.name != "malignmark"
                {
                    return true
                }
                if a.pointee.ns == .mathml && a.pointee.name == "annotation-xml"
                    && tag.name == "svg"
                {
                    return true
                }
                if a.pointee.has(OpenElement.htmlIntegration) { return true }
            case .chars:
                if a.pointee.has(OpenElement.mathTextIntegration)
                    || a.pointee.has(OpenElement.htmlIntegration)
                {
                    return true
                }
            default: break
            }
            return false
        } ?? true
    }

    var adjustedCurrentNode: OpenElement? {
        if isFragment && stack.count == 1 { return context }
        return stack.last
    }

    /// Runs `body` on the adjusted current node in place (nil when there is none): a copy
    /// retained and released its name for every token in foreign content.
    @inline(__always) func readAdjustedCurrentNode<R>(_ body: (Entry) -> R) -> R? {
        if isFragment && stack.count == 1 {
            guard let c = context else { return nil }
            return withUnsafePointer(to: c) { body($0) }
        }
        return stack.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress, !b.isEmpty else { return nil }
            return body(base + (b.count - 1))
        }
    }

    mutating func parseError(_ code: String) {
        if options.collectErrors { errors.append(RawError(code: code, offset: offset)) }
    }

    func finish() -> Sink.Output { sink.finish() }

    /// For fragments: moves the parsed nodes from the temporary `<html>` to the root.
    mutating func finishFragment() {
        guard isFragment, let html = sink.firstChild(of: sink.document) else { return }
        sink.moveChildren(from: html, to: sink.document)
        sink.detach(html)
    }

    // MARK: - Fragment setup

    mutating func prepareFragment(contextName: String, namespace: HTMLNamespace) {
        isFragment = true
        let ctx = OpenElement(node: -1, name: contextName, ns: namespace, attributes: [])
        context = ctx
        if namespace == .html {
            switch ctx.tag {
            case .title, .textarea: initialTokenizerState = .rcdata
            case .style, .xmp, .iframe, .noembed, .noframes: initialTokenizerState = .rawtext
            case .script: initialTokenizerState = .scriptData
            case .noscript: if options.scripting { initialTokenizerState = .rawtext }
            case .plaintext: initialTokenizerState = .plaintext
            default: break
            }
        }
        let html = sink.createElement(name: "html", namespace: .html, attributes: [])
        sink.append(html, to: sink.document)
        push(OpenElement(node: html, name: "html", ns: .html, attributes: [], tag: .html))
        if ctx.tag == .template { templateModes.append(.inTemplate) }
        resetInsertionMode()
    }

    // MARK: - Stack of open elements

    @inline(__always) var current: OpenElement { stack[stack.count - 1] }
    @inline(__always) var currentTag: Tag { stack.isEmpty ? .other : stack[stack.count - 1].tag }

    mutating func push(_ e: consuming OpenElement) {
        // (The consuming parameter is changed in place: `var e = e` copied it, retaining its
        // name, at every push.)
        pushSerial &+= 1
        e.serial = pushSerial
        coverInIsOpen(e.node)
        isOpen[e.node] = true
        tagCount[Int(e.tag.rawValue)] += 1
        if e.tag == .other { countOther(&e) }
        stack.append(consume e)
    }

    /// Counts `e` under its name and records its slot in it.
    @inline(__always) mutating func countOther(_ e: inout OpenElement) {
        let key = Self.otherCountKey(e)
        let packed = Self.packedName(key)
        let slot: Int32
        if let cached = cachedOtherSlot(packed) {
            slot = cached
        } else {
            if let known = otherSlots[key] {
                slot = known
            } else {
                slot = Int32(otherCounts.count)
                otherSlots[key] = slot
                otherCounts.append(0)
            }
            cacheOtherSlot(packed, slot)
        }
        otherCounts[Int(slot)] += 1
        e.otherSlot = slot
    }

    /// How many open elements without a ``Tag`` have this (lower-case) name.
    func otherCount(_ name: String) -> Int32 {
        if let slot = cachedOtherSlot(Self.packedName(name)) { return otherCounts[Int(slot)] }
        guard let slot = otherSlots[name] else { return 0 }
        return otherCounts[Int(slot)]
    }

    /// The bytes of a name of 1 to 8 bytes packed into a word, or 0 (longer names). Names
    /// never hold a 0 byte (the tokenizer replaces U+0000), so equal words are equal names.
    @inline(__always) static func packedName(_ name: String) -> UInt64 {
        name.utf8.withContiguousStorageIfAvailable { b in
            b.count <= 8 && b.count > 0 ? Tag.packed(b.baseAddress!, b.count) : 0
        } ?? 0
    }

    @inline(__always) static func otherSlotCacheIndex(_ packed: UInt64) -> Int {
        Int(truncatingIfNeeded: (packed &* 0x9E37_79B9_7F4A_7C15) >> 58)
    }

    @inline(__always) func cachedOtherSlot(_ packed: UInt64) -> Int32? {
        guard packed != 0, !otherSlotCacheKeys.isEmpty else { return nil }
        let i = Self.otherSlotCacheIndex(packed)
        return otherSlotCacheKeys[i] == packed ? otherSlotCacheSlots[i] : nil
    }

    mutating func cacheOtherSlot(_ packed: UInt64, _ slot: Int32) {
        guard packed != 0 else { return }
        if otherSlotCacheKeys.isEmpty {
            otherSlotCacheKeys = [UInt64](repeating: 0, count: 64)
            otherSlotCacheSlots = [Int32](repeating: 0, count: 64)
        }
        let i = Self.otherSlotCacheIndex(packed)
        otherSlotCacheKeys[i] = packed
        otherSlotCacheSlots[i] = slot
    }

    /// The `otherSlots` key of an element: its name, lower-cased for foreign elements. Most
    /// foreign names (`path`, `g`, `circle`) are lower-case ASCII already: `lowercased()`, which
    /// builds a new string, is called only for the others.
    @inline(__always) static func otherCountKey(_ e: OpenElement) -> String {
        guard e.ns != .html else { return e.name }
        let isLower = e.name.utf8.withContiguousStorageIfAvailable { bytes in
            !bytes.contains { $0 >= 0x80 || ($0 >= 0x41 && $0 <= 0x5A) }
        }
        return isLower == true ? e.name : e.name.lowercased()
    }

    mutating func uncount(_ e: OpenElement) {
        isOpen[e.node] = false
        tagCount[Int(e.tag.rawValue)] -= 1
        if e.tag == .other {
            // Kept at 0 rather than removed: SVG icons open and close the same few names over
            // and over.
            otherCounts[Int(e.otherSlot)] -= 1
        }
    }

    @discardableResult
    mutating func pop() -> OpenElement {
        let e = stack.removeLast()
        uncount(e)
        return e
    }

    mutating func removeFromStack(at i: Int) {
        stackMiddleEdits &+= 1
        let e = stack.remove(at: i)
        uncount(e)
    }

    func stackIndex(of node: Int) -> Int? {
        guard node < isOpenCapacity, isOpen[node] else { return nil }
        var i = stack.count - 1
        while i >= 0 {
            if stack[i].node == node { return i }
            i -= 1
        }
        return nil
    }

    @inline(__always) func inStack(_ node: Int) -> Bool {
        node >= 0 && node < isOpenCapacity && isOpen[node]
    }

    @inline(__always) func count(_ t: Tag) -> Int32 { tagCount[Int(t.rawValue)] }

    /// Pops until an HTML element with tag `t` has been popped.
    mutating func popUntil(_ t: Tag) {
        while !stack.isEmpty { if pop().tag == t { return } }
    }

    mutating func popUntil(where match: (Tag) -> Bool) {
        while !stack.isEmpty { if match(pop().tag) { return } }
    }

    /// Scans the stack from the top for an entry satisfying `match`, giving up (nil) at one
    /// satisfying `stop` first. A failed long scan is remembered under `key` (see
    /// ``ScanMemo``), so a repeated query only looks at the entries pushed since.
    @inline(__always) mutating func scanStack(
        key: Int, match: (Entry) -> Bool, stop: (Entry) -> Bool
    ) -> Int? {
        let n = stack.count
        var low = 0
        if !scanMemo.isEmpty, let m = scanMemo[key], let h = validHeight(m) { low = h }
        let (found, steps) = Self.scan(stack, from: n - 1, downTo: low, match: match, stop: stop)
        if found == nil && n > 0 && (low > 0 || steps > 32) {
            scanMemo[key] = memo()
        }
        return found
    }

    /// The height below which a memo's scan still holds, or nil when the stack changed there.
    @inline(__always) func validHeight(_ m: ScanMemo) -> Int? {
        let h = Int(m.height)
        guard h <= stack.count, m.middleEdits == stackMiddleEdits,
            stack.withUnsafeBufferPointer({ $0[h - 1].serial }) == m.serial
        else { return nil }
        return h
    }

    @inline(__always) func memo() -> ScanMemo {
        ScanMemo(
            height: Int32(stack.count),
            serial: stack.withUnsafeBufferPointer { $0[$0.count - 1].serial },
            middleEdits: stackMiddleEdits)
    }

    /// The index of the first entry from `top` down to `low` that matches, or nil when a
    /// stopping entry comes first (or none is left); and how many entries were looked at.
    /// A stack entry as the scan predicates see it: a pointer, so that looking at an entry
    /// does not copy it (a copy retained and released its name at every step).
    typealias Entry = UnsafePointer<OpenElement>

    @inline(__always) static func scan(
        _ stack: [OpenElement], from top: Int, downTo low: Int, match: (Entry) -> Bool,
        stop: (Entry) -> Bool
    ) -> (Int?, Int) {
        stack.withUnsafeBufferPointer { b in
            guard let base = b.baseAddress else { return (nil, 0) }
            var i = top
            while i >= low {
                if match(base + i) { return (i, top - i + 1) }
                if stop(base + i) { return (nil, top - i + 1) }
                i -= 1
            }
            return (nil, top - low + 1)
        }
    }

    /// "Has an element in scope" for an HTML tag, with the scope's boundary flag.
    mutating func inScope(_ t: Tag, _ boundary: UInt16) -> Bool {
        if count(t) == 0 { return false }
        return scanStack(
            key: Int(t.rawValue) << 16 | Int(boundary), match: { $0.pointee.tag == t },
            stop: { $0.pointee.has(boundary) }) != nil
    }

    /// "Has an element in scope" for any of several tags; `kind` names the set in the memo.
    mutating func inScope(where match: (Tag) -> Bool, kind: Int, _ boundary: UInt16) -> Bool {
        scanStack(
            key: (kind + 256) << 16 | Int(boundary), match: { match($0.pointee.tag) },
            stop: { $0.pointee.has(boundary) }) != nil
    }

    mutating func inSelectScope(_ t: Tag) -> Bool {
        if count(t) == 0 { return false }
        return scanStack(
            key: (Int(t.rawValue) + 512) << 16, match: { $0.pointee.tag == t },
            stop: { !$0.pointee.has(OpenElement.notSelectScope) }) != nil
    }

    mutating func nodeInScope(_ node: Int) -> Bool {
        scanStack(
            key: (node + 1024) << 16, match: { $0.pointee.node == node },
            stop: { $0.pointee.has(OpenElement.defaultScope) }) != nil
    }

    static func impliedEndTag(_ t: Tag) -> Bool {
        switch t {
        case .dd, .dt, .li, .optgroup, .option, .p, .rb, .rp, .rt, .rtc: return true
        default: return false
        }
    }

    mutating func generateImpliedEndTags(except: Tag = .other) {
        while !stack.isEmpty {
            let t = currentTag
            if t != except && Self.impliedEndTag(t) { pop() } else { return }
        }
    }

    mutating func generateAllImpliedEndTagsThoroughly() {
        while !stack.isEmpty {
            switch currentTag {
            case .dd, .dt, .li, .optgroup, .option, .p, .rb, .rp, .rt, .rtc, .caption, .colgroup,
                .tbody, .td, .tfoot, .th, .thead, .tr:
                pop()
            default: return
            }
        }
    }

    mutating func closePElement() {
        generateImpliedEndTags(except: .p)
        if currentTag != .p { parseError("unexpected-open-element") }
        popUntil(.p)
    }

    mutating func closePIfInButtonScope() {
        if inScope(.p, OpenElement.buttonScope) { closePElement() }
    }

    // MARK: - Inserting nodes

    struct Location {
        var parent: Int
        var before: Int?
    }

    /// The node and tag of stack entry `i` (read in place: copying the entry would retain
    /// and release its name).
    @inline(__always) func entry(_ i: Int) -> (node: Int, tag: Tag) {
        stack.withUnsafeBufferPointer { ($0[i].node, $0[i].tag) }
    }

    /// The tag and special flag of stack entry `i`, read in place.
    @inline(__always) func entryFlags(_ i: Int) -> (tag: Tag, isSpecial: Bool) {
        stack.withUnsafeBufferPointer { ($0[i].tag, $0[i].isSpecial) }
    }

    mutating func appropriatePlace(override: Int? = nil) -> Location {
        var targetIndex = stack.count - 1
        if let o = override, let i = stackIndex(of: o) { targetIndex = i }
        var target = entry(targetIndex)
        var loc: Location
        if fosterParenting
            && (target.tag == .table || target.tag == .tbody || target.tag == .tfoot
                || target.tag == .thead || target.tag == .tr)
        {
            var lastTemplate = -1
            var lastTable = -1
            var i = stack.count - 1
            while i >= 0 && (lastTable < 0 || (lastTemplate < 0 && count(.template) > 0)) {
                let t = entry(i).tag
                if t == .table && lastTable < 0 { lastTable = i }
                if t == .template && lastTemplate < 0 { lastTemplate = i }
                i -= 1
            }
            if lastTemplate >= 0 && (lastTable < 0 || lastTemplate > lastTable) {
                loc = Location(
                    parent: sink.templateContents(of: entry(lastTemplate).node), before: nil)
                return loc
            } else if lastTable < 0 {
                loc = Location(parent: entry(0).node, before: nil)
            } else if let p = sink.parent(of: entry(lastTable).node) {
                loc = Location(parent: p, before: entry(lastTable).node)
                return loc
            } else {
                target = entry(lastTable - 1)
                loc = Location(parent: target.node, before: nil)
            }
        } else {
            if targetIndex > options.maxDepth - 2 && options.maxDepth >= 2 {
                if !depthReported {
                    depthReported = true
                    parseError("nesting-too-deep")
                }
                target = entry(options.maxDepth - 2)
            }
            loc = Location(parent: target.node, before: nil)
        }
        if target.tag == .template && loc.parent == target.node {
            loc.parent = sink.templateContents(of: target.node)
        }
        return loc
    }

    mutating func insert(_ node: Int, at loc: Location) {
        if let b = loc.before {
            sink.insert(node, before: b)
        } else {
            sink.append(node, to: loc.parent)
        }
    }

    mutating func insertCharacters(_ s: Substring) {
        if s.isEmpty { return }
        let loc = appropriatePlace()
        if loc.parent == sink.document && !isFragment { return }
        if let b = loc.before {
            sink.insertText(s, before: b)
        } else {
            sink.appendText(s, to: loc.parent)
        }
    }

    mutating func insertComment(_ data: String, parent: Int? = nil) {
        let c = sink.createComment(data)
        if let parent { sink.append(c, to: parent) } else { insert(c, at: appropriatePlace()) }
    }

    @discardableResult
    mutating func insertElement(
        name: String, ns: HTMLNamespace, attributes: [HTMLAttribute], tag: Tag? = nil
    ) -> Int {
        let loc = appropriatePlace()
        let node = sink.createElement(
            name: name, namespace: ns, attributes: attributes, tag: ns == .html ? tag : nil)
        insert(node, at: loc)
        push(
            OpenElement(
                node: node, name: name, ns: ns, attributes: attributes, tag: ns == .html ? tag : nil
            ))
        return node
    }

    @discardableResult
    mutating func insertHTMLElement(_ tag: TagToken) -> Int {
        insertElement(name: tag.name, ns: .html, attributes: tag.attributes, tag: tag.id)
    }

    @discardableResult
    mutating func insertHTMLElement(_ name: String) -> Int {
        insertElement(name: name, ns: .html, attributes: [])
    }

    mutating func insertForeignElement(_ tag: TagToken, ns: HTMLNamespace) {
        insertElement(name: tag.name, ns: ns, attributes: tag.attributes)
    }

    /// Parses the contents of a `<title>`/`<textarea>` (RCDATA) or raw text element.
    mutating func genericText(_ tag: TagToken, rcdata: Bool) {
        insertHTMLElement(tag)
        tokenizerSwitch = rcdata ? .rcdata : .rawtext
        originalMode = mode
        mode = .text
    }

    // MARK: - Active formatting elements

    mutating func pushFormatting(_ node: Int, _ tag: TagToken) {
        // Noah's Ark clause.
        if arkCounts == nil && formatting.count >= 64 { startArkCounts() }
        var key = 0
        var mayHaveThree = true
        if arkCounts != nil {
            // Count the new entry now (one hash lookup), reading how many were there before.
            key = Self.arkKey(tag.name, tag.attributes, markers: markerCount)
            let before = Self.postIncrement(&arkCounts![key, default: 0])
            mayHaveThree = before >= 3
        }
        if mayHaveThree {
            // Entries are read in place (a copy retained and released their name and list).
            let (same, earliest) = formatting.withUnsafeBufferPointer { b in
                var same = 0
                var earliest = -1
                var i = b.count - 1
                while i >= 0 && !b[i].isMarker {
                    if b[i].tag == tag.id && b[i].name == tag.name
                        && Self.sameAttributes(b[i].attributes, tag.attributes)
                    {
                        same += 1
                        earliest = i
                    }
                    i -= 1
                }
                return (same, earliest)
            }
            if same >= 3 { removeFormatting(at: earliest) }
        }
        var entry = FormattingEntry(
            node: node, tag: tag.id, name: tag.name, attributes: tag.attributes)
        entry.key = key
        formatting.append(entry)
    }

    @inline(__always) static func postIncrement(_ c: inout Int32) -> Int32 {
        defer { c += 1 }
        return c
    }

    /// The Noah's Ark signature: equal for identical entries (same name, same attribute set,
    /// after the same marker).
    static func arkKey(_ name: String, _ attributes: [HTMLAttribute], markers: Int) -> Int {
        var h = Hasher()
        h.combine(name)
        h.combine(markers)
        h.combine(attributes.count)
        var sum = 0
        for a in attributes {
            var ha = Hasher()
            ha.combine(a.name)
            ha.combine(a.namespace)
            ha.combine(a.value)
            sum &+= ha.finalize()
        }
        h.combine(sum)
        return h.finalize()
    }

    mutating func startArkCounts() {
        var counts: [Int: Int32] = [:]
        var markers = 0
        for i in formatting.indices {
            if formatting[i].isMarker {
                markers += 1
                continue
            }
            let k = Self.arkKey(formatting[i].name, formatting[i].attributes, markers: markers)
            formatting[i].key = k
            counts[k, default: 0] += 1
        }
        arkCounts = counts
    }

    @inline(__always) mutating func uncountArk(_ e: FormattingEntry) {
        guard arkCounts != nil, !e.isMarker else { return }
        if let c = arkCounts![e.key], c > 1 {
            arkCounts![e.key] = c - 1
        } else {
            arkCounts![e.key] = nil
        }
    }

    mutating func removeFormatting(at i: Int) {
        // Mostly the last entry (`<b>x</b>`): removed without the general shifting path.
        let e = i == formatting.count - 1 ? formatting.removeLast() : formatting.remove(at: i)
        if e.isMarker { markerCount -= 1 }
        uncountArk(e)
    }

    mutating func appendMarker() {
        formatting.append(.marker)
        markerCount += 1
    }

    static func sameAttributes(_ a: [HTMLAttribute], _ b: [HTMLAttribute]) -> Bool {
        if a.count != b.count { return false }
        if a.isEmpty { return true }
        for x in a
        where !b.contains(where: {
            $0.name == x.name && $0.namespace == x.namespace && $0.value == x.value
        }) {
            return false
        }
        return true
    }

    mutating func reconstructActiveFormattingElements() {
        guard let last = formatting.last else { return }
        if last.isMarker || inStack(last.node) { return }
        var i = formatting.count - 1
        while i > 0 {
            let e = formatting[i - 1]
            if e.isMarker || inStack(e.node) { break }
            i -= 1
        }
        while i < formatting.count {
            let e = formatting[i]
            let node = insertElement(name: e.name, ns: .html, attributes: e.attributes, tag: e.tag)
            formatting[i].node = node
            i += 1
        }
    }

    mutating func clearFormattingToLastMarker() {
        while let e = formatting.popLast() {
            if e.isMarker {
                markerCount -= 1
                return
            }
            uncountArk(e)
        }
    }

    func formattingIndex(of node: Int) -> Int? {
        formatting.withUnsafeBufferPointer { b in
            var i = b.count - 1
            while i >= 0 {
                if b[i].node == node { return i }
                i -= 1
            }
            return nil
        }
    }

    /// The last entry with tag `t` after the last marker (`t` is not `.other`: markers have
    /// that tag).
    func formattingIndex(afterLastMarkerOf t: Tag) -> Int? {
        formatting.withUnsafeBufferPointer { b in
            var i = b.count - 1
            while i >= 0 && !b[i].isMarker {
                if b[i].tag == t { return i }
                i -= 1
            }
            return nil
        }
    }

    /// The adoption agency algorithm. Returns false when the caller must act as for "any
    /// other end tag".
    mutating func adoptionAgency(_ tag: TagToken) -> Bool {
        // The subject is a formatting tag (`a`, `b`, `nobr` ...), never `.other`: an entry has
        // its name exactly when it has its tag (and a tag only when it is an HTML element), so
        // tags are compared instead of names, and entries are read in place (a copy retained
        // and released their names and attribute lists).
        let subject = tag.id
        let top = entry(stack.count - 1)
        if top.tag == subject && formattingIndex(of: top.node) == nil {
            pop()
            return true
        }
        var outer = 0
        while outer < 8 {
            outer += 1
            // The formatting element.
            guard let fIndex = formattingIndex(afterLastMarkerOf: subject) else { return false }
            let fNode = formatting.withUnsafeBufferPointer { $0[fIndex].node }
            guard let fStack = stackIndex(of: fNode) else {
                parseError("adoption-agency-1.2")
                removeFormatting(at: fIndex)
                return true
            }
            if !nodeInScope(fNode) {
                parseError("adoption-agency-4.4")
                return true
            }
            if fStack != stack.count - 1 { parseError("adoption-agency-1.3") }
            // The furthest block.
            let furthest = stack.withUnsafeBufferPointer { b in
                var k = fStack + 1
                while k < b.count && !b[k].isSpecial { k += 1 }
                return k < b.count ? k : -1
            }
            if furthest < 0 {
                while stack.count > fStack { pop() }
                removeFormatting(at: fIndex)
                return true
            }
            let fEntry = formatting[fIndex]
            let commonAncestor = stack[fStack - 1].node
            var bookmark = fIndex
            let furthestBlock = stack[furthest]
            var nodeIndex = furthest
            var lastNode = furthestBlock.node
            var inner = 0
            while true {
                inner += 1
                nodeIndex -= 1
                let node = stack[nodeIndex]
                if node.node == fEntry.node { break }
                var nodeF = formattingIndex(of: node.node)
                if inner > 3, let nf = nodeF {
                    removeFormatting(at: nf)
                    if nf < bookmark { bookmark -= 1 }
                    nodeF = nil
                }
                guard let nf = nodeF else {
                    removeFromStack(at: nodeIndex)
                    continue
                }
                let entry = formatting[nf]
                let newNode = sink.createElement(
                    name: entry.name, namespace: .html, attributes: entry.attributes)
                formatting[nf].node = newNode
                isOpen[node.node] = false
                var newOpen = OpenElement(
                    node: newNode, name: entry.name, ns: .html, attributes: entry.attributes)
                newOpen.flags = node.flags
                newOpen.otherSlot = node.otherSlot  // the same name: counted once, as before
                coverInIsOpen(newNode)
                isOpen[newNode] = true
                pushSerial &+= 1
                newOpen.serial = pushSerial
                stackMiddleEdits &+= 1
                stack[nodeIndex] = newOpen
                if lastNode == furthestBlock.node { bookmark = nf + 1 }
                sink.append(lastNode, to: newNode)
                lastNode = newNode
            }
            let loc = appropriatePlace(override: commonAncestor)
            insert(lastNode, at: loc)
            let newElement = sink.createElement(
                name: fEntry.name, namespace: .html, attributes: fEntry.attributes)
            sink.moveChildren(from: furthestBlock.node, to: newElement)
            sink.append(newElement, to: furthestBlock.node)
            // Replace the formatting element in the list at the bookmark.
            let oldF = formattingIndex(of: fEntry.node)!
            removeFormatting(at: oldF)
            if oldF < bookmark { bookmark -= 1 }
            var replacement = FormattingEntry(
                node: newElement, tag: fEntry.tag, name: fEntry.name,
                attributes: fEntry.attributes)
            if arkCounts != nil {
                replacement.key = fEntry.key
                arkCounts![fEntry.key, default: 0] += 1
            }
            formatting.insert(replacement, at: min(bookmark, formatting.count))
            // Replace it in the stack: below the furthest block.
            let oldS = stackIndex(of: fEntry.node)!
            removeFromStack(at: oldS)
            let fb = stackIndex(of: furthestBlock.node)!
            var e = OpenElement(
                node: newElement, name: fEntry.name, ns: .html, attributes: fEntry.attributes)
            pushSerial &+= 1
            e.serial = pushSerial
            stackMiddleEdits &+= 1
            coverInIsOpen(newElement)
            isOpen[newElement] = true
            tagCount[Int(e.tag.rawValue)] += 1
            if e.tag == .other { countOther(&e) }
            stack.insert(e, at: fb + 1)
        }
        return true
    }

    // MARK: - Reset the insertion mode appropriately

    mutating func resetInsertionMode() {
        var i = stack.count - 1
        while i >= 0 {
            var node = stack[i]
            let last = i == 0
            if last, isFragment, let c = context { node = c }
            if node.ns == .html {
                switch node.tag {
                case .td, .th:
                    if !last {
                        mode = .inCell
                        return
                    }
                case .tr:
                    mode = .inRow
                    return
                case .tbody, .thead, .tfoot:
                    mode = .inTableBody
                    return
                case .caption:
                    mode = .inCaption
                    return
                case .colgroup:
                    mode = .inColumnGroup
                    return
                case .table:
                    mode = .inTable
                    return
                case .template:
                    mode = templateModes.last ?? .inTemplate
                    return
                case .head:
                    if !last {
                        mode = .inHead
                        return
                    }
                case .body:
                    mode = .inBody
                    return
                case .frameset:
                    mode = .inFrameset
                    return
                case .html:
                    mode = headElement == nil ? .beforeHead : .afterHead
                    return
                default: break
                }
            }
            if last {
                mode = .inBody
                return
            }
            i -= 1
        }
        mode = .inBody
    }

    // MARK: - Helpers for character runs

    @inline(__always) static func isWS(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0C || c == 0x0D
    }

    /// Splits a run into its leading whitespace and the rest.
    static func splitLeadingWhitespace(_ s: Substring) -> (Substring, Substring) {
        let u = s.utf8
        var i = u.startIndex
        while i != u.endIndex && isWS(u[i]) { i = u.index(after: i) }
        return (Substring(u[u.startIndex..<i]), Substring(u[i...]))
    }

    static func isAllWhitespace(_ s: Substring) -> Bool {
        for c in s.utf8 where !isWS(c) { return false }
        return true
    }

    static func isNull(_ s: Substring) -> Bool { s.utf8.first == 0 && s.utf8.count == 1 }
}
