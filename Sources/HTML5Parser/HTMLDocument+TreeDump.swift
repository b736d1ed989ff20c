extension HTMLDocument {
    /// Appends the html5lib-format lines of `id` and its subtree (iteratively).
    func dumpNode(_ id: HTMLNodeID, indent: Int, into out: inout String) {
        var work: [(Int32, Int, Bool)] = [(id.index, indent, false)]  // node, indent, isContentLine
        while let (i, level, isContent) = work.popLast() {
            let pad = String(repeating: "  ", count: level - 1)
            if isContent {
                out += "| " + pad + "content\n"
                pushChildren(of: i, indent: level + 1, into: &work)
                continue
            }
            let n = nodes[Int(i)]
            switch n.kind {
            case .document, .documentFragment:
                pushChildren(of: i, indent: level, into: &work)
                continue
            case .doctype:
                out += "| " + pad + "<!DOCTYPE " + n.name
                if n.publicIdentifier != nil || n.systemIdentifier != nil {
                    out +=
                        " \"" + (n.publicIdentifier ?? "") + "\" \"" + (n.systemIdentifier ?? "")
                        + "\""
                }
                out += ">\n"
            case .comment:
                out += "| " + pad + "<!-- " + n.data + " -->\n"
            case .text:
                out += "| " + pad + "\"" + n.data + "\"\n"
            case .element:
                out += "| " + pad + "<"
                switch n.namespace {
                case .html: break
                case .svg: out += "svg "
                case .mathml: out += "math "
                }
                out += n.name + ">\n"
                if !n.attributes.isEmpty {
                    let apad = pad + "  "
                    var lines: [(String, String)] = n.attributes.map { a in
                        let name: String
                        switch a.namespace {
                        case .none: name = a.name
                        case .xlink: name = "xlink " + a.name
                        case .xml: name = "xml " + a.name
                        case .xmlns: name = "xmlns " + a.name
                        }
                        return (name, a.value)
                    }
                    lines.sort { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
                    for (k, v) in lines { out += "| " + apad + k + "=\"" + v + "\"\n" }
                }
                if n.hasTemplateContents {
                    work.append((i + 1, level + 1, true))
                    continue
                }
                pushChildren(of: i, indent: level + 1, into: &work)
            }
        }
    }

    private func pushChildren(of i: Int32, indent: Int, into work: inout [(Int32, Int, Bool)]) {
        var c = nodes[Int(i)].lastChildIndex
        while c >= 0 {
            work.append((c, indent, false))
            c = nodes[Int(c)].previousSiblingIndex
        }
    }
}
