import HTML5Parser
import MarkupAST

/// Finds the main content of a page (`HTMLReaderOptions.mainContent`) and makes it the
/// page's only content, in the DOM, before the lowering: the rest of the pipeline (every
/// writer) is the usual one.
///
/// 1. One post-order walk over the body computes, per element, its visible text length in
///    characters (so CJK counts as well as spaced scripts), the part of it inside links (not
///    of a link that shows its address: a reference, not navigation), commas, and a score (CJK characters, U+3000 to U+DFFF, count two: each holds about a
///    word): each paragraph-like element (`<p>`, `<pre>`, `<td>`, a block
///    without block children) of 25 characters or more gives `1 + commas + min(length / 100,
///    3)` (less its link share) to its parent, half to its grandparent and a third of its
///    level to the ones above (five levels). Subtrees whose class or id are chrome words only
///    (`MainContentHints`) are not scored.
/// 2. The candidate with the best score, corrected by its tag, its hints (`<article>`,
///    `<main>`, `role=main`, `itemprop=articleBody`, class and id words) and its link density,
///    wins; it is widened to a parent that several near-best candidates share, or whose
///    score is higher, to the common ancestor of the posts of a thread (three or more other
///    elements of its name and class, or of those of a parent it fills, holding text), or
///    to the parent it is the only child of.
/// 3. Its siblings join it when they score well enough, or are paragraphs of prose, figures
///    beside it, or the heading just before it.
/// 4. Inside, chrome is removed: navigation, forms, buttons, asides and blocks whose words,
///    link density or shape say share bar, related list or the like (never code or a
///    table of data, never most of the text, never a post of a thread or what holds one);
///    in a post or product, its author box, votes, ratings and reviews (class and id words),
///    its header line (`<b>Posted:</b> ...`) or mail-style header lines, a signature (a
///    `--` or `_____` line and the little text after it).
///
/// No candidate, a tie between unrelated ones, or too little text: the whole body stays,
/// with a `select.no-main-content` note. Linear in the DOM: each pass reads a node a bounded
/// number of times (ancestor steps are bounded by five or by the depth cap).
enum MainContent {
    /// Element flags.
    private struct Flags: OptionSet {
        let rawValue: UInt8
        static let candidate = Flags(rawValue: 1)
        static let hasBlock = Flags(rawValue: 2)
        static let hasCode = Flags(rawValue: 4)
        static let unlikely = Flags(rawValue: 8)
        static let hasHeading = Flags(rawValue: 16)
        static let hasForm = Flags(rawValue: 32)
    }

    /// What the walk measures, per node index.
    private struct Measure {
        var chars: [Int32]
        var linkChars: [Int32]
        var commas: [Int32]
        var sentences: [Int32]
        var paragraphs: [Int32]
        var score: [Float]
        var flags: [Flags]

        init(count: Int) {
            chars = Array(repeating: 0, count: count)
            linkChars = chars
            commas = chars
            sentences = chars
            paragraphs = chars
            score = Array(repeating: 0, count: count)
            flags = Array(repeating: [], count: count)
        }

        func linkDensity(_ i: Int) -> Float {
            chars[i] == 0 ? 0 : Float(linkChars[i]) / Float(chars[i])
        }
    }

    /// Makes the main content the body's only content; returns the fallback's diagnostic
    /// when there is none (then `dom` is unchanged).
    static func select(in dom: inout HTMLDocument) -> Diagnostic? {
        guard let body = body(of: dom) else { return fallback("no <body>") }
        var m = Measure(count: dom.nodes.count)
        measure(dom, from: body, into: &m)
        guard let (top, posts) = best(dom, body: body, m) else {
            return fallback("no candidate block of text")
        }
        let parts = withSiblings(dom, top, m)
        let total = parts.reduce(0) {
            $0 + Int(m.chars[Int($1.index)] - m.linkChars[Int($1.index)])
        }
        if total < 140 {
            return fallback("the best block has \(total) characters of text")
        }
        var chrome: [HTMLNodeID] = []
        let kept = postPaths(dom, posts)
        for part in parts {
            findChrome(dom, in: part, m, total: total, kept: kept, into: &chrome)
        }
        for id in chrome { dom.detach(id) }
        var c = dom[body].firstChild
        while let child = c {
            c = dom[child].nextSibling
            dom.detach(child)
        }
        for part in parts { dom.append(part, to: body) }
        return nil
    }

