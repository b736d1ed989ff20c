import ByteScan
import MarkupAST

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// URL checks shared by the reader and the writer.
///
/// ```swift
/// BBCodeURL.isSafe("javascript:alert(1)", image: false) // false
/// BBCodeURL.isSafe("data:image/png;base64,AAA", image: true) // true
/// ```
public enum BBCodeURL {
    /// Whether `url` may become a link (or, with `image`, an image source).
    ///
    /// `javascript:`, `vbscript:` and `file:` are refused; `data:` only for raster images.
    public static func isSafe(_ url: String, image: Bool) -> Bool {
        var url = url
        return url.withUTF8 { isSafe($0, image: image) }
    }

    /// `isSafe(_:image:)` on UTF-8 bytes.
    static func isSafe(_ u: UnsafeBufferPointer<UInt8>, image: Bool) -> Bool {
        // The scheme: the bytes up to the `:` (all of them when there is none), after leading
        // spaces and controls; up to 32 bytes (a longer one is no scheme this refuses).
        var start = 0
        while start < u.count, u[start] <= 0x20 { start += 1 }
        var end = start
        while end < u.count {
            if u[end] == 0x3A { break }
            let lower = ByteScan.lowercasedASCII(u[end])
            let isSchemeByte =
                (lower >= 0x61 && lower <= 0x7A) || (lower >= 0x30 && lower <= 0x39)
                || lower == 0x2B || lower == 0x2D || lower == 0x2E
            if !isSchemeByte { return true }  // no scheme: relative
            if end - start == 32 { return true }
            end += 1
        }
        // Whether `u[i...]` starts with `name` (lower case), ignoring ASCII case.
        func starts(_ name: StaticString, at i: Int) -> Bool {
            let count = name.utf8CodeUnitCount
            guard u.count >= i + count else { return false }
            return (0..<count).allSatisfy {
                ByteScan.lowercasedASCII(u[i + $0]) == name.utf8Start[$0]
            }
        }
        func isScheme(_ name: StaticString) -> Bool {
            end - start == name.utf8CodeUnitCount && starts(name, at: start)
        }
        if isScheme("javascript") || isScheme("vbscript") || isScheme("file")
            || isScheme("livescript")
        {
            return false
        }
        guard isScheme("data") else { return true }
        guard image else { return false }
        return starts("data:image/png", at: 0) || starts("data:image/gif", at: 0)
            || starts("data:image/jpeg", at: 0) || starts("data:image/webp", at: 0)
    }

    /// A link target as users write it: a scheme-less address that starts with `www.` or a
    /// host name gets `http://`; everything else is unchanged.
    ///
    /// ```swift
    /// BBCodeURL.normalized("www.x.org") // "http://www.x.org"
    /// BBCodeURL.normalized("example.com:8080/a") // "http://example.com:8080/a"
    /// BBCodeURL.normalized("/docs") // "/docs"
    /// BBCodeURL.normalized("mailto:a@b.org") // "mailto:a@b.org"
    /// ```
    public static func normalized(_ url: String) -> String {
        // (Read as UTF-8 bytes in place: most URLs fail both checks within a few bytes.)
        var bytes = url
        let bare = bytes.withUTF8 { startsWithWWW($0) || startsWithHost($0) }
        return bare ? "http://" + url : url
    }

    /// Whether `url` starts with `www.` (any case) and something after it.
    static func startsWithWWW(_ u: UnsafeBufferPointer<UInt8>) -> Bool {
        guard u.count >= 5 else { return false }
        return u[0] | 0x20 == 0x77 && u[1] | 0x20 == 0x77 && u[2] | 0x20 == 0x77
            && u[3] | 0x20 == 0x2E
    }

    /// Whether `url` starts with a host name and no scheme: two or more dot-separated labels
    /// of ASCII letters, digits and `-`, the last one 2+ letters, then the end, `/`, `?`, `#`
    /// or `:` and a digit (a port).
    static func startsWithHost(_ u: UnsafeBufferPointer<UInt8>) -> Bool {
        var dots = 0
        var label = 0
        var lettersOnly = true
        var afterColon = false
        for byte in u {
            if afterColon { return byte >= 0x30 && byte <= 0x39 }
            switch byte {
            case 0x41...0x5A, 0x61...0x7A:
                label += 1
            case 0x30...0x39, 0x2D:
                label += 1
                lettersOnly = false
            case 0x2E:
                guard label > 0 else { return false }
                dots += 1
                label = 0
                lettersOnly = true
            case 0x2F, 0x3F, 0x23:
                return dots > 0 && label >= 2 && lettersOnly
            case 0x3A:
                guard dots > 0 && label >= 2 && lettersOnly else { return false }
                afterColon = true
            default:
                return false
            }
        }
        return !afterColon && dots > 0 && label >= 2 && lettersOnly
    }

