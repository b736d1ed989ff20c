extension MarkupSelector {
    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39)
            || b == 0x2D || b == 0x5F || b >= 0x80
    }

    static func parse(_ text: String) throws(SelectorError) -> [[Compound]] {
        let s = Array(text.utf8)
        var i = 0
        var groups: [[Compound]] = []
        var compounds: [Compound] = []
        var current: Compound? = nil
        var pending: Combinator?
        func name() -> String {
            let start = i
            while i < s.count, isNameByte(s[i]) { i += 1 }
            return String(decoding: s[start..<i], as: UTF8.self)
        }
        func finishCompound() {
            if var c = current {
                c.combinator = pending ?? .descendant
                pending = nil
                compounds.append(c)
                current = nil
            }
        }
        while i < s.count {
            let b = s[i]
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D:
                finishCompound()
                i += 1
            case UInt8(ascii: ">"), UInt8(ascii: "+"), UInt8(ascii: "~"):
                finishCompound()
                guard !compounds.isEmpty, pending == nil else {
                    let char = Character(Unicode.Scalar(b))
                    throw SelectorError("'\(char)' without a selector at \(i)")
                }
                pending =
                    b == UInt8(ascii: ">") ? .child : b == UInt8(ascii: "+") ? .adjacent : .sibling
                i += 1
            case UInt8(ascii: ":"):
                let colon = i
                i += 1
                let pseudo = name().lowercased()
                guard pseudo == "not", i < s.count, s[i] == UInt8(ascii: "(") else {
                    throw SelectorError("unsupported pseudo-class ':\(pseudo)' at \(colon)")
                }
                let start = i + 1
                while i < s.count, s[i] != UInt8(ascii: ")") { i += 1 }
                guard i < s.count else { throw SelectorError("unterminated ':not(' at \(start)") }
                let inner = try parse(String(decoding: s[start..<i], as: UTF8.self))
                guard inner.allSatisfy({ $0.count == 1 }) else {
                    throw SelectorError(":not() takes simple selectors only, at \(start)")
                }
                i += 1
                if current == nil { current = Compound() }
                current!.nots += inner.map { $0[0] }
            case UInt8(ascii: ","):
                finishCompound()
                guard !compounds.isEmpty, pending == nil else {
                    throw SelectorError("empty selector before ',' at \(i)")
                }
                groups.append(compounds)
                compounds = []
                i += 1
            case UInt8(ascii: "."), UInt8(ascii: "#"):
                i += 1
                let n = name()
                guard !n.isEmpty else { throw SelectorError("missing name at \(i)") }
                if current == nil { current = Compound() }
                if b == UInt8(ascii: ".") {
                    current!.classes.append(n)
                } else {
                    current!.ids.append(n)
                }
            case UInt8(ascii: "*"):
                i += 1
                if current == nil { current = Compound() }
                current!.tag = "*"
            case UInt8(ascii: "["):
                i += 1
                while i < s.count, s[i] == 0x20 { i += 1 }
                let n = name().lowercased()
                guard !n.isEmpty else { throw SelectorError("missing attribute name at \(i)") }
                while i < s.count, s[i] == 0x20 { i += 1 }
                var op = AttributeTest.Op.exists
                var value = ""
                if i < s.count, s[i] != UInt8(ascii: "]") {
                    switch s[i] {
                    case UInt8(ascii: "="): op = .equals
                    case UInt8(ascii: "^"): op = .prefix
                    case UInt8(ascii: "$"): op = .suffix
                    case UInt8(ascii: "*"): op = .contains
                    case UInt8(ascii: "~"): op = .word
                    default: throw SelectorError("unexpected character in [] at \(i)")
                    }
                    i += op == .equals ? 1 : 2
                    guard op == .equals || (i - 1 < s.count && s[i - 1] == UInt8(ascii: "="))
                    else { throw SelectorError("expected '=' at \(i - 1)") }
                    while i < s.count, s[i] == 0x20 { i += 1 }
                    if i < s.count, s[i] == UInt8(ascii: "\"") || s[i] == UInt8(ascii: "'") {
                        let q = s[i]
                        i += 1
                        let start = i
                        while i < s.count, s[i] != q { i += 1 }
                        guard i < s.count else { throw SelectorError("unterminated string") }
                        value = String(decoding: s[start..<i], as: UTF8.self)
                        i += 1
                    } else {
                        let start = i
                        while i < s.count, s[i] != UInt8(ascii: "]"), s[i] != 0x20 { i += 1 }
                        value = String(decoding: s[start..<i], as: UTF8.self)
                    }
                    while i < s.count, s[i] == 0x20 { i += 1 }
                }
                guard i < s.count, s[i] == UInt8(ascii: "]") else {
                    throw SelectorError("expected ']' at \(i)")
                }
                i += 1
                if current == nil { current = Compound() }
                current!.attributes.append(AttributeTest(name: n, op: op, value: value))
            default:
                guard isNameByte(b), current == nil else {
                    throw SelectorError("unexpected '\(Character(Unicode.Scalar(b)))' at \(i)")
                }
                current = Compound(tag: name().lowercased())
            }
        }
        finishCompound()
        guard !compounds.isEmpty, pending == nil else { throw SelectorError("empty selector") }
        groups.append(compounds)
        return groups
    }
}