    private static func fallback(_ why: String) -> Diagnostic {
        Diagnostic(
            .note, .selectNoMainContent, "--main-content: \(why); the whole page was converted")
    }

    /// The `<body>` (the root of a fragment).
    private static func body(of dom: HTMLDocument) -> HTMLNodeID? {
        if dom.isFragment { return dom.root }
        guard let html = dom.documentElement else { return nil }
        for child in dom.children(of: html) where dom[child].isHTMLElement("body") {
            return child
        }
        return nil
    }

    // MARK: - Measuring

    /// What the measuring walk does with an element, by name (a table, not a `Set<String>`:
    /// it is looked up for every element).
    private enum Kind {
        /// Not measured (scripts, frames, form controls ...): the lowering drops or keeps it.
        case skipped
        /// A paragraph whatever it holds.
        case paragraph
        /// A block: a paragraph when it holds no other block.
        case block
        case link, code, heading, formControl
    }

    private static let kinds: HTMLReaderNameTable<Kind> = {
        var table: [String: Kind] = [:]
        for name in [
            "script", "style", "noscript", "template", "svg", "head", "title", "canvas", "iframe",
            "object", "embed", "math",
        ] {
            table[name] = .skipped
        }
        for name in ["select", "textarea", "button"] { table[name] = .formControl }
        for name in ["p", "pre", "td"] { table[name] = .paragraph }
        for name in ["h1", "h2", "h3", "h4", "h5", "h6"] { table[name] = .heading }
        table["a"] = .link
        table["code"] = .code
        table["form"] = .block
        table["input"] = .formControl
        for name in [
            "address", "article", "aside", "blockquote", "center", "details", "dialog", "dd", "dir",
            "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "header", "hgroup",
            "li", "listing", "main", "menu", "nav", "ol", "plaintext", "search", "section",
            "summary", "table", "ul", "xmp", "caption", "thead", "tbody", "tfoot", "tr", "th",
            "hr",
        ] {
            table[name] = .block
        }
        return HTMLReaderNameTable(table)
    }()

    private static func kind(_ name: String) -> Kind? { kinds[name: name] }

    /// The post-order walk: counts flow from children to parents when a node is left.
    private static func measure(_ dom: HTMLDocument, from body: HTMLNodeID, into m: inout Measure) {
        dom.nodes.withUnsafeBufferPointer { nodes in
            var current: Int32 = nodes[Int(body.index)].firstChild?.index ?? -1
            if current < 0 { return }
            let stop = body.index
            while true {
                // Go down as far as possible.
                let i = Int(current)
                var descend = false
                if nodes[i].kind == .element {
                    let name = nodes.name(of: i)
                    let kind = kind(name)
                    if kind == .skipped || kind == .formControl {
                        m.flags[i].insert(.unlikely)
                        if kind == .formControl, let parent = nodes[i].parent {
                            m.flags[Int(parent.index)].insert(.hasForm)
                        }
                    } else if isUnlikely(nodes[i], name) {
                        m.flags[i].insert(.unlikely)
                    } else {
                        descend = nodes[i].firstChild != nil
                    }
                } else if nodes[i].kind == .text {
                    countText(nodes.data(of: i), i, &m)
                }
                if descend, let child = nodes[i].firstChild {
                    current = child.index
                    continue
                }
                // Leave this node, then every ancestor whose last child it was.
                var node = current
                while true {
                    let parent = nodes[Int(node)].parent?.index ?? -1
                    leave(Int(node), parent: Int(parent), nodes, &m)
                    if let next = nodes[Int(node)].nextSibling {
                        current = next.index
                        break
                    }
                    if parent < 0 || parent == stop { return }
                    node = parent
                }
            }
        }
    }

    private static func isUnlikely(_ node: HTMLNode, _ name: String) -> Bool {
        switch name {
        case "nav", "aside", "footer", "form", "dialog": break
        case "body", "html", "article", "main", "a", "p", "pre", "table", "tbody", "tr", "td":
            return false
        default:
            if node.attributes.isEmpty { return false }
        }
        let role = node.attribute("role")
        if role == "navigation" || role == "complementary" || role == "contentinfo"
            || role == "banner" || role == "dialog" || role == "alertdialog"
        {
            return true
        }
        switch name {
        case "nav", "aside", "dialog": return true
        case "footer", "form":
            // Chrome unless a class or id says content.
            return MainContentHints.weight(
                classes: node.attribute("class"), id: node.attribute("id")) <= 0
                && node.attribute("itemprop") == nil && name != "form"
        default:
            // Class and id words alone do not stop the scoring: a page-wide wrapper can
            // carry one (`blq-int-nav`). They weigh in the candidates' scores and in the
            // cleaning instead.
            return false
        }
    }

