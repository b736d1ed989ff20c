import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The baseline: a minimal `XMLParser`-based renderer in the style of SwiftRichString /
/// Formatting (a style stack keyed by tag name, attributes appended per text callback).
/// It fails on HTML that is not XML (`<br>`, misnesting, `&nbsp;`, unquoted attributes).
final class XMLParserRenderer: NSObject, XMLParserDelegate {
    private var result = NSMutableAttributedString(string: "")
    private var stack: [[NSAttributedString.Key: Any]] = [[:]]
    private(set) var failed = false

    static func render(_ html: String) -> (NSAttributedString, Bool) {
        let r = XMLParserRenderer()
        let parser = XMLParser(data: Data(("<root>" + html + "</root>").utf8))
        parser.delegate = r
        let ok = parser.parse()
        return (r.result, ok && !r.failed)
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        var top = stack.last ?? [:]
        switch name.lowercased() {
        case "b", "strong": top[NSAttributedString.Key("NSFontWeight")] = 700
        case "i", "em": top[NSAttributedString.Key("NSFontItalic")] = true
        case "u": top[NSAttributedString.Key("NSUnderline")] = 1
        case "a": top[NSAttributedString.Key("NSLink")] = attributes["href"] ?? ""
        case "span":
            if let style = attributes["style"], let r = style.range(of: "color:") {
                top[NSAttributedString.Key("NSColor")] = String(style[r.upperBound...])
            }
        case "p", "li":
            if result.length > 0 { result.append(NSAttributedString(string: "\n")) }
        default: break
        }
        stack.append(top)
    }

    func parser(
        _ parser: XMLParser, didEndElement name: String, namespaceURI: String?,
        qualifiedName: String?
    ) {
        if stack.count > 1 { stack.removeLast() }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        result.append(NSAttributedString(string: string, attributes: stack.last ?? [:]))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { failed = true }
}
