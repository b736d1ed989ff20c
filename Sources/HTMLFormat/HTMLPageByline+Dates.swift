extension HTMLPageByline {
    /// An attribute value that is a date (`YYYY-MM` at its start, as in `2024-05-01T10:00Z`),
    /// trimmed; nil otherwise.
    ///
    /// ```swift
    /// HTMLPageByline.attributeDate(" 2024-05-01T10:00:00Z ") // "2024-05-01T10:00:00Z"
    /// HTMLPageByline.attributeDate("PT5M") // nil
    /// ```
    static func attributeDate(_ value: String) -> String? {
        let trimmed = value.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let b = Array(trimmed.utf8.prefix(7))
        guard b.count == 7, b[0...3].allSatisfy(isDigit), b[4] == UInt8(ascii: "-"),
            b[5...6].allSatisfy(isDigit)
        else { return nil }
        return trimmed
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// The first date written in `text`, as `YYYY-MM-DD`: `2024-05-01` (or with `/` or `.`),
    /// `2024年5月1日` and `2024년 5월 1일`, `1.5.2024` (day first), and English month names
    /// (`May 1, 2024`, `1st May 2024`, `Sept. 1 2024`, full or three-letter). Years 1900 to
    /// 2099; nil when there is none.
    ///
    /// ```swift
    /// HTMLPageByline.dateFromText("Updated Thu, 14 May 2020 17:55 UTC") // "2020-05-14"
    /// HTMLPageByline.dateFromText("on December 27, 2014 at 12:06 PM") // "2014-12-27"
    /// ```
    static func dateFromText(_ text: String) -> String? {
        let tokens = dateTokens(text)
        for k in tokens.indices {
            if let date = date(tokens, at: k) { return date }
        }
        return nil
    }

    /// A number, a word (letters, lower-cased) or one other character.
    private enum DateToken: Equatable {
        case number(Int, digits: Int)
        case word(String)
        case mark(Character)
    }

    private static func dateTokens(_ text: String) -> [DateToken] {
        var tokens: [DateToken] = []
        var number = 0
        var digits = 0
        var word = ""
        func flush() {
            if digits > 0 { tokens.append(.number(number, digits: digits)) }
            if !word.isEmpty { tokens.append(.word(word.lowercased())) }
            number = 0
            digits = 0
            word = ""
        }
        for c in text.prefix(400) {
            if let d = c.wholeNumberValue, c.isASCII {
                if !word.isEmpty { flush() }
                number = min(number * 10 + d, 100_000)
                digits += 1
            } else if c.isLetter && (c.isASCII || !"年月日년월일".contains(c)) {
                if digits > 0 { flush() }
                word.append(c)
            } else {
                flush()
                if !c.isWhitespace { tokens.append(.mark(c)) }
            }
        }
        flush()
        return tokens
    }

    private static let months: [String: Int] = {
        let names = [
            "january", "february", "march", "april", "may", "june", "july", "august",
            "september", "october", "november", "december",
        ]
        var table: [String: Int] = ["sept": 9]
        for (k, name) in names.enumerated() {
            table[name] = k + 1
            table[String(name.prefix(3))] = k + 1
        }
        return table
    }()

    /// The date that starts at token `k`, if any.
    private static func date(_ t: [DateToken], at k: Int) -> String? {
        func number(_ j: Int, digits: ClosedRange<Int>) -> Int? {
            guard j < t.count, case .number(let n, let d) = t[j], digits.contains(d) else {
                return nil
            }
            return n
        }
        // (The marks as a string: a `Set` literal hashed its characters on every call.)
        func mark(_ j: Int, _ marks: String) -> Bool {
            guard j < t.count, case .mark(let c) = t[j] else { return false }
            return marks.contains(c)
        }
        func month(_ j: Int) -> Int? {
            guard j < t.count, case .word(let w) = t[j] else { return nil }
            return months[w]
        }
        /// Skips an ordinal suffix, a `.` and a `,` after token `j`.
        func after(_ j: Int) -> Int {
            var j = j + 1
            if j < t.count, case .word(let w) = t[j], ["st", "nd", "rd", "th"].contains(w) {
                j += 1
            }
            if mark(j, ".") { j += 1 }
            if mark(j, ",") { j += 1 }
            return j
        }
        switch t[k] {
        case .number(let year, digits: 4):
            // 2024-05-01, 2024/05/01, 2024.05.01, 2024年5月1日, 2024년 5월 1일
            if let separator = "-/.".first(where: { mark(k + 1, String($0)) }),
                let m = number(k + 2, digits: 1...2), mark(k + 3, String(separator)),
                let d = number(k + 4, digits: 1...2)
            {
                return iso(year, m, d)
            }
            if mark(k + 1, "年년"), let m = number(k + 2, digits: 1...2),
                mark(k + 3, "月월"), let d = number(k + 4, digits: 1...2),
                mark(k + 5, "日일")
            {
                return iso(year, m, d)
            }
        case .number(let d, digits: 1...2):
            // 1.5.2024, 1 May 2024, 1st May, 2024
            if mark(k + 1, "."), let m = number(k + 2, digits: 1...2), mark(k + 3, "."),
                let year = number(k + 4, digits: 4...4)
            {
                return iso(year, m, d)
            }
            let j = after(k)
            if let m = month(j) {
                var y = j + 1
                if mark(y, ".") { y += 1 }
                if mark(y, ",") { y += 1 }
                if let year = number(y, digits: 4...4) { return iso(year, m, d) }
            }
        case .word:
            // May 1, 2024; Sept. 1st 2024
            if let m = month(k) {
                var j = k + 1
                if mark(j, ".") { j += 1 }
                if let d = number(j, digits: 1...2), let year = number(after(j), digits: 4...4) {
                    return iso(year, m, d)
                }
            }
        default:
            break
        }
        return nil
    }

    private static func iso(_ year: Int, _ month: Int, _ day: Int) -> String? {
        guard (1900...2099).contains(year), (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))"
    }
}