    private static func countText(_ text: String, _ i: Int, _ m: inout Measure) {
        var chars: Int32 = 0
        var commas: Int32 = 0
        var sentences: Int32 = 0
        var previous: (UInt8, UInt8) = (0, 0)
        for b in text.utf8 {
            switch b {
            case 0x20, 0x09, 0x0A, 0x0C, 0x0D: break
            case 0x80...0xBF:
                // U+3001 、 U+3002 。 (E3 80 81/82), U+FF0C ， U+FF01 ！ U+FF1F ？ (EF BC ...)
                if previous == (0xE3, 0x80) && b == 0x81 || previous == (0xEF, 0xBC) && b == 0x8C {
                    commas += 1
                } else if previous == (0xE3, 0x80) && b == 0x82
                    || previous == (0xEF, 0xBC) && (b == 0x81 || b == 0x9F)
                {
                    sentences += 1
                }
            case 0xE3...0xED:
                // U+3000-U+DFFF (CJK, kana, Hangul): a character holds about a word, two
                // characters of a spaced script.
                chars += 2
            case UInt8(ascii: ","):
                chars += 1
                commas += 1
            case UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?"):
                chars += 1
                sentences += 1
            default: chars += 1
            }
            previous = (previous.1, b)
        }
        m.chars[i] = chars
        m.commas[i] = commas
        m.sentences[i] = sentences
    }

    /// Adds node `i`'s counts to its parent and, for a paragraph, its score to its ancestors.
    private static func leave(
        _ i: Int, parent: Int, _ nodes: UnsafeBufferPointer<HTMLNode>, _ m: inout Measure
    ) {
        guard nodes[i].kind == .element || nodes[i].kind == .text else { return }
        let unlikely = m.flags[i].contains(.unlikely)
        if nodes[i].kind == .element && !unlikely {
            let name = nodes.name(of: i)
            let kind = kind(name)
            switch kind {
            case .link:
                // A link that shows its address is a reference the reader reads, not
                // navigation: its text is not counted as link text.
                if nodes[i].attribute("href") != nil && !showsAddress(i, nodes) {
                    m.linkChars[i] = m.chars[i]
                }
            case .code: m.flags[i].insert(.hasCode)
            case .heading: m.flags[i].insert(.hasHeading)
            case .block where name == "form": m.flags[i].insert(.hasForm)
            case .paragraph where name == "pre": m.flags[i].insert(.hasCode)
            default: break
            }
            let block = kind == .block || kind == .paragraph || kind == .heading
            let paragraphLike =
                kind == .paragraph
                || kind == .block && !m.flags[i].contains(.hasBlock) && name != "li"
            if paragraphLike && m.chars[i] >= 25 {
                m.paragraphs[i] += 1
                let own =
                    (1 + Float(m.commas[i]) + min(Float(m.chars[i]) / 100, 3))
                    * (1 - m.linkDensity(i))
                var ancestor = parent
                var level = 0
                while ancestor >= 0, level < 5, nodes[ancestor].kind == .element {
                    m.score[ancestor] +=
                        level == 0 ? own : level == 1 ? own / 2 : own / Float(3 * level)
                    m.flags[ancestor].insert(.candidate)
                    ancestor = Int(nodes[ancestor].parent?.index ?? -1)
                    level += 1
                }
            }
            if block, parent >= 0 { m.flags[parent].insert(.hasBlock) }
        }
        guard parent >= 0, !unlikely else { return }
        m.chars[parent] += m.chars[i]
        m.linkChars[parent] += m.linkChars[i]
        m.commas[parent] += m.commas[i]
        m.sentences[parent] += m.sentences[i]
        m.paragraphs[parent] += m.paragraphs[i]
        m.flags[parent].formUnion(m.flags[i].intersection([.hasCode, .hasHeading, .hasForm]))
    }

