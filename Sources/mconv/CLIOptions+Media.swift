import Foundation
import MarkupConverter

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--extract-media DIR`: the library's `ExtractMedia` takes the `data:` images out of the
/// document and names their files; the command line points the images at DIR as seen from
/// the output file and writes the files there.
extension CLIOptions {
    /// The extraction for an output written to `outputPath` (nil or `-`: standard output), or
    /// nil without `--extract-media`.
    func mediaExtraction(forOutput outputPath: String?) -> ExtractMedia? {
        guard let folder = extractMedia else { return nil }
        guard let outputPath, outputPath != "-" else { return ExtractMedia(folder: folder) }
        let outputFolder = URL(fileURLWithPath: outputPath).deletingLastPathComponent().path
        return ExtractMedia(folder: Self.relativePath(from: outputFolder, to: folder))
    }

    /// The path of `target` relative to the folder `folder` (both relative to the working
    /// folder unless absolute; `.` and `..` resolved as written, symbolic links not
    /// followed).
    ///
    /// ```swift
    /// CLIOptions.relativePath(from: "out/docs", to: "out/media")  // "../media"
    /// CLIOptions.relativePath(from: "out", to: "out")  // "."
    /// ```
    static func relativePath(from folder: String, to target: String) -> String {
        let from = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
        let to = URL(fileURLWithPath: target).standardizedFileURL.pathComponents
        var common = 0
        while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...]
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// Creates `folder` and its parents when missing; why it cannot be, or nil. (With `stat`
    /// and `mkdir`: a batch asks for each output's folder, and `FileManager`'s
    /// `createDirectory` took about 20 µs a file even when the folder was there.)
    static func makeFolder(_ folder: String) -> String? {
        var info = stat()
        func exists(_ path: String) -> Bool { stat(path, &info) == 0 }
        func isFolder(_ path: String) -> Bool { exists(path) && info.st_mode & S_IFMT == S_IFDIR }
        func create(_ path: String) -> Bool {
            if mkdir(path, 0o777) == 0 || errno == EEXIST && isFolder(path) { return true }
            guard errno == ENOENT, let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")),
                slash != path.utf8.startIndex
            else { return false }
            let parent = String(path[..<slash])
            return create(parent) && (mkdir(path, 0o777) == 0 || errno == EEXIST && isFolder(path))
        }
        if folder.isEmpty || isFolder(folder) || create(folder) { return nil }
        return exists(folder) ? "not a folder" : "cannot create it"
    }

    /// Writes extracted files into the `--extract-media` folder (created when missing), each
    /// whole. A file of that name and size already there is kept: the name is the hash of
    /// the content.
    func writeMedia(_ files: [ExtractMedia.File], tag: Int) throws(Failure) {
        guard let folder = extractMedia, !files.isEmpty else { return }
        if let reason = Self.makeFolder(folder) {
            throw Failure(
                message: "cannot write media into '\(folder)': \(reason)", status: .cannotWrite)
        }
        for file in files {
            let path = (folder.hasSuffix("/") ? folder : folder + "/") + file.name
            var info = stat()
            if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                Int(info.st_size) == file.bytes.count
            {
                continue
            }
            try writeAtomically(to: path, tag: tag) { descriptor in
                file.bytes.withUnsafeBufferPointer { writeAll($0, to: descriptor) }
            }
        }
    }
}
