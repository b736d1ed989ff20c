extension HTMLDocument {
    static let voidElements: Set<String> = [
        "area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input",
        "keygen", "link", "meta", "param", "source", "track", "wbr",
    ]
    static let rawTextParents: Set<String> = [
        "style", "script", "xmp", "iframe", "noembed", "noframes", "plaintext",
    ]

    private enum Step {
        case node(Int32)
        case close(String)
    }

    func serializeChildren(of id: HTMLNodeID, into out: inout String) {
        var work: [Step] = []
        pushChildren(of: contentsIndex(id.index), into: &work)
        run(&work, into: &out)
    }

    func serializeNode(_ id: HTMLNodeID, parentName: String, into out: inout String) {
        var work: [Step] = [.node(id.index)]
        run(&work, into: &out)
    }

    private func pushChildren(of i: Int32, into work: inout [Step]) {
        var c = nodes[Int(i)].lastChildIndex
        while c >= 0 {
            work.append(.node(c))
            c = nodes[Int(c)].previousSiblingIndex
        }
    }

    private func run(_ work: inout [Step], into out: inout String) {
        while let step = work.popLast() {
            switch step {
            case .close(let name):
                out += "</" + name + ">"
            case .node(let i):
                let n = nodes[Int(i)]
                switch n.kind {
                case .document, .documentFragment:
                    pushChildren(of: i, into: &work)
                case .doctype:
                    out += "<!DOCTYPE " + n.name + ">"
                case .comment:
                    out += "<!--" + n.data + "-->"
                case .text:
                    let p = n.parentIndex
                    if p >= 0, nodes[Int(p)].kind == .element, nodes[Int(p)].namespace == .html,
                        Self.rawTextParents.contains(nodes[Int(p)].name)
                    {
                        out += n.data
                    } else {
                        Self.escape(n.data, attribute: false, into: &out)
                    }
                case .element:
                    out += "<" + n.name
                    for a in n.attributes {
                        out += " " + a.qualifiedName + "=\""
                        Self.escape(a.value, attribute: true, into: &out)
                        out += "\""
                    }
                    out += ">"
                    if n.namespace == .html && Self.voidElements.contains(n.name) { continue }
                    work.append(.close(n.name))
                    pushChildren(of: contentsIndex(i), into: &work)
                }
            }
        }
    }

    /// Escapes text (`&`, U+00A0, `<`, `>`) or attribute values (`&`, U+00A0, `"`, `<`, `>`).
    static func escape(_ s: String, attribute: Bool, into out: inout String) {
        var needs = false
        for c in s.utf8
        where c == 0x26 || c == 0x3C || c == 0x3E || c == 0xC2 || (attribute && c == 0x22) {
            needs = true
            break
        }
        if !needs {
            out += s
            return
        }
        for u in s.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "\u{A0}": out += "&nbsp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            default: out.unicodeScalars.append(u)
            }
        }
    }
}