    /// Whether link `i`'s text starts with its address (`http://...`, `https://...`): its
    /// first child is that text. Reads one text node.
    private static func showsAddress(_ i: Int, _ nodes: UnsafeBufferPointer<HTMLNode>) -> Bool {
        guard let first = nodes[i].firstChild, nodes[Int(first.index)].kind == .text else {
            return false
        }
        let text = trimmed(nodes.data(of: Int(first.index)))
        return text.hasPrefix("http://") || text.hasPrefix("https://")
    }

    // MARK: - Choosing

    /// A candidate's score with its tag, hints (class and id words unless `words` is false)
    /// and link density.
    private static func finalScore(
        _ dom: HTMLDocument, _ i: Int, _ m: Measure, words: Bool = true
    ) -> Float {
        let node = dom.nodes[i]
        var base = m.score[i]
        switch node.name {
        case "div", "article", "main", "section": base += 5
        case "pre", "td", "blockquote": base += 3
        case "address", "ol", "ul", "dl", "dd", "dt", "li", "form": base -= 3
        case "h1", "h2", "h3", "h4", "h5", "h6", "th": base -= 5
        default: break
        }
        if node.name == "article" || node.name == "main" { base += 10 }
        if node.attribute("role") == "main" { base += 10 }
        if let prop = node.attribute("itemprop"), prop.contains("articleBody") { base += 25 }
        if words {
            base += Float(
                MainContentHints.weight(classes: node.attribute("class"), id: node.attribute("id"))
            )
        }
        return base * (1 - m.linkDensity(i))
    }

    /// The winning container, widened as step 2 says; nil when there is none or a tie.
    /// With the posts of a thread when it was widened to them (else none).
    private static func best(
        _ dom: HTMLDocument, body: HTMLNodeID, _ m: Measure
    ) -> (HTMLNodeID, posts: [Int])? {
        // The five best candidates.
        var top: [(Int, Float)] = []
        for i in m.flags.indices where m.flags[i].contains(.candidate) && i != Int(body.index) {
            // The hints add at most 75: a candidate that cannot reach the fifth best is
            // not weighed (weighing reads its attributes).
            if top.count == 5, (m.score[i] + 75) * (1 - m.linkDensity(i)) <= top[4].1 {
                continue
            }
            let s = finalScore(dom, i, m)
            if top.count < 5 || s > top[top.count - 1].1 {
                top.append((i, s))
                top.sort { $0.1 > $1.1 }
                if top.count > 5 { top.removeLast() }
            }
        }
        guard var (winner, score) = top.first, score > 0 else { return nil }
        let ancestorsOfWinner = ancestors(dom, winner, upTo: body)
        // A tie with a candidate that neither contains nor is inside the winner.
        for (other, s) in top.dropFirst() where s >= score * 0.999 {
            if !ancestorsOfWinner.contains(other)
                && !ancestors(dom, other, upTo: body).contains(winner)
            {
                return nil
            }
        }
        // Several near-best candidates under one ancestor: that ancestor.
        let near = top.dropFirst().filter { $0.1 >= score * 0.75 }.map { $0.0 }
        if near.count >= 2 {
            let lists = near.map { Set(ancestors(dom, $0, upTo: body)) }
            for a in ancestorsOfWinner where a != Int(body.index) {
                if lists.filter({ $0.contains(a) }).count >= 2 {
                    winner = a
                    score = finalScore(dom, a, m)
                    break
                }
            }
        }
        // A parent scoring higher (not one far lower on the way).
        // Its paragraphs and tag must make it score higher, not only its class words (a
        // page-wide `div#page` of navigation and footer).
        var last = score
        var lastUnhinted = finalScore(dom, winner, m, words: false)
        var p = dom.nodes[winner].parent?.index
        while let parent = p, parent != body.index {
            let i = Int(parent)
            if m.flags[i].contains(.candidate) {
                let s = finalScore(dom, i, m)
                if s < score / 3 { break }
                let unhinted = finalScore(dom, i, m, words: false)
                if s > last && unhinted > lastUnhinted {
                    winner = i
                    break
                }
                last = s
                lastUnhinted = unhinted
            }
            p = dom.nodes[i].parent?.index
        }
        let posts: [Int]
        (winner, posts) = widenedToRepeats(dom, winner, body: body, m)
        // The only child of its parent: the parent.
        while let parent = dom.nodes[winner].parent, parent != body,
            elementChildCount(dom, parent) == 1
        {
            winner = Int(parent.index)
        }
        return (HTMLNodeID(winner), posts)
    }

