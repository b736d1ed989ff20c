import Foundation
import HTML5Parser
import HTMLFormat
import MarkupAST
import Testing

/// Whole-page mode over the real-page corpus (`Benchmarks/corpus/pages`, from its `gather.sh`):
/// the text of an element a browser does not show (`hidden`, inline `display: none` or
/// `visibility: hidden`) is not read into the document. Skipped when the pages are not there.
///
/// The hidden elements are found here with a check of their own (the DOM and the attributes as
/// written), not with the reader's; a hidden text is checked when it is distinctive: at least
/// 24 characters that occur once in the whole page, so that the same words shown elsewhere
/// (a menu repeated for small screens) cannot make the test fail.
@Suite struct HiddenContentCorpusTests {
    static let pagesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Benchmarks/corpus/pages")
    static var pages: [URL] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: pagesDirectory.path)) ?? []
        return names.filter { $0.hasSuffix(".html") }.sorted().map {
            pagesDirectory.appendingPathComponent($0)
        }
    }

    @Test(
        "whole pages: no text of a hidden element reaches the document",
        .enabled(
            if: !pages.isEmpty,
            "no pages in Benchmarks/corpus/pages: run Benchmarks/corpus/gather.sh"
        ))
    func hiddenTextIsNotRead() throws {
        var checked = 0
        for page in Self.pages {
            let html = String(decoding: try Data(contentsOf: page), as: UTF8.self)
            let dom = HTMLParser.parseDocument(html)
            let whole = Self.collapse(dom.textContent(of: dom.root))
            var hidden: [String] = []
            for i in dom.nodes.indices
            where dom.nodes[i].kind == .element && dom.nodes[i].namespace == .html
                && Self.isHidden(dom.nodes[i])
            {
                let text = Self.collapse(dom.textContent(of: HTMLNodeID(i)))
                if text.count >= 24, whole.components(separatedBy: text).count == 2 {
                    hidden.append(text)
                }
            }
            guard !hidden.isEmpty else { continue }
            var out = ""
            PlainText().append(try HTMLReader().read(html).document.blocks, to: &out)
            let read = Self.collapse(out)
            for text in hidden {
                #expect(!read.contains(text), "\(page.lastPathComponent): \(text.prefix(80))")
                checked += 1
            }
        }
        // The corpus has such elements (Sphinx search boxes, news pages' hidden widgets).
        #expect(checked > 0)
    }

    /// `hidden` (not `until-found`), or an inline style that sets `display: none` or
    /// `visibility: hidden`; `<html>` and `<body>` are read even then (scripts reveal them).
    static func isHidden(_ node: HTMLNode) -> Bool {
        if node.name == "html" || node.name == "body" { return false }
        if let value = node.attribute("hidden"), value.lowercased() != "until-found" { return true }
        guard let style = node.attribute("style") else { return false }
        let compact = style.lowercased().filter { !$0.isWhitespace }
        return compact.contains("display:none") || compact.contains("visibility:hidden")
    }

    static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}
