// Built only with the CMarkGFM package trait (the cmark-gfm C library).
#if CMarkGFM
    import CCmarkGFM
    import Foundation

    /// Registers cmark-gfm's core extensions exactly once (the C function is not thread-safe).
    private let coreExtensionsRegistered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// cmark-gfm 0.29.0.gfm.6 toggles a process-wide table of special inline characters while it
    /// parses with extensions attached, so concurrent parses with different extension sets could
    /// see each other's characters. Parsing is therefore serialised; walking the finished tree is
    /// not.
    private let parseLock = NSLock()

    extension MarkdownReader {
        /// Calls into libcmark-gfm to parse Markdown.
        enum CmarkParsing {
            /// The cmark option bits for an extension set.
            static func options(for extensions: MarkdownExtensions) -> Int32 {
                var options = Int32(CMARK_OPT_DEFAULT)
                if extensions.contains(.footnotes) { options |= Int32(CMARK_OPT_FOOTNOTES) }
                if extensions.contains(.smart) { options |= Int32(CMARK_OPT_SMART) }
                return options
            }

            /// The cmark syntax extensions to attach (footnotes and smart are parser options).
            static func syntaxExtensionNames(for extensions: MarkdownExtensions) -> [String] {
                extensions.subtracting([.footnotes, .smart, .frontmatter]).names
            }

            /// Parses `input` and passes the cmark document to `body`; the tree lives only during
            /// the call, and `body` may free any node but the root once it is done with it.
            ///
            /// cmark's memory comes from an arena of this call (``CmarkMemory``): blocks freed
            /// while parsing are reused, and the chunks of the blocks `body` frees go back to the
            /// C allocator, so a node freed during the walk makes room for the AST.
            ///
            /// `skipping` bytes at the start (front matter) are not parsed: cmark-gfm reads
            /// `blankLines` empty lines in their place, so its line numbers stay the input's.
            static func withDocument<Result>(
                _ input: String, extensions: MarkdownExtensions,
                skipping: (bytes: Int, blankLines: Int) = (0, 0),
                _ body: (_ root: OpaquePointer) -> Result
            ) -> Result {
                _ = coreExtensionsRegistered
                let names = syntaxExtensionNames(for: extensions)
                var text = input
                return CmarkMemory.withArena {
                    parseLock.lock()
                    let parser = cmark_parser_new_with_mem(
                        options(for: extensions), CmarkMemory.allocator)!
                    for name in names {
                        if let syntaxExtension = cmark_find_syntax_extension(name) {
                            cmark_parser_attach_syntax_extension(parser, syntaxExtension)
                        }
                    }
                    if skipping.blankLines > 0 {
                        let newlines = [CChar](repeating: 0x0A, count: skipping.blankLines)
                        cmark_parser_feed(parser, newlines, newlines.count)
                    }
                    text.withUTF8 { bytes in
                        let count = bytes.count - skipping.bytes
                        guard let base = bytes.baseAddress, count > 0 else { return }
                        (base + skipping.bytes).withMemoryRebound(to: CChar.self, capacity: count) {
                            chars in
                            cmark_parser_feed(parser, chars, count)
                        }
                    }
                    let root = cmark_parser_finish(parser)!
                    cmark_parser_free(parser)
                    parseLock.unlock()
                    CmarkMemory.endParse()
                    defer { cmark_node_free(root) }
                    return body(root)
                }
            }
        }
    }
#endif
