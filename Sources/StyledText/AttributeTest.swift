import ByteScan
import MarkupAST

/// One attribute test of a selector part: `[name]` (the element has the attribute),
/// `[name=value]`, `[name~=value]` (one of its space-separated words), `[name|=value]` (the
/// value, or it followed by `-`), `[name^=value]`, `[name$=value]` and `[name*=value]` (it
/// starts with, ends with, contains the value). Values are bare names or quoted; an `i` or `s`
/// flag is accepted. They compare without ASCII case, as the stylesheet reads its selectors
/// in lower case. `[class~=x]` and `[id=x]` test the element's classes and id.
struct AttributeTest: Hashable, Sendable {
    enum Operator: Hashable, Sendable {
        case exists, equals, word, dash, prefix, suffix, contains
    }

    var name: String
    var op: Operator
    var value: String

    /// The test written from `bytes[start]` (a `[`) and the index after its `]`; nil when it
    /// is not one.
    static func parse(_ bytes: [UInt8], from start: Int) -> (AttributeTest, Int)? {
        var at = start + 1
        func skipSpaces() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x09 { at += 1 }
        }
        func name() -> String? {
            let from = at
            while at < bytes.count, CompoundSelector.isNameByte(bytes[at]) { at += 1 }
            return at > from ? String(decoding: bytes[from..<at], as: UTF8.self) : nil
        }
        skipSpaces()
        guard let attribute = name() else { return nil }
        skipSpaces()
        guard at < bytes.count else { return nil }
        if bytes[at] == 0x5D {  // "]"
            return (AttributeTest(name: attribute, op: .exists, value: ""), at + 1)
        }
        let operators: [UInt8: Operator] = [
            0x7E: .word, 0x7C: .dash, 0x5E: .prefix, 0x24: .suffix, 0x2A: .contains,
        ]
        var op = Operator.equals
        if let found = operators[bytes[at]] {
            op = found
            at += 1
        }
        guard at < bytes.count, bytes[at] == 0x3D else { return nil }  // "="
        at += 1
        skipSpaces()
        guard at < bytes.count else { return nil }
        let value: String
        if bytes[at] == 0x22 || bytes[at] == 0x27 {  // a quoted value
            guard let end = bytes[(at + 1)...].firstIndex(of: bytes[at]) else { return nil }
            value = String(decoding: bytes[(at + 1)..<end], as: UTF8.self)
            at = end + 1
        } else {
            guard let bare = name() else { return nil }
            value = bare
        }
        skipSpaces()
        if at < bytes.count, bytes[at] == 0x69 || bytes[at] == 0x73 {  // the `i` or `s` flag
            at += 1
            skipSpaces()
        }
        guard at < bytes.count, bytes[at] == 0x5D else { return nil }
        return (AttributeTest(name: attribute, op: op, value: value), at + 1)
    }

    /// Whether an element with `attributes` passes the test.
    func matches(_ attributes: Attributes) -> Bool {
        switch name {
        case "class":
            if op == .word {
                return attributes.classes.contains { Self.passes(.equals, $0, value) }
            }
            return !attributes.classes.isEmpty
                && Self.passes(op, attributes.classes.joined(separator: " "), value)
        case "id":
            return !attributes.id.isEmpty && Self.passes(op, attributes.id, value)
        default:
            guard let own = attributes.value(of: name) else { return false }
            return Self.passes(op, own, value)
        }
    }

    /// Whether the attribute's value `own` passes `op` with `value`, over their UTF-8 bytes in
    /// place (no copy, no lower-cased String per element tested).
    private static func passes(_ op: Operator, _ own: String, _ value: String) -> Bool {
        if op == .exists { return true }
        var own = own
        var value = value
        return own.withUTF8 { have in
            value.withUTF8 { want in
                let (n, m) = (have.count, want.count)
                /// Whether `want` is at `have[i...]`, but for ASCII case.
                func at(_ i: Int) -> Bool {
                    guard i >= 0, i + m <= n else { return false }
                    for k in 0..<m
                    where ByteScan.lowercasedASCII(have[i + k]) != ByteScan.lowercasedASCII(want[k])
                    {
                        return false
                    }
                    return true
                }
                switch op {
                case .exists: return true
                case .equals: return n == m && at(0)
                case .dash: return at(0) && (n == m || have[m] == 0x2D)
                case .prefix: return m > 0 && at(0)
                case .suffix: return m > 0 && at(n - m)
                case .contains: return m > 0 && n >= m && (0...(n - m)).contains(where: at)
                case .word:
                    // Each word separated by white space, compared whole.
                    var i = 0
                    while m > 0 && i < n {
                        while i < n, have[i] == 0x20 || have[i] == 0x09 || have[i] == 0x0A {
                            i += 1
                        }
                        let start = i
                        while i < n, have[i] != 0x20 && have[i] != 0x09 && have[i] != 0x0A {
                            i += 1
                        }
                        if i - start == m && at(start) { return true }
                    }
                    return false
                }
            }
        }
    }
}
