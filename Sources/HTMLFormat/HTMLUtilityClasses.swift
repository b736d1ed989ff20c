/// The utility classes of CSS frameworks that hide an element, read by their documented
/// meaning, since the framework's style sheet is an external file the reader never sees:
/// Tailwind's `hidden`, `invisible` and responsive forms such as `md:hidden`, and Bootstrap's
/// `d-none`, `d-lg-none` and `invisible`.
///
/// Responsive classes are applied as a desktop browser window `viewportWidth` pixels wide
/// applies them, so that a page's small-screen twin of a link or a menu (`<span
/// class="lg:hidden">Subscribe</span><span class="hidden lg:inline">Subscribe</span>`) is read
/// once. A class that shows the element from a breakpoint on (`hidden lg:block`, `d-none
/// d-md-block`) wins over the hiding one when its breakpoint is the wider one; at the same
/// breakpoint the hiding class wins, as it comes later in both frameworks' style sheets.
/// Other variants (`hover:`, `print:`, `dark:`, `max-md:`, arbitrary ones) are not applied.
///
/// Classes are read over the attribute's bytes: Tailwind pages give most elements a class
/// attribute of ten or twenty classes.
enum HTMLUtilityClasses {
    /// The width of the window the responsive classes are applied for (Tailwind's `xl`).
    static let viewportWidth = 1280

    /// Whether a class attribute's value hides its element.
    static func hides(classAttribute value: String) -> Bool {
        // In place for a native string (a parsed attribute's value); else through a copy.
        if let found = value.utf8.withContiguousStorageIfAvailable({ hides(bytes: $0) }) {
            return found
        }
        var copy = value
        return copy.withUTF8 { hides(bytes: $0) }
    }

    /// `hides(classAttribute:)` over the value's UTF-8.
    static func hides(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        // An attribute without a class that hides at the viewport's width (nearly all of them,
        // though Tailwind pages have many `overflow-hidden` and `select-none`) is decided in
        // one pass over its bytes.
        guard let base = bytes.baseAddress else { return false }
        var candidate = false
        var start = 0
        while start < bytes.count {
            // Any byte up to the space ends a class here: a finer split than the attribute's
            // (which splits at five of them), so no class that hides is missed.
            var end = start
            while end < bytes.count, base[end] > 0x20 { end += 1 }
            if end - start >= 6, hidesAtViewport(Bytes(start: base + start, count: end - start)) {
                candidate = true
                break
            }
            start = end + 1
        }
        guard candidate else { return false }
        // The class that applies at the widest breakpoint up to the viewport, per property.
        var display: Rule?
        var visibility: Rule?
        forEachClass(in: bytes) { name in
            guard let rule = rule(name), rule.width <= viewportWidth else { return }
            let current = rule.isVisibility ? visibility : display
            if let current,
                current.width > rule.width || (current.width == rule.width && current.hides)
            {
                return
            }
            if rule.isVisibility { visibility = rule } else { display = rule }
        }
        return display?.hides == true || visibility?.hides == true
    }

    /// What one class sets: `visibility` (else `display`), from which window width on, and
    /// whether it hides.
    private struct Rule {
        var isVisibility: Bool
        var width: Int
        var hides: Bool
    }

    private typealias Bytes = UnsafeBufferPointer<UInt8>

    /// Whether `name` is a class that hides from a breakpoint up to the viewport's width on:
    /// `hidden`, `invisible`, `md:hidden`, `!hidden`, `hidden!`, `d-none`, `d-lg-none`.
    private static func hidesAtViewport(_ name: Bytes) -> Bool {
        var end = name.count
        if end > 0, name[end - 1] == UInt8(ascii: "!") { end -= 1 }
        // "none" and "invisible" end in e, "hidden" in n.
        guard end >= 6, name[end - 1] == UInt8(ascii: "e") || name[end - 1] == UInt8(ascii: "n")
        else { return false }
        let trimmed = Bytes(rebasing: name[0..<end])
        guard
            endsWith(trimmed, "hidden") || endsWith(trimmed, "none")
                || endsWith(trimmed, "invisible"),
            let rule = rule(trimmed)
        else { return false }
        return rule.hides && rule.width <= viewportWidth
    }

