import ByteScan
import Foundation
import MarkupAST

/// The simple selectors that a page's `<style>` rules hide (`display: none` or
/// `visibility: hidden`): `.class`, `#id`, `tag.class` and `tag#id`, outside at-rule blocks
/// (`@media print { ... }` applies only sometimes).
///
/// A class or id that another rule shows again (`display` other than `none`, or `visibility:
/// visible`, in any selector: `.collapse.show { display: block }`) is not hidden: the page
/// shows it in some state.
struct HTMLHiddenSelectors {
    private(set) var classes: Set<String> = []
    private(set) var ids: Set<String> = []
    /// `tag.class` and `tag#id`, as (tag, ".class" or "#id").
    private(set) var tagged: Set<[String]> = []

    var isEmpty: Bool { classes.isEmpty && ids.isEmpty && tagged.isEmpty }

    /// Reads the rules of style sheets (the text of the page's `<style>` elements).
    init(sheets: [String]) {
        var shown: Set<String> = []
        for sheet in sheets {
            for (selector, declarations) in Self.rules(sheet) {
                let hides = Self.hides(declarations)
                let shows = !hides && Self.shows(declarations)
                guard hides || shows else { continue }
                for part in Self.commaSeparated(selector) {
                    let trimmed = Self.trimmed(part)
                    if shows {
                        shown.formUnion(Self.names(in: trimmed))
                    } else if let simple = Self.simple(trimmed) {
                        switch simple {
                        case (nil, let name) where name.hasPrefix("."):
                            classes.insert(String(name.dropFirst()))
                        case (nil, let name):
                            ids.insert(String(name.dropFirst()))
                        case (let tag?, let name):
                            tagged.insert([tag, name])
                        }
                    }
                }
            }
        }
        classes.subtract(shown.compactMap { $0.hasPrefix(".") ? String($0.dropFirst()) : nil })
        ids.subtract(shown.compactMap { $0.hasPrefix("#") ? String($0.dropFirst()) : nil })
        tagged = tagged.filter { !shown.contains($0[1]) }
        // The filter of the class names (see `classFilter`), when all are ASCII.
        var filter: UInt64 = 0
        var ascii = true
        let names =
            classes.map { $0 }
            + tagged.compactMap { $0[1].hasPrefix(".") ? String($0[1].dropFirst()) : nil }
        for name in names {
            var name = name
            name.withUTF8 { bytes in
                if bytes.contains(where: { $0 >= 0x80 }) { ascii = false }
                filter |= Self.signatureBit(bytes)
            }
        }
        classFilter = ascii ? filter : nil
    }

    /// One bit per hidden class name (from its length and first and last bytes), or nil
    /// when a name is not ASCII: a class whose bit is clear is no hidden class, decided
    /// without building a string or hashing. (Only for ASCII names: an ASCII token can equal
    /// a non-ASCII name as a `String`, `K` and the Kelvin sign.)
    private(set) var classFilter: UInt64? = nil

    /// The filter bit of a name's bytes.
    private static func signatureBit(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let first = bytes.first, let last = bytes.last else { return 1 }
        let mix = UInt64(bytes.count) &* 31 &+ UInt64(first) &* 7 &+ UInt64(last)
        return 1 << (mix & 63)
    }

