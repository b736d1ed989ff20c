import MarkupAST

/// Writes a `Document` as Medium-style range JSON, one paragraph per line.
///
/// Inline structure is flattened to text plus coalesced ranges in canonical order (by start,
/// then longer first, then type). Nested lists, tables and block quotes inside lists degrade
/// with `lossy.*` diagnostics.
///
/// ```swift
/// let doc = Document([.paragraph([.text("Hi "), .strong([.text("you")], .none)], .none)])
/// RangeJSONWriter().write(doc).output
/// // {"paragraphs":[
/// // {"type":"P","text":"Hi you","markups":[{"type":"STRONG","start":3,"end":6}]}
/// // ]}
/// ```
public struct RangeJSONWriter: MarkupWriter {
    /// The unit of `start`/`end`.
    public var offsets: RangeJSONOffsetUnit

    /// Creates a writer with UTF-16 offsets.
    public init() {
        self.init(offsets: .utf16)
    }

    /// Creates a writer, e.g. `RangeJSONWriter(offsets: .scalar)`.
    public init(offsets: RangeJSONOffsetUnit) {
        self.offsets = offsets
    }

    /// Renders `document`.
    public func write(_ document: Document) -> WriteResult {
        var state = RangeJSONFlattener(offsets: offsets)
        state.blocks(document.blocks, inList: false)
        var out = "{\"paragraphs\":["
        for (i, p) in state.paragraphs.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            p.write(into: &out)
        }
        out += state.paragraphs.isEmpty ? "]}\n" : "\n]}\n"
        return WriteResult(output: out, diagnostics: state.diagnostics)
    }
}

struct RangeJSONFlattener {
    let offsets: RangeJSONOffsetUnit
    var paragraphs: [JSONValue] = []
    var diagnostics: [Diagnostic] = []

    init(offsets: RangeJSONOffsetUnit) { self.offsets = offsets }

    mutating func lossy(_ code: DiagnosticCode, _ message: String) {
        diagnostics.append(Diagnostic(.warning, code, message))
    }

    /// A loss of the look alone (a heading's level, a definition list's layout): info.
    mutating func presentational(_ code: DiagnosticCode, _ message: String) {
        diagnostics.append(Diagnostic(.info, code, message))
    }

    mutating func emit(_ type: String, _ xs: [Inline], extra: [(String, JSONValue)] = []) {
        var text = ""
        var length = 0
        var ranges: [StyleRange] = []
        flatten(xs, into: &text, length: &length, ranges: &ranges, inCode: false)
        emit(type, text: text, ranges: ranges, extra: extra)
    }

    mutating func emit(
        _ type: String, text: String, ranges: [StyleRange], extra: [(String, JSONValue)]
    ) {
        var members: [(String, JSONValue)] = [("type", .string(type)), ("text", .string(text))]
        let coalesced = RangeJSONFlattener.coalesce(ranges)
        if !coalesced.isEmpty {
            members.append(("markups", .array(coalesced.map(RangeJSONFlattener.json))))
        }
        members += extra
        paragraphs.append(.object(members))
    }

    static func json(_ r: StyleRange) -> JSONValue {
        var m: [(String, JSONValue)] = [
            ("type", .string(r.kind.name)), ("start", .number(Double(r.start))),
            ("end", .number(Double(r.end))),
        ]
        if let link = r.link {
            m.append(("href", .string(link.destination)))
            if !link.title.isEmpty { m.append(("title", .string(link.title))) }
        }
        if r.kind == .span {
            var a: [(String, JSONValue)] = []
            let attributes = r.attributes
            if let tag = attributes.tag { a.append(("tag", .string(tag))) }
            if !attributes.id.isEmpty { a.append(("id", .string(attributes.id))) }
            if !attributes.classes.isEmpty {
                a.append(("class", .string(attributes.classes.joined(separator: " "))))
            }
            for pair in attributes.pairs { a.append((pair.name, .string(pair.value))) }
            if !attributes.style.isEmpty {
                a.append(("style", .string(CSSDeclaration.serialize(attributes.style))))
            }
            m.append(("attributes", .object(a)))
        }
        return .object(m)
    }

