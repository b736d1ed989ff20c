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
            guard !attributes.classes.isEmpty else { return false }
            if op == .word { return attributes.classes.contains { Self.same($0.utf8, value.utf8) } }
            return matches(attributes.classes.joined(separator: " "))
        case "id":
            return !attributes.id.isEmpty && matches(attributes.id)
        default:
            guard let own = attributes.value(of: name) else { return false }
            return matches(own)
        }
    }

    /// Whether the attribute's value `own` passes the test.
    private func matches(_ own: String) -> Bool {
        let have = own.utf8
        let want = value.utf8
        switch op {
        case .exists:
            return true
        case .equals:
            return Self.same(have, want)
        case .word:
            return !want.isEmpty
                && have.split(whereSeparator: { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A })
                    .contains { Self.same($0, want) }
        case .dash:
            return Self.same(have, want)
                || have.count > want.count && Self.same(have.prefix(want.count), want)
                    && have.dropFirst(want.count).first == 0x2D
        case .prefix:
            return !want.isEmpty && have.count >= want.count
                && Self.same(have.prefix(want.count), want)
        case .suffix:
            return !want.isEmpty && have.count >= want.count
                && Self.same(have.suffix(want.count), want)
        case .contains:
            guard !want.isEmpty, have.count >= want.count else { return false }
            let bytes = Array(have)
            let pattern = Array(want)
            return (0...(bytes.count - pattern.count)).contains {
                Self.same(bytes[$0..<($0 + pattern.count)], pattern)
            }
        }
    }

    /// Whether two byte sequences are equal but for ASCII case.
    private static func same<A: Collection<UInt8>, B: Collection<UInt8>>(_ a: A, _ b: B) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { lower($0) == lower($1) }
    }

    private static func lower(_ b: UInt8) -> UInt8 {
        b >= 0x41 && b <= 0x5A ? b | 0x20 : b
    }
}