    /// Whether `s` looks like an e-mail address (one `@`, no spaces or brackets).
    public static func isEmail(_ s: String) -> Bool {
        var at = 0
        var index = 0
        var atIndex = -1
        for byte in s.utf8 {
            switch byte {
            case 0x40:
                at += 1
                atIndex = index
            case 0...0x20, 0x22, 0x27, 0x3C, 0x3E, 0x5B, 0x5D, 0x28, 0x29, 0x2C, 0x3B, 0x3A:
                return false
            default: break
            }
            index += 1
        }
        return at == 1 && atIndex > 0 && atIndex < index - 1
    }

    /// The video id of a YouTube id or URL (`dQw4w9WgXcQ`, `https://youtu.be/dQw4w9WgXcQ`).
    public static func youTubeID(_ s: String) -> String? {
        func idPrefix(_ sub: Substring) -> String? {
            let id = sub.prefix {
                $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_")
            }
            return id.count >= 6 && id.count <= 20 ? String(id) : nil
        }
        if let id = idPrefix(Substring(s)), id.count == s.count { return id }
        if let range = s.range(of: "v=") { return idPrefix(s[range.upperBound...]) }
        if let range = s.range(of: "youtu.be/") { return idPrefix(s[range.upperBound...]) }
        if let range = s.range(of: "/embed/") { return idPrefix(s[range.upperBound...]) }
        return nil
    }
}

/// `[size=...]` values to CSS and back.
enum BBCodeSize {
    static let keywords = [
        "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large",
    ]
    static let keywordPercent: [String: Int] = [
        "xx-small": 50, "x-small": 75, "small": 85, "medium": 100, "large": 120, "x-large": 150,
        "xx-large": 200, "xxx-large": 300,
    ]

    /// The CSS `font-size` for a BBCode size value, or nil when invalid.
    /// (Read byte by byte: a unit is ASCII, so a value whose digits run into anything else
    /// is invalid either way.)
    static func css(_ value: String, scale: BBCodeSizeScale) -> String? {
        let u = value.utf8
        var number = 0
        var digits = 0
        for byte in u {
            guard byte >= 0x30 && byte <= 0x39 else { break }
            digits += 1
            if digits > 4 { return nil }
            number = number * 10 + Int(byte - 0x30)
        }
        guard digits > 0 else { return nil }
        let unit = u.dropFirst(digits)
        guard !unit.isEmpty else {
            switch scale {
            case .percent: return number >= 1 && number <= 1000 ? "\(number)%" : nil
            case .classic: return number >= 1 && number <= 7 ? keywords[number - 1] : nil
            }
        }
        guard unit.count <= 2 else { return nil }
        var lower = unit.map(ByteScan.lowercasedASCII)
        switch (lower.first!, lower.count == 2 ? lower[1] : 0) {
        case (0x25, 0): break  // %
        case (0x70, 0x78), (0x70, 0x74), (0x65, 0x6D): break  // px pt em
        default: return nil
        }
        lower.insert(contentsOf: String(number).utf8, at: 0)
        return String(decoding: lower, as: UTF8.self)
    }

    /// The BBCode size value for a CSS `font-size`, and whether it is exact.
    static func bbcode(_ css: String, scale: BBCodeSizeScale) -> (String, Bool)? {
        let value = css.lowercased()
        var percent: Int?
        var exact = true
        if let p = keywordPercent[value] {
            if scale == .classic, let i = keywords.firstIndex(of: value) {
                return ("\(i + 1)", true)
            }
            percent = p
            exact = false
        } else if value.hasSuffix("%"), let n = Int(value.dropLast()) {
            percent = n
        } else if value.hasSuffix("px"), let n = Int(value.dropLast(2)) {
            percent = n * 100 / 16
            exact = false
        } else if value.hasSuffix("pt"), let n = Int(value.dropLast(2)) {
            percent = n * 100 / 12
            exact = false
        } else if value.hasSuffix("em"), let n = Double(value.dropLast(2)) {
            percent = Int(n * 100)
            exact = false
        }
        guard let p = percent else { return nil }
        switch scale {
        case .percent:
            return ("\(max(1, p))", exact)
        case .classic:
            let limits = [70, 92, 110, 135, 175, 250]
            let index = limits.firstIndex { p <= $0 } ?? 6
            return ("\(index + 1)", false)
        }
    }
}

