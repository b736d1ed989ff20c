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
                var argument: (text: String, at: Int)?
                if i < s.count, s[i] == UInt8(ascii: "(") {
                    let start = i + 1
                    while i < s.count, s[i] != UInt8(ascii: ")") { i += 1 }
                    guard i < s.count else {
                        throw SelectorError("unterminated ':\(pseudo)(' at \(start)")
                    }
                    argument = (String(decoding: s[start..<i], as: UTF8.self), start)
                    i += 1
                }
                if current == nil { current = Compound() }
                if pseudo == "not", let argument {
                    let inner = try parse(argument.text)
                    guard inner.allSatisfy({ $0.count == 1 }) else {
                        throw SelectorError(
                            ":not() takes simple selectors only, at \(argument.at)")
                    }
                    current!.nots += inner.map { $0[0] }
                } else if let tests = try positionTests(pseudo, argument) {
                    current!.positions += tests
                } else {
                    throw SelectorError("unsupported pseudo-class ':\(pseudo)' at \(colon)")
                }
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
                    // The whole character, not its first byte (`*é`).
                    let char = String(decoding: s[i...].prefix(4), as: UTF8.self).first ?? "?"
                    throw SelectorError("unexpected '\(char)' at \(i)")
                }
                current = Compound(tag: name().lowercased())
            }
        }
        finishCompound()
        guard !compounds.isEmpty, pending == nil else { throw SelectorError("empty selector") }
        groups.append(compounds)
        return groups
    }

    /// The structural pseudo-class `:name` with its argument (`nth-child(2n+1)`) as tests
    /// (`only-child` is two: first and last), nil for another name; throws on an argument
    /// that is not `An+B`, `odd` or `even`, or that is missing or given where none is taken.
    static func positionTests(
        _ name: String, _ argument: (text: String, at: Int)?
    ) throws(SelectorError) -> [PositionTest]? {
        let ofType = name.hasSuffix("-of-type")
        guard ofType || name.hasSuffix("-child") else { return nil }
        let base = String(name.dropLast(ofType ? 8 : 6))
        let first = PositionTest(a: 0, b: 1, ofType: ofType)
        let last = PositionTest(a: 0, b: 1, fromEnd: true, ofType: ofType)
        switch base {
        case "first", "last", "only":
            if let argument {
                throw SelectorError(":\(name) takes no argument, at \(argument.at - 1)")
            }
            return base == "first" ? [first] : base == "last" ? [last] : [first, last]
        case "nth", "nth-last":
            guard let argument else { throw SelectorError(":\(name) needs an argument (An+B)") }
            guard let (a, b) = parseAnPlusB(argument.text) else {
                throw SelectorError(
                    "':\(name)(\(argument.text))' is not An+B, odd or even, at \(argument.at)")
            }
            // Clamped, so that matching cannot overflow: no element has a billion siblings.
            let limit = 1_000_000_000
            return [
                PositionTest(
                    a: min(max(a, -limit), limit), b: min(max(b, -limit), limit),
                    fromEnd: base == "nth-last", ofType: ofType)
            ]
        default: return nil
        }
    }

    /// `An+B` (`2n+1`, `-n+3`, `n`, `4`, `odd`, `even`, with spaces around the sign) as (A, B).
    static func parseAnPlusB(_ text: String) -> (Int, Int)? {
        let t = String(text.lowercased().filter { !$0.isWhitespace })
        if t == "odd" { return (2, 1) }
        if t == "even" { return (2, 0) }
        guard let n = t.firstIndex(of: "n") else { return Int(t).map { (0, $0) } }
        let head = t[..<n]
        let a: Int?
        switch head {
        case "", "+": a = 1
        case "-": a = -1
        default: a = Int(head)
        }
        let tail = t[t.index(after: n)...]
        guard let a else { return nil }
        if tail.isEmpty { return (a, 0) }
        guard tail.first == "+" || tail.first == "-", let b = Int(tail) else { return nil }
        return (a, b)
    }
}
