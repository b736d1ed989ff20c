import Foundation
import MarkupAST

/// Compiled inline `style=""` declarations, remembered by their source declarations.
///
/// Apps render the same few inline styles over and over (`color:#666`,
/// `font-weight:bold;color:#0a84ff`); compiling them once per distinct list saves the CSS
/// value parsing per element. The diagnostics of the first compilation are replayed, so a
/// cached result is indistinguishable from a fresh one. Thread safe; bounded in size (it is
/// emptied when full, so hostile input cannot grow it without limit).
final class InlineStyleCache: @unchecked Sendable {
    /// What compiling one declaration list produced.
    struct Entry {
        var hash: UInt64
        var css: [CSSDeclaration]
        var declarations: [StyleDeclaration]
        var diagnostics: [Diagnostic]
    }

    /// The process-wide cache.
    static let shared = InlineStyleCache()

    /// Most distinct declaration lists kept.
    static let capacity = 512

    private let lock = NSLock()
    /// Open addressing over `entries`: entry index + 1 per slot, 0 when empty; twice the
    /// capacity, a power of two. Keyed by an FNV-1a hash of the declarations' bytes (cheaper
    /// than hashing them as `Hashable`), confirmed by comparing the lists.
    private var slots = [Int32](repeating: 0, count: 2 * InlineStyleCache.capacity)
    private var entries: [Entry] = []

    /// The compiled form of `css`, appending its diagnostics to `diagnostics`.
    func compile(_ css: [CSSDeclaration], diagnostics: inout [Diagnostic]) -> [StyleDeclaration] {
        let hash = InlineStyleCache.hash(css)
        lock.lock()
        if let index = find(css, hash) {
            let declarations = entries[index].declarations
            let produced = entries[index].diagnostics
            lock.unlock()
            if !produced.isEmpty { diagnostics.append(contentsOf: produced) }
            return declarations
        }
        lock.unlock()
        var produced: [Diagnostic] = []
        var markup = css
        // Markup's own style may not attach custom attributes (the app's stylesheets may).
        Stylesheet.dropAppSettings(&markup, &produced)
        let declarations = CSSValueParser.compile(markup, diagnostics: &produced)
        Stylesheet.markupDiagnostics(&produced, from: 0)
        if !produced.isEmpty { diagnostics.append(contentsOf: produced) }
        lock.lock()
        if find(css, hash) == nil {
            if entries.count >= InlineStyleCache.capacity {
                entries.removeAll(keepingCapacity: true)
                for i in slots.indices { slots[i] = 0 }
            }
            entries.append(
                Entry(hash: hash, css: css, declarations: declarations, diagnostics: produced))
            let mask = slots.count - 1
            var i = Int(truncatingIfNeeded: hash) & mask
            while slots[i] != 0 { i = (i + 1) & mask }
            slots[i] = Int32(entries.count)
        }
        lock.unlock()
        return declarations
    }

    /// The entry holding `css`, if any (called with the lock held).
    private func find(_ css: [CSSDeclaration], _ hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = Int(slots[i])
            if slot == 0 { return nil }
            if entries[slot - 1].hash == hash && entries[slot - 1].css == css { return slot - 1 }
            i = (i + 1) & mask
        }
    }

    /// FNV-1a over each declaration's property, value and importance, with separators.
    static func hash(_ css: [CSSDeclaration]) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for d in css {
            mix(&h, d.property)
            mix(&h, 0x3A)
            mix(&h, d.value)
            mix(&h, d.important ? 0x21 : 0x3B)
        }
        // Spread the high bits into the low ones, which index the slots.
        return h ^ (h >> 29)
    }

    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    @inline(__always)
    private static func mix(_ h: inout UInt64, _ byte: UInt8) {
        h = (h ^ UInt64(byte)) &* prime
    }

    /// Mixes the UTF-8 bytes of `s` (from its contiguous storage when it has one).
    private static func mix(_ h: inout UInt64, _ s: String) {
        let start = h
        if let mixed = s.utf8.withContiguousStorageIfAvailable({ bytes -> UInt64 in
            var x = start
            for b in bytes { x = (x ^ UInt64(b)) &* prime }
            return x
        }) {
            h = mixed
            return
        }
        for b in s.utf8 { mix(&h, b) }
    }
}