    /// `matches` for the class attribute alone when it is ASCII without carriage returns (the
    /// usual value): its tokens (split at space, tab, line feed and form feed, as
    /// `HTMLReaderElements.classList` splits such a value) are tested against `classFilter`
    /// first. Nil when the fast way does not apply.
    private func matchesASCIIClasses(tag: String, _ value: String) -> Bool? {
        guard let filter = classFilter else { return nil }
        return value.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            for b in bytes where b >= 0x80 || b == 0x0D { return nil }
            var start = 0
            let n = bytes.count
            var i = 0
            while i <= n {
                if i < n {
                    let b = bytes[i]
                    guard b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C else {
                        i += 1
                        continue
                    }
                }
                if start < i {
                    let token = UnsafeBufferPointer(rebasing: bytes[start..<i])
                    if filter & Self.signatureBit(token) != 0 {
                        let name = String(decoding: token, as: UTF8.self)
                        if classes.contains(name)
                            || (!tagged.isEmpty && tagged.contains([tag, "." + name]))
                        {
                            return true
                        }
                    }
                }
                i += 1
                start = i
            }
            return false
        } ?? nil
    }

    /// `selector.split(separator: ",")`, cut at the comma bytes when each is a character of
    /// its own (ASCII bytes or the ends around it: a combining mark after it, or a prepended
    /// mark before it, would join it), else by characters. Walking the characters of every
    /// selector cost more than reading the rules.
    private static func commaSeparated(_ selector: String) -> [Substring] {
        let utf8 = selector.utf8
        var parts: [Substring] = []
        var start = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let next = utf8.index(after: index)
            guard utf8[index] == UInt8(ascii: ",") else {
                index = next
                continue
            }
            if (next != utf8.endIndex && utf8[next] >= 0x80)
                || (index != utf8.startIndex && utf8[utf8.index(before: index)] >= 0x80)
            {
                return selector.split(separator: ",")
            }
            if start != index { parts.append(selector[start..<index]) }
            start = next
            index = next
        }
        if start != utf8.endIndex { parts.append(selector[start..<utf8.endIndex]) }
        return parts
    }

    /// `part` without leading and trailing white space; an ASCII part (most selectors) is
    /// trimmed byte by byte, without the Unicode-aware trim.
    private static func trimmed(_ part: Substring) -> String {
        // In place over the bytes when they are contiguous (a sheet's native string).
        let inPlace = part.utf8.withContiguousStorageIfAvailable { bytes -> String? in
            var start = 0
            var end = bytes.count
            for b in bytes where b >= 0x80 { return nil }
            while start < end, isASCIISpace(bytes[start]) { start += 1 }
            while end > start, isASCIISpace(bytes[end - 1]) { end -= 1 }
            return string(bytes, start..<end)
        }
        if let inPlace, let trimmed = inPlace { return trimmed }
        let utf8 = part.utf8
        guard utf8.allSatisfy({ $0 < 0x80 }) else {
            return String(HTMLReaderElements.trimmingWhitespaces(String(part), newlines: true))
        }
        // ASCII: the white space and newlines are tab, line feed, vertical tab, form feed,
        // carriage return and space.
        guard let start = utf8.firstIndex(where: { !isASCIISpace($0) }),
            let last = utf8.lastIndex(where: { !isASCIISpace($0) })
        else { return "" }
        return String(part[start...last])
    }

    /// Tab, line feed, vertical tab, form feed, carriage return and space.
    private static func isASCIISpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }

    /// Whether an element with this tag, id and class attribute matches a hiding rule.
    func matches(tag: String, id: String?, classAttribute: String?) -> Bool {
        // The `tag.class`/`tag#id` keys are built only when such rules exist (most pages have
        // none): this runs for every element with an id or class.
        if let id, !id.isEmpty,
            ids.contains(id) || (!tagged.isEmpty && tagged.contains([tag, "#" + id]))
        {
            return true
        }
        guard let classAttribute, !classAttribute.isEmpty,
            !classes.isEmpty || !tagged.isEmpty
        else { return false }
        if let found = matchesASCIIClasses(tag: tag, classAttribute) { return found }
        for name in HTMLReaderElements.classList(classAttribute) {
            if classes.contains(name) || (!tagged.isEmpty && tagged.contains([tag, "." + name])) {
                return true
            }
        }
        return false
    }

    /// `display: none` or `visibility: hidden` (or `collapse`) among the declarations.
    static func hides(_ declarations: [CSSDeclaration]) -> Bool {
        // The value is lowercased only for the two properties (most declarations are others).
        declarations.contains { d in
            if d.property == "display" { return d.value.lowercased() == "none" }
            guard d.property == "visibility" else { return false }
            let value = d.value.lowercased()
            return value == "hidden" || value == "collapse"
        }
    }

    private static func shows(_ declarations: [CSSDeclaration]) -> Bool {
        declarations.contains { d in
            d.property == "display" || d.property == "visibility" && d.value == "visible"
        }
    }

    /// `(nil, ".c")`, `(nil, "#i")`, `("tag", ".c")` or `("tag", "#i")` for a simple selector.
    private static func simple(_ selector: String) -> (String?, String)? {
        if let ascii = asciiSimple(selector) { return ascii }
        guard let mark = selector.firstIndex(where: { $0 == "." || $0 == "#" }) else {
            return nil
        }
        let tag = selector[..<mark]
        let name = selector[selector.index(after: mark)...]
        guard !name.isEmpty, name.allSatisfy(isNameCharacter),
            tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { return nil }
        return (tag.isEmpty ? nil : tag.lowercased(), String(selector[mark...]))
    }

    /// `simple(_:)` of an ASCII selector, byte by byte; `.some(nil)` when it is not simple,
    /// nil when it is not ASCII. (For ASCII the characters are the bytes, but for CR LF,
    /// which is no name character either way; letters and digits are the ASCII ones.)
    private static func asciiSimple(_ selector: String) -> (String?, String)?? {
        var selector = selector
        return selector.withUTF8 { bytes -> (String?, String)?? in
            guard let base = bytes.baseAddress, ByteScan.isASCII(base, 0, bytes.count) else {
                return nil
            }
            guard
                let mark = bytes.firstIndex(where: {
                    $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "#")
                })
            else { return .some(nil) }
            let isAlphanumeric = { (b: UInt8) in
                (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
            }
            guard mark + 1 < bytes.count, bytes[(mark + 1)...].allSatisfy(isASCIINameByte),
                bytes[..<mark].allSatisfy(isAlphanumeric)
            else { return .some(nil) }
            let tag = mark == 0 ? nil : string(bytes, 0..<mark).lowercased()
            return .some((tag, string(bytes, mark..<bytes.count)))
        }
    }

    /// Every `.class` and `#id` named in a selector.
    private static func names(in selector: String) -> [String] {
        if let ascii = asciiNames(in: selector) { return ascii }
        var out: [String] = []
        var current = ""
        for c in selector {
            if c == "." || c == "#" {
                if current.count > 1 { out.append(current) }
                current = String(c)
            } else if !current.isEmpty, isNameCharacter(c) {
                current.append(c)
            } else {
                if current.count > 1 { out.append(current) }
                current = ""
            }
        }
        if current.count > 1 { out.append(current) }
        return out
    }

    /// `names(in:)` of an ASCII selector, byte by byte (nil when it is not ASCII): for ASCII
    /// the characters are the bytes, letters and digits the ASCII ones.
    private static func asciiNames(in selector: String) -> [String]? {
        var selector = selector
        return selector.withUTF8 { bytes -> [String]? in
            var out: [String] = []
            var start = -1  // where the current `.name` or `#name` starts, or -1
            for (i, b) in bytes.enumerated() {
                if b >= 0x80 { return nil }
                if b == UInt8(ascii: ".") || b == UInt8(ascii: "#") {
                    if start >= 0 && i - start > 1 { out.append(string(bytes, start..<i)) }
                    start = i
                } else if start >= 0, isASCIINameByte(b) {
                    continue
                } else {
                    if start >= 0 && i - start > 1 { out.append(string(bytes, start..<i)) }
                    start = -1
                }
            }
            if start >= 0 && bytes.count - start > 1 {
                out.append(string(bytes, start..<bytes.count))
            }
            return out
        }
    }

    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private static func isASCIINameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
            || b == UInt8(ascii: "-") || b == UInt8(ascii: "_")
    }

    private static func isNameCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "-" || c == "_" || !c.isASCII
    }

    /// Whether `bytes` hold `display` or `visibility` in any ASCII case: the declarations that
    /// `hides` and `shows` look at (a filter before parsing, so a false hit costs only a parse).
    /// Both words end in `y`: the `y` and `Y` bytes are found eight at a time and the word is
    /// checked before each one (most rule bodies have few).
    static func mentionsVisibility(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard let base = bytes.base.baseAddress else { return false }
        let start = bytes.startIndex
        let end = bytes.endIndex
        // `y` and `Y` are the bytes that become `y` with bit 0x20 set.
        let lowerY = ByteScan.broadcast(UInt8(ascii: "y"))
        let caseBit = ByteScan.broadcast(0x20)
        var i = start + 6  // the first place a `y` can end `display`
        while i < end {
            if i &+ 8 <= end {
                let found = ByteScan.zeroBytes((ByteScan.word(base, i) | caseBit) ^ lowerY)
                guard found != 0 else {
                    i &+= 8
                    continue
                }
                i &+= ByteScan.firstFlag(found)
            } else if base[i] | 0x20 != UInt8(ascii: "y") {
                i &+= 1
                continue
            }
            if matches(bytes, at: i - 6, "display")
                || (i - 9 >= start && matches(bytes, at: i - 9, "visibility"))
            {
                return true
            }
            i &+= 1
        }
        return false
    }

    /// `word` (lowercase ASCII) at `bytes[index...]`, in any ASCII case.
    private static func matches(
        _ bytes: Slice<UnsafeBufferPointer<UInt8>>, at index: Int, _ word: StaticString
    ) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.endIndex else { return false }
        for k in 0..<count where bytes[index + k] | 0x20 != word.utf8Start[k] { return false }
        return true
    }

    /// The top-level rules of a sheet as (selector, declarations); comments skipped, at-rule
    /// blocks skipped whole. One pass over the bytes.
    static func rules(_ sheet: String) -> [(String, [CSSDeclaration])] {
        var sheet = sheet
        // Over the string's own UTF-8 in place (no copy, no bounds checks).
        return sheet.withUTF8 { rules(in: $0) }
    }

    private static func rules(in bytes: UnsafeBufferPointer<UInt8>) -> [(String, [CSSDeclaration])]
    {
        var out: [(String, [CSSDeclaration])] = []
        var i = 0
        var start = 0
        var depth = 0
        var bodyStart = 0
        var selector = 0..<0
        guard let base = bytes.baseAddress else { return out }
        while i < bytes.count {
            if depth > 0 {
                // Inside a rule body (most of a sheet) only `{`, `}` and a comment's `/` do
                // anything: the bytes between them are skipped eight at a time.
                i = ByteScan.firstIndex(
                    of: UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), in: base,
                    from: i, to: bytes.count)
                if i == bytes.count { break }
            } else {
                // Between rules (selectors) only `{`, `}`, `;` and `/` do anything.
                i = ByteScan.firstIndex(
                    of: UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ";"), UInt8(ascii: "/"),
                    in: base, from: i, to: bytes.count)
                if i == bytes.count { break }
            }
            let b = bytes[i]
            if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                var j = i + 2
                while j + 1 < bytes.count,
                    !(bytes[j] == UInt8(ascii: "*") && bytes[j + 1] == UInt8(ascii: "/"))
                {
                    j += 1
                }
                if depth == 0, bytes[start..<i].allSatisfy({ $0 <= 0x20 }) { start = j + 2 }
                i = j + 2
                continue
            }
            if b == UInt8(ascii: "{") {
                if depth == 0 {
                    selector = start..<i
                    bodyStart = i + 1
                }
                depth += 1
            } else if b == UInt8(ascii: "}") {
                if depth > 0 { depth -= 1 }
                if depth == 0 {
                    // Only rules that set display or visibility can hide or show: the others
                    // (most of a page's sheet) are not parsed. At-rule blocks (an `@` in the
                    // selector) are skipped; that is looked at only for the few such rules.
                    if bodyStart <= i, mentionsVisibility(bytes[bodyStart..<i]),
                        !bytes[selector].contains(UInt8(ascii: "@"))
                    {
                        let body = String(decoding: bytes[bodyStart..<i], as: UTF8.self)
                        out.append(
                            (
                                String(decoding: bytes[selector], as: UTF8.self),
                                CSSDeclaration.parseList(body)
                            ))
                    }
                    start = i + 1
                }
            } else if b == UInt8(ascii: ";"), depth == 0 {
                start = i + 1  // `@import ...;`, `@charset ...;`
            }
            i += 1
        }
        return out
    }
}
