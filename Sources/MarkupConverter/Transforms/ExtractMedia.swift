import MarkupAST

/// Takes the images held in `data:` URIs out of a document (`--extract-media DIR`): each
/// becomes a file to write, and the image a reference to it.
///
/// A file's name is the SHA-256 of its content (64 hex digits) and the extension of its
/// media type (`image/png` -> `.png`; the types in ``extensions``), so the same image is one
/// file and no name comes from the input: a path such as `../x` cannot be produced. The
/// image's destination becomes `folder` + `/` + the name. Other images (remote, relative)
/// stay as they are. A `data:` image that does not decode, or is empty, stays as it is with a
/// `media.invalid-data` warning; one whose type is not an image type listed here stays with
/// a `media.not-image` note.
///
/// The transform writes nothing: ``apply(to:)`` returns the files, and the caller writes
/// them (the `mconv` command line writes them into DIR, each whole, before the output).
///
/// ```swift
/// let link = Link("data:image/gif;base64,R0lGODlhAQABAAAAACw=")
/// let doc = Document([.paragraph([.image([.text("dot")], link, .none)], .none)])
/// let result = ExtractMedia(folder: "media").apply(to: doc)
/// result.files.map(\.name)  // ["8f7e...(64 hex digits).gif"]
/// // result.document: the image's destination is "media/8f7e....gif"
/// ```
public struct ExtractMedia: Sendable {
    /// One extracted file: its generated name (hash and extension), media type and content.
    public struct File: Hashable, Sendable {
        /// `<sha256 hex>.<extension>`: no folder, never taken from the input.
        public var name: String
        /// The media type of the `data:` URI (`image/png`).
        public var mediaType: String
        /// The decoded bytes.
        public var bytes: [UInt8]
    }

    /// What ``apply(to:)`` gives.
    public struct Result: Sendable {
        /// The document with the extracted images pointing to their files.
        public var document: Document
        /// The files to write, each once, in document order.
        public var files: [File]
        /// `media.invalid-data` and `media.not-image` diagnostics.
        public var diagnostics: [Diagnostic]
    }

    /// The image media types extracted and their file extensions.
    public static let extensions: [String: String] = [
        "image/png": "png", "image/apng": "png", "image/jpeg": "jpg", "image/jpg": "jpg",
        "image/pjpeg": "jpg", "image/gif": "gif", "image/webp": "webp", "image/avif": "avif",
        "image/svg+xml": "svg", "image/bmp": "bmp", "image/x-ms-bmp": "bmp",
        "image/x-icon": "ico", "image/vnd.microsoft.icon": "ico", "image/tiff": "tiff",
        "image/heic": "heic", "image/heif": "heif", "image/jxl": "jxl",
    ]

    /// The folder as the rewritten references name it (`media`, `../media`); no trailing
    /// slash needed.
    public var folder: String

    /// Creates the transform.
    public init(folder: String) { self.folder = folder }

    /// `document` with its `data:` images extracted.
    public func apply(to document: Document) -> Result {
        var walk = Walk(rule: self)
        var copy = document
        if let blocks = walk.visit(document.blocks) { copy.blocks = blocks }
        return Result(document: copy, files: walk.files, diagnostics: walk.diagnostics)
    }

    /// The reference a file gets: `folder/name`.
    func reference(_ name: String) -> String {
        if folder.isEmpty || folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Visits every inline list; an image with a `data:` destination is replaced.
    private struct Walk: MarkupVisitor {
        let rule: ExtractMedia
        var files: [File] = []
        var names: Set<String> = []
        var diagnostics: [Diagnostic] = []
        var depth = 0

        mutating func visit(_ blocks: [Block]) -> [Block]? {
            nest { walk in blocks.rewritten { $0.visitChildren(&walk) } }
        }

        mutating func visit(_ inlines: [Inline]) -> [Inline]? {
            nest { walk in
                inlines.rewritten { inline in
                    let rebuilt = inline.visitChildren(&walk)
                    guard case .image(let xs, var link, let a) = rebuilt ?? inline,
                        let destination = walk.extract(link.destination)
                    else { return rebuilt }
                    link.destination = destination
                    return .image(xs, link, a)
                }
            }
        }

        /// What `body` gives one level deeper; nil deeper than 1,024 levels.
        mutating func nest<T>(_ body: (inout Walk) -> T?) -> T? {
            guard depth < 1_024 else { return nil }
            depth += 1
            defer { depth -= 1 }
            return body(&self)
        }

        /// The new destination of a `data:` image, or nil to keep it (with a diagnostic when
        /// it is a `data:` URI).
        mutating func extract(_ destination: String) -> String? {
            guard DataURI.hasDataScheme(destination) else { return nil }
            guard let uri = DataURI(destination), !uri.bytes.isEmpty else {
                diagnostics.append(
                    Diagnostic(
                        .warning, .mediaInvalidData,
                        "a data: image that does not decode was kept as it is (\(Self.printable(destination)))"
                    ))
                return nil
            }
            guard let ext = ExtractMedia.extensions[uri.mediaType] else {
                diagnostics.append(
                    Diagnostic(
                        .note, .mediaNotImage,
                        "a data: image of type \(Self.printable(uri.mediaType)) was not extracted (not an image type)"
                    ))
                return nil
            }
            let name = SHA256.hex(uri.bytes) + "." + ext
            if names.insert(name).inserted {
                files.append(File(name: name, mediaType: uri.mediaType, bytes: uri.bytes))
            }
            return rule.reference(name)
        }

        /// The first 40 bytes of `text` for a message, anything but printable ASCII as `?`.
        static func printable(_ text: String) -> String {
            let bytes = text.utf8.prefix(40).map {
                $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: "?")
            }
            return String(decoding: bytes, as: UTF8.self) + (text.utf8.count > 40 ? "..." : "")
        }
    }
}
