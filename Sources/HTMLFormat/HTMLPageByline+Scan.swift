import HTML5Parser

extension HTMLPageByline {
    /// The walk of `find` and what it has found so far.
    struct Scan {
        let dom: HTMLDocument
        let needAuthor: Bool
        let needDate: Bool
        private(set) var author: String?
        /// 0: a byline inside the article; 1: elsewhere; 2: none yet.
        private var authorRank = 2
        private(set) var date: String?
        /// 0: marked published; 1: a date element in the article or a byline; 2: a date in a
        /// byline's text; 3: any `<time>`; 4: none yet.
        private var dateRank = 4
        private var bylineBudget = 64
        private var dateBudget = 64
        /// The hints of each class value read (pages repeat a few hundred class values over
        /// thousands of elements; ids are unique, and are read as they come).
        private var classHints = HTMLReaderClassCache<Hints>()
        /// The `ListHints` of each attribute list read, by list (the parser shares the storage
        /// of equal lists: most elements repeat the list of an earlier one).
        private var listHints: HTMLReaderListCache<ListHints>

        init(dom: HTMLDocument, needAuthor: Bool, needDate: Bool) {
            self.dom = dom
            self.needAuthor = needAuthor
            self.needDate = needDate
            listHints = HTMLReaderListCache(capacity: min(4096, dom.nodes.count / 8))
        }

        /// Where an element is.
        private struct Context {
            var article = false
            var byline = false
        }

        /// What the walk does with an element, by its name.
        private enum ElementKind {
            /// Not entered: its text is not a reader's, or it is navigation or a form.
            case skipped
            case footer, article, time, meta, anchor, other
        }

        private static let elementKinds = HTMLReaderNameTable<ElementKind>(
            {
                var kinds: [String: ElementKind] = [
                    "footer": .footer, "article": .article, "main": .article, "time": .time,
                    "meta": .meta, "a": .anchor,
                ]
                for name in [
                    "script", "style", "noscript", "template", "title", "iframe", "object", "embed",
                    "select", "textarea", "button", "nav", "aside", "form", "dialog",
                ] {
                    kinds[name] = .skipped
                }
                return kinds
            }())

        /// The attributes the walk reads.
        private enum AttributeKind {
            case classValue, id, itemprop, rel, role, pubdate
        }

        /// The kind of an attribute name: compared only with the one name of its length (the
        /// names of most attributes have other lengths, or differ in their first bytes).
        private static func attributeKind(_ name: String) -> AttributeKind? {
            switch name.utf8.count {
            case 2: name == "id" ? .id : nil
            case 3: name == "rel" ? .rel : nil
            case 4: name == "role" ? .role : nil
            case 5: name == "class" ? .classValue : nil
            case 7: name == "pubdate" ? .pubdate : nil
            case 8: name == "itemprop" ? .itemprop : nil
            default: nil
            }
        }

        private var done: Bool {
            (!needAuthor || authorRank == 0) && (!needDate || dateRank == 0)
        }

        /// What the attributes of an element say, whatever its name.
        private struct ListHints {
            /// The hints of its id and class.
            var words: Hints = []
            /// The hints of its `itemprop`.
            var property: Hints = []
            /// Whether its `rel` has a byline hint (`rel="author"`).
            var relByline = false
            /// Whether it has a `pubdate` attribute.
            var pubdate = false
            /// Whether it holds the article (`itemprop="articleBody"`, `role="main"`).
            var article = false
            /// Whether its role is navigation or another box of chrome: it is not entered.
            var leaves = false
        }

