import MarkupAST

/// The raw HTML fallback for blocks Markdown cannot express (tables with spans or block
/// cells, definition lists). The output never contains a blank line, so it stays one
/// CommonMark HTML block.
extension MarkdownWriter.Renderer {
    func htmlDefinitionList(_ items: [DefinitionItem], depth: Int) -> String {
        var out = "<dl>\n"
        for item in items {
            out += "<dt>" + htmlInlines(item.term, depth: depth + 1) + "</dt>\n"
            for definition in item.definitions {
                out += "<dd>" + htmlCellContent(definition, depth: depth + 1) + "</dd>\n"
            }
        }
        out += "</dl>"
        return protectBlankLines(out)
    }

    func htmlTable(_ table: Table, depth: Int) -> String {
        var out = "<table>\n"
        if !table.caption.isEmpty {
            out += "<caption>" + htmlCellContent(table.caption, depth: depth) + "</caption>\n"
        }
        func section(_ name: String, _ rows: [TableRow]) {
            guard !rows.isEmpty else { return }
            out += "<\(name)>\n"
            for row in rows {
                out += "<tr>\n"
                for (index, cell) in row.cells.enumerated() {
                    let tag = cell.header || name == "thead" ? "th" : "td"
                    var alignment = cell.alignment
                    if alignment == .none && index < table.columns.count { alignment = table.columns[index] }
                    out += "<\(tag)"
                    if alignment != .none { out += " align=\"\(alignment.rawValue)\"" }
                    if cell.colspan > 1 { out += " colspan=\"\(cell.colspan)\"" }
                    if cell.rowspan > 1 { out += " rowspan=\"\(cell.rowspan)\"" }
                    out += ">" + htmlCellContent(cell.blocks, depth: depth) + "</\(tag)>\n"
                }
                out += "</tr>\n"
            }
            out += "</\(name)>\n"
        }
        section("thead", table.head)
        section("tbody", table.body)
        section("tfoot", table.foot)
        return out + "</table>"
    }

    /// Inline HTML for one paragraph-like block, block HTML otherwise.
    func htmlCellContent(_ blocks: [Block], depth: Int) -> String {
        if blocks.count == 1, case .plain(let xs, _) = blocks[0] { return htmlInlines(xs, depth: depth) }
        if blocks.count == 1, case .paragraph(let xs, _) = blocks[0] { return htmlInlines(xs, depth: depth) }
        if blocks.isEmpty { return "" }
        return "\n" + htmlBlocks(blocks, depth: depth)
    }

    func htmlBlocks(_ blocks: [Block], depth: Int) -> String {
        var out = ""
        for block in blocks {
            if depth >= maxDepth {
                lossy(.lossyDepth, "nesting deeper than \(maxDepth) levels flattened")
                out += htmlInlines(flattenInlines([block]), depth: depth) + "\n"
                continue
            }
            switch block {
            case .paragraph(let xs, _): out += "<p>" + htmlInlines(xs, depth: depth) + "</p>\n"
            case .plain(let xs, _): out += htmlInlines(xs, depth: depth) + "\n"
            case .heading(let level, let xs, _):
                out += "<h\(level)>" + htmlInlines(xs, depth: depth) + "</h\(level)>\n"
            case .blockQuote(let bs, _):
                out += "<blockquote>\n" + htmlBlocks(bs, depth: depth + 1) + "</blockquote>\n"
            case .codeBlock(let info, let code, _):
                let language = info.split(separator: " ").first.map(String.init) ?? ""
                out += "<pre><code"
                if !language.isEmpty { out += " class=\"language-\(htmlEscape(language))\"" }
                out += ">" + htmlEscape(code) + "</code></pre>\n"
            case .rawBlock(let format, let s):
                if format == "html" { out += s + (s.hasSuffix("\n") ? "" : "\n") }
            case .list(let list):
                let tag = list.kind == .bullet ? "ul" : "ol"
                out += "<\(tag)"
                if list.kind == .ordered && list.start != 1 { out += " start=\"\(list.start)\"" }
                out += ">\n"
                for item in list.items {
                    out += "<li>"
                    if let task = item.task {
                        out += task ? "<input type=\"checkbox\" checked=\"\" disabled=\"\" /> "
                            : "<input type=\"checkbox\" disabled=\"\" /> "
                    }
                    out += htmlCellContent(item.blocks, depth: depth + 1) + "</li>\n"
                }
                out += "</\(tag)>\n"
            case .definitionList(let items, _):
                out += htmlDefinitionList(items, depth: depth + 1) + "\n"
            case .table(let t):
                out += htmlTable(t, depth: depth + 1) + "\n"
            case .thematicBreak:
                out += "<hr />\n"
            case .div(let bs, _):
                out += htmlBlocks(bs, depth: depth + 1)
            case .footnoteDefinition(let label, let bs, _):
                lossy(.lossyFootnote, "footnote [^\(label)] inside raw HTML written as text")
                out += "<p>[^\(htmlEscape(label))]:</p>\n" + htmlBlocks(bs, depth: depth + 1)
            }
        }
        return out
    }

