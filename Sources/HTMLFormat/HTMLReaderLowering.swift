import ByteScan
import Foundation
import HTML5Parser
import MarkupAST

/// DOM -> AST lowering, one iterative walk (no recursion; a stack of visits and a stack of
/// block contexts, both bounded by the DOM depth the parser capped).
final class HTMLReaderLowering {
    /// A DOM node read in place (`HTMLNode`'s computed properties copy the node out).
    typealias Node = UnsafePointer<HTMLNode>

    let dom: HTMLDocument
    let nodes: [HTMLNode]
    let options: HTMLReaderOptions
    private(set) var diagnostics: [Diagnostic] = []

    // The hot state is `@exclusivity(unchecked)`: only this walk touches it, one access at a
    // time, and the dynamic access checks cost more than the work.

    /// Per node: whether it has a block-level element among its descendants (filled by
    /// `prepass`).
    @exclusivity(unchecked) private var containsBlock: [Bool] = []
    /// Footnote item ids (`fn1`, `fn-1`, `user-content-fn-1`) -> labels (filled by `prepass`).
    private var _footnoteLabels: [String: String] = [:]
    /// Whether `prepass` ran. It runs on first need: most snippets have no unknown element
    /// (whose role depends on `containsBlock`) and no in-page link, footnote section or
    /// `<sup>` (which look up `footnoteLabels`), and the pass reads every node of the DOM.
    private var prepassDone = false
    /// Nodes to skip (task-list checkboxes already read).
    @exclusivity(unchecked) private var skipped: Set<Int32> = []
    /// The page's metadata (`<title>`, `<meta>`, JSON-LD ...).
    private var page = HTMLPageMetadata()
    private var footnoteDefinitions: [Block] = []
    /// With `keepRawHTML`, the page's `<style>` elements, wherever they are: they go first in
    /// the document (CSS applies page-wide wherever the element is), so a styled writer finds
    /// them among the top-level blocks without a walk, and a `<style>` inside a paragraph
    /// does not split it.
    private var styleBlocks: [Block] = []
    private var dropped: [String: Int] = [:]
    /// Dropped elements whose text was not blank, by kind (a warning: text was lost).
    private var droppedText: [String: Int] = [:]
    /// `<iframe>`/`<video>`/... written as links (the first 50 are reported).
    private var embeds = 0
    private var footnoteDepth = 0
    /// How many `<q>` elements are open (their quotation marks alternate double and single).
    private var quoteDepth = 0
    /// What `attributes` built for class values seen before in this document: the whole
    /// `Attributes` of elements whose only attribute is `class` (by tag and value), and class
    /// lists (by value). `Attributes` and arrays are immutable shared storage: a repeat costs
    /// a lookup instead of a split, a list, a string per class and a storage object (and
    /// freeing them with the document).
    @exclusivity(unchecked) private var classOnlyAttributes = HTMLReaderClassCache<Attributes>()
    @exclusivity(unchecked) private var classLists = HTMLReaderClassCache<[String]>()
    /// What `attributes` built, by attribute list (the parser shares the storage of equal
    /// lists): a repeated list costs an address comparison.
    @exclusivity(unchecked) private var attributeLists: HTMLReaderListCache<Attributes>
    /// The block lists of short one-text cells and list items, shared between repeats.
    @exclusivity(unchecked) private var shortTextBlocks = HTMLReaderShortTextBlocks()

    private struct Visit {
        var node: Int32
        var cursor: Int32
        var exit: Exit
        var whiteSpace: HTMLWhiteSpace
        /// Contexts to finish after the element's own exit (a reopened list item).
        var extraPops: Int
    }

    private enum Exit {
        case none
        case closeWrapper
        /// A `<q>`'s closing quotation mark, then its wrapper closed (when it has one).
        case closeQuote(wrapped: Bool)
        /// A `<q>`'s closing quotation mark in a `<pre>`'s code.
        case closeCodeQuote
        case popContext
        case separator
        case boundary
        case section(HTMLReaderTableBuilder.Section)
    }

    /// The quotation mark of a `<q>` at nesting `depth` (from 0): “ ” outside, ‘ ’ inside.
    static func quoteMark(opening: Bool, depth: Int) -> String {
        depth % 2 == 0 ? (opening ? "\u{201C}" : "\u{201D}") : (opening ? "\u{2018}" : "\u{2019}")
    }

    @exclusivity(unchecked) private var visits: [Visit] = []
    @exclusivity(unchecked) private var contexts: [HTMLReaderContext] = []
    /// Finished contexts, for `makeContext` to reuse.
    @exclusivity(unchecked) private var spareContexts: [HTMLReaderContext] = []

    /// The byline and date of the page as it was before `--main-content` took its chrome out
    /// (nil: read from `dom` when needed).
    private let pageText: HTMLPageByline.Found?
    /// The page's JSON-LD scripts before `--main-content` took the chrome out (those the
    /// walk does not reach are read at its end).
    private let pageScripts: [Int32]
    /// The JSON-LD scripts the walk read.
    private var scriptsRead: Set<Int32> = []

    init(
        dom: HTMLDocument, options: HTMLReaderOptions, pageText: HTMLPageByline.Found? = nil,
        pageScripts: [Int32] = []
    ) {
        self.dom = dom
        self.nodes = dom.nodes
        self.options = options
        self.pageText = pageText
        self.pageScripts = pageScripts
        // About a slot per 8 nodes: pages repeat a few hundred lists (up to 4096 slots).
        self.attributeLists = HTMLReaderListCache(capacity: min(4096, dom.nodes.count / 8))
    }

    // MARK: - Driver

