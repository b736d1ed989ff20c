extension String {
    /// The lines of the string split at `\n`, scanning UTF-8 (an empty last line is kept).
    ///
    /// ```swift
    /// "a\n\nb".plainTextLines() // ["a", "", "b"]
    /// ```
    func plainTextLines() -> [Substring] {
        var result: [Substring] = []
        let bytes = utf8
        var start = bytes.startIndex
        var index = start
        while index != bytes.endIndex {
            if bytes[index] == 0x0A {
                result.append(self[start..<index])
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        result.append(self[start..<endIndex])
        return result
    }
}

import MarkupAST

extension Block {
    /// The leaf blocks under `self` (containers opened), in order, without recursion:
    /// what the writer renders past its depth limit.
    ///
    /// ```swift
    /// Block.blockQuote([.blockQuote([.paragraph([.text("a")], .none)], .none)], .none).plainLeafBlocks
    /// // [.paragraph([.text("a")], .none)]
    /// ```
    var plainLeafBlocks: [Block] {
        var result: [Block] = []
        var stack: [Block] = [self]
        while let block = stack.popLast() {
            switch block {
            case .blockQuote(let bs, _), .div(let bs, _), .footnoteDefinition(_, let bs, _):
                stack.append(contentsOf: bs.reversed())
            case .list(let list):
                for item in list.items.reversed() { stack.append(contentsOf: item.blocks.reversed()) }
            case .definitionList(let items, _):
                for item in items.reversed() {
                    for d in item.definitions.reversed() { stack.append(contentsOf: d.reversed()) }
                    stack.append(.paragraph(item.term, .none))
                }
            case .paragraph, .plain, .heading, .codeBlock, .rawBlock, .table, .thematicBreak:
                result.append(block)
            }
        }
        return result
    }
}
