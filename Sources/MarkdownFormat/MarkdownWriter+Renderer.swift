import ByteScan
import MarkupAST

extension MarkdownWriter {
    /// The mutable state of one `write` call: output, container prefixes, references,
    /// diagnostics. Block containers push a `Prefix` that every emitted line starts with.
    final class Renderer {
        struct Prefix {
            var first: [UInt8]
            var rest: [UInt8]
            var used = false
        }

        /// Bytes of `buffer` up to `end` (from the end of the run before) of one `Origin`.
        struct OriginRun {
            var end: Int
            var origin: UInt8
        }

        /// A diagnostic already reported.
        struct ReportKey: Hashable {
            var code: DiagnosticCode
            var message: String
        }

        struct ReferenceKey: Hashable {
            var destination: String
            var title: String
        }

        // The hot state is `@exclusivity(unchecked)`: it is only touched by this renderer's
        // own methods, one at a time, and the dynamic access checks cost more than the work.
        let options: MarkdownWriterOptions
        let maxDepth = 512
        /// The output so far, as UTF-8 (every piece comes from a `String`, so it stays valid).
        @exclusivity(unchecked) var out = OutputBytes(capacity: 16_384)
        var diagnostics: [Diagnostic] = []
        var reported: Set<ReportKey> = []
        /// Dropped attributes (see `reportAttributes`): presentational ones (info) and
        /// content-bearing ones (warning), each with the elements that had them.
        @exclusivity(unchecked) var droppedStyling = DroppedAttributes()
        @exclusivity(unchecked) var droppedContent = DroppedAttributes()
        /// Attribute names `reportAttributes` has recorded (the first 64), with their UTF-8
        /// length and whether each is presentational.
        @exclusivity(unchecked) var seenAttributeNames:
            [(name: String, length: Int, presentational: Bool)] = []
        @exclusivity(unchecked) var prefixes: [Prefix] = []
        @exclusivity(unchecked) var depth = 0
        /// The numbered labels of reference links, and the next number.
        var referenceLabels: [ReferenceKey: String] = [:]
        var nextReferenceNumber = 1
        /// Every label defined (numbers and link texts, as `foldedLabel` gives them) and the
        /// link it stands for.
        var referenceOwners: [String: ReferenceKey] = [:]
        var pendingReferences: [(label: String, link: Link)] = []
        // Inline rendering state (one paragraph at a time).
        @exclusivity(unchecked) var buffer = OutputBytes(capacity: 1_024)
        /// Where the bytes of `buffer` came from (`Origin`), as runs in order: each run ends
        /// where the next begins, and neighbours differ. (A byte of origin per buffer byte
        /// doubled the cost of every append.)
        @exclusivity(unchecked) var originRuns: [OriginRun] = []
        /// False while no byte appended to `buffer` can be a newline: text is never one
        /// (`appendText` writes `&#10;`), so only markup, titles and wrapping set it. While
        /// false, `escapeLineEdges` takes the buffer as one line without scanning it.
        @exclusivity(unchecked) var bufferMayHoldNewline = false
        /// Set by `escapeLineEdges`: the buffer holds no newline (spares a second scan).
        @exclusivity(unchecked) var bufferIsOneLine = false
        /// The buffers of `emitHTMLBlock`, kept for their capacity.
        var htmlScratch = OutputBytes()
        var protectedScratch = OutputBytes()
        /// How many `withInlineBytes` calls are running.
        @exclusivity(unchecked) var inlineBytesDepth = 0
        var lineMode: LineMode = .paragraph
        @exclusivity(unchecked) var linkTextDepth = 0
        @exclusivity(unchecked) var linkDepth = 0
        @exclusivity(unchecked) var openDelimiters:
            [(byte: UInt8, count: Int, end: Int, intraword: Bool)] = []
        @exclusivity(unchecked) var inlineDepth = 0
        /// The work stack of `renderInlines` (kept between paragraphs for its capacity).
        @exclusivity(unchecked) var inlineTasks: [InlineTask] = []
        /// The links and images whose text `renderInlines` is writing.
        @exclusivity(unchecked) var openLinks: [Link] = []

        init(options: MarkdownWriterOptions) { self.options = options }

        deinit {
            for bytes in [out, buffer, htmlScratch, protectedScratch] { bytes.deallocate() }
        }

        var ext: MarkdownExtensions { options.extensions }

        /// Records a lossy diagnostic once per code and message.
        func lossy(
            _ code: DiagnosticCode, _ message: String,
            severity: Diagnostic.Severity = .warning
        ) {
            guard reported.insert(ReportKey(code: code, message: message)).inserted else { return }
            diagnostics.append(Diagnostic(severity, code, message))
        }

        // MARK: Lines

