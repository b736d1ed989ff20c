import Foundation
import MarkupAST
import StyledText

extension FormatRegistry {
    /// The standard stylesheet with the `--css` files added in order, and what their bad
    /// rules and values were (`FILE:LINE: ...`); a file that cannot be read is an error.
    static func userStylesheet(_ paths: [String]) throws(FormatError) -> (Stylesheet, [Diagnostic])
    {
        var sheet = Stylesheet.standard
        var diagnostics: [Diagnostic] = []
        for path in paths {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw FormatError("--css: cannot read '\(path)'")
            }
            let css = String(decoding: data, as: UTF8.self)
            sheet = sheet.adding(css: css, source: path, diagnostics: &diagnostics)
        }
        return (sheet, diagnostics)
    }
}

/// A writer that adds fixed diagnostics (a user stylesheet's) before its base writer's.
struct DiagnosticsPrefixWriter: MarkupWriter {
    var base: any MarkupWriter
    var diagnostics: [Diagnostic]

    func write(_ document: Document) -> WriteResult {
        var result = base.write(document)
        result.diagnostics.insert(contentsOf: diagnostics, at: 0)
        return result
    }
}
