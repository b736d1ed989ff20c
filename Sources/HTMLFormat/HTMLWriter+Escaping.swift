import ByteScan

extension HTMLWriter {
    /// Byte-level escapers with cmark's (houdini's) exact rules.
    enum Escaping {
        /// Whether a byte is copied as-is into an `href`/`src` (everything else is
        /// percent-encoded, except `&` and `'` which become entities), as cmark's
        /// `houdini_escape_href` does: ASCII letters, digits and `-_.+!*(),%#@?=;:/$~`.
        @inline(__always)
        static func isHrefSafe(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"),
                UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "("), UInt8(ascii: ")"),
                UInt8(ascii: ","), UInt8(ascii: "%"), UInt8(ascii: "#"), UInt8(ascii: "@"),
                UInt8(ascii: "?"), UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ":"),
                UInt8(ascii: "/"), UInt8(ascii: "$"), UInt8(ascii: "~"):
                return true
            default:
                return false
            }
        }

        @inline(__always)
        static func hexDigit(_ value: UInt8) -> UInt8 {
            value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
        }

        /// Whether a byte needs an entity in text and attribute values (`& < > "`) or is NUL.
        @inline(__always)
        static func needsHTMLEscape(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "\"") || byte == 0
        }

        /// The high bit of each byte of `word` that may be one of `& < > "` or NUL; the lowest
        /// flag is exact (a borrow only reaches the bytes above a match), so a scan can jump
        /// straight to it.
        @inline(__always)
        static func htmlEscapeFlags(_ word: UInt64) -> UInt64 {
            // `<` and `>` are the bytes b with b | 2 == `>`; `"` and `&` those with b | 4 == `&`.
            ByteScan.bytes(word | ByteScan.broadcast(0x02), equalTo: UInt8(ascii: ">"))
                | ByteScan.bytes(word | ByteScan.broadcast(0x04), equalTo: UInt8(ascii: "&"))
                | ByteScan.zeroBytes(word)
        }

        /// The index of the first byte from `index` on that needs an entity, or `count`.
        /// Skips 16 bytes a step, then jumps to the lowest flag of the word that has one.
        @inline(__always)
        static func nextHTMLEscape(_ base: UnsafePointer<UInt8>, from index: Int, count: Int)
            -> Int
        {
            var index = index
            while index + 16 <= count {
                let low = htmlEscapeFlags(ByteScan.word(base, index))
                let high = htmlEscapeFlags(ByteScan.word(base, index + 8))
                if low | high != 0 {
                    return index
                        + (low != 0 ? ByteScan.firstFlag(low) : 8 + ByteScan.firstFlag(high))
                }
                index += 16
            }
            if index + 8 <= count {
                let flags = htmlEscapeFlags(ByteScan.word(base, index))
                if flags != 0 { return index + ByteScan.firstFlag(flags) }
                index += 8
            }
            guard index < count else { return count }
            // The last few bytes: the final 8 (overlapping bytes already passed, shifted out)
            // clear them at once when none needs escaping.
            if count >= 8,
                htmlEscapeFlags(ByteScan.word(base, count - 8)) >> UInt64(8 * (index - count + 8))
                    == 0
            {
                return count
            }
            while index < count && !needsHTMLEscape(base[index]) { index += 1 }
            return index
        }

        /// Appends `bytes` with `& < > "` replaced by entities (houdini_escape_html, not secure)
        /// and NUL by U+FFFD, as HTML parsers read it; returns how many NULs it replaced.
        /// Runs that need no escaping are skipped 16 bytes at a time and copied whole.
        static func appendHTML(
            _ bytes: UnsafeBufferPointer<UInt8>, to out: inout OutputBytes
        ) -> Int {
            guard let base = bytes.baseAddress else { return 0 }
            let count = bytes.count
            var start = 0
            var nuls = 0
            while true {
                let index = nextHTMLEscape(base, from: start, count: count)
                guard index < count else { break }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                switch base[index] {
                case UInt8(ascii: "&"): out.append(ascii: "&amp;")
                case UInt8(ascii: "<"): out.append(ascii: "&lt;")
                case UInt8(ascii: ">"): out.append(ascii: "&gt;")
                case 0:
                    out.append(ascii: "\u{FFFD}")
                    nuls += 1
                default: out.append(ascii: "&quot;")
                }
                start = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<count]))
            return nuls
        }

        /// Appends `text` HTML-escaped; returns how many NULs it replaced.
        @inline(__always)
        static func appendHTML(_ text: String, to out: inout OutputBytes) -> Int {
            text.withUTF8InPlace { appendHTML($0, to: &out) }
        }

        /// Appends a URL escaped like cmark's `houdini_escape_href`.
        static func appendHref(_ text: String, to out: inout OutputBytes) {
            text.withUTF8InPlace { appendHref($0, to: &out) }
        }

        /// Appends URL bytes escaped like cmark's `houdini_escape_href`.
        static func appendHref(
            _ bytes: UnsafeBufferPointer<UInt8>, to out: inout OutputBytes
        ) {
            var start = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                if isHrefSafe(byte) { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                switch byte {
                case UInt8(ascii: "&"): out.append(ascii: "&amp;")
                case UInt8(ascii: "'"): out.append(ascii: "&#x27;")
                default:
                    out.append(UInt8(ascii: "%"))
                    out.append(hexDigit(byte >> 4))
                    out.append(hexDigit(byte & 0x0F))
                }
                start = index + 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
        }

        /// Whether `url` starts with a scheme cmark-gfm blanks in safe mode: `javascript:`,
        /// `vbscript:`, `file:`, or `data:` other than `data:image/png|gif|jpeg|webp`
        /// (ASCII case-insensitive, like its `scan_dangerous_url`).
        static func isDangerousURL(_ url: String) -> Bool {
            url.withUTF8InPlace { isDangerousURL($0) }
        }

        static func isDangerousURL(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            // No allocation: most URLs start with `h` and are rejected at the first byte.
            @inline(__always)
            func hasPrefix(_ prefix: StaticString, at offset: Int = 0) -> Bool {
                let count = prefix.utf8CodeUnitCount
                guard bytes.count - offset >= count else { return false }
                let p = prefix.utf8Start
                for i in 0..<count where ByteScan.lowercasedASCII(bytes[offset + i]) != p[i] {
                    return false
                }
                return true
            }
            guard let first = bytes.first else { return false }
            switch ByteScan.lowercasedASCII(first) {
            case UInt8(ascii: "d"), UInt8(ascii: "j"), UInt8(ascii: "v"), UInt8(ascii: "f"):
                break
            default:
                return false
            }
            if hasPrefix("data:image/") {
                if hasPrefix("png", at: 11) || hasPrefix("gif", at: 11) || hasPrefix("jpeg", at: 11)
                    || hasPrefix("webp", at: 11)
                {
                    return false
                }
            }
            return hasPrefix("javascript:") || hasPrefix("vbscript:") || hasPrefix("file:")
                || hasPrefix("data:")
        }

        /// Whether a URL in an HTML attribute is dangerous: like `isDangerousURL`, after
        /// dropping the whitespace and control characters browsers ignore in a scheme.
        static func isDangerousAttributeURL(_ url: String) -> Bool {
            // Most URLs start with `h`, `/` or `#`: no scheme this refuses, nothing to clean
            // (and no array to build).
            guard let first = url.utf8.first else { return false }
            switch ByteScan.lowercasedASCII(first) {
            case UInt8(ascii: "d"), UInt8(ascii: "f"), UInt8(ascii: "j"), UInt8(ascii: "v"):
                break
            default:
                if first > 0x20 && first != 0x7F { return false }
            }
            var cleaned: [UInt8] = []
            for byte in url.utf8 where byte > 0x20 && byte != 0x7F {
                cleaned.append(byte)
                if cleaned.count > 32 { break }
            }
            return cleaned.withUnsafeBufferPointer { isDangerousURL($0) }
        }

        /// Whether any URL of a list (`srcset`, `ping`: URLs separated by ASCII white space
        /// or commas, descriptors between them) is dangerous by `isDangerousAttributeURL`.
        static func isDangerousAttributeURLList(_ list: String) -> Bool {
            list.utf8.split { isSpace($0) || $0 == UInt8(ascii: ",") }.contains { token in
                isDangerousAttributeURL(String(decoding: token, as: UTF8.self))
            }
        }

        /// cmark's `cmark_isspace`: space, tab, newline, vertical tab, form feed, return.
        @inline(__always)
        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
        }

        /// Tags GFM's tag filter disables.
        static let filteredTags = Renderer.filteredTagNames.map { Array($0.utf8) }

        /// Appends raw HTML, replacing the `<` of filtered tags by `&lt;` (cmark-gfm tagfilter).
        static func appendFiltered(_ text: String, to out: inout OutputBytes) {
            var text = text
            text.withUTF8 { bytes in
                var start = 0
                var index = 0
                while index < bytes.count {
                    if bytes[index] == UInt8(ascii: "<") && isFilteredTag(bytes, at: index) {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                        out.append(ascii: "&lt;")
                        start = index + 1
                    }
                    index += 1
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
            }
        }

        /// Whether the `<` at `offset` opens (or closes) a filtered tag.
        static func isFilteredTag(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
            guard bytes.count - offset >= 3 else { return false }
            let start = offset + (bytes[offset + 1] == UInt8(ascii: "/") ? 2 : 1)
            for name in filteredTags where Renderer.matches(bytes, at: start, name) {
                let end = start + name.count
                guard end < bytes.count else { continue }
                let next = bytes[end]
                if isSpace(next) || next == UInt8(ascii: ">") { return true }
                if next == UInt8(ascii: "/") && end + 1 < bytes.count
                    && bytes[end + 1] == UInt8(ascii: ">")
                {
                    return true
                }
            }
            return false
        }
    }
}

extension HTMLWriter {
    /// Whether HTML output in safe mode removes `url` from a link or an image: a
    /// `javascript:`, `vbscript:`, `file:` or `data:` URL (but a PNG, GIF, JPEG or WebP
    /// image), its scheme read as a browser reads it (white space and controls in it
    /// ignored). Other writers that keep URLs use it to be as safe.
    ///
    /// ```swift
    /// HTMLWriter.isUnsafeURL("java\tscript:alert(1)")  // true
    /// HTMLWriter.isUnsafeURL("https://example.com")  // false
    /// ```
    package static func isUnsafeURL(_ url: String) -> Bool {
        Escaping.isDangerousAttributeURL(url)
    }
}
