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
        var dumper = Dumper()
        for (key, value) in document.metadata.sorted(by: { $0.key < $1.key }) {
            dumper.out += "meta \(key)=\(quote(value))\n"
        }
        _ = dumper.visit(document.blocks)
        return dumper.out
    }

    /// Dumps inlines only (for tests).
    public static func render(_ inlines: [Inline]) -> String {
        var dumper = Dumper()
        _ = dumper.visit(inlines)
        return dumper.out
    }

    static func quote(_ s: String) -> String {
        s.doubleQuoted { "\\u{\(String($0, radix: 16))}" }
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

    static func describe(_ target: Link) -> String {
        let destination = quote(target.destination)
        return target.title.isEmpty ? destination : "\(destination) title=\(quote(target.title))"
    }

    /// The line of a block, without its children.
    static func head(_ block: Block) -> String {
        let attrs = describe(block.attributes)
        switch block {
        case .heading(let level, _, _): return "heading \(level)" + attrs
        case .codeBlock(let info, let code, _):
            return "code_block info=\(quote(info))" + attrs + " \(quote(code))"
        case .rawBlock(let format, let text): return "raw_block \(format) \(quote(text))"
        case .list(let list):
            var head = list.kind == .bullet ? "bullet_list" : "ordered_list start=\(list.start)"
            if list.kind == .ordered && list.delimiter == .parenthesis { head += " delim=paren" }
            head += list.tight ? " tight" : " loose"
            return head + attrs
        case .table(let table):
            let aligns = table.columns.map(\.rawValue).joined(separator: ",")
            return "table columns=\(aligns)" + attrs
        case .footnoteDefinition(let label, _, _):
            return "footnote_definition \(quote(label))" + attrs
        default: return block.kindName + attrs
        }
    }

    /// The line of a part of a block.
    static func head(_ part: BlockPart) -> String {
        switch part {
        case .item(let task, let a):
            var h = "item"
            if let task { h += task ? " [x]" : " [ ]" }
            return h + describe(a)
        case .term(let a): return "term" + describe(a)
        case .definition: return "definition"
        case .caption: return "caption"
        case .section(let section): return section.rawValue
        case .row(let a): return "row" + describe(a)
        case .cell(let cell):
            var h = cell.header ? "th" : "td"
            if cell.colspan != 1 { h += " colspan=\(cell.colspan)" }
            if cell.rowspan != 1 { h += " rowspan=\(cell.rowspan)" }
            if cell.alignment != .none { h += " align=\(cell.alignment.rawValue)" }
            return h + describe(cell.attributes)
        }
    }

    /// The line of an inline, without its children.
    static func head(_ inline: Inline) -> String {
        let attrs = describe(inline.attributes)
        switch inline {
        case .text(let s): return "text \(quote(s))"
        case .code(let s, _): return "code \(quote(s))" + attrs
        case .rawInline(let format, let s): return "raw_inline \(format) \(quote(s))"
        case .footnoteReference(let label): return "footnote_reference \(quote(label))"
        case .link(_, let target, _), .image(_, let target, _):
            return inline.kindName + " " + describe(target) + attrs
        default: return inline.kindName + attrs
        }
    }
}

/// Writes one line per node and part, two spaces per level.
private struct Dumper: MarkupVisitor {
    static var visitsParts: Bool { true }
    var out = ""
    var depth = 0

    mutating func line(_ text: String) {
        out += String(repeating: "  ", count: depth)
        out += text
        out += "\n"
    }

    mutating func visit(_ blocks: [Block]) -> [Block]? {
        for block in blocks {
            line(TreeDump.head(block))
            depth += 1
            _ = block.visitChildren(&self)
            depth -= 1
        }
        return nil
    }

    mutating func visit(_ inlines: [Inline]) -> [Inline]? {
        for inline in inlines {
            line(TreeDump.head(inline))
            depth += 1
            _ = inline.visitChildren(&self)
            depth -= 1
        }
        return nil
    }

    mutating func enter(_ part: BlockPart) {
        line(TreeDump.head(part))
        depth += 1
    }

    mutating func leave() { depth -= 1 }
}
