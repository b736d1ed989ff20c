import MarkupAST

extension MarkdownWriter.Renderer {
    /// The blocks of a list as they are written, one at a time: `.div`s entered (their blocks
    /// take their place), empty paragraphs and raw blocks that may not be written skipped.
    /// `reportPreparation` reports what this flattens or drops.
    ///
    /// Walks the tree in place: building the flattened list copied every block into a new
    /// array and released it again, which cost more than deciding what to keep.
    struct PreparedBlocks {
        /// The list being walked and the next index in it.
        private var list: [Block]
        private var index = 0
        /// The lists of the divs entered, each with the index after its div.
        private var outer: [(blocks: [Block], index: Int)] = []
        /// Raw HTML blocks are written (else dropped).
        private let rawHTML: Bool

        init(_ blocks: [Block], rawHTML: Bool) {
            list = blocks
            self.rawHTML = rawHTML
        }

        /// The next block to write, or nil at the end.
        mutating func next() -> Block? {
            while true {
                guard index < list.count else {
                    guard let (blocks, resume) = outer.popLast() else { return nil }
                    list = blocks
                    index = resume
                    continue
                }
                let current = index
                index += 1
                switch list[current] {
                case .div(let children, _):
                    outer.append((list, index))
                    list = children
                    index = 0
                case .paragraph(let xs, _) where xs.isEmpty, .plain(let xs, _) where xs.isEmpty:
                    continue
                case .rawBlock(let format, let text):
                    if rawHTML && !text.isEmpty && format.lowercased() == "html" {
                        return list[current]
                    }
                default:
                    return list[current]
                }
            }
        }
    }
}