    /// What the class `name` sets, or nil for a class that is not a display or visibility
    /// utility (or has a variant other than a breakpoint).
    private static func rule(_ name: Bytes) -> Rule? {
        if name.count > 2, name[0] == UInt8(ascii: "d"), name[1] == UInt8(ascii: "-") {
            return bootstrapRule(Bytes(rebasing: name[2...]))
        }
        var width = 0
        var utility = name
        if let colon = name.firstIndex(of: UInt8(ascii: ":")) {
            guard
                let breakpoint = breakpointWidth(
                    Bytes(rebasing: name[..<colon]), tailwindBreakpoints)
            else { return nil }
            width = breakpoint
            utility = Bytes(rebasing: name[(colon + 1)...])
        }
        // Tailwind's important modifier: `!hidden` (v3) or `hidden!` (v4).
        if utility.first == UInt8(ascii: "!") { utility = Bytes(rebasing: utility.dropFirst()) }
        if utility.last == UInt8(ascii: "!") { utility = Bytes(rebasing: utility.dropLast()) }
        if equals(utility, "hidden") { return Rule(isVisibility: false, width: width, hides: true) }
        if equals(utility, "invisible") {
            return Rule(isVisibility: true, width: width, hides: true)
        }
        if equals(utility, "visible") {
            return Rule(isVisibility: true, width: width, hides: false)
        }
        guard tailwindDisplays.contains(where: { equals(utility, $0) }) else { return nil }
        return Rule(isVisibility: false, width: width, hides: false)
    }

    /// Bootstrap's `d-VALUE` and `d-BREAKPOINT-VALUE`, given what follows `d-`.
    private static func bootstrapRule(_ rest: Bytes) -> Rule? {
        var width = 0
        var value = rest
        if let dash = rest.firstIndex(of: UInt8(ascii: "-")),
            let breakpoint = breakpointWidth(Bytes(rebasing: rest[..<dash]), bootstrapBreakpoints)
        {
            width = breakpoint
            value = Bytes(rebasing: rest[(dash + 1)...])
        }
        if equals(value, "none") { return Rule(isVisibility: false, width: width, hides: true) }
        guard bootstrapDisplays.contains(where: { equals(value, $0) }) else { return nil }
        return Rule(isVisibility: false, width: width, hides: false)
    }

    /// The minimum window width of the breakpoint `name` in `table`, or nil.
    private static func breakpointWidth(_ name: Bytes, _ table: [(StaticString, Int)]) -> Int? {
        table.first { equals(name, $0.0) }?.1
    }

    /// Tailwind's breakpoints (minimum window widths).
    private static let tailwindBreakpoints: [(StaticString, Int)] = [
        ("sm", 640), ("md", 768), ("lg", 1024), ("xl", 1280), ("2xl", 1536),
    ]
    /// Bootstrap's breakpoints (minimum window widths).
    private static let bootstrapBreakpoints: [(StaticString, Int)] = [
        ("sm", 576), ("md", 768), ("lg", 992), ("xl", 1200), ("xxl", 1400),
    ]
    /// Tailwind's classes that set `display` to a value that shows the element.
    private static let tailwindDisplays: [StaticString] = [
        "block", "inline-block", "inline", "flex", "inline-flex", "table", "inline-table",
        "table-caption", "table-cell", "table-column", "table-column-group", "table-footer-group",
        "table-header-group", "table-row-group", "table-row", "flow-root", "grid", "inline-grid",
        "contents", "list-item",
    ]
    /// Bootstrap's `display` values other than `none`.
    private static let bootstrapDisplays: [StaticString] = [
        "inline", "inline-block", "block", "grid", "inline-grid", "table", "table-row",
        "table-cell", "flex", "inline-flex",
    ]

    /// Calls `body` with each class of the value (split at ASCII white space, as the class
    /// attribute is).
    private static func forEachClass(in bytes: Bytes, _ body: (Bytes) -> Void) {
        var start = 0
        for i in 0...bytes.count {
            // Most bytes are letters, digits and punctuation: one comparison.
            if i < bytes.count, bytes[i] > 0x20 || !isSpace(bytes[i]) { continue }
            if start < i { body(Bytes(rebasing: bytes[start..<i])) }
            start = i + 1
        }
    }

    /// Space, tab, line feed, form feed or carriage return: what separates classes.
    private static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
    }

    /// Whether `bytes` end with the ASCII `suffix`.
    private static func endsWith(_ bytes: Bytes, _ suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        return equals(Bytes(rebasing: bytes[(bytes.count - count)...]), suffix)
    }

    /// Whether `bytes` are the ASCII `text`.
    private static func equals(_ bytes: Bytes, _ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count == count else { return false }
        let pointer = text.utf8Start
        for k in 0..<count where bytes[k] != pointer[k] { return false }
        return true
    }
}
