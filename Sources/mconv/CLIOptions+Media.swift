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

    /// Creates `folder` and its parents when missing; why it cannot be, or nil.
    static func makeFolder(_ folder: String) -> String? {
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true)
            return nil
        } catch {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder)
            return exists ? "not a folder" : "cannot create it"
        }
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
