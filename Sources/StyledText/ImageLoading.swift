import Foundation

/// Loads the images of `<img>` attachments: the app implements it (or uses
/// `URLSessionImageLoader` on Apple platforms).
///
/// `image(at:)` is called only for `http`, `https`, `data` and `file` URLs (see
/// `ImageSizing.loadableURL(_:)`); it should throw when the image cannot be had and return
/// soon after its task is cancelled (a time limit cancels it).
///
/// ```swift
/// struct Bundled: ImageLoading {
///     func image(at url: URL) async throws -> LoadedImage {
///         LoadedImage(data: Data(), width: 40, height: 30)
///     }
/// }
/// ```
public protocol ImageLoading: Sendable {
    /// The image at `url`, with its size in points.
    func image(at url: URL) async throws -> LoadedImage
}

/// A loaded image: its encoded bytes (PNG, JPEG ... as the platform decodes them) and its
/// size in points.
///
/// ```swift
/// LoadedImage(data: Data([0x89, 0x50]), width: 64, height: 48).aspectRatio // 0.75
/// ```
public struct LoadedImage: Hashable, Sendable, Codable {
    /// The encoded image.
    public var data: Data
    /// Width in points.
    public var width: Double
    /// Height in points.
    public var height: Double

    /// Creates a loaded image.
    public init(data: Data, width: Double, height: Double) {
        self.data = data
        self.width = width
        self.height = height
    }

    /// Height over width, when both are positive.
    public var aspectRatio: Double? {
        width > 0 && height > 0 && width.isFinite && height.isFinite ? height / width : nil
    }
}

/// How attachments are sized: the placeholder of an image of unknown size, the largest
/// side allowed, the thickness of a rule.
///
/// An image's size comes from its `width`/`height` (attributes or CSS); a missing side
/// follows the loaded image's aspect ratio, else the placeholder's; with neither side the
/// loaded image's own size, else the placeholder. Every side is clamped to
/// `0...maximum`.
///
/// ```swift
/// let sizing = ImageSizing.standard
/// sizing.size(of: TextAttachment(url: "a.png", width: 120)) // (120, 120)
/// sizing.size(of: TextAttachment(url: "a.png", width: 1e9, height: 10)) // (4096, 10)
/// ```
public struct ImageSizing: Hashable, Sendable {
    /// The placeholder's width (an image of unknown size).
    public var placeholderWidth: Double = 0
    /// The placeholder's height.
    public var placeholderHeight: Double = 0
    /// The largest width or height of an attachment.
    public var maximum: Double
    /// A rule's thickness.
    public var ruleThickness: Double = 0

    /// Creates a sizing.
    public init(
        placeholderWidth: Double = 24, placeholderHeight: Double = 24, maximum: Double = 4096,
        ruleThickness: Double = 1
    ) {
        // The other sides are clamped to the maximum, so it is set first.
        self.maximum = maximum.isFinite && maximum > 0 ? maximum : 4096
        self.placeholderWidth = clamp(placeholderWidth)
        self.placeholderHeight = clamp(placeholderHeight)
        self.ruleThickness = clamp(ruleThickness)
    }

    /// A 24-point square placeholder, sides up to 4096 points, 1-point rules.
    public static let standard = ImageSizing()

    /// `value` within `0...maximum` (0 for NaN).
    func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), maximum)
    }

    /// The size an image attachment takes (placeholder included).
    public func size(of attachment: TextAttachment) -> (width: Double, height: Double) {
        let ratio =
            attachment.image?.aspectRatio
            ?? (placeholderWidth > 0 ? placeholderHeight / placeholderWidth : 1)
        switch (attachment.width, attachment.height) {
        case (let w?, let h?): return (clamp(w), clamp(h))
        case (let w?, nil): return (clamp(w), clamp(clamp(w) * ratio))
        case (nil, let h?): return (clamp(ratio > 0 ? clamp(h) / ratio : h), clamp(h))
        case (nil, nil):
            if let image = attachment.image { return (clamp(image.width), clamp(image.height)) }
            return (placeholderWidth, placeholderHeight)
        }
    }

    /// The URL an image source loads from: only `http`, `https`, `data` and `file` URLs
    /// load; anything else (`javascript:`, `ftp:`, a relative path) is nil.
    ///
    /// ```swift
    /// ImageSizing.loadableURL("https://example.com/a.png") // a URL
    /// ImageSizing.loadableURL("javascript:alert(1)")       // nil
    /// ```
    public static func loadableURL(_ source: String) -> URL? {
        guard let url = URL(string: source), let scheme = url.scheme?.lowercased() else {
            return nil
        }
        return ["http", "https", "data", "file"].contains(scheme) ? url : nil
    }
}
