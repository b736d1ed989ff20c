/// Where one `[tag=value name=value ...]` or `[/tag]` lies in the input bytes: the syntax of
/// a tag, read without building strings (the tokenizer reads tags with it).
///
/// ```swift
/// // bytes of `[quote="ann" post_id=3]x` (with a 0 after the last byte)
/// let tag = BBCodeTagScanner.scan(p, 0, n, lookup: BBCodeDialect.phpBB.lookup, attributes: &pairs)
/// // tag.id == index of "quote", tag.value == 8..<11 (inside the quotes), tag.end == 24,
/// // pairs == [name 12..<19, value 20..<21]
/// ```
struct BBCodeScannedTag {
    /// The tag's index in the dialect.
    var id: Int
    /// Whether it is a close tag (`[/name]`).
    var isClose: Bool
    /// The `=value` bytes (inside the quotes when quoted), if any.
    var value: Range<Int>?
    /// The position after the closing `]`.
    var end: Int
    /// Whether `value` is a bare word after a space (`[code python]`), which only `[code]`
    /// takes.
    var isBareValue = false
}

/// One ` name=value` of a tag: byte ranges of the name (any case) and the value (inside
/// quotes when quoted).
struct BBCodeAttributeRange {
    var name: Range<Int>
    var value: Range<Int>
}

/// Reads one tag at a `[` (see `BBCodeScannedTag`).
enum BBCodeTagScanner {
    /// Tags longer than this (from the `[`) are text.
    static let maxTagLength = 2048

    /// ASCII letters and digits, `*`, `_` and `-`: one bit per byte below 0x80, in two words.
    @inline(__always)
    static func isNameByte(_ x: UInt8) -> Bool {
        // Bytes 0x00-0x3F: digits 0x30-0x39, `*` 0x2A, `-` 0x2D.
        let low: UInt64 = (0x3FF << 48) | (1 << 0x2A) | (1 << 0x2D)
        // Bytes 0x40-0x7F: `A`-`Z` 0x41-0x5A, `_` 0x5F, `a`-`z` 0x61-0x7A.
        let high: UInt64 = (0x3FF_FFFF << 1) | (1 << 31) | (0x3FF_FFFF << 33)
        guard x < 0x80 else { return false }
        return ((x < 0x40 ? low : high) >> UInt64(x & 63)) & 1 != 0
    }

    /// Reads the tag at `start` (a `[`) of `b[0..<n]`, which must hold a 0 at `b[n]`.
    /// Nil when the bytes are not a tag of the dialect (then they are text). The attribute
    /// ranges replace the contents of `attributes`.
    static func scan(
        _ b: UnsafePointer<UInt8>, _ start: Int, _ n: Int, lookup: BBCodeTagLookup,
        attributes: inout [BBCodeAttributeRange]
    ) -> BBCodeScannedTag? {
        var i = start + 1
        let closing = b[i] == 0x2F
        if closing { i += 1 }
        let nameStart = i
        // (The lookup key, the lower-cased first eight bytes, is folded on the way.)
        var key: UInt64 = 0
        while i < n, isNameByte(b[i]), i - nameStart <= 32 {
            if i - nameStart < 8 { key = BBCodeTagLookup.fold(key, b[i], at: i - nameStart) }
            i += 1
        }
        guard i > nameStart, i - nameStart <= 32 else { return nil }
        guard let id = lookup.find(b, nameStart, i, key: key) else { return nil }
        if closing {
            guard b[i] == 0x5D else { return nil }
            return BBCodeScannedTag(id: id, isClose: true, value: nil, end: i + 1)
        }
        if !attributes.isEmpty { attributes.removeAll(keepingCapacity: true) }
        var value: Range<Int>?
        let limit = min(n, start + maxTagLength)
        if b[i] == 0x3D {  // '='
            i += 1
            if b[i] == 0x22 || b[i] == 0x27 {
                guard let quoted = quoted(b, i, limit) else { return nil }
                value = quoted
                i = quoted.upperBound + 1
            } else {
                let vs = i
                while i < limit, b[i] != 0x5D, b[i] != 0x0A, b[i] != 0x5B { i += 1 }
                guard i < limit, b[i] == 0x5D else { return nil }
                // `[quote=John post_id=3]`: the value stops before the first ` name=`.
                var ve = i
                var k = vs
                while k < i {
                    if b[k] == 0x20, attributeNameEnd(b, k + 1, i) != nil {
                        ve = k
                        break
                    }
                    k += 1
                }
                value = vs..<ve
                i = ve
            }
        }
        // `[code python]`: one bare word after the name (the tokenizer keeps it for [code]).
        if value == nil, b[i] == 0x20, let word = bareWord(b, i, limit) {
            var scanned = BBCodeScannedTag(id: id, isClose: false, value: word, end: 0)
            scanned.isBareValue = true
            var k = word.upperBound
            while k < limit, b[k] == 0x20 { k += 1 }
            scanned.end = k + 1
            return scanned
        }
        // Attributes: ` name=value` or ` name="value"`.
        while i < limit, b[i] == 0x20 {
            while i < limit, b[i] == 0x20 { i += 1 }
            if b[i] == 0x5D { break }
            guard let nameEnd = attributeNameEnd(b, i, limit) else { return nil }
            let name = i..<nameEnd
            i = nameEnd + 1
            if b[i] == 0x22 || b[i] == 0x27 {
                guard let quoted = quoted(b, i, limit) else { return nil }
                attributes.append(BBCodeAttributeRange(name: name, value: quoted))
                i = quoted.upperBound + 1
            } else {
                let vs = i
                while i < limit, b[i] != 0x20, b[i] != 0x5D, b[i] != 0x0A { i += 1 }
                attributes.append(BBCodeAttributeRange(name: name, value: vs..<i))
            }
        }
        guard i < limit, b[i] == 0x5D else { return nil }
        return BBCodeScannedTag(id: id, isClose: false, value: value, end: i + 1)
    }

