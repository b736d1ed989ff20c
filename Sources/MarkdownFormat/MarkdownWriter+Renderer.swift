import MarkupAST

extension MarkdownWriter {
    /// The mutable state of one `write` call: output, container prefixes, references,
    /// diagnostics. Block containers push a `Prefix` that every emitted line starts with.
    final class Renderer {
        struct Prefix {
            var first: String
            var rest: String
            var used = false
        }

        struct ReferenceKey: Hashable {
            var destination: String
            var title: String
        }

        let options: MarkdownWriterOptions
        let maxDepth = 512
        var out = ""
        var diagnostics: [Diagnostic] = []
        var reported: Set<String> = []
        var prefixes: [Prefix] = []
        var depth = 0
        var referenceLabels: [ReferenceKey: Int] = [:]
        var pendingReferences: [(label: Int, link: Link)] = []
        // Inline rendering state (one paragraph at a time).
        var buffer: [UInt8] = []
        var origins: [UInt8] = []
        var lineMode: LineMode = .paragraph
        var linkTextDepth = 0
        var linkDepth = 0
        var openDelimiters: [(byte: UInt8, count: Int, end: Int, intraword: Bool)] = []
        var inlineDepth = 0

        init(options: MarkdownWriterOptions) { self.options = options }

        var ext: MarkdownExtensions { options.extensions }

        /// Records a lossy diagnostic once per code and message.
        func lossy(_ code: String, _ message: String) {
            let key = code + "\u{0}" + message
            guard !reported.contains(key) else { return }
            reported.insert(key)
            diagnostics.append(Diagnostic(.warning, code, message))
        }

        // MARK: Lines

        /// Emits one line with the current container prefixes; an empty line gets the
        /// prefixes without their trailing spaces.
        func emitLine(_ content: String, keepTrailingSpace: Bool = false) {
            var line = ""
            for index in prefixes.indices {
                if prefixes[index].used {
                    line += prefixes[index].rest
                } else {
                    line += prefixes[index].first
                    prefixes[index].used = true
                }
            }
            if content.isEmpty {
                while line.last == " " && !keepTrailingSpace { line.removeLast() }
            } else {
                line += content
            }
            out += line
            out += "\n"
        }

        func emitBlank() { emitLine("") }

        /// Emits several lines (split at `\n`).
        func emitLines(_ text: String) {
            for line in text.writerLines() {
                emitLine(String(line))
            }
        }

        /// The width of the prefix of the next line.
        var prefixWidth: Int {
            var width = 0
            for prefix in prefixes {
                width += (prefix.used ? prefix.rest : prefix.first).unicodeScalars.count
            }
            return width
        }

        // MARK: Document

        func renderDocument(_ document: Document) {
            let blocks = prepare(document.blocks)
            var context = BlockContext()
            for (index, block) in blocks.enumerated() {
                if index > 0 {
                    separate(blocks[index - 1], block, tight: false, context: &context)
                }
                render(block, context: &context)
                if options.linkStyle == .reference && options.referenceLocation == .block {
                    flushReferences()
                }
            }
            flushReferences()
        }

        func flushReferences() {
            guard !pendingReferences.isEmpty else { return }
            if !out.isEmpty { emitBlank() }
            for (label, link) in pendingReferences {
                var line = "[\(label)]: " + destination(link.destination)
                if !link.title.isEmpty { line += " " + title(link.title) }
                emitLine(line)
            }
            pendingReferences.removeAll()
        }
    }
}
