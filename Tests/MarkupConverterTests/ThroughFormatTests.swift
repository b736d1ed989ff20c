import ConformanceKit
import Foundation
import MarkupAST
import MarkupConverter
import Testing

/// `bbcode -> X -> bbcode` and `rangejson -> X -> rangejson` for X in {json, html, markdown}
/// lose nothing that X can express.
///
/// For each input (the bundled sample and every command-case input of the format) the
/// document read from it, `doc`, is compared with the one that came back through X:
///
/// - `base`: `doc` written in the format and read again (the format's own round trip, so
///   only the hop through X is judged);
/// - `through`: `doc` written as X, converted from X to the format, and read again.
///
/// JSON carries every node and attribute of the AST, so `through == base` exactly. HTML does
/// too, up to what renders the same (`Equivalent`): a space at the edge of a formatting
/// element may move just outside it, and link targets may come back percent-encoded.
/// Markdown cannot carry attributes (classes, styles, image sizes, list types, embeds; a
/// quote's author becomes its attribution line, `QuoteAttribution`), so there `through` is
/// compared with `doc` so shown and without its attributes, taken through the format,
/// and by their `MarkdownView`: text, paragraphs, headings, quotes, lists, code, links and
/// images with their targets, emphasis, strong, strikethrough, breaks, rules and tables
/// (spans, divs, underline, sub/sup and highlight count by their content only).
@Suite("Round trips through another format")
struct ThroughFormatTests {
    static let hops = ["json", "html", "markdown"]

    @Test("bbcode -> X -> bbcode loses nothing X can express", arguments: hops)
    func bbcode(through hop: String) throws {
        try check(format: "bbcode", through: hop, minimum: 100)
    }

    @Test("rangejson -> X -> rangejson loses nothing X can express", arguments: hops)
    func rangeJSON(through hop: String) throws {
        try check(format: "rangejson", through: hop, minimum: 40)
    }

    /// Checks every input of `format` through `hop`; at least `minimum` of them must be
    /// read (fewer when the cases are missing: then only the sample).
    func check(format: String, through hop: String, minimum: Int) throws {
        let inputs = Self.inputs(of: format)
        let minimum = inputs.fromCases ? minimum : 1
        #expect(inputs.texts.count >= minimum, "only \(inputs.texts.count) \(format) inputs")
        let reader = try Converter(from: format, to: "json")
        let writer = try Converter(from: "json", to: format)
        let toHop = try Converter(from: "json", to: hop)
        let fromHop = try Converter(from: hop, to: format)
        var checked = 0
        for (name, text) in inputs.texts {
            guard let doc = try? reader.convert(text).document else { continue }  // (bad JSON)
            let base = try roundTrip(doc, writer, reader)
            // (X is read and written in the format in one conversion, as a user does.)
            let back = try fromHop.convert(try toHop.convert(json(doc)).output).output
            let through = try reader.convert(back).document
            checked += 1
            switch hop {
            case "json":
                #expect(through == base, "\(format) -> json -> \(format): \(name)\n\(text)")
            case "html":
                #expect(
                    Equivalent.document(through) == Equivalent.document(base),
                    "\(format) -> html -> \(format): \(name)\n\(text)")
            default:
                // What Markdown can carry of `doc` (no attributes; a quote's author as its
                // attribution line), through the format.
                let shown = QuoteAttribution().apply(to: doc)
                let carried = try roundTrip(WithoutAttributes.document(shown), writer, reader)
                let expected = MarkdownView(Equivalent.document(carried)).description
                let got = MarkdownView(Equivalent.document(through)).description
                #expect(got == expected, "\(format) -> markdown -> \(format): \(name)\n\(text)")
            }
        }
        #expect(checked >= minimum)
    }

    /// `doc` written with `writer` (from JSON) and read back with `reader` (to JSON).
    func roundTrip(_ doc: Document, _ writer: Converter, _ reader: Converter) throws -> Document {
        try reader.convert(try writer.convert(json(doc)).output).document
    }

    func json(_ doc: Document) throws -> String {
        ASTJSONWriter().write(doc).output
    }

    /// The bundled sample of `format` and the inputs of the command cases that read it.
    static func inputs(of format: String) -> (texts: [(String, String)], fromCases: Bool) {
        var texts = samples.filter { $0.format == format }.map { ("sample", $0.text) }
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let paths = ConformancePaths(
            data: nil, repository: root.appendingPathComponent("conformance"))
        var fromCases = false
        for (_, cases) in CommandCaseSuite.load(paths: paths) {
            for testCase in cases {
                guard let f = testCase.arguments.firstIndex(of: "-f"),
                    f + 1 < testCase.arguments.count, testCase.arguments[f + 1] == format
                else { continue }
                texts.append((testCase.id, testCase.input))
                fromCases = true
            }
        }
        return (texts, fromCases)
    }
}

/// What Markdown can say of a document, as one line per block and inline markers.
struct MarkdownView: CustomStringConvertible {
    private(set) var description = ""
    /// Inline text waiting for the next marker (adjacent texts join).
    private var text = ""

