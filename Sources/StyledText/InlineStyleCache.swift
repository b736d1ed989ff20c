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
        var declarations: [StyleDeclaration]
        var diagnostics: [Diagnostic]
    }

    /// The process-wide cache.
    static let shared = InlineStyleCache()

    /// Most distinct declaration lists kept.
    static let capacity = 512

    private let lock = NSLock()
    private var entries: [[CSSDeclaration]: Entry] = [:]

    /// The compiled form of `css`, appending its diagnostics to `diagnostics`.
    func compile(_ css: [CSSDeclaration], diagnostics: inout [Diagnostic]) -> [StyleDeclaration] {
        lock.lock()
        let hit = entries[css]
        lock.unlock()
        if let hit {
            if !hit.diagnostics.isEmpty { diagnostics.append(contentsOf: hit.diagnostics) }
            return hit.declarations
        }
        var produced: [Diagnostic] = []
        let declarations = CSSValueParser.compile(css, diagnostics: &produced)
        if !produced.isEmpty { diagnostics.append(contentsOf: produced) }
        lock.lock()
        if entries.count >= InlineStyleCache.capacity { entries.removeAll(keepingCapacity: true) }
        entries[css] = Entry(declarations: declarations, diagnostics: produced)
        lock.unlock()
        return declarations
    }
}
