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
    /// not, unless it lives in cmark's process-wide arena (large inputs, see `withDocument`).
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

            /// Inputs from this size on are parsed into cmark's arena (see `withDocument`).
            static let arenaThreshold = 256 * 1024

            /// Parses `input` and passes the cmark document to `body`, with whether the tree lives
            /// in cmark's arena; the tree lives only during the call.
            ///
            /// Large inputs are parsed with cmark's arena allocator, as the `cmark-gfm` command
            /// does: every node and buffer comes from a few large blocks, released at once by
            /// `cmark_arena_reset` after `body` returns, instead of a `malloc`/`free` per node. The
            /// arena is process-wide, so such a parse keeps `parseLock` until the tree is gone, and
            /// memory cmark hands out for it (`cmark_render_*` results included) must not be passed
            /// to `free`. Small inputs use the default allocator (the arena's first block alone is
            /// 4 MB) and free the tree with `cmark_node_free`.
            ///
            /// `skipping` bytes at the start (front matter) are not parsed: cmark-gfm reads
            /// `blankLines` empty lines in their place, so its line numbers stay the input's.
            static func withDocument<Result>(
                _ input: String, extensions: MarkdownExtensions,
                skipping: (bytes: Int, blankLines: Int) = (0, 0),
                _ body: (_ root: OpaquePointer, _ inArena: Bool) -> Result
            ) -> Result {
                _ = coreExtensionsRegistered
                let names = syntaxExtensionNames(for: extensions)
                var text = input
                let inArena = text.utf8.count >= arenaThreshold
                parseLock.lock()
                let parser = cmark_parser_new_with_mem(
                    options(for: extensions),
                    inArena ? cmark_get_arena_mem_allocator() : cmark_get_default_mem_allocator())!
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
                guard inArena else {
                    parseLock.unlock()
                    defer { cmark_node_free(root) }
                    return body(root, false)
                }
                defer {
                    cmark_arena_reset()
                    parseLock.unlock()
                }
                return body(root, true)
            }
        }
    }
#endif
