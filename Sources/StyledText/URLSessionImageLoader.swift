#if canImport(UIKit) || canImport(AppKit)
    import Foundation
    #if canImport(UIKit)
        import UIKit
    #else
        import AppKit
    #endif

    /// Loads images with `URLSession` and keeps them in memory (an `NSCache`, emptied
    /// under memory pressure): the default `ImageLoading` on Apple platforms.
    ///
    /// ```swift
    /// let loader = URLSessionImageLoader(countLimit: 50)  // or URLSessionImageLoader.shared
    /// ```
    public final class URLSessionImageLoader: ImageLoading, @unchecked Sendable {
        // @unchecked: `session` and `cache` are thread-safe and never replaced.
        /// A loader on `URLSession.shared`.
        public static let shared = URLSessionImageLoader()
        private let session: URLSession
        private let cache = NSCache<NSURL, Entry>()

        private final class Entry {
            let image: LoadedImage
            init(_ image: LoadedImage) { self.image = image }
        }

        /// A loader on `session` keeping at most `countLimit` images.
        public init(session: URLSession = .shared, countLimit: Int = 200) {
            self.session = session
            cache.countLimit = countLimit
        }

        /// The image at `url` (`http`, `https`, `data`, `file`), from the cache when there.
        public func image(at url: URL) async throws -> LoadedImage {
            if let hit = cache.object(forKey: url as NSURL) { return hit.image }
            let (data, response) = try await session.data(from: url)
            if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
                throw URLError(.badServerResponse)
            }
            // `UIImage` or `NSImage`.
            guard let decoded = PlatformAttributes.PlatformImage(data: data) else {
                throw URLError(.cannotDecodeContentData)
            }
            let image = LoadedImage(
                data: data, width: Double(decoded.size.width), height: Double(decoded.size.height))
            cache.setObject(Entry(image), forKey: url as NSURL, cost: data.count)
            return image
        }
    }
#endif