        /// The `ListHints` of an attribute list.
        private mutating func read(_ attributes: [HTMLAttribute]) -> ListHints {
            var read = ListHints()
            // By index: `for attribute in attributes` copied each one out (retaining and
            // releasing its name and value) to read its name.
            for k in attributes.indices where attributes[k].namespace == .none {
                switch Self.attributeKind(attributes[k].name) {
                case .id:
                    read.words.formUnion(hints(attributes[k].value))
                case .classValue:
                    let value = attributes[k].value
                    read.words.formUnion(classHints.value(tag: nil, key: value) { hints(value) })
                case .itemprop:
                    read.property = hints(attributes[k].value)
                    if attributes[k].value.lowercased().contains("articlebody") {
                        read.article = true
                    }
                case .rel:
                    read.relByline = hints(attributes[k].value).contains(.byline)
                case .role:
                    switch attributes[k].value.lowercased() {
                    case "main", "article": read.article = true
                    case "navigation", "complementary", "contentinfo", "banner", "search",
                        "dialog", "alertdialog":
                        read.leaves = true
                        return read
                    default: break
                    }
                case .pubdate:
                    read.pubdate = true
                case nil:
                    break
                }
            }
            return read
        }

        /// The pre-order walk, by the sibling and parent links; one context per open element.
        mutating func walk(_ nodes: UnsafeBufferPointer<HTMLNode>) {
            var contexts = [Context()]
            var current = nodes[0].firstChild?.index ?? -1
            while current >= 0 {
                let i = Int(current)
                var inner = contexts[contexts.count - 1]
                let enter = nodes[i].kind == .element && element(i, nodes, &inner)
                if done { return }
                if enter, let child = nodes[i].firstChild {
                    contexts.append(inner)
                    current = child.index
                    continue
                }
                var u = i
                current = -1
                while true {
                    if let next = nodes[u].nextSibling {
                        current = next.index
                        break
                    }
                    guard let parent = nodes[u].parent, parent.index != 0 else { break }
                    contexts.removeLast()
                    u = Int(parent.index)
                }
            }
        }

        /// Reads element `i` as a byline or date candidate; returns whether to enter it, with
        /// `context` made the context of its children.
        private mutating func element(
            _ i: Int, _ nodes: UnsafeBufferPointer<HTMLNode>, _ context: inout Context
        ) -> Bool {
            guard nodes[i].namespace == .html else { return false }
            // Names and attribute names through tables: a `switch` on strings compared every
            // element's name with each case in turn, and the walk reads every element.
            let kind = Self.elementKinds[code: nodes[i].tagCode, name: nodes.name(of: i)] ?? .other
            switch kind {
            case .skipped:
                return false
            case .footer where !context.article:
                return false
            case .article:
                context.article = true
            default:
                break
            }
            let attributes = nodes.attributes(of: i)
            if attributes.isEmpty {
                if kind == .time { offerDate(i, nodes, rank: context.article ? 1 : 3) }
                return true
            }
            let (known, slot) = listHints.value(attributes, tag: nil, key: 0)
            let read: ListHints
            if let known {
                read = known
            } else {
                read = self.read(attributes)
                listHints.store(read, at: slot, attributes, tag: nil, key: 0)
            }
            if read.leaves { return false }
            if read.article { context.article = true }
            let words = read.words
            let property = read.property
            let isAuthorLink = kind == .anchor && read.relByline
            let pubdate = kind == .time && read.pubdate
            if kind == .meta {
                if let content = nodes[i].attribute("content") {
                    if property.contains(.byline) { offerAuthor(clean(content), i, nodes, context) }
                    if property.contains(.publishedDate),
                        let date = HTMLPageByline.attributeDate(content)
                    {
                        offerDate(date, i, nodes, rank: 0)
                    }
                }
                return false
            }
            let isByline = words.contains(.byline) || property.contains(.byline) || isAuthorLink
            if isByline {
                if needAuthor && authorRank > (context.article ? 0 : 1) && bylineBudget > 0 {
                    bylineBudget -= 1
                    offerAuthor(names(in: i, nodes), i, nodes, context)
                }
                if needDate && dateRank > 2 && dateBudget > 0 {
                    dateBudget -= 1
                    if let text = text(of: i, nodes), let date = HTMLPageByline.dateFromText(text) {
                        offerDate(date, i, nodes, rank: 2)
                    }
                }
            }
            if needDate && !words.contains(.updated) && !property.contains(.updated) {
                if property.contains(.publishedDate) || words.contains(.publishedDate) || pubdate {
                    offerDate(i, nodes, rank: 0)
                } else if kind == .time || words.contains(.date) || property.contains(.date) {
                    if context.article || context.byline || isByline {
                        offerDate(i, nodes, rank: 1)
                    } else if kind == .time {
                        offerDate(i, nodes, rank: 3)
                    }
                }
            }
            if isByline { context.byline = true }
            return true
        }