    /// Walks the DOM into the AST; the `parse.dropped` notes (counts by what was dropped,
    /// sorted by what) end the diagnostics.
    func run() -> Document {
        let root = HTMLReaderContext(
            .root, wrappers: [], tightText: false, promotingStyles: options.promoteStyles)
        // Top-level text is one paragraph until a block ends it: it can have about two
        // events per node (open and close, or text); at most 4M events (96 MB of address).
        // Reserved only if the paragraph outgrows a typical one (most pages have none).
        if nodes.count > 4096 { root.buffer.eventsBound = min(2 * nodes.count, 1 << 22) }
        // Sized once for typical nesting: grown 1, 2, 4 ... they reallocated on every read.
        contexts.reserveCapacity(16)
        contexts.append(root)
        visits.reserveCapacity(32)
        pushVisit(dom.root, exit: .none, whiteSpace: .normal)
        while !visits.isEmpty {
            let top = visits.count - 1
            let cursor = visits[top].cursor
            if cursor >= 0 {
                visits[top].cursor = index(nodes[Int(cursor)].nextSibling)
                enter(cursor, whiteSpace: visits[top].whiteSpace)
            } else {
                let visit = visits.removeLast()
                leave(visit)
            }
        }
        var blocks = root.finishBlocks()
        if !styleBlocks.isEmpty { blocks.insert(contentsOf: styleBlocks, at: 0) }
        blocks += footnoteDefinitions
        for (what, count) in dropped.sorted(by: { $0.key < $1.key }) {
            // Comments, scripts and stylesheets carry no text a reader sees: every converter
            // drops them (info, shown with --verbose).
            let presentational = [
                "comments", "<script> elements", "<style> elements", "<template> elements",
            ].contains(what)
            diagnostics.append(
                Diagnostic(
                    presentational ? .info : .note, .parseDropped, "dropped \(count) \(what)"))
        }
        for (what, count) in droppedText.sorted(by: { $0.key < $1.key }) {
            diagnostics.append(
                Diagnostic(.warning, .parseDropped, "dropped \(count) \(what) with text"))
        }
        if let html = dom.documentElement, let lang = nodes[Int(html.index)].attribute("lang") {
            page.offer("lang", lang, from: .language)
        }
        for script in pageScripts where !scriptsRead.contains(script) {
            page.jsonLD(dom.textContent(of: HTMLNodeID(script)))
        }
        bylineAndDate()
        diagnostics += page.diagnostics
        return Document(blocks, metadata: page.values)
    }

    private func index(_ id: HTMLNodeID?) -> Int32 { id?.index ?? -1 }

    /// The author and date written in a page (not a fragment) when `<meta>` and JSON-LD gave
    /// none: the walk runs only then.
    private func bylineAndDate() {
        let author = page.values["author"] == nil
        let published = page.values["published"] == nil
        guard !dom.isFragment, author || published else { return }
        let found =
            pageText ?? HTMLPageByline.find(in: dom, author: author, published: published)
        if author, let name = found.author { page.offer("author", name, from: .pageText) }
        if published, let date = found.published { page.offer("published", date, from: .pageText) }
    }

    private func pushVisit(
        _ node: Int32, exit: Exit, whiteSpace: HTMLWhiteSpace, extraPops: Int = 0
    ) {
        visits.append(
            Visit(
                node: node, cursor: index(nodes[Int(node)].firstChild), exit: exit,
                whiteSpace: whiteSpace, extraPops: extraPops))
    }

    private func pushVisit(_ node: HTMLNodeID, exit: Exit, whiteSpace: HTMLWhiteSpace) {
        pushVisit(node.index, exit: exit, whiteSpace: whiteSpace)
    }

    private var context: HTMLReaderContext { contexts[contexts.count - 1] }

    private func drop(_ what: String) { dropped[what, default: 0] += 1 }

    /// Drops the element `node`, counted apart when its text is not blank (`<svg>` labels,
    /// `<select>` options).
    private func drop(_ what: String, node: Int32) {
        let text = dom.textContent(of: HTMLNodeID(node))
        if text.utf8.contains(where: { $0 > 0x20 }) {
            droppedText[what, default: 0] += 1
        } else {
            drop(what)
        }
    }

    // MARK: - Pre-pass

    /// Footnote item ids -> labels, over the whole DOM.
    private var footnoteLabels: [String: String] {
        if !prepassDone { prepass() }
        return _footnoteLabels
    }

    /// Whether node `i` has a block-level element among its descendants.
    private func containsBlockElement(_ i: Int32) -> Bool {
        if !prepassDone { prepass() }
        return containsBlock[Int(i)]
    }

    private static let liCode = HTMLNode.tagCode(of: "li")

    /// Marks ancestors of block elements and finds footnote sections (once, on first need;
    /// it reads only the DOM, so when it runs does not change what it finds).
    private func prepass() {
        prepassDone = true
        containsBlock = Array(repeating: false, count: nodes.count)
        // (Through the buffer: fields are read in place, see `enter`.)
        nodes.withUnsafeBufferPointer { nodes in
            for i in nodes.indices {
                guard nodes[i].kind == .element, nodes[i].namespace == .html else { continue }
                // Below a marked parent the walk up would mark nothing: the name test is
                // skipped (most elements of a page sit in a block that holds blocks).
                let parentMarked = nodes[i].parent.map { containsBlock[Int($0.index)] } ?? false
                if !parentMarked
                    && HTMLReaderElements.isBlockElement(
                        code: nodes[i].tagCode, name: nodes.name(of: i))
                {
                    var p = nodes[i].parent
                    while let parent = p, !containsBlock[Int(parent.index)] {
                        containsBlock[Int(parent.index)] = true
                        p = nodes[Int(parent.index)].parent
                    }
                }
                if nodes[i].tagCode == Self.liCode, let id = nodes[i].attribute("id"),
                    !id.isEmpty, isInFootnoteSection(i)
                {
                    _footnoteLabels[id] = footnoteLabel(id)
                }
            }
        }
    }

    private func isFootnoteSection(_ node: Node) -> Bool {
        guard node.pointee.kind == .element else { return false }
        if node.attribute("data-footnotes") != nil { return true }
        if node.attribute("role") == "doc-endnotes" { return true }
        // The class list is built only when its bytes contain the class name at all.
        if let cls = node.attribute("class"), Self.bytes(of: cls, contain: "footnotes"),
            HTMLReaderElements.classList(cls, spacesOnly: true).contains("footnotes")
        {
            return true
        }
        return false
    }

    /// Whether the UTF-8 of `s` contains that of `needle` (a quick test before a class list).
    static func bytes(of s: String, contain needle: StaticString) -> Bool {
        let n = needle.utf8CodeUnitCount
        let first = needle.utf8Start[0]
        return s.withUTF8InPlace { bytes in
            guard bytes.count >= n else { return false }
            for start in 0...(bytes.count - n) where bytes[start] == first {
                var k = 1
                while k < n && bytes[start + k] == needle.utf8Start[k] { k += 1 }
                if k == n { return true }
            }
            return false
        }
    }

    private func isInFootnoteSection(_ i: Int) -> Bool {
        nodes.withUnsafeBufferPointer { nodes in
            var p = nodes[i].parent
            for _ in 0..<4 {
                guard let parent = p else { break }
                if isFootnoteSection(nodes.baseAddress! + Int(parent.index)) { return true }
                p = nodes[Int(parent.index)].parent
            }
            return false
        }
    }

    private func footnoteLabel(_ id: String) -> String {
        var s = Substring(id)
        if s.hasPrefix("user-content-") { s = s.dropFirst(13) }
        if s.hasPrefix("fn") { s = s.dropFirst(2) }
        while let f = s.first, f == "-" || f == ":" || f == "_" { s = s.dropFirst() }
        return s.isEmpty ? id : String(s)
    }

    // MARK: - Entering nodes

