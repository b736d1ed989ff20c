import Foundation

/// Where the upstream suites and this repository's conformance folder are.
///
/// The data is looked up in `--data DIR`, then `MCONV_CONFORMANCE_DATA`, then
/// `../shared/conformance` relative to the package root; `nil` when absent (a user's clone).
public struct ConformancePaths: Sendable {
    /// The upstream data folder (`commonmark/`, `html5lib-tests/`), if found.
    public var data: URL?
    /// This repository's `conformance/` folder.
    public var repository: URL

    /// `conformance/expectations/`.
    public var expectations: URL { repository.appendingPathComponent("expectations") }
    /// `conformance/cases/`.
    public var cases: URL { repository.appendingPathComponent("cases") }

    /// Creates paths explicitly.
    public init(data: URL?, repository: URL) {
        self.data = data
        self.repository = repository
    }

    /// Resolves the paths from an explicit data folder, the environment, or the package root.
    public static func resolve(data explicit: String? = nil, packageRoot: URL? = nil)
        -> ConformancePaths
    {
        let root = packageRoot ?? findPackageRoot()
        let repository = root.appendingPathComponent("conformance")
        let fm = FileManager.default
        var candidates: [URL] = []
        if let explicit { candidates.append(URL(fileURLWithPath: explicit)) }
        if let env = ProcessInfo.processInfo.environment["MCONV_CONFORMANCE_DATA"], !env.isEmpty {
            candidates.append(URL(fileURLWithPath: env))
        }
        candidates.append(
            root.deletingLastPathComponent().appendingPathComponent("shared/conformance"))
        let data = candidates.first {
            fm.fileExists(atPath: $0.appendingPathComponent("commonmark").path)
        }
        return ConformancePaths(data: data, repository: repository)
    }

    /// The nearest folder upward from the current directory (or this source file) that holds
    /// a `Package.swift` and a `conformance/` folder.
    public static func findPackageRoot() -> URL {
        let fm = FileManager.default
        var starts = [URL(fileURLWithPath: fm.currentDirectoryPath)]
        starts.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent())
        for start in starts {
            var dir = start
            for _ in 0..<12 {
                if fm.fileExists(atPath: dir.appendingPathComponent("Package.swift").path),
                    fm.fileExists(atPath: dir.appendingPathComponent("conformance").path)
                {
                    return dir
                }
                dir = dir.deletingLastPathComponent()
            }
        }
        return URL(fileURLWithPath: fm.currentDirectoryPath)
    }
}
