import ByteScan

/// The WHATWG HTML tokenizer over preprocessed UTF-8 bytes.
///
/// Every syntax character is ASCII, so the states work byte by byte; other bytes are
/// copied through unchanged (the input is valid UTF-8 after ``InputStream``). Text is
/// gathered in reusable byte buffers and becomes a `String` once per token.
struct Tokenizer<Sink: TokenSink> {
    var sink: Sink
    var state: TokenizerState = .data
    var errors: [RawError] = []
    let collectErrors: Bool

    private let input: InputStream
    private let p: UnsafePointer<UInt8>
    private let n: Int
    private var pos = 0

    /// One allocation holding the first bytes of `text`, `tagName` and `attrBytes`.
    private let scratch: UnsafeMutablePointer<UInt8>
    // Pending character run.
    private var text: ByteBuffer
    private var textOffset = 0
    // Current tag.
    private var tagName: ByteBuffer
    private var isEndTag = false
    private var selfClosing = false
    /// The current tag's attributes (duplicates dropped), names and values one after the
    /// other, each followed by a zero byte: the zeros after attribute `k`'s name and value are
    /// at `attrEnds[2 * k]` and `attrEnds[2 * k + 1]`. The attribute being read is at the
    /// end, its name from `nameStart` to `nameEnd`.
    private var attrBytes: ByteBuffer
    private var attrEnds: [Int] = []
    private var attrCount = 0
    private var nameStart = 0
    private var nameEnd = 0
    private var attrNameSet: Set<String>? = nil
    /// Attribute lists already built, the `attrBytes` of each (one after the other in
    /// `listKeys`, list `e`'s ending at `listKeyEnds[e]`), and per slot of a hash of those, the
    /// last list built for it (-1: none). See ``attributeList()``.
    private var lists: [[HTMLAttribute]] = []
    private var listKeyEnds: [Int] = []
    private var listKeys = ByteBuffer(capacity: 0)
    private var listSlots: [Int32] = []
    private var inAttribute = false
    private var tagOffset = 0
    /// The last start tag name (for "appropriate end tag token").
    var lastStartTag = ByteBuffer(capacity: 0)
    // Comment / temporary buffer / DOCTYPE (allocated on first use).
    private var commentBuf = ByteBuffer(capacity: 0)
    private var temp = ByteBuffer(capacity: 0)
    private var dtName = ByteBuffer(capacity: 0)
    private var dtHasName = false
    private var dtPublic = ByteBuffer(capacity: 0)
    private var dtHasPublic = false
    private var dtSystem = ByteBuffer(capacity: 0)
    private var dtHasSystem = false
    private var dtForceQuirks = false

    init(input: InputStream, sink: Sink, collectErrors: Bool) {
        self.input = input
        self.p = input.base
        self.n = input.count
        self.sink = sink
        self.collectErrors = collectErrors
        scratch = .allocate(capacity: 256 + 32 + 32 + 128)
        text = ByteBuffer(storage: scratch, capacity: 256)
        tagName = ByteBuffer(storage: scratch + 256, capacity: 32)
        attrBytes = ByteBuffer(storage: scratch + 288, capacity: 160)
    }

    /// Frees the scratch buffers; call once after ``run()``.
    func freeBuffers() {
        text.free()
        tagName.free()
        attrBytes.free()
        listKeys.free()
        lastStartTag.free()
        commentBuf.free()
        temp.free()
        dtName.free()
        dtPublic.free()
        dtSystem.free()
        scratch.deallocate()
    }

    // MARK: helpers