    private func enter(_ i: Int32, whiteSpace: HTMLWhiteSpace) {
        // Through the buffer, the node is read and passed in place: `nodes[i]` on the array
        // copies it out (three retains and releases: name or text, attributes, DOCTYPE box).
        // Text is read with `data(of:)`: `nodes[i].data` copied the whole node too.
        nodes.withUnsafeBufferPointer { nodes in
            switch nodes[Int(i)].kind {
            case .text:
                text(nodes.data(of: Int(i)), whiteSpace)
            case .comment:
                if options.keepRawHTML {
                    if case .pre = context.kind { return }
                    let data = nodes.data(of: Int(i))
                    context.buffer.atom(.rawInline(format: "html", "<!--\(data)-->"))
                } else {
                    drop("comments")
                }
            case .doctype, .document, .documentFragment:
                break
            case .element:
                if !skipped.isEmpty && skipped.contains(i) { return }
                element(i, nodes.baseAddress! + Int(i), whiteSpace)
            }
        }
    }

    static func isWhitespace(_ s: String) -> Bool {
        // Over the contiguous UTF-8 (iterating `utf8` indexed the string byte by byte).
        s.withUTF8InPlace { bytes in
            bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D }
        }
    }

    private func text(_ data: String, _ whiteSpace: HTMLWhiteSpace) {
        switch context.kind {
        case .pre:
            context.code.append(contentsOf: data.utf8)
        case .list:
            guard !Self.isWhitespace(data) else { return }
            let item = reopenItem()
            item.buffer.append(data, whiteSpace)
            finishTop()
        case .definitionList:
            guard !Self.isWhitespace(data) else { return }
            beginBlock(.definition, attributes: .none, tight: true)
            context.buffer.append(data, whiteSpace)
            finishTop()
        case .table, .row:
            // The tree builder moves text out of tables (foster parenting); text is left here
            // only where the depth limit attached elements side by side. It gets a cell of its
            // own (and a row, directly in a table) instead of being dropped.
            guard !Self.isWhitespace(data) else { return }
            let inTable: Bool
            if case .table = context.kind { inTable = true } else { inTable = false }
            if inTable { beginBlock(.row, attributes: .none, tight: true) }
            beginBlock(.cell, attributes: .none, tight: true)
            context.cell = TableCell([])
            context.buffer.append(data, whiteSpace)
            finishTop()
            if inTable { finishTop() }
        default:
            context.buffer.append(data, whiteSpace)
        }
    }

    // Attributes read into a node of their own (constants, so nothing is built per element).
    // At most three names: compared directly, which costs less than hashing each attribute
    // name for a set lookup.
    private static let noSkips: [String] = []
    private static let fontSkips: [String] = ["color", "face", "size"]
    private static let listSkips: [String] = ["start"]
    private static let cellSkips: [String] = ["colspan", "rowspan", "align"]
    private static let linkSkips: [String] = ["href", "title"]
    private static let imageSkips: [String] = ["src", "alt", "title"]
    private static let embedSkips: [String] = ["src", "title"]

    /// The attributes of an element: id, classes, style, then the rest in source order.
    private func attributes(
        _ node: Node, tag: String?, skipping skip: [String] = HTMLReaderLowering.noSkips
    ) -> Attributes {
        let list = node.attributes
        if list.isEmpty {
            guard let tag else { return .none }
            return HTMLReaderElements.tagOnlyAttributes[name: tag] ?? Attributes(tag: tag)
        }
        // The skip lists are constants: their storage names them.
        let skipKey = skip.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
        return attributeLists.value(list, tag: tag, key: skipKey) {
            buildAttributes(list, tag: tag, skipping: skip)
        }
    }

    /// `attributes` for a list not met before (or no longer in `attributeLists`).
    private func buildAttributes(
        _ list: [HTMLAttribute], tag: String?, skipping skip: [String]
    ) -> Attributes {
        if list.count == 1, list[0].namespace == .none, list[0].name == "class",
            skip.isEmpty || !skip.contains("class")
        {
            let value = list[0].value
            return classOnlyAttributes.value(tag: tag, key: value) {
                Attributes(tag: tag, id: "", classes: classList(value), pairs: [], style: [])
            }
        }
        // Parts gathered first: `Attributes` is built once.
        var id = ""
        var classes: [String] = []
        var style: [CSSDeclaration] = []
        var pairs: [Attribute] = []
        // By index, lengths compared first: `for attribute in list` copied each attribute out
        // (retaining its name and value), and most names are compared with none of the three.
        for k in list.indices {
            let name = list[k].namespace == .none ? list[k].name : list[k].qualifiedName
            if !skip.isEmpty && skip.contains(name) { continue }
            switch name.utf8.count {
            case 2 where name == "id": id = list[k].value
            case 5 where name == "class": classes = classList(list[k].value)
            case 5 where name == "style":
                // The parsed list itself when it is the first (`+=` onto an empty array
                // allocates a copy).
                let parsed = CSSDeclaration.parseList(list[k].value)
                if style.isEmpty { style = parsed } else { style += parsed }
            default: pairs.append(Attribute(name: name, value: list[k].value))
            }
        }
        return Attributes(tag: tag, id: id, classes: classes, pairs: pairs, style: style)
    }

    /// `HTMLReaderElements.classList(value)`, split once per distinct value.
    private func classList(_ value: String) -> [String] {
        classLists.value(tag: nil, key: value) { HTMLReaderElements.classList(value) }
    }

    private func whiteSpaceMode(_ a: Attributes, _ inherited: HTMLWhiteSpace) -> HTMLWhiteSpace {
        guard let value = a.styleValue("white-space")?.lowercased() else { return inherited }
        switch value {
        case "pre", "pre-wrap", "break-spaces": return .pre
        case "pre-line": return .preLine
        case "normal", "nowrap": return .normal
        default: return inherited
        }
    }

    private func resolve(_ url: String) -> String {
        guard let base = options.baseURL, !base.isEmpty, !ByteScan.hasPrefix(url, ascii: "#")
        else { return url }
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let baseURL = URL(string: base),
            let resolved = URL(string: trimmed, relativeTo: baseURL)
        else { return url }
        return resolved.absoluteString
    }

    // MARK: - Elements

    @inline(__always)
    private func element(_ i: Int32, _ node: Node, _ inherited: HTMLWhiteSpace) {
        let name = node.name
        guard node.pointee.namespace == .html else {
            if node.name == "svg" {
                drop("<svg> elements", node: i)
                return
            }
            // MathML and other foreign content: its text, as a span.
            if node.name == "math" {
                openWrapper(
                    i, inherited,
                    HTMLInlineWrapper(kind: .span, attributes: attributes(node, tag: "math")))
            } else {
                pushVisit(i, exit: .none, whiteSpace: inherited)
            }
            return
        }
        // Raw code text.
        if case .pre = context.kind {
            switch name {
            case "br": context.code.append(0x0A)
            case "script", "style", "template": drop("<\(name)> elements")
            case "button": drop("<button> elements in code")
            case "q":
                // Its quotation marks, as outside code (see `.span where name == "q"`).
                context.code.append(
                    contentsOf: Self.quoteMark(opening: true, depth: quoteDepth).utf8)
                quoteDepth += 1
                pushVisit(i, exit: .closeCodeQuote, whiteSpace: .pre)
            case "code":
                // Several `<code>` in one `<pre>` (Node.js docs: ESM and CommonJS
                // flavours): one code block each.
                let classes = attributes(node, tag: nil).classes
                let language = HTMLReaderElements.language(fromClasses: classes)
                if context.code.contains(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 }) {
                    context.finishedCode.append((context.language, context.code))
                    context.code = []
                    if let language { context.language = language }
                } else if let language, context.language.isEmpty {
                    context.language = language
                }
                pushVisit(i, exit: .none, whiteSpace: .pre)
            default: pushVisit(i, exit: .none, whiteSpace: .pre)
            }
            return
        }
        // Structural parents first.
        switch context.kind {
        case .list where name != "li":
            // Misnested content of a list (`<ul><li>a</li><ul>...</ul></ul>`): it joins the
            // previous item.
            _ = reopenItem()
            elementFinishingContext(i, node, inherited)
            return
        case .definitionList:
            switch name {
            case "dt", "dd": break
            case "div", "script", "template", "style":
                if name == "div" {
                    pushVisit(i, exit: .none, whiteSpace: inherited)
                } else {
                    drop("<\(name)> elements")
                }
                return
            default:
                beginBlock(.definition, attributes: .none, tight: true)
                elementFinishingContext(i, node, inherited)
                return
            }
        case .table:
            tableChild(i, node, inherited)
            return
        case .row:
            if name == "td" || name == "th" { break }
            pushVisit(i, exit: .none, whiteSpace: inherited)
            return
        case .footnotes:
            switch name {
            case "ol", "ul", "div":
                pushVisit(i, exit: .none, whiteSpace: inherited)
                return
            case "hr":
                return
            case "li":
                if let id = node.attribute("id"), let label = footnoteLabels[id] {
                    pushBlock(i, .footnote(label), .none, tight: false, inherited)
                    return
                }
            default:
                break
            }
        default:
            break
        }
        let role =
            HTMLReaderElements.knownRole(code: node.pointee.tagCode, name: name)
            ?? HTMLReaderElements.role(of: name, containsBlock: containsBlockElement(i))
        var a: Attributes
        switch role {
        case .dropped(let what):
            if options.keepRawHTML && (name == "script" || name == "style") {
                let html = dom.outerHTML(of: HTMLNodeID(i))
                if name == "style" {
                    styleBlocks.append(.rawBlock(format: "html", html))
                } else if context.inlineOnly {
                    context.buffer.atom(.rawInline(format: "html", html))
                } else {
                    context.flushInlines()
                    context.append(.rawBlock(format: "html", html))
                }
            } else if name == "script", Self.isJSONLD(nodes[Int(i)]) {
                if !pageScripts.isEmpty { scriptsRead.insert(i) }
                page.jsonLD(dom.textContent(of: HTMLNodeID(i)))
            } else if name == "script" || name == "style" || name == "template" {
                drop(what)
            } else {
                drop(what, node: i)
            }
        case .ignored:
            break
        case .head:
            readHead(i)
        case .title:
            page.offer("title", dom.textContent(of: HTMLNodeID(i)), from: .pageElement)
        case .meta:
            meta(nodes[Int(i)])
        case .transparent:
            pushVisit(i, exit: .none, whiteSpace: inherited)
        case .boundary:
            if context.inlineOnly {
                separator(i, inherited)
            } else {
                context.flushInlines()
                pushVisit(i, exit: .boundary, whiteSpace: inherited)
            }
        case .wrapper(let kind, let canonical):
            a = attributes(node, tag: name == canonical ? nil : name)
            openWrapper(
                i, whiteSpaceMode(a, inherited), HTMLInlineWrapper(kind: kind, attributes: a))
        case .span where name == "q":
            // A browser shows a quotation inside quotation marks (“ ” and, nested, ‘ ’, as its
            // style sheet does for English): the marks are text, the <q> a span around them.
            a = attributes(node, tag: nil)
            let ws = whiteSpaceMode(a, inherited)
            if a.isEmpty {
                pushVisit(i, exit: .closeQuote(wrapped: false), whiteSpace: ws)
            } else {
                openWrapper(
                    i, ws, HTMLInlineWrapper(kind: .span, attributes: a),
                    exit: .closeQuote(wrapped: true))
            }
            context.buffer.append(Self.quoteMark(opening: true, depth: quoteDepth), ws)
            quoteDepth += 1
        case .span:
            a = attributes(
                node, tag: name == "span" ? nil : name,
                skipping: name == "font" ? Self.fontSkips : Self.noSkips)
            if name == "font" { a.style = fontStyle(nodes[Int(i)]) + a.style }
            openWrapper(
                i, whiteSpaceMode(a, inherited), HTMLInlineWrapper(kind: .span, attributes: a))
        case .link:
            link(i, node, inherited)
        case .code:
            inlineCode(i, node, inherited, tag: name == "code" ? nil : name)
        case .lineBreak:
            context.buffer.lineBreak()
        case .image:
            image(node)
        case .embed:
            embed(i, node)
        case .input:
            drop("form controls (<input>)")
        case .sup:
            if let label = footnoteReference(inSup: i) {
                context.buffer.atom(.footnoteReference(label: label))
            } else {
                openWrapper(
                    i, inherited,
                    HTMLInlineWrapper(kind: .sup, attributes: attributes(node, tag: nil))
                )
            }
        default:
            if context.inlineOnly {
                separator(i, inherited)
                return
            }
            block(i, node, role, inherited)
        }
    }

    /// Handles an element inside a context opened just for it (a reopened list item, an
    /// implicit `<dd>`), finishing that context when the element is done.
    private func elementFinishingContext(_ i: Int32, _ node: Node, _ ws: HTMLWhiteSpace) {
        let before = visits.count
        element(i, node, ws)
        if visits.count > before {
            visits[before].extraPops += 1
        } else {
            finishTop()
        }
    }

    private func separator(_ i: Int32, _ inherited: HTMLWhiteSpace) {
        context.buffer.space()
        pushVisit(i, exit: .separator, whiteSpace: inherited)
    }

    /// Opens `wrapper` (handed over: the buffer and the open wrappers keep it).
    private func openWrapper(
        _ i: Int32, _ ws: HTMLWhiteSpace, _ wrapper: consuming HTMLInlineWrapper,
        exit: Exit = .closeWrapper
    ) {
        let ctx = context
        ctx.buffer.open(wrapper)
        ctx.openWrappers.append(consume wrapper)
        pushVisit(i, exit: exit, whiteSpace: ws)
    }

    private func beginBlock(
        _ kind: HTMLReaderContext.Kind, attributes: consuming Attributes, tight: Bool
    ) {
        context.flushInlines()
        contexts.append(
            makeContext(
                kind, attributes: consume attributes, wrappers: context.openWrappers, tight: tight))
    }

    /// A new context, or a finished one made new (`HTMLReaderContext.reuse`): a page has a
    /// context per block element, but only as many alive at once as blocks nest. (The
    /// attributes and wrappers are handed over, not copied.)
    private func makeContext(
        _ kind: HTMLReaderContext.Kind, attributes: consuming Attributes,
        wrappers: consuming [HTMLInlineWrapper], tight: Bool
    ) -> HTMLReaderContext {
        if let ctx = spareContexts.popLast() {
            ctx.reuse(
                kind, attributes: consume attributes, wrappers: consume wrappers, tightText: tight)
            return ctx
        }
        return HTMLReaderContext(
            kind, attributes: attributes, wrappers: wrappers, tightText: tight,
            promotingStyles: options.promoteStyles)
    }

    private func pushBlock(
        _ i: Int32, _ kind: HTMLReaderContext.Kind, _ a: consuming Attributes, tight: Bool,
        _ ws: HTMLWhiteSpace
    ) {
        beginBlock(kind, attributes: consume a, tight: tight)
        pushVisit(i, exit: .popContext, whiteSpace: ws)
    }

    private func reopenItem() -> HTMLReaderContext {
        let listContext = context
        var item = ListItem([])
        if var list = listContext.list, let last = list.items.popLast() {
            item = last
            listContext.list = list
        }
        let ctx = makeContext(
            .item, attributes: item.attributes, wrappers: listContext.openWrappers, tight: true)
        ctx.blocks = item.blocks
        ctx.item = item
        contexts.append(ctx)
        return ctx
    }

    private func block(
        _ i: Int32, _ node: Node, _ role: HTMLReaderElements.Role, _ inherited: HTMLWhiteSpace
    ) {
        let name = node.name
        let tight = context.tightText
        if visits.count >= depthLimit, node.pointee.firstChild == nil, !isThematicBreak(role) {
            // At the depth limit (the visits are the node's ancestors): the parser attached
            // everything nested deeper here side by side, as empty elements with the text
            // between them. A block per level cost a line of `maxDepth` quote markers or
            // indents per level in Markdown: the levels are flattened into one run of text,
            // a space between the parts (a word break, as in an inline-only block).
            context.buffer.space()
            drop("block elements nested past the depth limit")
            return
        }
        switch role {
        case .paragraph:
            let a = attributes(node, tag: nil)
            pushBlock(i, .paragraph, a, tight: false, whiteSpaceMode(a, inherited))
        case .heading(let level):
            let a = attributes(node, tag: nil)
            pushBlock(i, .heading(level), a, tight: false, whiteSpaceMode(a, inherited))
        case .div(let canonical):
            if isFootnoteSection(node), !footnoteLabels.isEmpty {
                footnoteDepth += 1
                pushBlock(i, .footnotes, .none, tight: false, inherited)
                return
            }
            let a = attributes(node, tag: name == canonical ? nil : name)
            let language = HTMLReaderElements.language(fromClasses: a.classes)
            pushBlock(i, .div, a, tight: tight, whiteSpaceMode(a, inherited))
            if let language { context.language = language }
        case .blockQuote:
            let a = attributes(node, tag: nil)
            pushBlock(i, .blockQuote, a, tight: false, whiteSpaceMode(a, inherited))
        case .pre:
            var a = attributes(node, tag: name == "pre" ? nil : name)
            var language = HTMLReaderElements.language(fromClasses: a.classes)
            if language != nil {
                a.classes.removeAll { HTMLReaderElements.language(fromClasses: [$0]) != nil }
            } else if a.classes.contains("sourceCode"),
                let lang = a.classes.first(where: { $0 != "sourceCode" })
            {
                language = lang
            }
            if language == nil, let codeChild = onlyElementChild(i),
                nodes[Int(codeChild)].isHTMLElement("code")
            {
                let classes = HTMLReaderElements.classList(
                    nodes[Int(codeChild)].attribute("class") ?? "", spacesOnly: true)
                language = HTMLReaderElements.language(fromClasses: classes)
                if language == nil, classes.contains("sourceCode") {
                    language = classes.first { $0 != "sourceCode" }
                }
            }
            if language == nil {
                // `<div class="highlight-source-x"><pre>`: the enclosing block's language.
                for ctx in contexts.reversed() {
                    if case .div = ctx.kind, !ctx.language.isEmpty {
                        language = ctx.language
                        break
                    }
                    if case .div = ctx.kind { continue }
                    break
                }
            }
            pushBlock(i, .pre, a, tight: false, .pre)
            context.language = language ?? ""
        case .list(let ordered):
            let a = attributes(
                node, tag: name == "ul" || name == "ol" ? nil : name, skipping: Self.listSkips)
            var list = ListBlock(kind: ordered ? .ordered : .bullet, items: [], attributes: a)
            if ordered,
                let start = node.attribute("start").flatMap({
                    Int(HTMLReaderElements.trimmingWhitespaces($0))
                })
            {
                list.start = start
            } else if ordered, node.attribute("reversed") != nil {
                list.start = Int.min  // resolved when the items are known
            }
            pushBlock(i, .list, a, tight: tight, inherited)
            context.list = list
        case .listItem:
            let a = attributes(node, tag: nil)
            var task: Bool?
            if let (input, checked) = taskCheckbox(i) {
                skipped.insert(input)
                task = checked
            }
            if case .list = context.kind {
            } else {
                // An orphan `<li>`: an implicit bullet list around it.
                pushBlock(i, .list, .none, tight: tight, inherited)
                context.list = ListBlock(kind: .bullet, items: [])
                context.isImplicitList = true
                visits[visits.count - 1].extraPops += 1
                beginBlock(.item, attributes: a, tight: true)
                context.item = ListItem([], task: task, attributes: a)
                return
            }
            pushBlock(i, .item, a, tight: true, whiteSpaceMode(a, inherited))
            context.item = ListItem([], task: task, attributes: a)
        case .definitionList:
            let a = attributes(node, tag: nil)
            pushBlock(i, .definitionList, a, tight: tight, inherited)
        case .term:
            let a = attributes(node, tag: nil)
            if case .definitionList = context.kind {
                pushBlock(i, .term, a, tight: true, whiteSpaceMode(a, inherited))
            } else {
                pushBlock(i, .paragraph, a, tight: false, whiteSpaceMode(a, inherited))
            }
        case .definition:
            let a = attributes(node, tag: nil)
            if case .definitionList = context.kind {
                pushBlock(i, .definition, a, tight: true, whiteSpaceMode(a, inherited))
            } else {
                var b = a
                b.tag = "dd"
                pushBlock(i, .div, b, tight: tight, whiteSpaceMode(a, inherited))
            }
        case .table:
            let a = attributes(node, tag: nil)
            pushBlock(i, .table, a, tight: tight, .normal)
            context.table = HTMLReaderTableBuilder(attributes: a)
        case .cell:
            guard case .row = context.kind else {
                context.flushInlines()
                pushVisit(i, exit: .boundary, whiteSpace: inherited)
                return
            }
            let a = attributes(node, tag: nil, skipping: Self.cellSkips)
            let colspan = max(1, min(1000, Int(node.attribute("colspan") ?? "1") ?? 1))
            let rowspan = max(1, min(65534, Int(node.attribute("rowspan") ?? "1") ?? 1))
            let alignment = HTMLReaderElements.alignment(
                node.attribute("align"), a.styleValue("text-align"))
            pushBlock(i, .cell, a, tight: true, whiteSpaceMode(a, inherited))
            context.cell = TableCell(
                [], header: name == "th", alignment: alignment, colspan: colspan, rowspan: rowspan,
                attributes: a)
        case .thematicBreak:
            context.flushInlines()
            context.append(.thematicBreak(attributes(node, tag: nil)))
        default:
            // Table parts outside a table: their content as blocks.
            pushVisit(i, exit: .boundary, whiteSpace: inherited)
            context.flushInlines()
        }
    }

    /// The DOM depth of the elements the parser attaches side by side at its depth limit:
    /// children of the open element at index `maxDepth - 2`, under `html` in a document
    /// and right under the root in a fragment.
    private var depthLimit: Int { dom.isFragment ? options.maxDepth - 1 : options.maxDepth }

    private func isThematicBreak(_ role: HTMLReaderElements.Role) -> Bool {
        if case .thematicBreak = role { return true }
        return false
    }

    private func onlyElementChild(_ i: Int32) -> Int32? {
        // In place (`nodes[k]` copies the node out).
        nodes.withUnsafeBufferPointer { nodes in
            var found: Int32?
            var c = nodes[Int(i)].firstChild
            while let child = c {
                let k = Int(child.index)
                if nodes[k].kind == .element {
                    if found != nil { return nil }
                    found = child.index
                } else if nodes[k].kind == .text, !Self.isWhitespace(nodes.data(of: k)) {
                    return nil
                }
                c = nodes[k].nextSibling
            }
            return found
        }
    }

    /// The leading checkbox of a list item (`<li><input type=checkbox checked> a`, also inside
    /// a first `<p>`).
    private func taskCheckbox(_ li: Int32) -> (Int32, Bool)? {
        // In place (`nodes[k]` copies the node out).
        nodes.withUnsafeBufferPointer { nodes in
            var parent = li
            for _ in 0..<2 {
                var c = nodes[Int(parent)].firstChild
                while let child = c {
                    let n = nodes.baseAddress! + Int(child.index)
                    let kind = n.pointee.kind
                    if kind == .text && Self.isWhitespace(nodes.data(of: Int(child.index)))
                        || kind == .comment
                    {
                        c = n.pointee.nextSibling
                        continue
                    }
                    let name = n.pointee.namespace == .html ? n.name : ""
                    if name == "input", (n.attribute("type") ?? "").lowercased() == "checkbox" {
                        return (child.index, n.attribute("checked") != nil)
                    }
                    if name == "p" || name == "label" {
                        parent = child.index
                        break
                    }
                    return nil
                }
                if c == nil { return nil }
            }
            return nil
        }
    }

    private func tableChild(_ i: Int32, _ node: Node, _ inherited: HTMLWhiteSpace) {
        let ctx = context
        switch node.name {
        case "caption":
            pushBlock(i, .caption, .none, tight: true, .normal)
        case "colgroup", "col":
            readColumns(i, node)
        case "thead", "tbody", "tfoot":
            let previous = ctx.table?.section ?? .body
            ctx.table?.section = node.name == "thead" ? .head : node.name == "tfoot" ? .foot : .body
            pushVisit(i, exit: .section(previous), whiteSpace: inherited)
        case "tr":
            pushBlock(i, .row, attributes(node, tag: nil), tight: true, inherited)
        case "script", "style", "template":
            drop("<\(node.name)> elements")
        default:
            pushVisit(i, exit: .none, whiteSpace: inherited)
        }
    }

    private func readColumns(_ i: Int32, _ node: Node) {
        guard let table = context.table else { return }
        var builder = table
        func add(_ n: Node) {
            let span = max(1, min(1000, Int(n.attribute("span") ?? "1") ?? 1))
            let alignment = HTMLReaderElements.alignment(
                n.attribute("align"), attributes(n, tag: nil).styleValue("text-align"))
            builder.columnAlignments += Array(repeating: alignment, count: span)
        }
        if node.name == "col" {
            add(node)
        } else {
            var hasCols = false
            for child in dom.children(of: HTMLNodeID(i))
            where nodes[Int(child.index)].isHTMLElement("col") {
                nodes.withUnsafeBufferPointer { add($0.baseAddress! + Int(child.index)) }
                hasCols = true
            }
            if !hasCols { add(node) }
        }
        context.table = builder
    }

    private func readHead(_ i: Int32) {
        for child in dom.children(of: HTMLNodeID(i)) {
            let n = nodes[Int(child.index)]
            guard n.kind == .element else { continue }
            switch n.name {
            case "title":
                page.offer("title", dom.textContent(of: child), from: .pageElement)
            case "meta":
                meta(n)
            case "link":
                let rel = n.attribute("rel")?.lowercased().split(separator: " ") ?? []
                if rel.contains("canonical"), let href = n.attribute("href") {
                    page.offer("url", href, from: .pageElement)
                }
            case "script" where Self.isJSONLD(n):
                if !pageScripts.isEmpty { scriptsRead.insert(child.index) }
                page.jsonLD(dom.textContent(of: child))
            case "script", "style", "noscript", "template":
                drop("<\(n.name)> elements")
            default:
                break
            }
        }
    }

    /// A `<meta>`'s `name` and `property` (some pages give both: `name="title"
    /// property="og:title"`) with its `content`.
    private func meta(_ node: HTMLNode) {
        guard let content = node.attribute("content") else { return }
        for key in ["name", "property"] {
            if let name = node.attribute(key) { page.meta(name: name, content: content) }
        }
    }

    /// Whether a `<script>` holds JSON-LD (`type="application/ld+json"`).
    static func isJSONLD(_ node: HTMLNode) -> Bool {
        node.attribute("type").map { HTMLReaderElements.trimmingWhitespaces($0).lowercased() }
            == "application/ld+json"
    }

    private func fontStyle(_ node: HTMLNode) -> [CSSDeclaration] {
        var out: [CSSDeclaration] = []
        if let color = node.attribute("color"), !color.isEmpty {
            out.append(CSSDeclaration(property: "color", value: color))
        }
        if let face = node.attribute("face"), !face.isEmpty {
            out.append(CSSDeclaration(property: "font-family", value: face))
        }
        if let size = node.attribute("size").map({ HTMLReaderElements.trimmingWhitespaces($0) }),
            !size.isEmpty
        {
            var n: Int?
            if size.hasPrefix("+") {
                n = Int(size.dropFirst()).map { 3 + $0 }
            } else if size.hasPrefix("-") {
                n = Int(size.dropFirst()).map { 3 - $0 }
            } else {
                n = Int(size)
            }
            if let n {
                let names = [
                    "x-small", "small", "medium", "large", "x-large", "xx-large", "xxx-large",
                ]
                out.append(
                    CSSDeclaration(property: "font-size", value: names[max(1, min(7, n)) - 1]))
            }
        }
        return out
    }

    // MARK: - Inline leaves

    private func link(_ i: Int32, _ node: Node, _ inherited: HTMLWhiteSpace) {
        guard let href = node.attribute("href") else {
            let a = attributes(node, tag: "a")
            openWrapper(i, inherited, HTMLInlineWrapper(kind: .span, attributes: a))
            return
        }
        // On the bytes: `hasPrefix` compares Characters, slowly.
        if ByteScan.hasPrefix(href, ascii: "#"), !footnoteLabels.isEmpty,
            let label = footnoteLabels[String(href.dropFirst())]
        {
            context.buffer.atom(.footnoteReference(label: label))
            return
        }
        if footnoteDepth > 0, isBackReference(nodes[Int(i)], href) { return }
        let a = attributes(node, tag: nil, skipping: Self.linkSkips)
        let target = Link(resolve(href), title: node.attribute("title") ?? "")
        openWrapper(i, inherited, HTMLInlineWrapper(kind: .link(target), attributes: a))
    }

    private func isBackReference(_ node: HTMLNode, _ href: String) -> Bool {
        if ByteScan.hasPrefix(href, ascii: "#fnref")
            || ByteScan.hasPrefix(href, ascii: "#user-content-fnref")
        {
            return true
        }
        if node.attribute("data-footnote-backref") != nil { return true }
        if node.attribute("role") == "doc-backlink" { return true }
        let classes = HTMLReaderElements.classList(node.attribute("class") ?? "", spacesOnly: true)
        return classes.contains("footnote-back") || classes.contains("footnote-backref")
    }

    /// The label when a `<sup>` holds only a footnote reference link.
    private func footnoteReference(inSup i: Int32) -> String? {
        guard !footnoteLabels.isEmpty, let child = onlyElementChild(i) else { return nil }
        let n = nodes[Int(child)]
        guard n.isHTMLElement("a"), let href = n.attribute("href"), href.hasPrefix("#") else {
            return nil
        }
        return footnoteLabels[String(href.dropFirst())]
    }

    private func image(_ node: Node) {
        var source = node.attribute("src") ?? ""
        if source.isEmpty, let srcset = node.attribute("srcset") {
            let first =
                srcset.split(separator: ",").first.map {
                    HTMLReaderElements.trimmingWhitespaces(String($0))
                }
                ?? ""
            source = first.split(separator: " ").first.map(String.init) ?? ""
        }
        let alt = node.attribute("alt") ?? ""
        let a = attributes(node, tag: nil, skipping: Self.imageSkips)
        context.buffer.atom(
            .image(
                alt.isEmpty ? [] : [.text(alt)],
                Link(resolve(source), title: node.attribute("title") ?? ""), a))
    }

    private func embed(_ i: Int32, _ node: Node) {
        var source = node.attribute("src") ?? node.attribute("data") ?? ""
        if source.isEmpty {
            for child in dom.children(of: HTMLNodeID(i)) {
                let n = nodes[Int(child.index)]
                if n.isHTMLElement("source"), let s = n.attribute("src"), !s.isEmpty {
                    source = s
                    break
                }
            }
        }
        guard !source.isEmpty else {
            drop("<\(node.name)> elements without a source")
            return
        }
        let url = resolve(source)
        // An empty title or label names nothing: the link shows its URL (an empty text run
        // would leave a tree `Normalize` changes).
        let named = [node.attribute("title"), node.attribute("aria-label")].lazy
            .compactMap { $0 }.first { !$0.isEmpty }
        let label = named ?? url
        let a = attributes(node, tag: node.name, skipping: Self.embedSkips)
        context.buffer.atom(.link([.text(label)], Link(url), a))
        embeds += 1
        if embeds <= 50 {
            diagnostics.append(
                Diagnostic(.warning, .lossyEmbed, "<\(node.name)> written as a link to \(url)"))
        }
    }

    private func inlineCode(_ i: Int32, _ node: Node, _ inherited: HTMLWhiteSpace, tag: String?) {
        let ctx = context
        let a = attributes(node, tag: tag)
        // `<code><a href>x</a></code>`: a link around the code.
        var linkNode: Int32?
        if let only = onlyElementChild(i), nodes[Int(only)].isHTMLElement("a"),
            let href = nodes[Int(only)].attribute("href"),
            !href.hasPrefix("#") || footnoteLabels[String(href.dropFirst())] == nil
        {
            linkNode = only
        }
        // The text of the subtree in document order, collapsed as a browser does as it is
        // read (the edges kept as collapsible spaces outside the code): a pre-order walk by
        // the links, reading the nodes in place (`nodes[n]` copied each one out).
        var depth = quoteDepth  // of `<q>` elements, for their quotation marks
        var text = nodes.withUnsafeBufferPointer { nodes -> [UInt8] in
            var text: [UInt8] = []
            text.reserveCapacity(64)
            var lastSpace = false
            /// Appends the closing mark when `n`, whose subtree is done, is a `<q>`.
            func finish(_ n: Int) {
                guard nodes[n].kind == .element, nodes.name(of: n) == "q" else { return }
                depth = max(0, depth - 1)
                text.append(contentsOf: Self.quoteMark(opening: false, depth: depth).utf8)
                lastSpace = false
            }
            var n = Int(i)
            walk: while true {
                var enter = false
                var chunk: String?
                switch nodes[n].kind {
                case .text: chunk = nodes.data(of: n)
                case .element:
                    switch nodes.name(of: n) {
                    case "br": chunk = " "
                    case "script", "style", "template": break
                    case "q":
                        chunk = Self.quoteMark(opening: true, depth: depth)
                        depth += 1
                        enter = true
                    default: enter = true
                    }
                default: break
                }
                // The bytes in place (`chunk.utf8` was walked index by index).
                chunk?.withUTF8InPlace { bytes in
                    for b in bytes {
                        let space = b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D
                        if inherited == .pre {
                            text.append(space && b != 0x09 ? 0x20 : b)
                        } else if !space || !lastSpace {
                            text.append(space ? 0x20 : b)
                        }
                        lastSpace = space
                    }
                }
                if enter, let child = nodes[n].firstChild {
                    n = Int(child.index)
                    continue
                }
                while n != Int(i) {
                    finish(n)
                    if let next = nodes[n].nextSibling {
                        n = Int(next.index)
                        continue walk
                    }
                    n = Int(nodes[n].parent!.index)
                }
                return text
            }
        }
        let leading = text.first == 0x20
        let trailing = text.last == 0x20
        if inherited != .pre {
            while text.first == 0x20 { text.removeFirst() }
            while text.last == 0x20 { text.removeLast() }
        }
        if leading { ctx.buffer.space() }
        if !text.isEmpty {
            // Valid UTF-8: text nodes' bytes with ASCII white space collapsed.
            let code = Inline.code(ByteScan.string(fromValidUTF8: text), a)
            if let linkNode, let href = nodes[Int(linkNode)].attribute("href") {
                let la = nodes.withUnsafeBufferPointer {
                    attributes($0.baseAddress! + Int(linkNode), tag: nil, skipping: Self.linkSkips)
                }
                let title = nodes[Int(linkNode)].attribute("title") ?? ""
                ctx.buffer.atom(.link([code], Link(resolve(href), title: title), la))
            } else {
                ctx.buffer.atom(code)
            }
        }
        if trailing { ctx.buffer.space() }
    }

    // MARK: - Leaving nodes

    private func leave(_ visit: Visit) {
        switch visit.exit {
        case .none:
            break
        case .closeQuote(let wrapped):
            quoteDepth = max(0, quoteDepth - 1)
            context.buffer.append(
                Self.quoteMark(opening: false, depth: quoteDepth), visit.whiteSpace)
            if wrapped { fallthrough }
        case .closeWrapper:
            let ctx = context
            ctx.buffer.close()
            if !ctx.openWrappers.isEmpty { ctx.openWrappers.removeLast() }
        case .closeCodeQuote:
            quoteDepth = max(0, quoteDepth - 1)
            context.code.append(contentsOf: Self.quoteMark(opening: false, depth: quoteDepth).utf8)
        case .separator:
            context.buffer.space()
        case .boundary:
            context.flushInlines()
        case .section(let previous):
            context.table?.section = previous
        case .popContext:
            finishTop()
        }
        for _ in 0..<visit.extraPops { finishTop() }
    }

    /// Pops the innermost context and adds what it built to its parent (its parts moved out
    /// with `take()`, not copied: the context is reused).
    private func finishTop() {
        guard contexts.count > 1 else { return }
        let ctx = contexts.removeLast()
        let parent = context
        switch ctx.kind {
        case .root, .boundary:
            parent.blocks += ctx.finishBlocks()
        case .div:
            parent.append(.div(ctx.finishBlocks(), ctx.attributes))
        case .blockQuote:
            var blocks = ctx.finishBlocks()
            Self.dropAttribution(&blocks, author: ctx.attributes)
            parent.append(.blockQuote(blocks, ctx.attributes))
        case .paragraph:
            let inlines = ctx.takeInlines()
            if !inlines.isEmpty || !ctx.attributes.id.isEmpty {
                parent.append(.paragraph(inlines, ctx.attributes))
            }
        case .heading(let level):
            parent.append(.heading(level: level, ctx.takeInlines(), ctx.attributes))
        case .term:
            parent.definitions.append(
                DefinitionItem(term: ctx.takeInlines(), definitions: [], attributes: ctx.attributes)
            )
        case .definition:
            let blocks = ctx.finishBlocks()
            if parent.definitions.isEmpty {
                parent.definitions.append(DefinitionItem(term: [], definitions: []))
            }
            parent.definitions[parent.definitions.count - 1].definitions.append(blocks)
        case .definitionList:
            if !ctx.definitions.isEmpty {
                parent.append(.definitionList(ctx.definitions, ctx.attributes))
            }
        case .item:
            var item = ctx.item.take() ?? ListItem([])
            item.blocks = shortTextBlocks.shared(ctx.finishBlocks())
            item.attributes = ctx.attributes
            if parent.list?.items.capacity == 0 { parent.list?.items.reserveCapacity(8) }
            parent.list?.items.append(item)
        case .list:
            // A list without items renders nothing.
            guard var list = ctx.list.take(), !list.items.isEmpty else { break }
            list.items = list.items.trimmed()
            let implicit = ctx.isImplicitList
            if list.start == Int.min { list.start = list.items.count }
            list.tight = !list.items.contains { item in
                item.blocks.contains {
                    if case .paragraph = $0 { return true } else { return false }
                }
            }
            if implicit { parent.implicitLists.append(parent.blocks.count) }
            parent.append(.list(list))
        case .table:
            guard var builder = ctx.table.take() else { break }
            builder.attributes = ctx.attributes
            if builder.head.isEmpty && builder.body.isEmpty && builder.foot.isEmpty {
                parent.blocks += builder.caption
            } else {
                parent.append(.table(builder.build()))
            }
        case .caption:
            parent.table?.caption = ctx.finishBlocks()
        case .row:
            parent.table?.add(TableRow(ctx.cells.trimmed(), attributes: ctx.attributes))
        case .cell:
            var cell = ctx.cell.take() ?? TableCell([])
            var blocks = ctx.finishBlocks()
            if blocks.count == 1, case .paragraph(let xs, let a) = blocks[0], a.isEmpty {
                blocks = [.plain(xs, .none)]
            }
            cell.blocks = shortTextBlocks.shared(blocks)
            // Sized for a typical row at its first cell: growing 1, 2, 4 ... reallocated and
            // copied the cells of every row.
            if parent.cells.capacity == 0 { parent.cells.reserveCapacity(8) }
            parent.cells.append(cell)
        case .pre:
            for (language, code) in ctx.finishedCode + [(ctx.language, ctx.code)] {
                var code = code
                if code.last != 0x0A { code.append(0x0A) }
                let text = String(decoding: code, as: UTF8.self)
                parent.append(.codeBlock(info: language, code: text, ctx.attributes))
            }
        case .footnotes:
            footnoteDepth = max(0, footnoteDepth - 1)
            parent.blocks += ctx.finishBlocks()
        case .footnote(let label):
            footnoteDefinitions.append(.footnoteDefinition(label: label, ctx.finishBlocks(), .none))
        }
        // Moved back for `makeContext` to reuse (a `defer` retained it again).
        spareContexts.append(consume ctx)
    }
}