    /// Canonical order with touching or overlapping equal ranges merged.
    static func coalesce(_ ranges: [StyleRange]) -> [StyleRange] {
        // Group equal markups (kind, target, attributes), then merge by start within a group.
        let keyed = ranges.map { r -> (String, StyleRange) in
            var key = "\(r.kind.rawValue)"
            if let link = r.link { key += "\u{0}" + link.destination + "\u{0}" + link.title }
            if r.kind == .span { key += "\u{0}" + json(r).serialized }
            return (key, r)
        }.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1.start < $1.1.start }
        var merged: [StyleRange] = []
        var lastKey: String?
        for (key, r) in keyed {
            if key == lastKey, let last = merged.last, r.start <= last.end {
                merged[merged.count - 1].end = max(last.end, r.end)
            } else {
                merged.append(r)
            }
            lastKey = key
        }
        merged.sort(by: RangeJSONLowering.canonical)
        return merged
    }

    private func count(_ s: String) -> Int {
        offsets == .utf16 ? s.utf16.count : s.unicodeScalars.count
    }

    mutating func flatten(
        _ xs: [Inline], into text: inout String, length: inout Int, ranges: inout [StyleRange],
        inCode: Bool
    ) {
        func add(_ s: String) {
            text += s
            length += count(s)
        }
        for x in xs {
            let start = length
            var kind: RangeKind?
            var link: Link?
            var attributes = Attributes.none
            switch x {
            case .text(let s): add(s)
            case .softBreak: add(" ")
            case .lineBreak: add("\n")
            case .code(let s, _):
                add(s)
                if !inCode {
                    ranges.append(
                        StyleRange(
                            kind: .code, start: start, end: length, link: nil, attributes: .none))
                }
            case .rawInline(let format, _): lossy(.lossyRaw, "raw \(format) inline dropped")
            case .footnoteReference(let label):
                lossy(.lossyFootnote, "footnote reference \(label) written as [\(label)]")
                add("[\(label)]")
            case .image(let alt, let target, _):
                lossy(.lossyImage, "inline image \(target.destination) written as its description")
                flatten(alt, into: &text, length: &length, ranges: &ranges, inCode: inCode)
            case .strong: kind = .strong
            case .emphasis: kind = .emphasis
            case .underline: kind = .underline
            case .strikethrough: kind = .strikethrough
            case .sup: kind = .sup
            case .sub: kind = .sub
            case .highlight: kind = .highlight
            case .link(_, let target, _):
                kind = .link
                link = target
            case .span(_, let a):
                kind = .span
                attributes = a
            }
            // (Leaves were written above; containers are flattened here.)
            guard let kind else { continue }
            flatten(x.children, into: &text, length: &length, ranges: &ranges, inCode: inCode)
            if length > start {
                ranges.append(
                    StyleRange(
                        kind: kind, start: start, end: length, link: link, attributes: attributes))
            }
        }
    }

    mutating func blocks(_ blocks: [Block], inList: Bool) {
        for block in blocks { self.block(block, inList: inList) }
    }

    mutating func block(_ block: Block, inList: Bool) {
        switch block {
        case .paragraph(let xs, _), .plain(let xs, _):
            if xs.count == 1, case .image(let alt, let target, let a) = xs[0] {
                var extra: [(String, JSONValue)] = [("src", .string(target.destination))]
                var metadata: [(String, JSONValue)] = []
                if let id = a.value(of: "data-id") { metadata.append(("id", .string(id))) }
                for key in ["width", "height"] {
                    if let v = a.value(of: key), let n = Int(v) {
                        metadata.append((key, .number(Double(n))))
                    }
                }
                if !metadata.isEmpty { extra.append(("metadata", .object(metadata))) }
                if !target.title.isEmpty { lossy(.lossyImageTitle, "image title dropped") }
                emit("IMG", alt, extra: extra)
                return
            }
            if xs.count == 1, case .link(let content, let target, let a) = xs[0],
                let embed = a.value(of: "data-embed")
            {
                emit(
                    embed == "iframe" ? "IFRAME" : "MIXTAPE_EMBED", content,
                    extra: [("href", .string(target.destination))])
                return
            }
            emit("P", xs)
        case .heading(let level, let xs, _):
            if level > 4 {
                presentational(.lossyHeadingLevel, "heading level \(level) written as H4")
            }
            emit("H\(min(level, 4))", xs)
        case .blockQuote(let bs, let a):
            if inList {
                lossy(.lossyListQuote, "block quote inside a list written as a quote after it")
            }
            let type = a.classes.contains("pullquote") ? "PQ" : "BQ"
            if !a.pairs.isEmpty {
                lossy(
                    .lossyQuoteAttributes,
                    "block quote attributes \(a.pairs.map(\.name).joined(separator: ", ")) dropped")
            }
            for b in bs {
                switch b {
                case .paragraph(let xs, _), .plain(let xs, _): emit(type, xs)
                default:
                    lossy(.lossyBlockquote, "block inside a block quote written outside it")
                    self.block(b, inList: inList)
                }
            }
        case .codeBlock(let info, let code, _):
            var body = code
            if body.hasSuffix("\n") { body.removeLast() }
            let lang = info.split(separator: " ").first.map(String.init) ?? ""
            emit(
                "PRE", text: body, ranges: [], extra: lang.isEmpty ? [] : [("lang", .string(lang))])
        case .rawBlock(let format, _):
            lossy(.lossyRaw, "raw \(format) block dropped")
        case .list(let list):
            if inList { lossy(.lossyNestedList, "nested list flattened into its parent") }
            if list.kind == .ordered && list.start != 1 {
                lossy(.lossyListStart, "list start \(list.start) dropped")
            }
            let type = list.kind == .bullet ? "ULI" : "OLI"
            for item in list.items {
                if item.task != nil { lossy(.lossyTaskItem, "task state dropped") }
                var first = true
                for b in item.blocks {
                    switch b {
                    case .paragraph(let xs, _), .plain(let xs, _):
                        if !first {
                            lossy(
                                .lossyListParagraph,
                                "extra paragraph in a list item written as an item")
                        }
                        emit(type, xs)
                    default:
                        self.block(b, inList: true)
                    }
                    first = false
                }
            }
        case .definitionList(let items, _):
            presentational(.lossyDefinitionList, "definition list written as paragraphs")
            for item in items {
                emit("P", [.strong(item.term, .none)])
                for definition in item.definitions { blocks(definition, inList: inList) }
            }
        case .table(let table):
            lossy(.lossyTable, "table written as one paragraph per row, cells separated by |")
            if inList { lossy(.lossyListTable, "table inside a list written after it") }
            for row in table.allRows {
                var xs: [Inline] = []
                for (i, cell) in row.cells.enumerated() {
                    if i > 0 { xs.append(.text(" | ")) }
                    for b in cell.blocks { xs += b.flattenedInlines }
                }
                emit("P", xs)
            }
        case .thematicBreak:
            emit("HR", text: "", ranges: [], extra: [])
        case .div(let bs, let a):
            // A sectioning tag (`<nav>`, `<center>`), a class, an id, a `data-*` or a style
            // loses nothing a reader sees but the look: info; a title or a custom tag does.
            if let (message, content) = a.droppedContainer {
                if content { lossy(.lossyDiv, message) } else { presentational(.lossyDiv, message) }
            }
            blocks(bs, inList: inList)
        case .footnoteDefinition(let label, let bs, _):
            lossy(.lossyFootnote, "footnote \(label) written as paragraphs")
            emit("P", [.text("[\(label)]")])
            blocks(bs, inList: inList)
        }
    }
}
