import Foundation
import MarkupAST
import StyledText

/// `STYLED_BENCH_PROFILE=nsexp`: Foundation construction variants over the same pieces
/// (for choosing how `attributedString()` calls Foundation; not part of the figures).
func foundationExperiments(_ texts: [StyledText], documents: [Document]) {
    // Pieces as the reference builds them, coalesced by Foundation.
    let pieces: [(String, [(NSRange, [NSAttributedString.Key: Any])])] = texts.map { s in
        let ns = s.attributedString()
        var out: [(NSRange, [NSAttributedString.Key: Any])] = []
        ns.enumerateAttributes(in: NSRange(location: 0, length: ns.length)) { a, r, _ in
            out.append((r, a))
        }
        return (s.string, out)
    }
    let only = ProcessInfo.processInfo.environment["NSEXP_ONLY"]
    func time(_ name: String, _ body: (Int) -> Int) {
        if let only, !name.hasPrefix(only) { return }
        var best = Double.infinity
        var sink = 0
        for _ in 0..<5 {
            let t0 = now()
            for _ in 0..<20 { for i in pieces.indices { sink &+= body(i) } }
            best = min(best, Double(now() - t0) / Double(20 * pieces.count))
        }
        print(name, String(format: "%.2f us per snippet", best / 1000), sink == 42 ? "" : "")

    }
    let total = pieces.map { $0.1.count }.reduce(0, +)
    print("pieces per snippet:", Double(total) / Double(pieces.count))
    time("setAttributes per piece") { i in
        let (s, p) = pieces[i]
        let m = NSMutableAttributedString(string: s)
        m.beginEditing()
        for (r, a) in p { m.setAttributes(a, range: r) }
        m.endEditing()
        return m.length
    }
    time("setAttributes per piece, no begin/endEditing") { i in
        let (s, p) = pieces[i]
        let m = NSMutableAttributedString(string: s)
        for (r, a) in p { m.setAttributes(a, range: r) }
        return m.length
    }
    time("setAttributes per piece, reverse order") { i in
        let (s, p) = pieces[i]
        let m = NSMutableAttributedString(string: s)
        for (r, a) in p.reversed() { m.setAttributes(a, range: r) }
        return m.length
    }
    let ns = pieces.map { NSString(string: $0.0) }
    time("append(NSAttributedString(string:attributes:)) per piece") { i in
        let (_, p) = pieces[i]
        let m = NSMutableAttributedString(string: "")
        for (r, a) in p {
            m.append(NSAttributedString(string: ns[i].substring(with: r), attributes: a))
        }
        return m.length
    }
    // Values turned into Foundation objects (NSString descriptions): what Swift-struct
    // values cost over native ones.
    let nativePieces = pieces.map { (s, p) in
        (s, p.map { (r, a) in (r, a.mapValues { v -> Any in
            if v is NSNumber || v is URL || v is Int || v is Double || v is Bool { return v }
            return NSString(string: "\(v)") }) })
    }
    time("setAttributes per piece, NSString values") { i in
        let (s, p) = nativePieces[i]
        let m = NSMutableAttributedString(string: s)
        for (r, a) in p { m.setAttributes(a, range: r) }
        return m.length
    }
    // `ADD_ALL=readback|fresh`: addAttribute for every key of every piece, with values read
    // back from an attributed string or freshly built (the Linux CFEqual halt hunt).
    if let source = ProcessInfo.processInfo.environment["ADD_ALL"] {
        let fresh = texts.map { (s: $0.string, p: referencePieces($0)) }
        let readBack = pieces.map { (s: $0.0, p: $0.1) }
        let chosen = source == "fresh" ? fresh : readBack
        time("addAttribute per key per piece, \(source) values") { i in
            let (s, p) = chosen[i]
            let m = NSMutableAttributedString(string: s)
            for (r, a) in p { for (k, v) in a { m.addAttribute(k, value: v, range: r) } }
            return m.length
        }
    }
    if let key = ProcessInfo.processInfo.environment["ADD_KEY"] {
        time("addAttribute per piece, key \(key) only") { i in
            let (s, p) = pieces[i]
            let m = NSMutableAttributedString(string: s)
            for (r, a) in p {
                for (k, v) in a where k.rawValue == key { m.addAttribute(k, value: v, range: r) }
            }
            return m.length
        }
    }
    // Pieces with dictionary ids (equal dictionaries share an id).
    typealias Identified = (String, [(NSRange, Int)], [[NSAttributedString.Key: Any]], Int)
    let identified: [Identified] = pieces.map { (s, p) in
        var ids: [[String: AnyHashable]: Int] = [:]
        var dicts: [[NSAttributedString.Key: Any]] = []
        var out: [(NSRange, Int)] = []
        for (r, a) in p {
            var key: [String: AnyHashable] = [:]
            for (k, v) in a { key[k.rawValue] = (v as? AnyHashable) ?? AnyHashable("\(v)") }
            if let id = ids[key] { out.append((r, id)) } else {
                ids[key] = dicts.count
                out.append((r, dicts.count))
                dicts.append(a)
            }
        }
        var uses = [Int](repeating: 0, count: dicts.count)
        for (_, id) in out { uses[id] += 1 }
        var base = 0
        for k in uses.indices where uses[k] > uses[base] { base = k }
        return (s, out, dicts, base)
    }
    time("base dictionary + setAttributes for the rest, in order") { i in
        let (s, p, d, base) = identified[i]
        let m = NSMutableAttributedString(string: s, attributes: d[base])
        for (r, id) in p where id != base { m.setAttributes(d[id], range: r) }
        return m.length
    }
    time("base dictionary + setAttributes for the rest, reversed") { i in
        let (s, p, d, base) = identified[i]
        let m = NSMutableAttributedString(string: s, attributes: d[base])
        for (r, id) in p.reversed() where id != base { m.setAttributes(d[id], range: r) }
        return m.length
    }
    time("empty + setAttributes for all, in order") { i in
        let (s, p, d, _) = identified[i]
        let m = NSMutableAttributedString(string: s)
        for (r, id) in p { m.setAttributes(d[id], range: r) }
        return m.length
    }
    time("empty + setAttributes for all but base, then base pieces") { i in
        let (s, p, d, base) = identified[i]
        let m = NSMutableAttributedString(string: s)
        for (r, id) in p where id != base { m.setAttributes(d[id], range: r) }
        for (r, id) in p where id == base { m.setAttributes(d[id], range: r) }
        return m.length
    }
    let nsStrings = identified.map { NSString(string: $0.0) }
    time("base dictionary + replaceCharacters with attributed pieces for the rest") { i in
        let (s, p, d, base) = identified[i]
        let m = NSMutableAttributedString(string: s, attributes: d[base])
        for (r, id) in p where id != base {
            let piece = NSAttributedString(
                string: nsStrings[i].substring(with: r), attributes: d[id])
            m.replaceCharacters(in: r, with: piece)
        }
        return m.length
    }
    time("append stretches") { i in
        let (_, p, d, _) = identified[i]
        let m = NSMutableAttributedString(string: "")
        for (r, id) in p {
            m.append(NSAttributedString(string: nsStrings[i].substring(with: r), attributes: d[id]))
        }
        return m.length
    }
    time("append stretches made from per-dictionary prototypes") { i in
        let (_, p, d, _) = identified[i]
        let prototypes = d.map { NSAttributedString(string: "x", attributes: $0) }
        let m = NSMutableAttributedString(string: "")
        for (r, id) in p {
            let piece = NSMutableAttributedString(attributedString: prototypes[id])
            piece.replaceCharacters(
                in: NSRange(location: 0, length: 1), with: nsStrings[i].substring(with: r))
            m.append(piece)
        }
        return m.length
    }
    time("base string, prototype pieces replacing the rest") { i in
        let (s, p, d, base) = identified[i]
        let prototypes = d.map { NSAttributedString(string: "x", attributes: $0) }
        let m = NSMutableAttributedString(string: s, attributes: d[base])
        for (r, id) in p where id != base {
            let piece = NSMutableAttributedString(attributedString: prototypes[id])
            piece.replaceCharacters(
                in: NSRange(location: 0, length: 1), with: nsStrings[i].substring(with: r))
            m.replaceCharacters(in: r, with: piece)
        }
        return m.length
    }
    time("append substrings of whole-text prototypes") { i in
        let (s, p, d, _) = identified[i]
        let prototypes = d.map { NSAttributedString(string: s, attributes: $0) }
        let m = NSMutableAttributedString(string: "")
        for (r, id) in p { m.append(prototypes[id].attributedSubstring(from: r)) }
        return m.length
    }
    time("ours: attributedString()") { i in texts[i].attributedString().length }
    // Every call with styles the prototype cache has never seen (a root font size of its
    // own per call): what a first conversion with a new stylesheet costs.
    let coldCount = 5 * 20 * texts.count
    let coldTexts: [StyledText] = (0..<coldCount).map { k in
        var sheet = Stylesheet.standard
        sheet.root = StyleRule(css: "font-size: \(16 + Double(k) / 4096)px")
        return StyledText(documents[k % documents.count], stylesheet: sheet)
    }
    var cold = 0
    time("ours: attributedString(), cold prototype cache") { _ in
        defer { cold += 1 }
        return coldTexts[cold % coldCount].attributedString().length
    }
    // Cached one-character prototypes per dictionary (built outside the timing, as a cache
    // across calls would), appended, then each placeholder replaced by its text (the
    // replacement takes the placeholder's attributes without copying the dictionary).
    let prototypes1 = identified.map {
        $0.2.map { NSAttributedString(string: "x", attributes: $0) }
    }
    let pieceTexts: [[String]] = identified.indices.map { i in
        identified[i].1.map { nsStrings[i].substring(with: $0.0) }
    }
    time("cached 1-char prototypes appended, placeholders replaced (reverse)") { i in
        let (_, p, _, _) = identified[i]
        let m = NSMutableAttributedString(string: "")
        for (_, id) in p { m.append(prototypes1[i][id]) }
        for k in p.indices.reversed() {
            m.replaceCharacters(in: NSRange(location: k, length: 1), with: pieceTexts[i][k])
        }
        return m.length
    }
    time("cached 1-char prototypes, each replaced right after its append") { i in
        let (_, p, _, _) = identified[i]
        let m = NSMutableAttributedString(string: "")
        for k in p.indices {
            m.append(prototypes1[i][p[k].1])
            m.replaceCharacters(
                in: NSRange(location: m.length - 1, length: 1), with: pieceTexts[i][k])
        }
        return m.length
    }
    time("cached 1-char prototypes, forward replacement with offsets") { i in
        let (_, p, _, _) = identified[i]
        let m = NSMutableAttributedString(string: "")
        for (_, id) in p { m.append(prototypes1[i][id]) }
        var at = 0
        for k in p.indices {
            m.replaceCharacters(in: NSRange(location: at, length: 1), with: pieceTexts[i][k])
            at += p[k].0.length
        }
        return m.length
    }
    time("cached 1-char prototypes appended only (no text)") { i in
        let (_, p, _, _) = identified[i]
        let m = NSMutableAttributedString(string: "")
        for (_, id) in p { m.append(prototypes1[i][id]) }
        return m.length
    }
    // Base dictionary over the whole string, then per other piece only the differing keys
    // (addAttribute) and the missing ones (removeAttribute).
    typealias Diff = (NSRange, [(NSAttributedString.Key, Any)], [NSAttributedString.Key])
    let diffs: [[Diff]] = identified.map { (_, p, d, base) in
        p.filter { $0.1 != base }.map { (r, id) in
            var add: [(NSAttributedString.Key, Any)] = []
            var remove: [NSAttributedString.Key] = []
            for (k, v) in d[id] {
                if let b = d[base][k] as? NSObject, b.isEqual(v) { continue }
                add.append((k, v))
            }
            for k in d[base].keys where d[id][k] == nil { remove.append(k) }
            return (r, add, remove)
        }
    }
    let differing = diffs.map { $0.map { $0.1.count + $0.2.count }.reduce(0, +) }.reduce(0, +)
    let nonBase = max(1, diffs.map(\.count).reduce(0, +))
    print("differing keys per non-base piece:", Double(differing) / Double(nonBase))
    time("base dictionary + addAttribute/removeAttribute of differing keys") { i in
        let (s, _, d, base) = identified[i]
        let m = NSMutableAttributedString(string: s, attributes: d[base])
        for (r, add, remove) in diffs[i] {
            for (k, v) in add { m.addAttribute(k, value: v, range: r) }
            for k in remove { m.removeAttribute(k, range: r) }
        }
        return m.length
    }
    time("base dictionary + addAttributes(differing dict)/removeAttribute") { i in
        let (s, _, d, base) = identified[i]
        let m = NSMutableAttributedString(string: s, attributes: d[base])
        for (r, add, remove) in diffs[i] {
            var a: [NSAttributedString.Key: Any] = [:]
            for (k, v) in add { a[k] = v }
            if !a.isEmpty { m.addAttributes(a, range: r) }
            for k in remove { m.removeAttribute(k, range: r) }
        }
        return m.length
    }
    time("NSAttributedString(string:attributes:) first piece only") { i in
        let (s, p) = pieces[i]
        return NSAttributedString(string: s, attributes: p[0].1).length
    }
    time("NSMutableAttributedString(string:) only") { i in
        NSMutableAttributedString(string: pieces[i].0).length
    }
}
