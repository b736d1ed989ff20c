import Foundation

/// The known media providers of `Formats/media-providers.txt` (a test checks the two match):
/// an `<iframe>`, `<embed>` or `<object>` whose URL is on one of these hosts, or a subdomain
/// of one, becomes a link. An entry with a `/` also needs the URL's path to start with the
/// rest (`google.com/maps`).
enum HTMLMediaProviders {
    static let defaults: [String] = [
        "youtube.com",
        "youtube-nocookie.com",
        "youtu.be",
        "vimeo.com",
        "dailymotion.com",
        "twitch.tv",
        "ted.com",
        "loom.com",
        "wistia.com",
        "wistia.net",
        "vidyard.com",
        "players.brightcove.net",
        "jwplayer.com",
        "streamable.com",
        "rumble.com",
        "archive.org",
        "facebook.com/plugins/video.php",
        "bilibili.com",
        "v.qq.com",
        "youku.com",
        "nicovideo.jp",
        "soundcloud.com",
        "open.spotify.com",
        "bandcamp.com",
        "mixcloud.com",
        "embed.music.apple.com",
        "embed.podcasts.apple.com",
        "podbean.com",
        "simplecast.com",
        "anchor.fm",
        "google.com/maps",
        "maps.google.com",
        "openstreetmap.org",
        "bing.com/maps",
        "codepen.io",
        "codesandbox.io",
        "jsfiddle.net",
        "stackblitz.com",
        "replit.com",
        "glitch.com",
        "observablehq.com",
        "slideshare.net",
        "speakerdeck.com",
        "datawrapper.dwcdn.net",
        "flo.uri.sh",
        "public.tableau.com",
    ]

    /// Whether `url` (absolute or protocol-relative) is on a provider of `list`.
    static func contains(_ url: String, in list: [String]) -> Bool {
        guard let (host, path) = hostAndPath(url) else { return false }
        for entry in list {
            let slash = entry.firstIndex(of: "/")
            let entryHost = slash.map { entry[..<$0] } ?? Substring(entry)
            guard host == entryHost || host.hasSuffix("." + entryHost) else { continue }
            if let slash, !path.hasPrefix(entry[slash...]) { continue }
            return true
        }
        return false
    }

    /// The lower-case host and the path (from its `/`) of an absolute or protocol-relative
    /// URL.
    static func hostAndPath(_ url: String) -> (Substring, Substring)? {
        let trimmed = HTMLReaderElements.trimmingWhitespaces(url).lowercased()
        guard let start = trimmed.firstRange(ofASCII: "//") else { return nil }
        let scheme = trimmed[..<start.lowerBound]
        guard scheme.isEmpty || scheme == "http:" || scheme == "https:" else { return nil }
        let rest = trimmed[start.upperBound...]
        let end = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var host = rest[..<end]
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if let colon = host.firstIndex(of: ":") { host = host[..<colon] }
        return (host, rest[end...])
    }
}