        private mutating func offerAuthor(
            _ names: String?, _ i: Int, _ nodes: UnsafeBufferPointer<HTMLNode>, _ context: Context
        ) {
            guard let names else { return }
            let rank = context.article ? 0 : 1
            if rank < authorRank && !isInChrome(i, nodes) {
                author = names
                authorRank = rank
            }
        }

        private mutating func offerDate(
            _ date: String, _ i: Int, _ nodes: UnsafeBufferPointer<HTMLNode>, rank: Int
        ) {
            if rank < dateRank && !isInChrome(i, nodes) {
                self.date = date
                dateRank = rank
            }
        }

        /// Whether element `i` or an ancestor is a box of chrome by its class or id: comments,
        /// related links, sharing, advertising (`MainContentHints.isStrongChrome`) or a
        /// sidebar, without a content word. Asked of found values only: the class words of
        /// every element are not split on the way down.
        private func isInChrome(_ i: Int, _ nodes: UnsafeBufferPointer<HTMLNode>) -> Bool {
            var p = i
            while p > 0 {
                let n = p
                p = Int(nodes[n].parent?.index ?? -1)
                guard nodes[n].kind == .element, !nodes[n].attributes.isEmpty else { continue }
                let name = nodes.name(of: n)
                let classes = nodes[n].attribute("class")
                let id = nodes[n].attribute("id")
                guard classes != nil || id != nil, name != "body", name != "html" else {
                    continue
                }
                let sidebar =
                    hints(classes ?? "").contains(.sidebar) || hints(id ?? "").contains(.sidebar)
                if sidebar || MainContentHints.isStrongChrome(classes: classes, id: id),
                    MainContentHints.weight(classes: classes, id: id) < 0
                {
                    return true
                }
            }
            return false
        }

        /// Offers the date of element `i`: its `datetime`, `content` or `title` when it is
        /// one, else one in its text.
        private mutating func offerDate(
            _ i: Int, _ nodes: UnsafeBufferPointer<HTMLNode>, rank: Int
        ) {
            guard needDate, rank < dateRank, dateBudget > 0 else { return }
            dateBudget -= 1
            for key in ["datetime", "content", "title"] {
                if let value = nodes[i].attribute(key),
                    let date = HTMLPageByline.attributeDate(value)
                {
                    offerDate(date, i, nodes, rank: rank)
                    return
                }
            }
            if let text = text(of: i, nodes), let date = HTMLPageByline.dateFromText(text) {
                offerDate(date, i, nodes, rank: rank)
            }
        }

        // MARK: - Names

        /// The names of byline element `b`, joined with ", ", or nil.
        private func names(in b: Int, _ nodes: UnsafeBufferPointer<HTMLNode>) -> String? {
            // The name elements under `b` (and `b`), in document order, with whether one is
            // inside them and whether their words say `name`.
            // A byline is short: not a whole article that a class names after its author.
            guard text(of: b, nodes) != nil else { return nil }
            var found: [(node: Int, innermost: Bool, named: Bool)] = []
            var stack: [(node: Int, nameAncestor: Int)] = [(b, -1)]
            var visited = 0
            while let (i, nameAncestor) = stack.popLast() {
                visited += 1
                if visited > 300 { return nil }
                guard nodes[i].kind == .element, nodes[i].namespace == .html else { continue }
                if Self.skipsText(nodes.name(of: i)) { continue }
                var here = nameAncestor
                if let hints = nameHints(i, nodes) {
                    if nameAncestor >= 0 { found[nameAncestor].innermost = false }
                    found.append((i, true, hints.contains(.name)))
                    here = found.count - 1
                }
                var c = nodes[i].lastChild
                while let child = c {
                    stack.append((Int(child.index), here))
                    c = nodes[Int(child.index)].previousSibling
                }
            }
            let innermost = found.filter(\.innermost)
            let named = innermost.filter(\.named)
            var names: [String] = []
            for entry in named.isEmpty ? innermost : named {
                if let text = text(of: entry.node, nodes), let name = clean(text),
                    !names.contains(name)
                {
                    names.append(name)
                }
            }
            return names.isEmpty ? nil : names.joined(separator: ", ")
        }

