import ByteScan

/// A parse error before it is located: the spec code and the byte offset.
struct RawError {
    var code: String
    var offset: Int
}

/// The input byte stream after the spec's preprocessing: invalid UTF-8 decoded as U+FFFD
/// (maximal subparts, as the Encoding standard says), CR LF and lone CR normalised to LF.
/// Control characters and noncharacters are reported here. Clean input is not copied.
final class InputStream {
    let base: UnsafePointer<UInt8>
    let count: Int
    private var owned: UnsafeMutablePointer<UInt8>?
    private(set) var errors: [RawError] = []

    private init(base: UnsafePointer<UInt8>, count: Int, owned: UnsafeMutablePointer<UInt8>?) {
        self.base = base
        self.count = count
        self.owned = owned
    }

    deinit { owned?.deallocate() }

    /// Prepares `bytes`. The input must outlive the stream when it is not copied.
    /// `validUTF8`: the bytes are known to be valid UTF-8 (a `String`'s), so without error
    /// collection only a carriage return can make a change, and the first pass looks for
    /// that byte alone.
    static func prepare(
        _ bytes: UnsafeBufferPointer<UInt8>, collectErrors: Bool, validUTF8: Bool = false
    ) -> InputStream {
        let n = bytes.count
        guard let src = bytes.baseAddress, n > 0 else {
            let one = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
            one.pointee = 0
            return InputStream(base: UnsafePointer(one), count: 0, owned: one)
        }
        var errors: [RawError] = []
        // First pass: find whether anything must change (CR or invalid UTF-8).
        var i = 0
        var needsCopy = false
        if validUTF8 && !collectErrors {
            i = ByteScan.firstIndex(ofByteInLongBuffer: 0x0D, bytes)
            needsCopy = i < n
        }
        while i < n && !needsCopy {
            // Eight printable ASCII bytes at a time.
            if i + 8 <= n {
                let w = ByteScan.word(src, i)
                let flagged =
                    ByteScan.nonASCII(w) | ByteScan.bytes(w, below: 0x20)
                    | ByteScan.bytes(w, equalTo: 0x7F)
                if flagged == 0 {
                    i += 8
                    continue
                }
                // The lowest flag is exact: skip the printable bytes before it instead of
                // re-testing the word one byte further on.
                i += ByteScan.firstFlag(flagged)
            }
            let c = src[i]
            if c < 0x80 {
                if c >= 0x20 && c != 0x7F {
                    i += 1
                    continue
                }
                if c == 0x0A || c == 0x09 || c == 0x0C || c == 0 {
                    i += 1
                    continue
                }
                if c == 0x0D {
                    needsCopy = true
                    break
                }
                if collectErrors {
                    errors.append(RawError(code: "control-character-in-input-stream", offset: i))
                }
                i += 1
                continue
            }
            let len = ByteScan.validSequenceLength(src, i, n)
            if len == 0 {
                needsCopy = true
                break
            }
            if collectErrors { checkScalar(src, i, len, &errors, offset: i) }
            i += len
        }
        if !needsCopy {
            let s = InputStream(base: src, count: n, owned: nil)
            s.errors = errors
            return s
        }
        if validUTF8 && !collectErrors {
            // Only carriage returns change: the runs between them are copied whole.
            let out = UnsafeMutablePointer<UInt8>.allocate(capacity: n + 1)
            var o = 0
            var start = 0
            while i < n {
                let run = i - start
                (out + o).update(from: src + start, count: run)
                o += run
                out[o] = 0x0A
                o += 1
                i += 1
                if i < n && src[i] == 0x0A { i += 1 }
                start = i
                let rest = UnsafeBufferPointer(start: src + i, count: n - i)
                i += ByteScan.firstIndex(ofByteInLongBuffer: 0x0D, rest)
            }
            (out + o).update(from: src + start, count: n - start)
            o += n - start
            return InputStream(base: UnsafePointer(out), count: o, owned: out)
        }
        // Slow path: copy with replacements, from `i` on.
        let cap = n * 3 + 1
        let out = UnsafeMutablePointer<UInt8>.allocate(capacity: cap)
        out.update(from: src, count: i)
        var o = i
        while i < n {
            let c = src[i]
            if c < 0x80 {
                if c == 0x0D {
                    out[o] = 0x0A
                    o += 1
                    i += 1
                    if i < n && src[i] == 0x0A { i += 1 }
                    continue
                }
                if c < 0x20 && c != 0x0A && c != 0x09 && c != 0x0C && c != 0 || c == 0x7F {
                    if collectErrors {
                        errors.append(
                            RawError(code: "control-character-in-input-stream", offset: o))
                    }
                }
                out[o] = c
                o += 1
                i += 1
                continue
            }
            let len = ByteScan.validSequenceLength(src, i, n)
            if len == 0 {
                if collectErrors { errors.append(RawError(code: "invalid-utf-8", offset: o)) }
                out[o] = 0xEF
                out[o + 1] = 0xBF
                out[o + 2] = 0xBD
                o += 3
                i += maximalSubpart(src, i, n)
                continue
            }
            if collectErrors { checkScalar(src, i, len, &errors, offset: o) }
            for k in 0..<len { out[o + k] = src[i + k] }
            o += len
            i += len
        }
        let s = InputStream(base: UnsafePointer(out), count: o, owned: out)
        s.errors = errors
        return s
    }