    /// The posts of a thread: when two or more other elements of the winner's name and class
    /// hold text (each post's body in a forum or Q&A page), their nearest common ancestor
    /// with the winner, when it is not the body, they hold at least half of its text and it
    /// is not mostly links. Elements inside the winner or around it do not count. Each node
    /// is walked up from once (a walk stops at a node an earlier one passed), so this is
    /// linear in the DOM.
    private static func widenedToRepeats(
        _ dom: HTMLDocument, _ winner: Int, body: HTMLNodeID, _ m: Measure
    ) -> (Int, posts: [Int]) {
        // The winner can be a block inside the post (a snippet box): its parent and
        // grandparent are tried too while the winner holds most (4/5) of their text.
        var post = winner
        for _ in 0..<3 {
            if let found = commonAncestorOfRepeats(dom, post, body: body, m) { return found }
            guard let parent = dom.nodes[post].parent, parent != body,
                m.chars[winner] * 5 >= m.chars[Int(parent.index)] * 4
            else { break }
            post = Int(parent.index)
        }
        return (winner, [])
    }

    private static func commonAncestorOfRepeats(
        _ dom: HTMLDocument, _ winner: Int, body: HTMLNodeID, _ m: Measure
    ) -> (Int, posts: [Int])? {
        let node = dom.nodes[winner]
        guard let classes = node.attribute("class"), !classes.isEmpty else { return nil }
        let name = node.name
        let chain = ancestors(dom, winner, upTo: body)
        // Per node: where its walk up ended (`unseen`, `insideWinner`, `atBody`, or the
        // index in `chain` of the winner's ancestor it met).
        let unseen: Int32 = -1
        let insideWinner: Int32 = -2
        let atBody: Int32 = -3
        var reached = [Int32](repeating: unseen, count: dom.nodes.count)
        reached[winner] = insideWinner
        for (k, a) in chain.enumerated() { reached[a] = Int32(k) }
        var highest: Int32 = -1
        var posts = [winner]
        var prose = 0
        var repeatChars = Int(m.chars[winner])
        var path: [Int] = []
        for i in dom.nodes.indices where m.chars[i] >= 25 && reached[i] == unseen {
            let candidate = dom.nodes[i]
            guard candidate.kind == .element, candidate.name == name,
                candidate.attribute("class") == classes
            else { continue }
            path.removeAll(keepingCapacity: true)
            var end = atBody
            var p = candidate.parent
            while let parent = p, parent != body {
                let a = Int(parent.index)
                if reached[a] != unseen {
                    end = reached[a]
                    break
                }
                path.append(a)
                p = dom.nodes[a].parent
            }
            for a in path { reached[a] = end }
            reached[i] = end
            if end == insideWinner { continue }
            if end == atBody { return nil }
            highest = max(highest, end)
            // A post of links (a list of references) is kept but does not make a thread.
            posts.append(i)
            if m.linkDensity(i) < 0.5 {
                prose += 1
                repeatChars += Int(m.chars[i])
            }
        }
        guard prose >= 3, highest >= 0 else { return nil }
        let common = chain[Int(highest)]
        guard repeatChars * 2 >= Int(m.chars[common]), m.linkDensity(common) < 0.3 else {
            return nil
        }
        return (common, posts)
    }

    /// Per node, whether it is one of the posts or holds one (below the body): the cleaning
    /// keeps those (a short answer with its comment form is not a comment box). Empty when
    /// there are no posts. Each node is marked once (a walk stops at a marked node).
    private static func postPaths(_ dom: HTMLDocument, _ posts: [Int]) -> [Bool] {
        guard !posts.isEmpty else { return [] }
        var kept = [Bool](repeating: false, count: dom.nodes.count)
        for post in posts {
            var i: Int? = post
            while let node = i, !kept[node] {
                kept[node] = true
                i = dom.nodes[node].parent.map { Int($0.index) }
            }
        }
        return kept
    }

    /// The ancestors of `i` (nearest first), up to and without `stop`.
    private static func ancestors(_ dom: HTMLDocument, _ i: Int, upTo stop: HTMLNodeID) -> [Int] {
        var out: [Int] = []
        var p = dom.nodes[i].parent
        while let parent = p, parent != stop {
            out.append(Int(parent.index))
            p = dom.nodes[Int(parent.index)].parent
        }
        return out
    }

