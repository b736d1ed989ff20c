/// What a tap on a run should do: the kind of thing tapped and its value.
///
/// Links, detected `@mentions`, `#hashtags` and bare URLs, and elements whose `role` is one
/// of the stylesheet's ``Stylesheet/tapRoles`` carry one in ``TextStyle/tap``. With a
/// ``Stylesheet/tapScheme`` set, mentions, hashtags and custom roles also get a link in that
/// scheme (`myapp://mention/ann`) that a text view's link handler can route; links and URLs
/// keep their own URL.
///
/// ```swift
/// let doc = TextDetector().apply(to: Document([.paragraph([.text("hi @ann")], .none)]))
/// var sheet = Stylesheet.standard
/// sheet.tapScheme = "myapp"
/// let run = StyledText(doc, stylesheet: sheet).runs[1]
/// run.style.tap   // TapTarget(role: .mention, value: "ann")
/// run.style.link  // "myapp://mention/ann"
/// ```
public struct TapTarget: Hashable, Sendable, Codable {
    /// What was tapped.
    public var role: TapRole
    /// The mention's name, the hashtag's topic, the link's destination or the custom role's
    /// `data-value` (else its text).
    public var value: String

    /// Creates a tap target.
    public init(role: TapRole, value: String) {
        self.role = role
        self.value = value
    }

    /// The link for this target in `scheme`: `scheme://role/value`, the value
    /// percent-encoded (every byte but ASCII letters, digits and `-._~`).
    ///
    /// ```swift
    /// TapTarget(role: .hashtag, value: "话题").url(scheme: "myapp")
    /// // "myapp://hashtag/%E8%AF%9D%E9%A2%98"
    /// ```
    public func url(scheme: String) -> String {
        var out = scheme + "://" + role.rawValue + "/"
        for b in value.utf8 {
            let unreserved =
                (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == 0x2D || b == 0x2E || b == 0x5F || b == 0x7E
            if unreserved {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(b >> 4)])
                out.unicodeScalars.append(hex[Int(b & 0xF)])
            }
        }
        return out
    }
}

/// The kind of a tap target: a link, a bare URL, a mention, a hashtag or an app's own role.
///
/// ```swift
/// let role: TapRole = "product"  // a custom role (`<span role="product">`)
/// role.rawValue                  // "product"
/// ```
public struct TapRole: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral {
    /// The role name (`mention`).
    public var rawValue: String

    /// Creates a role from its name.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a role from a literal name.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// An `<a href>` link; the value is its destination.
    public static let link = TapRole(rawValue: "link")
    /// A bare URL found by `TextDetector`; the value is its destination.
    public static let url = TapRole(rawValue: "url")
    /// An `@mention`; the value is the name without the `@`.
    public static let mention = TapRole(rawValue: "mention")
    /// A `#hashtag` (or closed `#topic#`); the value is the topic without the `#`s.
    public static let hashtag = TapRole(rawValue: "hashtag")
}