    /// The bytes inside the quotes that open at `i` (`"` or `'`), closed before a line end.
    @inline(__always)
    private static func quoted(_ b: UnsafePointer<UInt8>, _ i: Int, _ limit: Int) -> Range<Int>? {
        let q = b[i]
        var k = i + 1
        while k < limit, b[k] != q, b[k] != 0x0A { k += 1 }
        guard k < limit, b[k] == q else { return nil }
        return (i + 1)..<k
    }

    /// The line ends starting at `i` (a `\n` or `\r`): how many (`\r\n` is one; a line of
    /// only spaces and tabs between two line ends is swallowed) and the position after the
    /// last one.
    static func lineEnds(_ b: UnsafePointer<UInt8>, _ i: Int, _ n: Int)
        -> (count: Int, end: Int)
    {
        var count = 0
        var end = i
        var j = i
        while true {
            if b[j] == 0x0D {
                j += b[j + 1] == 0x0A ? 2 : 1
            } else if b[j] == 0x0A {
                j += 1
            } else {
                break
            }
            count += 1
            end = j
            var k = j
            while k < n, b[k] == 0x20 || b[k] == 0x09 { k += 1 }
            if k < n, b[k] == 0x0A || b[k] == 0x0D { j = k } else { break }
        }
        return (count, end)
    }

    /// The word in ` word ]` at `i` (spaces, then bytes other than space, `=`, quotes, `[`,
    /// `]` and line ends, then spaces and `]`), or nil.
    private static func bareWord(_ b: UnsafePointer<UInt8>, _ i: Int, _ limit: Int)
        -> Range<Int>?
    {
        var k = i
        while k < limit, b[k] == 0x20 { k += 1 }
        let start = k
        while k < limit {
            let x = b[k]
            if x <= 0x20 || x == 0x3D || x == 0x22 || x == 0x27 || x == 0x5B || x == 0x5D {
                break
            }
            k += 1
        }
        let end = k
        while k < limit, b[k] == 0x20 { k += 1 }
        guard end > start, k < limit, b[k] == 0x5D else { return nil }
        return start..<end
    }

    /// Whether the scanner reads `name` as an attribute name (` name=value`): name bytes
    /// other than `*`.
    static func isAttributeName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { isNameByte($0) && $0 != 0x2A }
    }

    /// `name=` at `i`: the position of the `=`.
    @inline(__always)
    private static func attributeNameEnd(_ b: UnsafePointer<UInt8>, _ i: Int, _ limit: Int)
        -> Int?
    {
        var k = i
        while k < limit, isNameByte(b[k]), b[k] != 0x2A { k += 1 }
        guard k > i, k < limit, b[k] == 0x3D else { return nil }
        return k
    }
}
