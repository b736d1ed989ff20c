import MarkupAST

extension HTMLWriter.Renderer {
    /// The start of a standalone document, up to `<body>`: the doctype, `<html lang>`,
    /// `<meta charset>`, `<title>` (the metadata's, else the first heading's text), `<meta
    /// name>` for author, description and keywords, and a `<link rel="stylesheet">` per
    /// stylesheet URL. Every value is escaped.
    mutating func renderHead(_ document: Document) {
        let metadata = document.metadata
        put("<!DOCTYPE html>\n<html")
        if let lang = metadata["lang"] { appendAttribute("lang", lang) }
        put(">\n<head>\n<meta charset=\"utf-8\" />\n")
        if let title = metadata["title"] ?? Self.firstHeadingText(document) {
            put("<title>")
            appendEscaped(title)
            put("</title>\n")
        }
        for name in ["author", "description", "keywords"] {
            guard let content = metadata[name] else { continue }
            put("<meta")
            appendAttribute("name", name)
            appendAttribute("content", content)
            put(" />\n")
        }
        for url in options.stylesheets {
            put("<link rel=\"stylesheet\"")
            appendAttribute("href", url)
            put(" />\n")
        }
        put("</head>\n<body>\n")
    }

    /// The end of a standalone document.
    mutating func renderTail() {
        put("</body>\n</html>\n")
    }

    /// The plain text of the first heading anywhere in the document, if it has any text.
    static func firstHeadingText(_ document: Document) -> String? {
        let headings = document.query { node in
            if case .block(.heading) = node { true } else { false }
        }
        guard case .block(.heading(_, let inlines, _)) = headings.first else { return nil }
        let text = PlainText(lineBreak: " ").text(of: inlines)
        return text.isEmpty ? nil : text
    }
}