        /// The hints of a name element (a byline element, or one whose class, id or itemprop
        /// says `name`), nil for other elements.
        private func nameHints(_ i: Int, _ nodes: UnsafeBufferPointer<HTMLNode>) -> Hints? {
            var all: Hints = []
            for attribute in nodes[i].attributes where attribute.namespace == .none {
                switch attribute.name {
                case "class", "id", "itemprop": all.formUnion(hints(attribute.value))
                case "rel" where nodes.name(of: i) == "a":
                    if hints(attribute.value).contains(.byline) { all.insert(.byline) }
                default: break
                }
            }
            return all.contains(.byline) || all.contains(.name) ? all : nil
        }

        /// A name from a byline's text: cut at `|`, `·`, `•` or ` (`, without a leading label
        /// ("Author:"), "By" and trailing punctuation; nil when empty, over 100 characters or with a digit.
        func clean(_ text: String) -> String? {
            var s = Substring(text)
            if let cut = s.firstIndex(where: { $0 == "|" || $0 == "·" || $0 == "•" }) {
                s = s[..<cut]
            }
            if let cut = s.range(of: " (") { s = s[..<cut.lowerBound] }
            s = s.drop(while: { $0.isWhitespace || $0.isPunctuation })
            // A label ("Author:", "Autori:").
            if let colon = s.firstIndex(of: ":"), s.distance(from: s.startIndex, to: colon) <= 12,
                !s[..<colon].contains(where: \.isWhitespace)
            {
                s = s[s.index(after: colon)...].drop(while: \.isWhitespace)
            }
            for prefix in ["written by", "posted by", "by", "von", "por", "par"] {
                let head = s.prefix(prefix.count)
                guard head.lowercased() == prefix else { continue }
                let rest = s.dropFirst(prefix.count)
                if let next = rest.first, next.isWhitespace || next == ":" {
                    s = rest.drop(while: { $0.isWhitespace || $0 == ":" })
                    break
                }
            }
            while let last = s.last, last.isWhitespace || last == "," || last == ";" {
                s = s.dropLast()
            }
            let words = s.split(whereSeparator: \.isWhitespace)
            let name = words.joined(separator: " ")
            guard !name.isEmpty, name.count <= 100, !name.contains(where: \.isNumber) else {
                return nil
            }
            return name
        }

        // MARK: - Text

        /// Elements whose text is not a reader's.
        private static func skipsText(_ name: String) -> Bool {
            switch name {
            case "script", "style", "noscript", "template", "select", "textarea", "button":
                true
            default: false
            }
        }

        /// The text of element `i`, white space collapsed; nil when it has more than 400
        /// bytes or the element more than 300 nodes.
        private func text(of i: Int, _ nodes: UnsafeBufferPointer<HTMLNode>) -> String? {
            var out = ""
            var stack = [i]
            var visited = 0
            while let n = stack.popLast() {
                visited += 1
                if visited > 300 { return nil }
                switch nodes[n].kind {
                case .text:
                    out += nodes.data(of: n)
                    if out.utf8.count > 400 { return nil }
                    continue
                case .element:
                    let name = nodes.name(of: n)
                    if Self.skipsText(name) { continue }
                    // A line break or a block boundary separates words.
                    if name == "br"
                        || HTMLReaderElements.isBlockElement(code: nodes[n].tagCode, name: name)
                    {
                        out += " "
                    }
                default:
                    continue
                }
                var c = nodes[n].lastChild
                while let child = c {
                    stack.append(Int(child.index))
                    c = nodes[Int(child.index)].previousSibling
                }
            }
            return out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
    }
}