    init(_ document: Document) {
        blocks(document.blocks, indent: "")
        flush()
    }

    private mutating func flush() {
        if !text.isEmpty { description += "\"\(text)\"" }
        text = ""
    }

    private mutating func line(_ indent: String, _ head: String) {
        flush()
        if !description.isEmpty { description += "\n" }
        description += indent + head
    }

    private mutating func mark(_ marker: String) {
        flush()
        description += marker
    }

    private mutating func blocks(_ blocks: [Block], indent: String) {
        for block in blocks { self.block(block, indent: indent) }
    }

    private mutating func block(_ block: Block, indent: String) {
        switch block {
        case .paragraph(let xs, _), .plain(let xs, _):
            line(indent, "P ")
            inlines(xs)
        case .heading(let level, let xs, _):
            line(indent, "H\(level) ")
            inlines(xs)
        case .blockQuote(let bs, _):
            line(indent, "QUOTE")
            blocks(bs, indent: indent + "  ")
        case .codeBlock(let info, let code, _):
            line(indent, "CODE \(info.debugDescription) \(code.debugDescription)")
        case .rawBlock(let format, let raw):
            line(indent, "RAW \(format) \(raw.debugDescription)")
        case .list(let list):
            line(indent, list.kind == .bullet ? "BULLETS" : "NUMBERS from \(list.start)")
            for item in list.items {
                line(indent + "  ", "ITEM" + (item.task.map { $0 ? " [x]" : " [ ]" } ?? ""))
                blocks(item.blocks, indent: indent + "    ")
            }
        case .definitionList(let items, _):
            line(indent, "DEFINITIONS")
            for item in items {
                line(indent + "  ", "TERM ")
                inlines(item.term)
                for definition in item.definitions { blocks(definition, indent: indent + "    ") }
            }
        case .table(let table):
            line(indent, "TABLE")
            for row in table.head + table.body + table.foot {
                line(indent + "  ", "ROW")
                for cell in row.cells {
                    line(indent + "    ", "CELL")
                    blocks(cell.blocks, indent: indent + "      ")
                }
            }
        case .thematicBreak:
            line(indent, "HR")
        case .div(let bs, _):
            blocks(bs, indent: indent)  // (Markdown has no container: its blocks stand alone)
        case .footnoteDefinition(let label, let bs, _):
            line(indent, "FOOTNOTE \(label)")
            blocks(bs, indent: indent + "  ")
        }
    }

    private mutating func inlines(_ xs: [Inline]) {
        for x in xs { inline(x) }
    }

    private mutating func wrap(_ name: String, _ xs: [Inline]) {
        mark("<\(name)>")
        inlines(xs)
        mark("</\(name)>")
    }

    private mutating func inline(_ x: Inline) {
        switch x {
        case .text(let s): text += s
        case .softBreak: text += " "
        case .lineBreak: mark("<br>")
        case .code(let s, _): mark("`\(s)`")
        case .emphasis(let xs, _): wrap("em", xs)
        case .strong(let xs, _): wrap("strong", xs)
        case .strikethrough(let xs, _): wrap("del", xs)
        case .link(let xs, let link, _):
            wrap("a \(link.destination) \(link.title.debugDescription)", xs)
        case .image(let xs, let link, _):
            wrap("img \(link.destination) \(link.title.debugDescription)", xs)
        case .footnoteReference(let label): mark("[^\(label)]")
        case .rawInline(let format, let raw): mark("RAW \(format) \(raw.debugDescription)")
        // Markdown has no syntax of its own for these: their content stays.
        case .underline(let xs, _), .sup(let xs, _), .sub(let xs, _), .highlight(let xs, _),
            .span(let xs, _):
            inlines(xs)
        }
    }
}

/// A document with what renders the same written one way: spaces at the edges of inline
/// elements moved just outside them, link and image targets percent-decoded, adjacent texts
/// joined.
enum Equivalent {
    static func document(_ document: Document) -> Document {
        Document(document.blocks.map(block), metadata: document.metadata)
    }

    static func block(_ block: Block) -> Block {
        switch block {
        case .paragraph(let xs, let a): return .paragraph(inlines(xs), a)
        case .plain(let xs, let a): return .plain(inlines(xs), a)
        case .heading(let level, let xs, let a): return .heading(level: level, inlines(xs), a)
        case .blockQuote(let bs, let a): return .blockQuote(bs.map(self.block), a)
        case .codeBlock, .rawBlock, .thematicBreak: return block
        case .list(var list):
            for i in list.items.indices {
                list.items[i].blocks = list.items[i].blocks.map(self.block)
            }
            return .list(list)
        case .definitionList(var items, let a):
            for i in items.indices {
                items[i].term = inlines(items[i].term)
                items[i].definitions = items[i].definitions.map { $0.map(self.block) }
            }
            return .definitionList(items, a)
        case .table(var table):
            func rows(_ rows: [TableRow]) -> [TableRow] {
                rows.map { row in
                    var row = row
                    for i in row.cells.indices {
                        row.cells[i].blocks = row.cells[i].blocks.map(self.block)
                    }
                    return row
                }
            }
            table.head = rows(table.head)
            table.body = rows(table.body)
            table.foot = rows(table.foot)
            table.caption = table.caption.map(self.block)
            return .table(table)
        case .div(let bs, let a): return .div(bs.map(self.block), a)
        case .footnoteDefinition(let label, let bs, let a):
            return .footnoteDefinition(label: label, bs.map(self.block), a)
        }
    }

