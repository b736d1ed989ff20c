import CCmarkGFM
import Foundation

/// Registers cmark-gfm's core extensions exactly once (the C function is not thread-safe).
private let coreExtensionsRegistered: Bool = {
    cmark_gfm_core_extensions_ensure_registered()
    return true
}()

/// cmark-gfm 0.29.0.gfm.6 toggles a process-wide table of special inline characters while it
/// parses with extensions attached, so concurrent parses with different extension sets could
/// see each other's characters. Parsing is therefore serialised; walking the finished tree is not.
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
            extensions.subtracting([.footnotes, .smart]).names
        }

        /// Parses `input`; the caller frees the returned document with `cmark_node_free`.
        static func parse(_ input: String, extensions: MarkdownExtensions) -> OpaquePointer {
            _ = coreExtensionsRegistered
            let names = syntaxExtensionNames(for: extensions)
            var text = input
            parseLock.lock()
            defer { parseLock.unlock() }
            let parser = cmark_parser_new(options(for: extensions))!
            defer { cmark_parser_free(parser) }
            for name in names {
                if let syntaxExtension = cmark_find_syntax_extension(name) {
                    cmark_parser_attach_syntax_extension(parser, syntaxExtension)
                }
            }
            text.withUTF8 { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                    cmark_parser_feed(parser, chars, bytes.count)
                }
            }
            return cmark_parser_finish(parser)!
        }
    }
}
