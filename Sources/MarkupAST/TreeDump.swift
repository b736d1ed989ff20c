/// A readable, stable dump of a document, one node per line, two spaces per level.
///
/// ```swift
/// TreeDump.render(Document([.paragraph([.text("a"), .strong([.text("b")], .none)], .none)]))
/// // paragraph
/// //   text "a"
/// //   strong
/// //     text "b"
/// ```
public enum TreeDump {
    /// Dumps a document.
    public static func render(_ document: Document) -> String {
        var out = ""
        for (key, value) in document.metadata.sorted(by: { $0.key < $1.key }) {
            out += "meta \(key)=\(quote(value))\n"
        }
        for block in document.blocks { dump(block, 0, &out) }
        return out
    }

    /// Dumps inlines only (for tests).
    public static func render(_ inlines: [Inline]) -> String {
        var out = ""
        for inline in inlines { dump(inline, 0, &out) }
        return out
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default:
                if scalar.value < 0x20 {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func describe(_ a: Attributes) -> String {
        var parts: [String] = []
        if let tag = a.tag { parts.append("<\(tag)>") }
        if !a.id.isEmpty { parts.append("#\(a.id)") }
        for c in a.classes { parts.append(".\(c)") }
        for p in a.pairs { parts.append("\(p.name)=\(quote(p.value))") }
        if !a.style.isEmpty { parts.append("style=\(quote(CSSDeclaration.serialize(a.style)))") }
        return parts.isEmpty ? "" : " {" + parts.joined(separator: " ") + "}"
    }

    static func line(_ depth: Int, _ text: String, _ out: inout String) {
        out += String(repeating: "  ", count: depth)
        out += text
        out += "\n"
    }

    static func dump(_ block: Block, _ d: Int, _ out: inout String) {
        let attrs = describe(block.attributes)
        switch block {
        case .paragraph(let xs, _):
            line(d, "paragraph" + attrs, &out)
            for x in xs { dump(x, d + 1, &out) }
        case .plain(let xs, _):
            line(d, "plain" + attrs, &out)
            for x in xs { dump(x, d + 1, &out) }
        case .heading(let level, let xs, _):
            line(d, "heading \(level)" + attrs, &out)
            for x in xs { dump(x, d + 1, &out) }
        case .blockQuote(let bs, _):
            line(d, "blockquote" + attrs, &out)
            for b in bs { dump(b, d + 1, &out) }
        case .codeBlock(let info, let code, _):
            line(d, "code_block info=\(quote(info))" + attrs + " \(quote(code))", &out)
        case .rawBlock(let format, let text):
            line(d, "raw_block \(format) \(quote(text))", &out)
        case .list(let list):
            var head = list.kind == .bullet ? "bullet_list" : "ordered_list start=\(list.start)"
            if list.kind == .ordered && list.delimiter == .parenthesis { head += " delim=paren" }
            head += list.tight ? " tight" : " loose"
            line(d, head + attrs, &out)
            for item in list.items {
                var h = "item"
                if let task = item.task { h += task ? " [x]" : " [ ]" }
                line(d + 1, h + describe(item.attributes), &out)
                for b in item.blocks { dump(b, d + 2, &out) }
            }
        case .definitionList(let items, _):
            line(d, "definition_list" + attrs, &out)
            for item in items {
                line(d + 1, "term" + describe(item.attributes), &out)
                for x in item.term { dump(x, d + 2, &out) }
                for def in item.definitions {
                    line(d + 1, "definition", &out)
                    for b in def { dump(b, d + 2, &out) }
                }
            }
        case .table(let table):
            let aligns = table.columns.map(\.rawValue).joined(separator: ",")
            line(d, "table columns=\(aligns)" + attrs, &out)
            if !table.caption.isEmpty {
                line(d + 1, "caption", &out)
                for b in table.caption { dump(b, d + 2, &out) }
            }
            for (name, rows) in [("head", table.head), ("body", table.body), ("foot", table.foot)]
            where !rows.isEmpty {
                line(d + 1, name, &out)
                for row in rows {
                    line(d + 2, "row" + describe(row.attributes), &out)
                    for cell in row.cells {
                        var h = cell.header ? "th" : "td"
                        if cell.colspan != 1 { h += " colspan=\(cell.colspan)" }
                        if cell.rowspan != 1 { h += " rowspan=\(cell.rowspan)" }
                        if cell.alignment != .none { h += " align=\(cell.alignment.rawValue)" }
                        line(d + 3, h + describe(cell.attributes), &out)
                        for b in cell.blocks { dump(b, d + 4, &out) }
                    }
                }
            }
        case .thematicBreak:
            line(d, "thematic_break" + attrs, &out)
        case .div(let bs, _):
            line(d, "div" + attrs, &out)
            for b in bs { dump(b, d + 1, &out) }
        case .footnoteDefinition(let label, let bs, _):
            line(d, "footnote_definition \(quote(label))" + attrs, &out)
            for b in bs { dump(b, d + 1, &out) }
        }
    }

    static func dump(_ inline: Inline, _ d: Int, _ out: inout String) {
        let attrs = describe(inline.attributes)
        switch inline {
        case .text(let s): line(d, "text \(quote(s))", &out)
        case .softBreak: line(d, "softbreak", &out)
        case .lineBreak: line(d, "linebreak", &out)
        case .code(let s, _): line(d, "code \(quote(s))" + attrs, &out)
        case .rawInline(let format, let s): line(d, "raw_inline \(format) \(quote(s))", &out)
        case .footnoteReference(let label): line(d, "footnote_reference \(quote(label))", &out)
        case .link(let xs, let target, _):
            var h = "link \(quote(target.destination))"
            if !target.title.isEmpty { h += " title=\(quote(target.title))" }
            line(d, h + attrs, &out)
            for x in xs { dump(x, d + 1, &out) }
        case .image(let xs, let target, _):
            var h = "image \(quote(target.destination))"
            if !target.title.isEmpty { h += " title=\(quote(target.title))" }
            line(d, h + attrs, &out)
            for x in xs { dump(x, d + 1, &out) }
        case .emphasis(let xs, _), .strong(let xs, _), .strikethrough(let xs, _),
            .underline(let xs, _), .sup(let xs, _), .sub(let xs, _),
            .highlight(let xs, _), .span(let xs, _):
            line(d, name(of: inline) + attrs, &out)
            for x in xs { dump(x, d + 1, &out) }
        }
    }

    static func name(of inline: Inline) -> String {
        switch inline {
        case .emphasis: return "emphasis"
        case .strong: return "strong"
        case .strikethrough: return "strikethrough"
        case .underline: return "underline"
        case .sup: return "superscript"
        case .sub: return "subscript"
        case .highlight: return "highlight"
        case .span: return "span"
        default: return "inline"
        }
    }
}
