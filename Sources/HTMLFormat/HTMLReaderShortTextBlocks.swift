import Foundation
import MarkupAST

/// Block lists of the form `[.plain([.text(s)], .none)]` with a short `s` (at most 15 UTF-8
/// bytes: a `String` stored inline), shared between the table cells and list items that hold
/// the same text. Such a cell costs two lists (its blocks and their inlines, about 160 bytes
/// with the allocator's headers) for a few bytes of input; tables repeat their short cells
/// (`Yes`, `-`, `0`), and a table of one-letter cells made the AST twice the size of its DOM.
///
/// The lists are values, so sharing them changes nothing a reader of the AST can see. The table
/// is direct-mapped (a repeat replaces what was in its slot), so it stays a fixed size whatever
/// the document: its 64 slots hold the lists last seen.
struct HTMLReaderShortTextBlocks {
    private struct Entry {
        let key: String
        let blocks: [Block]
    }

    private var slots: [Entry?] = []

    /// A list equal to `blocks`, shared with an earlier one when `blocks` is one plain run of
    /// one short text seen before; otherwise `blocks` itself (remembered when it is of that
    /// form).
    mutating func shared(_ blocks: [Block]) -> [Block] {
        guard blocks.count == 1, case .plain(let inlines, let attributes) = blocks[0],
            attributes.isEmpty, inlines.count == 1, case .text(let text) = inlines[0]
        else { return blocks }
        var key = text
        return key.withUTF8 { bytes in
            guard bytes.count <= 15 else { return blocks }
            // FNV-1a over the bytes; the low bits pick the slot.
            var h: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { h = (h ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            let slot = Int(truncatingIfNeeded: h ^ (h >> 29)) & 63
            if slots.isEmpty { slots = Array(repeating: nil, count: 64) }
            if let entry = slots[slot], Self.same(entry.key, bytes) { return entry.blocks }
            slots[slot] = Entry(key: text, blocks: blocks)
            return blocks
        }
    }

    private static func same(_ key: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var key = key
        return key.withUTF8 { k in
            k.count == bytes.count
                && (k.isEmpty || memcmp(k.baseAddress!, bytes.baseAddress!, k.count) == 0)
        }
    }
}
