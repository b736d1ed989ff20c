import HTMLFormat
import MarkupAST
import Testing

/// Table cells and list items holding one short text (at most 15 UTF-8 bytes) share one block
/// list per text (issue #19: a table of one-letter cells made the AST twice the size of its
/// DOM). Sharing is invisible in the tree; these check the trees and that the storage is
/// shared only where the content is the same.
@Suite struct HTMLReaderSharedBlocksTests {
    func storage(_ blocks: [Block]) -> UnsafeRawPointer? {
        blocks.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    func plain(_ text: String) -> [Block] { [.plain([.text(text)], .none)] }

    @Test("repeated short cells: the same trees, one list per text")
    func cells() throws {
        let long = "fifteen bytes ok plus"
        let html =
            "<table><tr><td>a<td>b</tr><tr><td>a<td>b</tr>"
            + "<tr><td>\(long)<td>\(long)</tr></table>"
        let read = try HTMLReader().read(html).document.blocks
        guard read.count == 1, case .table(let table) = read[0] else {
            Issue.record("not one table: \(read)")
            return
        }
        let cells = table.body.map { $0.cells.map(\.blocks) }
        #expect(
            cells == [
                [plain("a"), plain("b")], [plain("a"), plain("b")], [plain(long), plain(long)],
            ])
        #expect(storage(cells[0][0]) == storage(cells[1][0]))
        #expect(storage(cells[0][1]) == storage(cells[1][1]))
        #expect(storage(cells[0][0]) != storage(cells[0][1]))
        // Longer texts are kept apart (their strings are allocated anyway).
        #expect(storage(cells[2][0]) != storage(cells[2][1]))
    }

    @Test("repeated short list items share their lists; other items do not")
    func items() throws {
        let read = try HTMLReader().read("<ul><li>yes<li>no<li>yes<li><b>yes</b></ul>")
            .document.blocks
        guard read.count == 1, case .list(let list) = read[0] else {
            Issue.record("not one list: \(read)")
            return
        }
        let items = list.items.map(\.blocks)
        let strong: [Block] = [.plain([.strong([.text("yes")], Attributes(tag: "b"))], .none)]
        #expect(items == [plain("yes"), plain("no"), plain("yes"), strong])
        #expect(storage(items[0]) == storage(items[2]))
        #expect(storage(items[0]) != storage(items[1]))
    }
}