    private static func elementChildCount(_ dom: HTMLDocument, _ id: HTMLNodeID) -> Int {
        var count = 0
        for child in dom.children(of: id) {
            let n = dom[child]
            if n.kind == .element {
                count += 1
            } else if n.kind == .text, n.data.contains(where: { !$0.isWhitespace }) {
                return 2
            }
        }
        return count
    }

    /// The winner and the siblings that join it, in document order.
    private static func withSiblings(
        _ dom: HTMLDocument, _ top: HTMLNodeID, _ m: Measure
    ) -> [HTMLNodeID] {
        guard let parent = dom[top].parent else { return [top] }
        let topScore = finalScore(dom, Int(top.index), m)
        let threshold = max(10, topScore * 0.2)
        let topClass = dom[top].attribute("class") ?? ""
        let siblings = dom.children(of: parent).filter { dom[$0].kind == .element }
        guard let at = siblings.firstIndex(of: top) else { return [top] }
        var parts: [HTMLNodeID] = []
        for (k, sibling) in siblings.enumerated() {
            let i = Int(sibling.index)
            let node = dom[sibling]
            if sibling == top {
                parts.append(sibling)
                continue
            }
            if m.flags[i].contains(.unlikely) { continue }
            var bonus: Float = 0
            if !topClass.isEmpty, node.attribute("class") == topClass { bonus = topScore * 0.2 }
            if m.flags[i].contains(.candidate), finalScore(dom, i, m) + bonus >= threshold {
                parts.append(sibling)
                continue
            }
            let adjacent = k == at - 1 || k == at + 1
            let paragraphLike = !m.flags[i].contains(.hasBlock) && kind(node.name) == .block
            switch paragraphLike ? "p" : node.name {
            case "p", "pre", "blockquote", "ul", "ol", "table", "dl":
                let density = m.linkDensity(i)
                let chars = m.chars[i]
                if chars > 80 && density < 0.25
                    || chars > 0 && chars <= 80 && density == 0 && m.sentences[i] > 0
                    || node.name == "pre"
                {
                    parts.append(sibling)
                }
            case "figure", "picture", "img":
                if adjacent { parts.append(sibling) }
            case "h1", "h2":
                if k == at - 1 { parts.append(sibling) }
            default:
                break
            }
        }
        return parts
    }

    // MARK: - Cleaning

    /// How the cleaning treats an element, by name.
    private enum Cleaning {
        /// Removed (a `<form>` unless it holds most of the text).
        case chrome
        /// Removed when its words, link density or shape say chrome.
        case checked
    }

    private static let cleaning: HTMLReaderNameTable<Cleaning> = {
        var table: [String: Cleaning] = [:]
        for name in [
            "nav", "aside", "button", "input", "select", "textarea", "dialog", "form", "noscript",
        ] {
            table[name] = .chrome
        }
        for name in [
            "div", "section", "ul", "ol", "table", "footer", "header", "figure", "dl", "span", "p",
            "li",
        ] {
            table[name] = .checked
        }
        return HTMLReaderNameTable(table)
    }()

    /// The elements inside `part` to remove (their subtrees are not entered).
    private static func findChrome(
        _ dom: HTMLDocument, in part: HTMLNodeID, _ m: Measure, total: Int, kept: [Bool],
        into out: inout [HTMLNodeID]
    ) {
        dom.nodes.withUnsafeBufferPointer { nodes in
            var stack: [Int32] = []
            func pushChildren(of i: Int) {
                // A signature: a `--` or `_____` line and the little text after it.
                var signature: Int32 = -1
                var after: Int32 = 0
                var c = nodes[i].lastChild
                while let child = c, after < 400 {
                    let k = Int(child.index)
                    if nodes[k].kind == .text, isSignatureRule(nodes.data(of: k)) {
                        signature = child.index
                    }
                    after += m.chars[k]
                    c = nodes[k].previousSibling
                }
                let header = headerLinesEnd(of: i, nodes, m)
                var inSignature = signature >= 0
                var inHeader = false
                c = nodes[i].lastChild
                while let child = c {
                    if child.index == header { inHeader = true }
                    if inSignature || inHeader {
                        out.append(child)
                        if child.index == signature { inSignature = false }
                    } else if nodes[Int(child.index)].kind == .element {
                        stack.append(child.index)
                    }
                    c = nodes[Int(child.index)].previousSibling
                }
            }
            pushChildren(of: Int(part.index))
            while let i = stack.popLast() {
                if kept.isEmpty || !kept[Int(i)], isRemovable(Int(i), nodes, m, total: total) {
                    out.append(HTMLNodeID(i))
                } else {
                    pushChildren(of: Int(i))
                }
            }
        }
    }