    /// How many bytes one U+FFFD replaces at an ill-formed position (the maximal subpart).
    static func maximalSubpart(_ s: UnsafePointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        let c = s[i]
        var need = 0
        var lo: UInt8 = 0x80
        var hi: UInt8 = 0xBF
        switch c {
        case 0xC2...0xDF: need = 1
        case 0xE0:
            need = 2
            lo = 0xA0
        case 0xE1...0xEC, 0xEE, 0xEF: need = 2
        case 0xED:
            need = 2
            hi = 0x9F
        case 0xF0:
            need = 3
            lo = 0x90
        case 0xF1...0xF3: need = 3
        case 0xF4:
            need = 3
            hi = 0x8F
        default: return 1
        }
        var k = 1
        while need > 0 && i + k < n {
            let b = s[i + k]
            if b < lo || b > hi { break }
            lo = 0x80
            hi = 0xBF
            k += 1
            need -= 1
        }
        return k
    }

    /// Reports C1 controls and noncharacters.
    static func checkScalar(
        _ s: UnsafePointer<UInt8>, _ i: Int, _ len: Int, _ errors: inout [RawError], offset: Int
    ) {
        var v: UInt32
        switch len {
        case 2: v = UInt32(s[i] & 0x1F) << 6 | UInt32(s[i + 1] & 0x3F)
        case 3:
            v = UInt32(s[i] & 0x0F) << 12 | UInt32(s[i + 1] & 0x3F) << 6 | UInt32(s[i + 2] & 0x3F)
        default:
            v =
                UInt32(s[i] & 0x07) << 18 | UInt32(s[i + 1] & 0x3F) << 12 | UInt32(s[i + 2] & 0x3F)
                << 6
                | UInt32(s[i + 3] & 0x3F)
        }
        if v >= 0x80 && v <= 0x9F {
            errors.append(RawError(code: "control-character-in-input-stream", offset: offset))
        } else if isNoncharacter(v) {
            errors.append(RawError(code: "noncharacter-in-input-stream", offset: offset))
        }
    }

    @inline(__always)
    static func isNoncharacter(_ v: UInt32) -> Bool {
        (v >= 0xFDD0 && v <= 0xFDEF) || (v & 0xFFFE == 0xFFFE && v <= 0x10FFFF)
    }

    /// Converts offsets to 1-based line/column (columns count scalars). Errors must be sorted.
    func locate(_ raw: [RawError]) -> [HTMLParseError] {
        var out: [HTMLParseError] = []
        out.reserveCapacity(raw.count)
        var line = 1
        var col = 1
        var i = 0
        for e in raw {
            let target = min(e.offset, count)
            while i < target {
                // Eight bytes at once when they hold no newline: the column grows by those
                // that are not UTF-8 continuation bytes (10xxxxxx).
                if i + 8 <= target {
                    let w = ByteScan.word(base, i)
                    if ByteScan.bytes(w, equalTo: 0x0A) == 0 {
                        col += ByteScan.units(inWord: w, utf16: false)
                        i += 8
                        continue
                    }
                }
                let c = base[i]
                if c == 0x0A {
                    line += 1
                    col = 1
                } else if c & 0xC0 != 0x80 {
                    col += 1
                }
                i += 1
            }
            out.append(HTMLParseError(code: e.code, line: line, column: col, offset: e.offset))
        }
        return out
    }
}