/// Finds bare URLs in text.
enum BBCodeAutolink {
    /// The first bare URL in `u[from..<range.upperBound]`, where `range` is the whole text
    /// (its start counts as a word start), or nil.
    static func nextURL(_ u: UnsafeBufferPointer<UInt8>, from: Int, in range: Range<Int>)
        -> Range<Int>?
    {
        let n = range.upperBound
        var i = from
        while i < n {
            let c = u[i] | 0x20
            guard c == 0x68 || c == 0x66 || c == 0x77,  // h f w
                i == range.lowerBound || !isWordByte(u[i - 1])
            else {
                i += 1
                continue
            }
            let prefixLength = schemePrefix(u, i, n)
            guard prefixLength > 0 else {
                i += 1
                continue
            }
            var end = i + prefixLength
            while end < n, !isStopByte(u[end]) { end += 1 }
            // Trailing punctuation is not part of the URL; a ')' only when unbalanced.
            while end > i + prefixLength {
                let last = u[end - 1]
                if last == 0x2E || last == 0x2C || last == 0x3A || last == 0x3B || last == 0x21
                    || last == 0x3F || last == 0x27 || last == 0x22
                {
                    end -= 1
                } else if last == 0x29 {
                    var open = 0
                    var closeCount = 0
                    for k in i..<end {
                        if u[k] == 0x28 { open += 1 } else if u[k] == 0x29 { closeCount += 1 }
                    }
                    if closeCount > open { end -= 1 } else { break }
                } else {
                    break
                }
            }
            guard end > i + prefixLength else {
                i += prefixLength
                continue
            }
            return i..<end
        }
        return nil
    }

    /// A cheap pre-check: "://" or "www." somewhere in `u[range]` (case-insensitive).
    ///
    /// Only the `:` and `.` bytes are looked at, found with `memchr`.
    static func mayHoldURL(_ u: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard let base = u.baseAddress, range.count >= 5 else { return false }
        let n = range.upperBound
        var k = range.lowerBound
        while k < n, let found = memchr(base + k, 0x3A, n - k) {
            let i = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if i + 2 < n, u[i + 1] == 0x2F, u[i + 2] == 0x2F { return true }
            k = i + 1
        }
        k = range.lowerBound
        while k < n, let found = memchr(base + k, 0x2E, n - k) {
            let i = UnsafeRawPointer(found) - UnsafeRawPointer(base)
            if i >= range.lowerBound + 3, u[i - 1] | 0x20 == 0x77, u[i - 2] | 0x20 == 0x77,
                u[i - 3] | 0x20 == 0x77
            {
                return true
            }
            k = i + 1
        }
        return false
    }

    /// The length of the `http://`, `https://`, `ftp://` or `www.` (any case) at `i`, or 0.
    private static func schemePrefix(_ u: UnsafeBufferPointer<UInt8>, _ i: Int, _ n: Int) -> Int {
        func matches(_ p: StaticString) -> Bool {
            let count = p.utf8CodeUnitCount
            guard i + count <= n else { return false }
            let bytes = p.utf8Start
            for k in 0..<count where u[i + k] | 0x20 != bytes[k] && u[i + k] != bytes[k] {
                return false
            }
            return true
        }
        if matches("http://") { return 7 }
        if matches("https://") { return 8 }
        if matches("ftp://") { return 6 }
        if matches("www.") { return 4 }
        return 0
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2F
            || b == 0x2E || b == 0x40 || b >= 0x80
    }

    private static func isStopByte(_ b: UInt8) -> Bool {
        b <= 0x20 || b == 0x3C || b == 0x3E || b == 0x22 || b == 0x5B || b == 0x5D
    }
}