    private static func isRemovable(
        _ i: Int, _ nodes: UnsafeBufferPointer<HTMLNode>, _ m: Measure, total: Int
    ) -> Bool {
        let name = nodes.name(of: i)
        let chars = Int(m.chars[i])
        // Never most of the text, never code.
        if m.flags[i].contains(.hasCode) { return false }
        let cleaning = cleaning[name: name]
        if cleaning == .chrome {
            return !(name == "form" && chars * 2 > total)
        }
        // (Script, frames, SVG ... are the lowering's to drop or keep.)
        if m.flags[i].contains(.unlikely) && kind(name) != .skipped && chars * 2 <= total {
            return true
        }
        guard chars * 2 <= total else { return false }
        let classes = nodes[i].attribute("class")
        let id = nodes[i].attribute("id")
        // A post's author box, votes, signature, ratings and reviews.
        if chars < 1500, MainContentHints.isPostChrome(classes: classes, id: id) { return true }
        // A post's header line ("Posted: ...").
        if chars < 200, m.sentences[i] < 2, startsWithPostLabel(i, nodes, m) { return true }
        guard cleaning == .checked else { return false }
        // A short byline, date or counter.
        if chars < 120, m.sentences[i] < 2, MainContentHints.isMetaLine(classes: classes, id: id) {
            return true
        }
        // A paragraph is content whatever its class says (`class="paywall"`).
        if name == "p" { return m.linkDensity(i) > 0.5 }
        // Around a form (a comment box with its rules).
        if m.flags[i].contains(.hasForm) && chars < 1000 { return true }
        let weight = MainContentHints.weight(classes: classes, id: id)
        // Prose (a box of sentences without links) stays unless its words are strong chrome.
        let prose = m.linkDensity(i) < 0.1 && m.sentences[i] >= 2 && chars >= 150
        if weight < 0 {
            return !prose || MainContentHints.isStrongChrome(classes: classes, id: id)
        }
        if name == "span" || name == "li" { return false }
        if m.commas[i] >= 10 { return false }
        let density = m.linkDensity(i)
        if name == "table" { return density > 0.5 }
        if weight < 25 && density > 0.33 && chars < 1000 { return true }
        if weight >= 25 && density > 0.5 { return true }
        return false
    }

    /// Whether a text node is a signature's rule: `--` or five or more `_` alone on it.
    private static func isSignatureRule(_ text: String) -> Bool {
        let line = trimmed(text)
        if line == "--" { return true }
        return line.utf8.count >= 5 && line.utf8.allSatisfy { $0 == UInt8(ascii: "_") }
    }

    /// A post's header lines (`From: ...<br>Subject: ...<br><br>`), as a mail or a bulletin
    /// board shows them: two or more short lines of text, each starting with a short label and
    /// a colon, the first ones of element `i`, ended by a blank line, with more text after
    /// them. Returns the last node of the header (the `<br>` ending its last line), or -1.
    /// Reads `i`'s children up to the blank line only.
    private static func headerLinesEnd(
        of i: Int, _ nodes: UnsafeBufferPointer<HTMLNode>, _ m: Measure
    ) -> Int32 {
        var lines = 0
        var headerChars: Int32 = 0
        var lineHasText = false
        var c = nodes[i].firstChild
        while let child = c {
            let k = Int(child.index)
            if nodes[k].kind == .text {
                let line = trimmed(nodes.data(of: k))
                if !line.isEmpty {
                    guard !lineHasText, isLabelLine(line) else { return -1 }
                    lineHasText = true
                    headerChars += m.chars[k]
                }
            } else if nodes[k].kind == .element {
                guard nodes.name(of: k) == "br" else { return -1 }
                if !lineHasText {
                    // The blank line: the header ends at the `<br>` before it.
                    guard lines >= 2, headerChars * 2 < m.chars[i],
                        let previous = nodes[k].previousSibling
                    else { return -1 }
                    var end = previous
                    while nodes[Int(end.index)].kind != .element {
                        guard let p = nodes[Int(end.index)].previousSibling else { return -1 }
                        end = p
                    }
                    return end.index
                }
                lines += 1
                lineHasText = false
            }
            c = nodes[k].nextSibling
        }
        return -1
    }