        /// Appends the current container prefixes (the first line of a container gets its
        /// `first` prefix, later lines its `rest`).
        @inline(__always)
        func beginLine() {
            for index in prefixes.indices {
                if prefixes[index].used {
                    out.append(contentsOf: prefixes[index].rest)
                } else {
                    out.append(contentsOf: prefixes[index].first)
                    prefixes[index].used = true
                }
            }
        }

        /// Ends a line that has only its prefixes: their trailing spaces are dropped.
        func endEmptyLine(from start: Int, keepTrailingSpace: Bool) {
            if !keepTrailingSpace {
                while out.count > start && out[out.count - 1] == 0x20 { out.removeLast() }
            }
            out.append(0x0A)
        }

        /// Emits one line with the current container prefixes; an empty line gets the
        /// prefixes without their trailing spaces.
        func emitLine(_ content: String, keepTrailingSpace: Bool = false) {
            content.withUTF8Bytes { emitLine(bytes: $0, keepTrailingSpace: keepTrailingSpace) }
        }

        /// `emitLine` for UTF-8 bytes in a buffer (appending an `ArraySlice` took the generic
        /// sequence path).
        func emitLine(bytes content: UnsafeBufferPointer<UInt8>, keepTrailingSpace: Bool = false) {
            let start = out.count
            beginLine()
            if content.isEmpty {
                endEmptyLine(from: start, keepTrailingSpace: keepTrailingSpace)
            } else {
                out.append(contentsOf: content)
                out.append(0x0A)
            }
        }

        func emitBlank() {
            let start = out.count
            beginLine()
            endEmptyLine(from: start, keepTrailingSpace: false)
        }

        /// Emits several lines (split at `\n`).
        func emitLines(_ text: String) {
            text.withUTF8Bytes { emitLines(bytes: $0) }
        }

        /// Emits the lines of UTF-8 `bytes` (split at `\n`; an empty last line is kept).
        func emitLines(bytes: OutputBytes) {
            bytes.withUnsafeBufferPointer { emitLines(bytes: $0) }
        }

        /// `emitLines` on bytes in a buffer.
        func emitLines(bytes all: UnsafeBufferPointer<UInt8>) {
            var start = 0
            let count = all.count
            while true {
                let end = ByteScan.firstIndex(of: 0x0A, in: all, from: start)
                emitLine(bytes: UnsafeBufferPointer(rebasing: all[start..<end]))
                if end == count { break }
                start = end + 1
            }
        }

        /// The width of the prefix of the next line.
        var prefixWidth: Int {
            var width = 0
            for prefix in prefixes {
                for byte in prefix.used ? prefix.rest : prefix.first where byte & 0xC0 != 0x80 {
                    width += 1
                }
            }
            return width
        }

        /// The output as a `String`, copied without a second UTF-8 validation.
        ///
        /// Every byte of `out` is ASCII markup or was copied from a `String` in pieces cut only
        /// next to ASCII bytes, so `out` is valid UTF-8 (debug builds check it). Validating it
        /// again in `String(decoding:as:)` cost a tenth of the whole write.
        func outputString() -> String { out.string() }

        // MARK: Document

        func renderDocument(_ document: Document) {
            var context = BlockContext()
            reportPreparation(document.blocks)
            var cursor = PreparedBlocks(document.blocks, rawHTML: options.rawHTML)
            var previous: Block? = nil
            while let block = cursor.next() {
                if let previous { separate(previous, block, tight: false, context: &context) }
                render(block, context: &context)
                previous = block
                if options.linkStyle == .reference && options.referenceLocation == .block {
                    flushReferences()
                }
            }
            flushReferences()
            if let message = droppedContent.message {
                diagnostics.append(Diagnostic(.warning, .lossyAttributes, message))
            }
            if let message = droppedStyling.message {
                diagnostics.append(Diagnostic(.info, .lossyAttributes, message))
            }
        }

        func flushReferences() {
            guard !pendingReferences.isEmpty else { return }
            if !out.isEmpty { emitBlank() }
            var line = OutputBytes()
            defer { line.deallocate() }
            for (label, link) in pendingReferences {
                line.removeAll()
                line.append(utf8: "[\(label)]: ")
                appendDestination(link.destination, to: &line)
                if !link.title.isEmpty {
                    line.append(0x20)
                    appendTitle(link.title, to: &line)
                }
                line.withUnsafeBufferPointer { emitLine(bytes: $0) }
            }
            pendingReferences.removeAll()
        }
    }
}

extension String {
    /// Calls `body` with the UTF-8 bytes of the string: in place when they are contiguous (a
    /// native or small string, as the AST's are), else those of a contiguous copy. (`withUTF8`
    /// needs a `var` copy: a retain and a release per call.)
    @inline(__always)
    func withUTF8Bytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = self
        return copy.withUTF8(body)
    }
}