    static func inlines(_ xs: [Inline]) -> [Inline] {
        var out: [Inline] = []
        func text(_ s: String) {
            guard !s.isEmpty else { return }
            if case .text(let before)? = out.last {
                out[out.count - 1] = .text(before + s)
            } else {
                out.append(.text(s))
            }
        }
        for x in xs {
            guard x.isContainer else {
                if case .text(let s) = x { text(s) } else { out.append(x) }
                continue
            }
            var children = inlines(x.children)
            var leading = ""
            var trailing = ""
            if case .text(let s)? = children.first {
                let kept = s.drop { $0 == " " }
                leading = String(s.prefix(s.count - kept.count))
                if kept.isEmpty {
                    children.removeFirst()
                } else {
                    children[0] = .text(String(kept))
                }
            }
            if case .text(let s)? = children.last {
                var kept = Substring(s)
                while kept.last == " " { kept = kept.dropLast() }
                trailing = String(s.suffix(s.count - kept.count))
                if kept.isEmpty {
                    children.removeLast()
                } else {
                    children[children.count - 1] = .text(String(kept))
                }
            }
            text(leading)
            switch x.withChildren(children) {
            case .link(let ys, let link, let a):
                out.append(.link(ys, decoded(link), a))
            case .image(let ys, let link, let a):
                out.append(.image(ys, decoded(link), a))
            case let node:
                out.append(node)
            }
            text(trailing)
        }
        return out
    }

    static func decoded(_ link: Link) -> Link {
        Link(link.destination.removingPercentEncoding ?? link.destination, title: link.title)
    }
}

/// A document with every `Attributes` emptied (what Markdown can carry of it).
enum WithoutAttributes {
    static func document(_ document: Document) -> Document {
        Document(document.blocks.map(block), metadata: document.metadata)
    }

    static func block(_ block: Block) -> Block {
        switch block {
        case .paragraph(let xs, _): return .paragraph(xs.map(inline), .none)
        case .plain(let xs, _): return .plain(xs.map(inline), .none)
        case .heading(let level, let xs, _): return .heading(level: level, xs.map(inline), .none)
        case .blockQuote(let bs, _): return .blockQuote(bs.map(self.block), .none)
        case .codeBlock(let info, let code, _): return .codeBlock(info: info, code: code, .none)
        case .rawBlock: return block
        case .list(var list):
            list.attributes = .none
            for i in list.items.indices {
                list.items[i].blocks = list.items[i].blocks.map(self.block)
                list.items[i].attributes = .none
            }
            return .list(list)
        case .definitionList(var items, _):
            for i in items.indices {
                items[i].term = items[i].term.map(inline)
                items[i].definitions = items[i].definitions.map { $0.map(self.block) }
            }
            return .definitionList(items, .none)
        case .table(var table):
            func rows(_ rows: [TableRow]) -> [TableRow] {
                rows.map { row in
                    var row = row
                    row.attributes = .none
                    for i in row.cells.indices {
                        row.cells[i].blocks = row.cells[i].blocks.map(self.block)
                        row.cells[i].attributes = .none
                    }
                    return row
                }
            }
            table.head = rows(table.head)
            table.body = rows(table.body)
            table.foot = rows(table.foot)
            table.caption = table.caption.map(self.block)
            table.attributes = .none
            return .table(table)
        case .thematicBreak: return .thematicBreak(.none)
        case .div(let bs, _): return .div(bs.map(self.block), .none)
        case .footnoteDefinition(let label, let bs, _):
            return .footnoteDefinition(label: label, bs.map(self.block), .none)
        }
    }

    static func inline(_ x: Inline) -> Inline {
        switch x {
        case .text, .softBreak, .lineBreak, .rawInline, .footnoteReference: return x
        case .code(let s, _): return .code(s, .none)
        case .emphasis(let xs, _): return .emphasis(xs.map(inline), .none)
        case .strong(let xs, _): return .strong(xs.map(inline), .none)
        case .strikethrough(let xs, _): return .strikethrough(xs.map(inline), .none)
        case .underline(let xs, _): return .underline(xs.map(inline), .none)
        case .sup(let xs, _): return .sup(xs.map(inline), .none)
        case .sub(let xs, _): return .sub(xs.map(inline), .none)
        case .highlight(let xs, _): return .highlight(xs.map(inline), .none)
        case .link(let xs, let link, _): return .link(xs.map(inline), link, .none)
        case .image(let xs, let link, _): return .image(xs.map(inline), link, .none)
        case .span(let xs, _): return .span(xs.map(inline), .none)
        }
    }
}
