import ByteScan
import MarkupAST

/// The raw HTML fallback for blocks Markdown cannot express (tables with spans or block
/// cells, definition lists). The output never contains a blank line, so it stays one
/// CommonMark HTML block.
extension MarkdownWriter.Renderer {
    // Everything is appended to one byte buffer (no String per element joined with `+`).

    /// Emits the HTML that `fill` appends as lines, its blank lines protected
    /// (`protectBlankLines`). The two byte buffers are the renderer's, kept between calls:
    /// building each table or list in new arrays grew them from empty every time.
    func emitHTMLBlock(_ fill: (inout OutputBytes) -> Void) {
        var html = htmlScratch
        var protected = protectedScratch
        html.removeAll()
        fill(&html)
        protectBlankLines(html, into: &protected)
        emitLines(bytes: protected)
        // (Written back: growing moves the storage.)
        htmlScratch = html
        protectedScratch = protected
    }

    func htmlDefinitionList(_ items: [DefinitionItem], depth: Int, into out: inout OutputBytes) {
        out.append(ascii: "<dl>\n")
        for item in items {
            out.append(ascii: "<dt>")
            htmlInlines(item.term, depth: depth + 1, into: &out)
            out.append(ascii: "</dt>\n")
            for definition in item.definitions {
                out.append(ascii: "<dd>")
                htmlCellContent(definition, depth: depth + 1, into: &out)
                out.append(ascii: "</dd>\n")
            }
        }
        out.append(ascii: "</dl>")
    }

    func htmlTable(_ table: Table, depth: Int, into out: inout OutputBytes) {
        out.append(ascii: "<table>\n")
        if !table.caption.isEmpty {
            out.append(ascii: "<caption>")
            htmlCellContent(table.caption, depth: depth, into: &out)
            out.append(ascii: "</caption>\n")
        }
        func section(_ name: String, _ rows: [TableRow], _ out: inout OutputBytes) {
            guard !rows.isEmpty else { return }
            out.append(0x3C)
            out.append(utf8: name)
            out.append(ascii: ">\n")
            for row in rows {
                out.append(ascii: "<tr>\n")
                for (index, cell) in row.cells.enumerated() {
                    let tag = cell.header || name == "thead" ? "th" : "td"
                    var alignment = cell.alignment
                    if alignment == .none && index < table.columns.count {
                        alignment = table.columns[index]
                    }
                    out.append(0x3C)
                    out.append(utf8: tag)
                    if alignment != .none {
                        htmlAttribute(" align=\"", alignment.rawValue, escape: false, into: &out)
                    }
                    if cell.colspan > 1 {
                        htmlAttribute(
                            " colspan=\"", String(cell.colspan), escape: false, into: &out)
                    }
                    if cell.rowspan > 1 {
                        htmlAttribute(
                            " rowspan=\"", String(cell.rowspan), escape: false, into: &out)
                    }
                    out.append(0x3E)
                    htmlCellContent(cell.blocks, depth: depth, into: &out)
                    out.append(ascii: "</")
                    out.append(utf8: tag)
                    out.append(ascii: ">\n")
                }
                out.append(ascii: "</tr>\n")
            }
            out.append(ascii: "</")
            out.append(utf8: name)
            out.append(ascii: ">\n")
        }
        section("thead", table.head, &out)
        section("tbody", table.body, &out)
        section("tfoot", table.foot, &out)
        out.append(ascii: "</table>")
    }

    /// Inline HTML for one paragraph-like block, block HTML otherwise.
    func htmlCellContent(_ blocks: [Block], depth: Int, into out: inout OutputBytes) {
        if blocks.count == 1, case .plain(let xs, _) = blocks[0] {
            return htmlInlines(xs, depth: depth, into: &out)
        }
        if blocks.count == 1, case .paragraph(let xs, _) = blocks[0] {
            return htmlInlines(xs, depth: depth, into: &out)
        }
        if blocks.isEmpty { return }
        out.append(0x0A)
        htmlBlocks(blocks, depth: depth, into: &out)
    }