    @inline(__always) private static func isWS(_ c: Int) -> Bool {
        c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0C
    }
    @inline(__always) private static func isAlpha(_ c: Int) -> Bool {
        (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7A
    }
    @inline(__always) private static func isUpper(_ c: Int) -> Bool { c >= 0x41 && c <= 0x5A }
    @inline(__always) private static func isAlnum(_ c: Int) -> Bool {
        isAlpha(c) || (c >= 0x30 && c <= 0x39)
    }
    @inline(__always) private static func lower(_ c: Int) -> UInt8 {
        UInt8(isUpper(c) ? c | 0x20 : c)
    }
    @inline(__always) private var cur: Int { pos < n ? Int(p[pos]) : -1 }

    @inline(__always) private mutating func error(_ code: String) {
        if collectErrors { errors.append(RawError(code: code, offset: pos)) }
    }

    @inline(__always) private mutating func emitChar(_ c: UInt8) {
        if text.isEmpty { textOffset = pos }
        text.append(c)
    }
    private mutating func emitReplacement() {
        if text.isEmpty { textOffset = pos }
        text.append(contentsOf: TokenizerTables.replacement)
    }
    private mutating func emitString(_ s: StaticString) {
        if text.isEmpty { textOffset = pos }
        text.append(s.utf8Start, s.utf8CodeUnitCount)
    }

    private mutating func flushText() {
        if text.isEmpty { return }
        let s = text.string()
        text.clear()
        if let next = sink.process(.characters(s), offset: textOffset) { state = next }
    }

    private mutating func emit(_ token: consuming Token, offset: Int) {
        flushText()
        if let next = sink.process(token, offset: offset) { state = next }
    }

    private mutating func startTag(end: Bool) {
        tagName.clear()
        isEndTag = end
        selfClosing = false
        // Empty already unless a tag was left unfinished (emitTag empties them).
        if !attrBytes.isEmpty { clearAttributes() }
        inAttribute = false
        tagOffset = pos
    }

    private mutating func startAttribute() {
        finishAttribute()
        inAttribute = true
        nameStart = attrBytes.count
    }

    private mutating func finishAttribute() {
        guard inAttribute else { return }
        inAttribute = false
        if isDuplicateAttribute() {
            error("duplicate-attribute")
            attrBytes.removeLast(attrBytes.count - nameStart)
            return
        }
        if 2 * attrCount == attrEnds.count {
            attrEnds.append(nameEnd)
            attrEnds.append(attrBytes.count)
        } else {
            attrEnds[2 * attrCount] = nameEnd
            attrEnds[2 * attrCount + 1] = attrBytes.count
        }
        attrBytes.append(0)
        attrCount += 1
    }

    /// Attribute `k`'s name (`part` 0) or value (`part` 1) in `attrBytes`.
    private func attributeBytes(_ k: Int, _ part: Int) -> UnsafeBufferPointer<UInt8> {
        let i = 2 * k + part
        let start = i == 0 ? 0 : attrEnds[i - 1] + 1
        return UnsafeBufferPointer(start: attrBytes.base + start, count: attrEnds[i] - start)
    }

    /// Whether an earlier attribute of the tag has the current one's name (the first wins).
    private mutating func isDuplicateAttribute() -> Bool {
        let length = nameEnd - nameStart
        if attrNameSet == nil && attrCount < 8 {
            for k in 0..<attrCount {
                let name = attributeBytes(k, 0)
                if name.count == length
                    && attrBytes.matches(name.baseAddress!, length, at: nameStart)
                {
                    return true
                }
            }
            return false
        }
        if attrNameSet == nil {
            attrNameSet = Set(
                (0..<attrCount).map { ByteScan.string(fromValidUTF8: attributeBytes($0, 0)) })
        }
        let name = UnsafeBufferPointer(
            start: attrBytes.base + nameStart, count: nameEnd - nameStart)
        return !attrNameSet!.insert(ByteScan.string(fromValidUTF8: name)).inserted
    }

    private mutating func clearAttributes() {
        attrBytes.clear()
        attrCount = 0
        attrNameSet = nil
    }

    /// The current tag's attribute list. Real pages give many elements the same list
    /// (`class="nav-link"`; a quarter of the lists of the benchmark corpus are distinct): a
    /// list built for an earlier tag from the same bytes is handed out again (copy on write
    /// keeps the tree builder's adjustments to its own copy), which spares building the list
    /// and its values and, in the DOM, an allocation per list and per long value. Lists are
    /// kept in a direct-mapped cache by a hash of `attrBytes`, which determine them: a name or
    /// value holds no U+0000 (the tokenizer replaces it), so the zero after each is a separator.
    /// The cache keeps at most 256 KB of those bytes.
    private mutating func attributeList() -> [HTMLAttribute] {
        let b = UnsafePointer(attrBytes.base)
        let n = attrBytes.count
        var slot = -1
        // Longer lists (URLs, inline styles) are seldom repeated: they are not kept.
        if n <= 128 {
            var h = UInt64(n)
            var i = 0
            while i + 8 <= n {
                h = (h ^ ByteScan.word(b, i)) &* 0x9E37_79B9_7F4A_7C15
                i += 8
            }
            if i < n { h = (h ^ Tag.packed(b + i, n - i)) &* 0x9E37_79B9_7F4A_7C15 }
            if listSlots.isEmpty {
                // 16 slots for a snippet, up to 4096 for pages of 512 KB and more.
                let scale = Swift.max(16, Swift.min(4096, self.n / 128))
                listSlots = Array(
                    repeating: -1, count: 1 << (Int.bitWidth - scale.leadingZeroBitCount))
            }
            // The top bits of the product: they depend on every byte.
            slot = Int(truncatingIfNeeded: h >> (64 - listSlots.count.trailingZeroBitCount))
            let e = Int(listSlots[slot])
            let start = e > 0 ? listKeyEnds[e - 1] : 0
            if e >= 0 && listKeyEnds[e] - start == n && listKeys.matches(b, n, at: start) {
                return lists[e]
            }
        }
        let list = (0..<attrCount).map { k in
            let name = attributeBytes(k, 0)
            return HTMLAttribute(
                name: Self.commonAttributeName(name) ?? ByteScan.string(fromValidUTF8: name),
                value: ByteScan.string(fromValidUTF8: attributeBytes(k, 1)))
        }
        guard slot >= 0 else { return list }
        if listKeys.count > 1 << 18 {
            // Replaced lists stay behind: start over rather than keep more.
            (lists, listKeyEnds) = ([], [])
            listKeys.clear()
            for i in listSlots.indices { listSlots[i] = -1 }
        }
        listSlots[slot] = Int32(lists.count)
        lists.append(list)
        listKeys.append(buffer: attrBytes)
        listKeyEnds.append(listKeys.count)
        return list
    }

    private mutating func emitTag() {
        finishAttribute()
        state = .data
        let id = Tag.of(bytes: tagName.bytes)
        let name = id == .other ? tagName.string() : id.name
        var attributes: [HTMLAttribute] = []
        if isEndTag {
            if attrCount > 0 { error("end-tag-with-attributes") }
            if selfClosing { error("end-tag-with-trailing-solidus") }
        } else if attrCount > 0 {
            attributes = attributeList()
        }
        if !attrBytes.isEmpty { clearAttributes() }
        let tok = TagToken(
            name: name, attributes: attributes, selfClosing: selfClosing, isEnd: isEndTag, id: id)
        emit(.tag(tok), offset: tagOffset)
        // The last start tag only matters in the RCDATA, RAWTEXT and script states, which
        // the tree builder switches to right after a start tag: keep it only then.
        if !isEndTag && state != .data {
            lastStartTag.clear()
            lastStartTag.append(buffer: tagName)
        }
    }

    private mutating func emitComment() {
        let s = commentBuf.string()
        commentBuf.clear()
        emit(.comment(s), offset: pos)
    }

    private mutating func newDoctype() {
        dtName.clear()
        dtPublic.clear()
        dtSystem.clear()
        dtHasName = false
        dtHasPublic = false
        dtHasSystem = false
        dtForceQuirks = false
    }

    private mutating func emitDoctype() {
        let tok = DoctypeToken(
            name: dtHasName ? dtName.string() : nil,
            publicIdentifier: dtHasPublic ? dtPublic.string() : nil,
            systemIdentifier: dtHasSystem ? dtSystem.string() : nil,
            forceQuirks: dtForceQuirks)
        emit(.doctype(tok), offset: pos)
    }

    private mutating func emitEOF() {
        emit(.eof, offset: pos)
    }

    private var isAppropriateEndTag: Bool { !lastStartTag.isEmpty && tagName.equals(lastStartTag) }

    /// Case-insensitive match of an ASCII word at `pos`.
    private func lookahead(_ word: StaticString, caseInsensitive: Bool) -> Bool {
        let len = word.utf8CodeUnitCount
        guard pos + len <= n else { return false }
        let w = word.utf8Start
        for k in 0..<len {
            var c = p[pos + k]
            if caseInsensitive && c >= 0x41 && c <= 0x5A { c |= 0x20 }
            if c != w[k] { return false }
        }
        return true
    }

    // MARK: character references

    private static func appendScalar(_ v: UInt32, to buf: inout ByteBuffer) {
        switch v {
        case 0..<0x80: buf.append(UInt8(v))
        case 0x80..<0x800:
            buf.append(UInt8(0xC0 | (v >> 6)))
            buf.append(UInt8(0x80 | (v & 0x3F)))
        case 0x800..<0x10000:
            buf.append(UInt8(0xE0 | (v >> 12)))
            buf.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            buf.append(UInt8(0x80 | (v & 0x3F)))
        default:
            buf.append(UInt8(0xF0 | (v >> 18)))
            buf.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            buf.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
            buf.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    private mutating func appendRef(bytesFrom start: Int, to end: Int, inAttribute: Bool) {
        if inAttribute {
            attrBytes.append(p + start, end - start)
        } else {
            if text.isEmpty { textOffset = start }
            text.append(p + start, end - start)
        }
    }

    /// `amp;`, `lt;`, `gt;`, `quot;` or `nbsp;` at `pos` (whose byte is `c`): the length
    /// and the replacement. No longer name starts with these, so each is the longest match.
    @inline(__always) private func commonReference(_ c: Int) -> (Int, StaticString)? {
        switch c {
        case 0x61:  // amp;
            if pos + 4 <= n && p[pos + 1] == 0x6D && p[pos + 2] == 0x70 && p[pos + 3] == 0x3B {
                return (4, "&")
            }
        case 0x6C, 0x67:  // lt; gt;
            if pos + 3 <= n && p[pos + 1] == 0x74 && p[pos + 2] == 0x3B {
                return (3, c == 0x6C ? "<" : ">")
            }
        case 0x71:  // quot;
            if pos + 5 <= n && p[pos + 1] == 0x75 && p[pos + 2] == 0x6F && p[pos + 3] == 0x74
                && p[pos + 4] == 0x3B
            {
                return (5, "\"")
            }
        case 0x6E:  // nbsp;
            if pos + 5 <= n && p[pos + 1] == 0x62 && p[pos + 2] == 0x73 && p[pos + 3] == 0x70
                && p[pos + 4] == 0x3B
            {
                return (5, "\u{A0}")
            }
        default: break
        }
        return nil
    }

    /// The character reference state and its sub-states; `pos` is just after `&`.
    private mutating func characterReference(inAttribute: Bool) {
        let start = pos - 1
        let c = cur
        if Self.isAlnum(c) {
            // The commonest references, terminated by `;`, are their own longest match.
            if let (len, value) = commonReference(c) {
                pos += len
                if inAttribute {
                    attrBytes.append(value.utf8Start, value.utf8CodeUnitCount)
                } else {
                    if text.isEmpty { textOffset = start }
                    text.append(value.utf8Start, value.utf8CodeUnitCount)
                }
                return
            }
            if let (len, idx) = NamedCharacterReferences.longestMatch(p, pos, n) {
                let lastIsSemicolon = p[pos + len - 1] == 0x3B
                let next = pos + len < n ? Int(p[pos + len]) : -1
                if inAttribute && !lastIsSemicolon && (next == 0x3D || Self.isAlnum(next)) {
                    appendRef(bytesFrom: start, to: pos + len, inAttribute: true)
                    pos += len
                    return
                }
                pos += len
                if !lastIsSemicolon { error("missing-semicolon-after-character-reference") }
                if inAttribute {
                    NamedCharacterReferences.withValue(idx) { attrBytes.append($0, $1) }
                } else {
                    if text.isEmpty { textOffset = start }
                    NamedCharacterReferences.withValue(idx) { text.append($0, $1) }
                }
                return
            }
            // Ambiguous ampersand state.
            var j = pos
            while j < n && Self.isAlnum(Int(p[j])) { j += 1 }
            appendRef(bytesFrom: start, to: j, inAttribute: inAttribute)
            pos = j
            if j < n && p[j] == 0x3B { error("unknown-named-character-reference") }
            return
        }
        if c == 0x23 {  // '#'
            var j = pos + 1
            var hex = false
            if j < n && (p[j] | 0x20) == 0x78 {
                hex = true
                j += 1
            }
            let digitsStart = j
            var value: UInt32 = 0
            while j < n {
                let d = Int(p[j])
                var digit: UInt32
                if d >= 0x30 && d <= 0x39 {
                    digit = UInt32(d - 0x30)
                } else if hex && (d | 0x20) >= 0x61 && (d | 0x20) <= 0x66 {
                    digit = UInt32((d | 0x20) - 0x61 + 10)
                } else {
                    break
                }
                value = min(value &* (hex ? 16 : 10) &+ digit, 0x110000)
                j += 1
            }
            if j == digitsStart {
                pos = j
                error("absence-of-digits-in-numeric-character-reference")
                appendRef(bytesFrom: start, to: j, inAttribute: inAttribute)
                return
            }
            pos = j
            if j < n && p[j] == 0x3B {
                pos += 1
            } else {
                error("missing-semicolon-after-character-reference")
            }
            // Numeric character reference end state.
            if value == 0 {
                error("null-character-reference")
                value = 0xFFFD
            } else if value > 0x10FFFF {
                error("character-reference-outside-unicode-range")
                value = 0xFFFD
            } else if value >= 0xD800 && value <= 0xDFFF {
                error("surrogate-character-reference")
                value = 0xFFFD
            } else if InputStream.isNoncharacter(value) {
                error("noncharacter-character-reference")
            } else if value == 0x0D
                || ((value < 0x20 || (value >= 0x7F && value <= 0x9F))
                    && value != 0x09 && value != 0x0A && value != 0x0C && value != 0x20)
            {
                error("control-character-reference")
                if value >= 0x80 && value <= 0x9F {
                    value = TokenizerTables.c1Replacements[Int(value - 0x80)]
                }
            }
            if inAttribute {
                Self.appendScalar(value, to: &attrBytes)
            } else {
                if text.isEmpty { textOffset = start }
                Self.appendScalar(value, to: &text)
            }
            return
        }
        if inAttribute { attrBytes.append(0x26) } else { emitChar(0x26) }
    }

    /// The first index at or after `i` holding `a`, `b` or `c` (or `n`), eight bytes at a time.
    @inline(__always) private func scan(_ i: Int, _ a: UInt8, _ b: UInt8, _ c: UInt8) -> Int {
        ByteScan.firstIndex(of: a, b, c, in: p, from: i, to: n)
    }

    // MARK: the state machine

    /// Runs to the end of input, emitting every token (the last one `.eof`).
    mutating func run() {
        while true {
            switch state {
            case .data:
                let i = scan(pos, 0x3C, 0x26, 0)
                if i > pos {
                    if text.isEmpty { textOffset = pos }
                    text.append(p + pos, i - pos)
                    pos = i
                }
                if i == n {
                    emitEOF()
                    return
                }
                let c = p[i]
                pos += 1
                if c == 0x3C {
                    state = .tagOpen
                } else if c == 0x26 {
                    characterReference(inAttribute: false)
                } else {
                    pos -= 1
                    error("unexpected-null-character")
                    pos += 1
                    emit(.nullCharacter, offset: pos - 1)
                }

            case .rcdata, .rawtext, .scriptData, .plaintext:
                let s = state
                let amp = s == .rcdata
                let lt = s != .plaintext
                let i = scan(pos, lt ? 0x3C : 0, amp ? 0x26 : 0, 0)
                if i > pos {
                    if text.isEmpty { textOffset = pos }
                    text.append(p + pos, i - pos)
                    pos = i
                }
                if i == n {
                    emitEOF()
                    return
                }
                let c = p[i]
                if c == 0 {
                    error("unexpected-null-character")
                    pos += 1
                    emitReplacement()
                    continue
                }
                pos += 1
                if c == 0x26 {
                    characterReference(inAttribute: false)
                    continue
                }
                switch s {
                case .rcdata: state = .rcdataLessThanSign
                case .rawtext: state = .rawtextLessThanSign
                default: state = .scriptDataLessThanSign
                }

            case .tagOpen:
                let c = cur
                if c == 0x21 {
                    pos += 1
                    state = .markupDeclarationOpen
                } else if c == 0x2F {
                    pos += 1
                    state = .endTagOpen
                } else if Self.isAlpha(c) {
                    startTag(end: false)
                    tagOffset = pos - 1
                    state = .tagName
                } else if c == 0x3F {
                    error("unexpected-question-mark-instead-of-tag-name")
                    commentBuf.clear()
                    state = .bogusComment
                } else if c == -1 {
                    error("eof-before-tag-name")
                    emitChar(0x3C)
                    emitEOF()
                    return
                } else {
                    error("invalid-first-character-of-tag-name")
                    emitChar(0x3C)
                    state = .data
                }

            case .endTagOpen:
                let c = cur
                if Self.isAlpha(c) {
                    startTag(end: true)
                    tagOffset = pos - 2
                    state = .tagName
                } else if c == 0x3E {
                    error("missing-end-tag-name")
                    pos += 1
                    state = .data
                } else if c == -1 {
                    error("eof-before-tag-name")
                    emitString("</")
                    emitEOF()
                    return
                } else {
                    error("invalid-first-character-of-tag-name")
                    commentBuf.clear()
                    state = .bogusComment
                }

            case .tagName:
                while pos < n {
                    let c = Int(p[pos])
                    if Self.isWS(c) {
                        pos += 1
                        state = .beforeAttributeName
                        break
                    }
                    if c == 0x2F {
                        pos += 1
                        state = .selfClosingStartTag
                        break
                    }
                    if c == 0x3E {
                        pos += 1
                        emitTag()
                        break
                    }
                    if c == 0 {
                        error("unexpected-null-character")
                        tagName.append(contentsOf: TokenizerTables.replacement)
                    } else {
                        tagName.append(Self.lower(c))
                    }
                    pos += 1
                }
                if pos == n && state == .tagName {
                    error("eof-in-tag")
                    emitEOF()
                    return
                }

            case .rcdataLessThanSign, .rawtextLessThanSign:
                let back: TokenizerState = state == .rcdataLessThanSign ? .rcdata : .rawtext
                if cur == 0x2F {
                    pos += 1
                    temp.clear()
                    state = back == .rcdata ? .rcdataEndTagOpen : .rawtextEndTagOpen
                } else {
                    emitChar(0x3C)
                    state = back
                }

            case .rcdataEndTagOpen, .rawtextEndTagOpen, .scriptDataEndTagOpen,
                .scriptDataEscapedEndTagOpen:
                let (back, next): (TokenizerState, TokenizerState) =
                    switch state {
                    case .rcdataEndTagOpen: (.rcdata, .rcdataEndTagName)
                    case .rawtextEndTagOpen: (.rawtext, .rawtextEndTagName)
                    case .scriptDataEndTagOpen: (.scriptData, .scriptDataEndTagName)
                    default: (.scriptDataEscaped, .scriptDataEscapedEndTagName)
                    }
                if Self.isAlpha(cur) {
                    startTag(end: true)
                    tagOffset = pos - 2
                    state = next
                } else {
                    emitString("</")
                    state = back
                }

            case .rcdataEndTagName, .rawtextEndTagName, .scriptDataEndTagName,
                .scriptDataEscapedEndTagName:
                let back: TokenizerState =
                    switch state {
                    case .rcdataEndTagName: .rcdata
                    case .rawtextEndTagName: .rawtext
                    case .scriptDataEndTagName: .scriptData
                    default: .scriptDataEscaped
                    }
                let c = cur
                if Self.isWS(c) && isAppropriateEndTag {
                    pos += 1
                    state = .beforeAttributeName
                } else if c == 0x2F && isAppropriateEndTag {
                    pos += 1
                    state = .selfClosingStartTag
                } else if c == 0x3E && isAppropriateEndTag {
                    pos += 1
                    emitTag()
                } else if Self.isAlpha(c) {
                    tagName.append(Self.lower(c))
                    temp.append(UInt8(c))
                    pos += 1
                } else {
                    emitString("</")
                    text.append(buffer: temp)
                    state = back
                }

            case .scriptDataLessThanSign:
                let c = cur
                if c == 0x2F {
                    pos += 1
                    temp.clear()
                    state = .scriptDataEndTagOpen
                } else if c == 0x21 {
                    pos += 1
                    state = .scriptDataEscapeStart
                    emitString("<!")
                } else {
                    emitChar(0x3C)
                    state = .scriptData
                }

            case .scriptDataEscapeStart:
                if cur == 0x2D {
                    pos += 1
                    state = .scriptDataEscapeStartDash
                    emitChar(0x2D)
                } else {
                    state = .scriptData
                }

            case .scriptDataEscapeStartDash:
                if cur == 0x2D {
                    pos += 1
                    state = .scriptDataEscapedDashDash
                    emitChar(0x2D)
                } else {
                    state = .scriptData
                }

            case .scriptDataEscaped, .scriptDataEscapedDash, .scriptDataEscapedDashDash:
                let c = cur
                let s = state
                if c == -1 {
                    error("eof-in-script-html-comment-like-text")
                    emitEOF()
                    return
                }
                pos += 1
                if c == 0x2D {
                    emitChar(0x2D)
                    if s == .scriptDataEscaped {
                        state = .scriptDataEscapedDash
                    } else {
                        state = .scriptDataEscapedDashDash
                    }
                } else if c == 0x3C {
                    state = .scriptDataEscapedLessThanSign
                } else if c == 0x3E && s == .scriptDataEscapedDashDash {
                    emitChar(0x3E)
                    state = .scriptData
                } else if c == 0 {
                    pos -= 1
                    error("unexpected-null-character")
                    pos += 1
                    emitReplacement()
                    state = .scriptDataEscaped
                } else {
                    emitChar(UInt8(c))
                    state = .scriptDataEscaped
                }

            case .scriptDataEscapedLessThanSign:
                let c = cur
                if c == 0x2F {
                    pos += 1
                    temp.clear()
                    state = .scriptDataEscapedEndTagOpen
                } else if Self.isAlpha(c) {
                    temp.clear()
                    emitChar(0x3C)
                    state = .scriptDataDoubleEscapeStart
                } else {
                    emitChar(0x3C)
                    state = .scriptDataEscaped
                }

            case .scriptDataDoubleEscapeStart, .scriptDataDoubleEscapeEnd:
                let c = cur
                let starting = state == .scriptDataDoubleEscapeStart
                if Self.isWS(c) || c == 0x2F || c == 0x3E {
                    pos += 1
                    let isScript = temp.equals("script")
                    if starting {
                        state = isScript ? .scriptDataDoubleEscaped : .scriptDataEscaped
                    } else {
                        state = isScript ? .scriptDataEscaped : .scriptDataDoubleEscaped
                    }
                    emitChar(UInt8(c))
                } else if Self.isAlpha(c) {
                    pos += 1
                    temp.append(Self.lower(c))
                    emitChar(UInt8(c))
                } else {
                    state = starting ? .scriptDataEscaped : .scriptDataDoubleEscaped
                }

            case .scriptDataDoubleEscaped, .scriptDataDoubleEscapedDash,
                .scriptDataDoubleEscapedDashDash:
                let c = cur
                let s = state
                if c == -1 {
                    error("eof-in-script-html-comment-like-text")
                    emitEOF()
                    return
                }
                pos += 1
                if c == 0x2D {
                    emitChar(0x2D)
                    state =
                        s == .scriptDataDoubleEscaped
                        ? .scriptDataDoubleEscapedDash : .scriptDataDoubleEscapedDashDash
                } else if c == 0x3C {
                    emitChar(0x3C)
                    state = .scriptDataDoubleEscapedLessThanSign
                } else if c == 0x3E && s == .scriptDataDoubleEscapedDashDash {
                    emitChar(0x3E)
                    state = .scriptData
                } else if c == 0 {
                    pos -= 1
                    error("unexpected-null-character")
                    pos += 1
                    emitReplacement()
                    state = .scriptDataDoubleEscaped
                } else {
                    emitChar(UInt8(c))
                    state = .scriptDataDoubleEscaped
                }

            case .scriptDataDoubleEscapedLessThanSign:
                if cur == 0x2F {
                    pos += 1
                    temp.clear()
                    emitChar(0x2F)
                    state = .scriptDataDoubleEscapeEnd
                } else {
                    state = .scriptDataDoubleEscaped
                }

            case .beforeAttributeName:
                let c = cur
                if Self.isWS(c) {
                    pos += 1
                } else if c == 0x2F || c == 0x3E || c == -1 {
                    state = .afterAttributeName
                } else if c == 0x3D {
                    error("unexpected-equals-sign-before-attribute-name")
                    startAttribute()
                    attrBytes.append(0x3D)
                    pos += 1
                    state = .attributeName
                } else {
                    startAttribute()
                    state = .attributeName
                }

            case .attributeName:
                while true {
                    let c = cur
                    if Self.isWS(c) || c == 0x2F || c == 0x3E || c == -1 {
                        state = .afterAttributeName
                        break
                    }
                    pos += 1
                    if c == 0x3D {
                        state = .beforeAttributeValue
                        break
                    }
                    if c == 0 {
                        pos -= 1
                        error("unexpected-null-character")
                        pos += 1
                        attrBytes.append(contentsOf: TokenizerTables.replacement)
                    } else {
                        if c == 0x22 || c == 0x27 || c == 0x3C {
                            pos -= 1
                            error("unexpected-character-in-attribute-name")
                            pos += 1
                        }
                        attrBytes.append(Self.lower(c))
                    }
                }
                nameEnd = attrBytes.count
                attrBytes.append(0)

            case .afterAttributeName:
                let c = cur
                if Self.isWS(c) {
                    pos += 1
                } else if c == 0x2F {
                    pos += 1
                    state = .selfClosingStartTag
                } else if c == 0x3D {
                    pos += 1
                    state = .beforeAttributeValue
                } else if c == 0x3E {
                    pos += 1
                    emitTag()
                } else if c == -1 {
                    error("eof-in-tag")
                    emitEOF()
                    return
                } else {
                    startAttribute()
                    state = .attributeName
                }

            case .beforeAttributeValue:
                let c = cur
                if Self.isWS(c) {
                    pos += 1
                } else if c == 0x22 {
                    pos += 1
                    state = .attributeValueDoubleQuoted
                } else if c == 0x27 {
                    pos += 1
                    state = .attributeValueSingleQuoted
                } else if c == 0x3E {
                    error("missing-attribute-value")
                    pos += 1
                    emitTag()
                } else {
                    state = .attributeValueUnquoted
                }

            case .attributeValueDoubleQuoted, .attributeValueSingleQuoted:
                let quote: UInt8 = state == .attributeValueDoubleQuoted ? 0x22 : 0x27
                let i = scan(pos, quote, 0x26, 0)
                if i > pos { attrBytes.append(p + pos, i - pos) }
                pos = i
                if i == n {
                    error("eof-in-tag")
                    emitEOF()
                    return
                }
                let c = p[i]
                pos += 1
                if c == quote {
                    state = .afterAttributeValueQuoted
                } else if c == 0x26 {
                    characterReference(inAttribute: true)
                } else {
                    pos -= 1
                    error("unexpected-null-character")
                    pos += 1
                    attrBytes.append(contentsOf: TokenizerTables.replacement)
                }

            case .attributeValueUnquoted:
                let c = cur
                if Self.isWS(c) {
                    pos += 1
                    state = .beforeAttributeName
                } else if c == 0x26 {
                    pos += 1
                    characterReference(inAttribute: true)
                } else if c == 0x3E {
                    pos += 1
                    emitTag()
                } else if c == 0 {
                    error("unexpected-null-character")
                    pos += 1
                    attrBytes.append(contentsOf: TokenizerTables.replacement)
                } else if c == -1 {
                    error("eof-in-tag")
                    emitEOF()
                    return
                } else {
                    if c == 0x22 || c == 0x27 || c == 0x3C || c == 0x3D || c == 0x60 {
                        error("unexpected-character-in-unquoted-attribute-value")
                    }
                    attrBytes.append(UInt8(c))
                    pos += 1
                }

            case .afterAttributeValueQuoted:
                let c = cur
                if Self.isWS(c) {
                    pos += 1
                    state = .beforeAttributeName
                } else if c == 0x2F {
                    pos += 1
                    state = .selfClosingStartTag
                } else if c == 0x3E {
                    pos += 1
                    emitTag()
                } else if c == -1 {
                    error("eof-in-tag")
                    emitEOF()
                    return
                } else {
                    error("missing-whitespace-between-attributes")
                    state = .beforeAttributeName
                }

            case .selfClosingStartTag:
                let c = cur
                if c == 0x3E {
                    pos += 1
                    selfClosing = true
                    emitTag()
                } else if c == -1 {
                    error("eof-in-tag")
                    emitEOF()
                    return
                } else {
                    error("unexpected-solidus-in-tag")
                    state = .beforeAttributeName
                }

            case .bogusComment:
                var i = pos
                while i < n {
                    let c = p[i]
                    if c == 0x3E || c == 0 { break }
                    i += 1
                }
                if i > pos { commentBuf.append(p + pos, i - pos) }
                pos = i
                if i == n {
                    emitComment()
                    emitEOF()
                    return
                }
                pos += 1
                if p[i] == 0x3E {
                    state = .data
                    emitComment()
                } else {
                    pos -= 1
                    error("unexpected-null-character")
                    pos += 1
                    commentBuf.append(contentsOf: TokenizerTables.replacement)
                }

            case .markupDeclarationOpen:
                if lookahead("--", caseInsensitive: false) {
                    pos += 2
                    commentBuf.clear()
                    state = .commentStart
                } else if lookahead("doctype", caseInsensitive: true) {
                    pos += 7
                    state = .doctype
                } else if lookahead("[CDATA[", caseInsensitive: false) {
                    if sink.allowsCDATA {
                        pos += 7
                        state = .cdataSection
                    } else {
                        error("cdata-in-html-content")
                        pos += 7
                        commentBuf.clear()
                        commentBuf.append(contentsOf: Array("[CDATA[".utf8))
                        state = .bogusComment
                    }
                } else {
                    error("incorrectly-opened-comment")
                    commentBuf.clear()
                    state = .bogusComment
                }

            case .commentStart:
                let c = cur
                if c == 0x2D {
                    pos += 1
                    state = .commentStartDash
                } else if c == 0x3E {
                    error("abrupt-closing-of-empty-comment")
                    pos += 1
                    state = .data
                    emitComment()
                } else {
                    state = .comment
                }

            case .commentStartDash:
                let c = cur
                if c == 0x2D {
                    pos += 1
                    state = .commentEnd
                } else if c == 0x3E {
                    error("abrupt-closing-of-empty-comment")
                    pos += 1
                    state = .data
                    emitComment()
                } else if c == -1 {
                    error("eof-in-comment")
                    emitComment()
                    emitEOF()
                    return
                } else {
                    commentBuf.append(0x2D)
                    state = .comment
                }

            case .comment:
                let i = scan(pos, 0x3C, 0x2D, 0)
                if i > pos { commentBuf.append(p + pos, i - pos) }
                pos = i
                if i == n {
                    error("eof-in-comment")
                    emitComment()
                    emitEOF()
                    return
                }
                let c = p[i]
                pos += 1
                if c == 0x3C {
                    commentBuf.append(0x3C)
                    state = .commentLessThanSign
                } else if c == 0x2D {
                    state = .commentEndDash
                } else {
                    pos -= 1
                    error("unexpected-null-character")
                    pos += 1
                    commentBuf.append(contentsOf: TokenizerTables.replacement)
                }

            case .commentLessThanSign:
                let c = cur
                if c == 0x21 {
                    pos += 1
                    commentBuf.append(0x21)
                    state = .commentLessThanSignBang
                } else if c == 0x3C {
                    pos += 1
                    commentBuf.append(0x3C)
                } else {
                    state = .comment
                }

            case .commentLessThanSignBang:
                if cur == 0x2D {
                    pos += 1
                    state = .commentLessThanSignBangDash
                } else {
                    state = .comment
                }

            case .commentLessThanSignBangDash:
                if cur == 0x2D {
                    pos += 1
                    state = .commentLessThanSignBangDashDash
                } else {
                    state = .commentEndDash
                }

            case .commentLessThanSignBangDashDash:
                let c = cur
                if c != 0x3E && c != -1 { error("nested-comment") }
                state = .commentEnd

            case .commentEndDash:
                let c = cur
                if c == 0x2D {
                    pos += 1
                    state = .commentEnd
                } else if c == -1 {
                    error("eof-in-comment")
                    emitComment()
                    emitEOF()
                    return
                } else {
                    commentBuf.append(0x2D)
                    state = .comment
                }

            case .commentEnd:
                let c = cur
                if c == 0x3E {
                    pos += 1
                    state = .data
                    emitComment()
                } else if c == 0x21 {
                    pos += 1
                    state = .commentEndBang
                } else if c == 0x2D {
                    pos += 1
                    commentBuf.append(0x2D)
                } else if c == -1 {
                    error("eof-in-comment")
                    emitComment()
                    emitEOF()
                    return
                } else {
                    commentBuf.append(0x2D)
                    commentBuf.append(0x2D)
                    state = .comment
                }

            case .commentEndBang:
                let c = cur
                if c == 0x2D {
                    pos += 1
                    commentBuf.append(contentsOf: [0x2D, 0x2D, 0x21])
                    state = .commentEndDash
                } else if c == 0x3E {
                    error("incorrectly-closed-comment")
                    pos += 1
                    state = .data
                    emitComment()
                } else if c == -1 {
                    error("eof-in-comment")
                    emitComment()
                    emitEOF()
                    return
                } else {
                    commentBuf.append(contentsOf: [0x2D, 0x2D, 0x21])
                    state = .comment
                }

            case .doctype:
                let c = cur
                if Self.isWS(c) {
                    pos += 1
                    state = .beforeDoctypeName
                } else if c == 0x3E {
                    state = .beforeDoctypeName
                } else if c == -1 {
                    error("eof-in-doctype")
                    newDoctype()
                    dtForceQuirks = true
                    emitDoctype()
                    emitEOF()
                    return
                } else {
                    error("missing-whitespace-before-doctype-name")
                    state = .beforeDoctypeName
                }

            case .beforeDoctypeName:
                let c = cur
                if Self.isWS(c) {
                    pos += 1
                } else if c == 0 {
                    error("unexpected-null-character")
                    pos += 1
                    newDoctype()
                    dtHasName = true
                    dtName.append(contentsOf: TokenizerTables.replacement)
                    state = .doctypeName
                } else if c == 0x3E {
                    error("missing-doctype-name")
                    pos += 1
                    newDoctype()
                    dtForceQuirks = true
                    state = .data
                    emitDoctype()
                } else if c == -1 {
                    error("eof-in-doctype")
                    newDoctype()
                    dtForceQuirks = true
                    emitDoctype()
                    emitEOF()
                    return
                } else {
                    pos += 1
                    newDoctype()
                    dtHasName = true
                    dtName.append(Self.lower(c))
                    state = .doctypeName
                }

            case .doctypeName:
                let c = cur
                if Self.isWS(c) {
                    pos += 1
                    state = .afterDoctypeName
                } else if c == 0x3E {
                    pos += 1
                    state = .data
                    emitDoctype()
                } else if c == 0 {
                    error("unexpected-null-character")
                    pos += 1
                    dtName.append(contentsOf: TokenizerTables.replacement)
                } else if c == -1 {
                    error("eof-in-doctype")
                    dtForceQuirks = true
                    emitDoctype()
                    emitEOF()
                    return
                } else {
                    pos += 1
                    dtName.append(Self.lower(c))
                }

            case .afterDoctypeName:
                let c = cur
                if Self.isWS(c) {
                    pos += 1
                } else if c == 0x3E {
                    pos += 1
                    state = .data
                    emitDoctype()
                } else if c == -1 {
                    error("eof-in-doctype")
                    dtForceQuirks = true
                    emitDoctype()
                    emitEOF()
                    return
                } else if lookahead("public", caseInsensitive: true) {
                    pos += 6
                    state = .afterDoctypePublicKeyword
                } else if lookahead("system", caseInsensitive: true) {
                    pos += 6
                    state = .afterDoctypeSystemKeyword
                } else {
                    error("invalid-character-sequence-after-doctype-name")
                    dtForceQuirks = true
                    state = .bogusDoctype
                }

            case .afterDoctypePublicKeyword, .beforeDoctypePublicIdentifier,
                .afterDoctypeSystemKeyword, .beforeDoctypeSystemIdentifier:
                let s = state
                let isPublic =
                    s == .afterDoctypePublicKeyword || s == .beforeDoctypePublicIdentifier
                let afterKeyword =
                    s == .afterDoctypePublicKeyword || s == .afterDoctypeSystemKeyword
                let c = cur
                if Self.isWS(c) {
                    pos += 1
                    if afterKeyword {
                        state =
                            isPublic
                            ? .beforeDoctypePublicIdentifier : .beforeDoctypeSystemIdentifier
                    }
                } else if c == 0x22 || c == 0x27 {
                    if afterKeyword {
                        error(
                            isPublic
                                ? "missing-whitespace-after-doctype-public-keyword"
                                : "missing-whitespace-after-doctype-system-keyword")
                    }
                    pos += 1
                    if isPublic {
                        dtHasPublic = true
                        dtPublic.clear()
                        state =
                            c == 0x22
                            ? .doctypePublicIdentifierDoubleQuoted
                            : .doctypePublicIdentifierSingleQuoted
                    } else {
                        dtHasSystem = true
                        dtSystem.clear()
                        state =
                            c == 0x22
                            ? .doctypeSystemIdentifierDoubleQuoted
                            : .doctypeSystemIdentifierSingleQuoted
                    }
                } else if c == 0x3E {
                    error(
                        isPublic
                            ? "missing-doctype-public-identifier"
                            : "missing-doctype-system-identifier")
                    pos += 1
                    dtForceQuirks = true
                    state = .data
                    emitDoctype()
                } else if c == -1 {
                    error("eof-in-doctype")
                    dtForceQuirks = true
                    emitDoctype()
                    emitEOF()
                    return
                } else {
                    error(
                        isPublic
                            ? "missing-quote-before-doctype-public-identifier"
                            : "missing-quote-before-doctype-system-identifier")
                    dtForceQuirks = true
                    state = .bogusDoctype
                }

            case .doctypePublicIdentifierDoubleQuoted, .doctypePublicIdentifierSingleQuoted,
                .doctypeSystemIdentifierDoubleQuoted, .doctypeSystemIdentifierSingleQuoted:
                let s = state
                let isPublic =
                    s == .doctypePublicIdentifierDoubleQuoted
                    || s == .doctypePublicIdentifierSingleQuoted
                let quote =
                    s == .doctypePublicIdentifierDoubleQuoted
                        || s == .doctypeSystemIdentifierDoubleQuoted ? 0x22 : 0x27
                let c = cur
                if c == quote {
                    pos += 1
                    state = isPublic ? .afterDoctypePublicIdentifier : .afterDoctypeSystemIdentifier
                } else if c == 0 {
                    error("unexpected-null-character")
                    pos += 1
                    if isPublic {
                        dtPublic.append(contentsOf: TokenizerTables.replacement)
                    } else {
                        dtSystem.append(contentsOf: TokenizerTables.replacement)
                    }
                } else if c == 0x3E {
                    error(
                        isPublic
                            ? "abrupt-doctype-public-identifier"
                            : "abrupt-doctype-system-identifier")
                    pos += 1
                    dtForceQuirks = true
                    state = .data
                    emitDoctype()
                } else if c == -1 {
                    error("eof-in-doctype")
                    dtForceQuirks = true
                    emitDoctype()
                    emitEOF()
                    return
                } else {
                    pos += 1
                    if isPublic { dtPublic.append(UInt8(c)) } else { dtSystem.append(UInt8(c)) }
                }

            case .afterDoctypePublicIdentifier, .betweenDoctypePublicAndSystemIdentifiers:
                let after = state == .afterDoctypePublicIdentifier
                let c = cur
                if Self.isWS(c) {
                    pos += 1
                    state = .betweenDoctypePublicAndSystemIdentifiers
                } else if c == 0x3E {
                    pos += 1
                    state = .data
                    emitDoctype()
                } else if c == 0x22 || c == 0x27 {
                    if after {
                        error("missing-whitespace-between-doctype-public-and-system-identifiers")
                    }
                    pos += 1
                    dtHasSystem = true
                    dtSystem.clear()
                    state =
                        c == 0x22
                        ? .doctypeSystemIdentifierDoubleQuoted
                        : .doctypeSystemIdentifierSingleQuoted
                } else if c == -1 {
                    error("eof-in-doctype")
                    dtForceQuirks = true
                    emitDoctype()
                    emitEOF()
                    return
                } else {
                    error("missing-quote-before-doctype-system-identifier")
                    dtForceQuirks = true
                    state = .bogusDoctype
                }

            case .afterDoctypeSystemIdentifier:
                let c = cur
                if Self.isWS(c) {
                    pos += 1
                } else if c == 0x3E {
                    pos += 1
                    state = .data
                    emitDoctype()
                } else if c == -1 {
                    error("eof-in-doctype")
                    dtForceQuirks = true
                    emitDoctype()
                    emitEOF()
                    return
                } else {
                    error("unexpected-character-after-doctype-system-identifier")
                    state = .bogusDoctype
                }

            case .bogusDoctype:
                let c = cur
                if c == 0x3E {
                    pos += 1
                    state = .data
                    emitDoctype()
                } else if c == -1 {
                    emitDoctype()
                    emitEOF()
                    return
                } else {
                    if c == 0 { error("unexpected-null-character") }
                    pos += 1
                }

            case .cdataSection:
                var i = pos
                while i < n {
                    if p[i] == 0x5D && i + 2 < n && p[i + 1] == 0x5D && p[i + 2] == 0x3E { break }
                    i += 1
                }
                // Emit the run, with NULs as separate tokens (the tree builder replaces them).
                var j = pos
                while j < i {
                    var k = j
                    while k < i && p[k] != 0 { k += 1 }
                    if k > j {
                        if text.isEmpty { textOffset = j }
                        text.append(p + j, k - j)
                    }
                    if k < i {
                        emit(.nullCharacter, offset: k)
                        k += 1
                    }
                    j = k
                }
                if i == n {
                    pos = n
                    error("eof-in-cdata")
                    emitEOF()
                    return
                }
                pos = i + 3
                state = .data
            }
        }
    }
}

enum TokenizerTables {
    static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
    static let c1Replacements: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
        0x2039,
        0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
        0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178,
    ]
}