    /// `Label: value` (or a full-width colon) with a label of at most 12 characters, in a
    /// line of at most 150.
    private static func isLabelLine(_ line: Substring) -> Bool {
        guard line.count <= 150,
            let colon = line.firstIndex(where: { $0 == ":" || $0 == "\u{FF1A}" })
        else { return false }
        let label = line[..<colon]
        return !label.isEmpty && label.count <= 12
            && !label.contains(where: { $0 == "." || $0 == "," || $0 == "\u{3002}" })
    }

    /// The words of a post's header labels (`<b>Posted:</b> ...`).
    private static let postLabels: Set<String> = [
        "posted", "posted on", "post subject", "joined", "registered",
    ]

    /// Whether element `i` starts with a bold label of a post's header (`<b>Posted:</b>`);
    /// blank text and elements without text (an icon) before it are skipped. Reads only `i`'s children and the label's text.
    private static func startsWithPostLabel(
        _ i: Int, _ nodes: UnsafeBufferPointer<HTMLNode>, _ m: Measure
    ) -> Bool {
        var c = nodes[i].firstChild
        while let child = c {
            let k = Int(child.index)
            switch nodes[k].kind {
            case .text:
                if !trimmed(nodes.data(of: k)).isEmpty { return false }
            case .element:
                let name = nodes.name(of: k)
                // An icon before the label (`<a><img alt="Post"></a>`).
                if name != "b" && name != "strong" && m.chars[k] == 0 { break }
                guard name == "b" || name == "strong",
                    let text = nodes[k].firstChild, nodes[Int(text.index)].kind == .text
                else { return false }
                let label = trimmed(nodes.data(of: Int(text.index)))
                guard label.hasSuffix(":") else { return false }
                return postLabels.contains(label.dropLast().lowercased())
            default: break
            }
            c = nodes[k].nextSibling
        }
        return false
    }

    private static func trimmed(_ text: String) -> Substring {
        var s = Substring(text)
        while let first = s.first, first.isWhitespace { s = s.dropFirst() }
        while let last = s.last, last.isWhitespace { s = s.dropLast() }
        return s
    }

    // MARK: - Title

    /// The page's title: `og:title`, else the text of an `<h1>` that the `<title>` contains
    /// (`<title>` often adds the site's name), else the `<title>`; whitespace collapsed.
    static func title(_ dom: HTMLDocument) -> String? {
        var ogTitle: String?
        var title: Int?
        var h1: Int?
        dom.nodes.withUnsafeBufferPointer { nodes in
            for i in nodes.indices where nodes[i].kind == .element {
                switch nodes.name(of: i) {
                case "meta" where ogTitle == nil:
                    if nodes[i].attribute("property") == "og:title"
                        || nodes[i].attribute("name") == "og:title"
                    {
                        ogTitle = nodes[i].attribute("content")
                    }
                case "title" where title == nil: title = i
                case "h1" where h1 == nil: h1 = i
                default: break
                }
            }
        }
        func collapsed(_ s: String?) -> String? {
            guard let s else { return nil }
            let words = s.split { $0.isWhitespace }
            return words.isEmpty ? nil : words.joined(separator: " ")
        }
        if let og = collapsed(ogTitle) { return og }
        let t = collapsed(title.map { dom.textContent(of: HTMLNodeID($0)) })
        if let h = collapsed(h1.map { dom.textContent(of: HTMLNodeID($0)) }), let t, t.contains(h) {
            return h
        }
        return t
    }

    /// Puts the page title first when the content does not start with a heading.
    static func addTitle(_ title: String, to document: inout Document) {
        guard !title.isEmpty else { return }
        for block in document.blocks.prefix(3) {
            if startsWithHeading(block) { return }
        }
        document.blocks.insert(.heading(level: 1, [.text(title)], .none), at: 0)
    }

    private static func startsWithHeading(_ block: Block) -> Bool {
        switch block {
        case .heading: return true
        case .div(let blocks, _): return blocks.first.map(startsWithHeading) ?? false
        default: return false
        }
    }
}