    func htmlBlocks(_ blocks: [Block], depth: Int, into out: inout OutputBytes) {
        for block in blocks {
            if depth >= maxDepth {
                lossy(.lossyDepth, "nesting deeper than \(maxDepth) levels flattened")
                htmlInlines(flattenInlines([block]), depth: depth, into: &out)
                out.append(0x0A)
                continue
            }
            switch block {
            case .paragraph(let xs, _):
                out.append(ascii: "<p>")
                htmlInlines(xs, depth: depth, into: &out)
                out.append(ascii: "</p>\n")
            case .plain(let xs, _):
                htmlInlines(xs, depth: depth, into: &out)
                out.append(0x0A)
            case .heading(let level, let xs, _):
                out.append(contentsOf: "<h\(level)>".utf8)
                htmlInlines(xs, depth: depth, into: &out)
                out.append(contentsOf: "</h\(level)>\n".utf8)
            case .blockQuote(let bs, _):
                out.append(ascii: "<blockquote>\n")
                htmlBlocks(bs, depth: depth + 1, into: &out)
                out.append(ascii: "</blockquote>\n")
            case .codeBlock(let info, let code, _):
                let language = info.split(separator: " ").first.map(String.init) ?? ""
                out.append(ascii: "<pre><code")
                if !language.isEmpty { htmlAttribute(" class=\"language-", language, into: &out) }
                out.append(0x3E)
                htmlEscape(code, into: &out)
                out.append(ascii: "</code></pre>\n")
            case .rawBlock(let format, let s):
                if format == "html" {
                    out.append(utf8: s)
                    if !s.hasSuffix("\n") { out.append(0x0A) }
                }
            case .list(let list):
                let tag = list.kind == .bullet ? "ul" : "ol"
                out.append(0x3C)
                out.append(utf8: tag)
                if list.kind == .ordered && list.start != 1 {
                    out.append(contentsOf: " start=\"\(list.start)\"".utf8)
                }
                out.append(ascii: ">\n")
                for item in list.items {
                    out.append(ascii: "<li>")
                    if let task = item.task {
                        out.append(
                            contentsOf: task
                                ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> ".utf8
                                : "<input type=\"checkbox\" disabled=\"\" /> ".utf8)
                    }
                    htmlCellContent(item.blocks, depth: depth + 1, into: &out)
                    out.append(ascii: "</li>\n")
                }
                out.append(ascii: "</")
                out.append(utf8: tag)
                out.append(ascii: ">\n")
            case .definitionList(let items, _):
                // Blank lines protected inside the nested list first, as a list of its own.
                var nested = OutputBytes()
                var protected = OutputBytes()
                defer { for bytes in [nested, protected] { bytes.deallocate() } }
                htmlDefinitionList(items, depth: depth + 1, into: &nested)
                protectBlankLines(nested, into: &protected)
                out.append(contentsOf: protected)
                out.append(0x0A)
            case .table(let t):
                htmlTable(t, depth: depth + 1, into: &out)
                out.append(0x0A)
            case .thematicBreak:
                out.append(ascii: "<hr />\n")
            case .div(let bs, _):
                htmlBlocks(bs, depth: depth + 1, into: &out)
            case .footnoteDefinition(let label, let bs, _):
                lossy(.lossyFootnote, "footnote [^\(label)] inside raw HTML written as text")
                out.append(ascii: "<p>[^")
                htmlEscape(label, into: &out)
                out.append(ascii: "]:</p>\n")
                htmlBlocks(bs, depth: depth + 1, into: &out)
            }
        }
    }