    func htmlInlines(_ xs: [Inline], depth: Int) -> String {
        var out = ""
        for inline in xs {
            if depth >= maxDepth && inline.isContainer {
                lossy(.lossyDepth, "inline nesting deeper than \(maxDepth) levels flattened")
                out += htmlInlines(inline.leafInlines, depth: depth)
                continue
            }
            func wrap(_ tag: String, _ children: [Inline]) {
                out += "<\(tag)>" + htmlInlines(children, depth: depth + 1) + "</\(tag)>"
            }
            switch inline {
            case .text(let s): out += htmlEscape(s)
            case .softBreak: out += "\n"
            case .lineBreak: out += "<br />\n"
            case .code(let s, _): out += "<code>" + htmlEscape(s) + "</code>"
            case .emphasis(let c, _): wrap("em", c)
            case .strong(let c, _): wrap("strong", c)
            case .strikethrough(let c, _): wrap("del", c)
            case .underline(let c, _): wrap("u", c)
            case .sup(let c, _): wrap("sup", c)
            case .sub(let c, _): wrap("sub", c)
            case .highlight(let c, _): wrap("mark", c)
            case .span(let c, let a):
                if let tag = a.tag, tag != "span", isSafeTagName(tag) {
                    wrap(tag, c)
                } else {
                    out += htmlInlines(c, depth: depth + 1)
                }
            case .link(let c, let link, _):
                out += "<a href=\"\(htmlEscape(link.destination))\""
                if !link.title.isEmpty { out += " title=\"\(htmlEscape(link.title))\"" }
                out += ">" + htmlInlines(c, depth: depth + 1) + "</a>"
            case .image(let c, let link, let a):
                out += "<img src=\"\(htmlEscape(link.destination))\" alt=\"\(htmlEscape(Inline.span(c, .none).plainText))\""
                if !link.title.isEmpty { out += " title=\"\(htmlEscape(link.title))\"" }
                for name in ["width", "height"] {
                    if let v = a.value(of: name) { out += " \(name)=\"\(htmlEscape(v))\"" }
                }
                out += " />"
            case .rawInline(let format, let s):
                if format == "html" { out += s }
            case .footnoteReference(let label):
                lossy(.lossyFootnote, "footnote reference [^\(label)] inside raw HTML written as text")
                out += "<sup>[^\(htmlEscape(label))]</sup>"
            }
        }
        return out
    }

    func isSafeTagName(_ tag: String) -> Bool {
        guard let first = tag.utf8.first, (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A else { return false }
        return tag.utf8.allSatisfy { b in
            ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D
        }
    }

    /// Rewrites blank (or whitespace-only) lines so the HTML stays one HTML block: the line
    /// feed that ends a blank line becomes `&#10;` (the same character to an HTML parser).
    func protectBlankLines(_ html: String) -> String {
        var text = html
        while text.hasSuffix("\n") { text.removeLast() }
        let lines = text.writerLines()
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for (index, line) in lines.enumerated() {
            out += line
            guard index + 1 < lines.count else { break }
            let blank = line.allSatisfy { $0 == " " || $0 == "\t" }
            if blank && index > 0 { out += "&#10;" } else { out += "\n" }
        }
        return out
    }
}