    func htmlInlines(_ xs: [Inline], depth: Int, into out: inout OutputBytes) {
        func wrap(
            named tag: UnsafeBufferPointer<UInt8>, _ children: [Inline], _ out: inout OutputBytes
        ) {
            out.append(0x3C)
            out.append(contentsOf: tag)
            out.append(0x3E)
            htmlInlines(children, depth: depth + 1, into: &out)
            out.append(ascii: "</")
            out.append(contentsOf: tag)
            out.append(0x3E)
        }
        func wrap(_ tag: StaticString, _ children: [Inline], _ out: inout OutputBytes) {
            wrap(
                named: UnsafeBufferPointer(start: tag.utf8Start, count: tag.utf8CodeUnitCount),
                children, &out)
        }
        // By index, switching on the element in place (a `for` loop copied each inline).
        for index in xs.indices {
            if depth >= maxDepth && xs[index].isContainer {
                lossy(.lossyDepth, "inline nesting deeper than \(maxDepth) levels flattened")
                htmlInlines(xs[index].leafInlines, depth: depth, into: &out)
                continue
            }
            switch xs[index] {
            case .text(let s): htmlEscape(s, into: &out)
            case .softBreak: out.append(0x0A)
            case .lineBreak: out.append(ascii: "<br />\n")
            case .code(let s, _):
                out.append(ascii: "<code>")
                htmlEscape(s, into: &out)
                out.append(ascii: "</code>")
            case .emphasis(let c, _): wrap("em", c, &out)
            case .strong(let c, _): wrap("strong", c, &out)
            case .strikethrough(let c, _): wrap("del", c, &out)
            case .underline(let c, _): wrap("u", c, &out)
            case .sup(let c, _): wrap("sup", c, &out)
            case .sub(let c, _): wrap("sub", c, &out)
            case .highlight(let c, _): wrap("mark", c, &out)
            case .span(let c, let a):
                if var tag = a.tag, tag != "span", isSafeTagName(tag) {
                    tag.withUTF8 { wrap(named: $0, c, &out) }
                } else {
                    htmlInlines(c, depth: depth + 1, into: &out)
                }
            case .link(let c, let link, _):
                htmlAttribute("<a href=\"", link.destination, into: &out)
                if !link.title.isEmpty { htmlAttribute(" title=\"", link.title, into: &out) }
                out.append(0x3E)
                htmlInlines(c, depth: depth + 1, into: &out)
                out.append(ascii: "</a>")
            case .image(let c, let link, let a):
                htmlImage(
                    c, link, width: a.value(of: "width"), height: a.value(of: "height"), into: &out)
            case .rawInline(let format, let s):
                if format == "html" { out.append(utf8: s) }
            case .footnoteReference(let label):
                lossy(
                    .lossyFootnote, "footnote reference [^\(label)] inside raw HTML written as text"
                )
                out.append(ascii: "<sup>[^")
                htmlEscape(label, into: &out)
                out.append(ascii: "]</sup>")
            }
        }
    }

    /// `<img src alt title width height />`: a title when it is not empty, a width or height
    /// when given.
    func htmlImage(
        _ xs: [Inline], _ link: Link, width: String?, height: String?, into out: inout OutputBytes
    ) {
        htmlAttribute("<img src=\"", link.destination, into: &out)
        htmlAttribute(" alt=\"", Inline.span(xs, .none).plainText, into: &out)
        if !link.title.isEmpty { htmlAttribute(" title=\"", link.title, into: &out) }
        if let width { htmlAttribute(" width=\"", width, into: &out) }
        if let height { htmlAttribute(" height=\"", height, into: &out) }
        out.append(ascii: " />")
    }

    /// Appends `opening` (` name="`), `value` (escaped unless `escape` is false: an alignment
    /// or a number) and the closing quote.
    @inline(__always)
    func htmlAttribute(
        _ opening: StaticString, _ value: String, escape: Bool = true, into out: inout OutputBytes
    ) {
        out.append(ascii: opening)
        if escape { htmlEscape(value, into: &out) } else { out.append(utf8: value) }
        out.append(0x22)
    }

    func isSafeTagName(_ tag: String) -> Bool {
        guard let first = tag.utf8.first, (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A else {
            return false
        }
        return tag.utf8.allSatisfy { b in
            ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D
        }
    }

    /// Rewrites blank (or whitespace-only) lines so the HTML stays one HTML block: the line
    /// feed that ends a blank line becomes `&#10;` (the same character to an HTML parser).
    /// Trailing line feeds are dropped (not one that ends a `\r\n`). Into `out` (emptied
    /// first, its capacity kept).
    func protectBlankLines(_ html: OutputBytes, into out: inout OutputBytes) {
        var end = html.count
        while end > 0 && html[end - 1] == 0x0A && !(end > 1 && html[end - 2] == 0x0D) {
            end -= 1
        }
        out.removeAll()
        html.withUnsafeBufferPointer { bytes in
            // Line by line: copied whole, its white space looked at up to the first other byte.
            var start = 0
            while start < end {
                let newline = min(ByteScan.firstIndex(of: 0x0A, in: bytes, from: start), end)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<newline]))
                if newline == end { break }
                var blank = start > 0
                var k = start
                while blank && k < newline {
                    blank = bytes[k] == 0x20 || bytes[k] == 0x09
                    k += 1
                }
                if blank {
                    out.append(ascii: "&#10;")
                } else {
                    out.append(0x0A)
                }
                start = newline + 1
            }
        }
    }
}
