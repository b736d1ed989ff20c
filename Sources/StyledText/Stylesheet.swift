import MarkupAST

/// How markup becomes styled text: defaults per element kind, overrides by tag name and
/// class, named styles, a root style and the inline-style policy.
///
/// An immutable value once built; share one between threads freely.
///
/// ```swift
/// var sheet = Stylesheet.standard
/// sheet.root = StyleRule(TextStyle(fontFamily: ["Avenir"], fontSize: 17))
/// sheet.tags["important"] = StyleRule(css: "color: red; font-weight: bold")
/// sheet.classes["note"] = StyleRule(css: "font-style: italic")
/// sheet.named["tappable"] = StyleRule(css: "color: #0a84ff")
/// sheet.policy = .stylesheetFirst
/// ```
///
/// Cascade for one element, lowest first: kind default, tag rule, named style (by tag or
/// `role`), class rules in class order, compound rules from CSS (`p.lead`, `#intro`) by
/// specificity, then the inline style placed by `policy`; then the `!important` declarations
/// in the same order.
public struct Stylesheet: Hashable, Sendable {
    /// The style of the whole text (font, size, colour). Must give an absolute font size
    /// for `em` values to mean something; the standard root is 16pt.
    public var root: StyleRule
    /// Default style per element kind.
    public var defaults: [ElementKind: StyleRule] {
        get {
            Dictionary(
                uniqueKeysWithValues: ElementKind.allCases.compactMap { kind in
                    kindRules[kind.rawValue].map { (kind, $0) }
                })
        }
        set {
            kindRules = Array(repeating: nil, count: ElementKind.allCases.count)
            for (kind, rule) in newValue { kindRules[kind.rawValue] = rule }
        }
    }
    /// The defaults by `ElementKind.rawValue`, for constant-time lookup during the walk.
    var kindRules: [StyleRule?]
    /// Overrides keyed by source tag name (`important`, `spoiler`, `small`).
    public var tags: [String: StyleRule] {
        didSet { tagFilter = Stylesheet.filter(of: tags) }
    }
    /// One bit per tag name hash (`Stylesheet.filterBit(of:)`): a clear bit means no rule
    /// for that tag, without hashing the name into `tags`.
    private(set) var tagFilter: UInt64 = 0
    /// Overrides keyed by class name.
    public var classes: [String: StyleRule]
    /// Rules for the other selectors CSS gave (compounds such as `p.lead` and `#intro`,
    /// combinators such as `.post p`: see `SelectorRule`), in source order, and their
    /// positions by what their last part (the element styled) names: its id, else its first
    /// class, else its element kind or tag, else the attribute of its first attribute test;
    /// `anyElementRules` for `*`.
    private(set) var selectorRules: [SelectorRule] = []
    private(set) var rulesByID: [String: [Int]] = [:]
    private(set) var rulesByClass: [String: [Int]] = [:]
    private(set) var rulesByTag: [String: [Int]] = [:]
    private(set) var rulesByKind: [ElementKind: [Int]] = [:]
    private(set) var rulesByAttribute: [String: [Int]] = [:]
    private(set) var anyElementRules: [Int] = []
    /// Whether a rule of `selectorRules` has combinators (its match needs the ancestors).
    private(set) var hasCombinators = false
    /// Named user styles: applied to elements whose tag or `role` attribute has that name
    /// (so `<tappable>` or a detected `role=mention` span gets the app's style).
    public var named: [String: StyleRule]
    /// Inline style vs stylesheet.
    public var policy: StylePolicy
    /// Points of indent per list or block quote level.
    public var indentStep: Double
    /// Whether the document's top-level `<style>` blocks (the HTML reader puts every
    /// `<style>` of a page there) add their rules
    /// (browser-like; turn off for untrusted content that must not restyle the app).
    public var embeddedStyles: Bool
    /// The scheme of the links mentions, hashtags and custom tap roles get
    /// (`myapp` gives `myapp://mention/ann`, see `TapTarget`); nil: no link, only the tap
    /// target. CSS: `:root { -mconv-tap-scheme: myapp }`.
    public var tapScheme: String? = nil
    /// Role names besides `mention` and `hashtag` whose elements (`<span role="product">`)
    /// carry a tap target. CSS: `:root { -mconv-tap-roles: product, user }`.
    public var tapRoles: Set<String> = []

    /// Creates a stylesheet; by default it has the standard defaults.
    public init(
        root: StyleRule = Stylesheet.standardRoot,
        defaults: [ElementKind: StyleRule] = Stylesheet.standardDefaults,
        tags: [String: StyleRule] = Stylesheet.standardTags, classes: [String: StyleRule] = [:],
        named: [String: StyleRule] = [:], policy: StylePolicy = .markupFirst,
        indentStep: Double = 40, embeddedStyles: Bool = true
    ) {
        self.embeddedStyles = embeddedStyles
        self.root = root
        self.kindRules = []
        self.tags = tags
        self.tagFilter = Stylesheet.filter(of: tags)
        self.classes = classes
        self.named = named
        self.policy = policy
        self.indentStep = indentStep
        self.defaults = defaults
    }

    /// The bit of `tagFilter` a tag name sets.
    static func filterBit(of tag: String) -> UInt64 {
        var h: UInt = UInt(tag.utf8.count)
        for b in tag.utf8 { h = h &* 31 &+ UInt(b) }
        return 1 << UInt64(h & 63)
    }

    static func filter(of tags: [String: StyleRule]) -> UInt64 {
        var f: UInt64 = 0
        for t in tags.keys { f |= filterBit(of: t) }
        return f
    }

    /// The rule for a tag name, if any.
    func tagRule(_ tag: String) -> StyleRule? {
        if tagFilter & Stylesheet.filterBit(of: tag) == 0 { return nil }
        return tags[tag]
    }

    /// The browser-like default stylesheet.
    public static let standard = Stylesheet()

    /// A stylesheet with no element styles at all (only the root size), for plain output.
    public static let plain = Stylesheet(defaults: [:], tags: [:])

    /// The default style of `kind`.
    public subscript(kind: ElementKind) -> StyleRule? {
        get { kindRules[kind.rawValue] }
        set { kindRules[kind.rawValue] = newValue }
    }

    /// Browser-like styles of tags that have no element kind of their own.
    public static let standardTags: [String: StyleRule] = [
        "center": StyleRule(css: "text-align: center"),
        "big": StyleRule(css: "font-size: larger"),
        "cite": StyleRule(css: "font-style: italic"),
        "var": StyleRule(css: "font-style: italic"),
        "dfn": StyleRule(css: "font-style: italic"),
        "address": StyleRule(css: "font-style: italic"),
    ]

    /// The standard root: 16pt.
    public static let standardRoot = StyleRule(declarations: [
        StyleDeclaration(.fontSize(.px(16)))
    ])

    /// Browser-like defaults (HTML's user-agent stylesheet).
    public static let standardDefaults: [ElementKind: StyleRule] = {
        func css(_ s: String) -> StyleRule { StyleRule(css: s) }
        let mono = StyleRule(declarations: [
            StyleDeclaration(.fontFamily(["monospace"])), StyleDeclaration(.monospace(true)),
            StyleDeclaration(.fontSize(.em(0.8125))),
        ])
        return [
            .paragraph: css("margin-top: 1em; margin-bottom: 1em"),
            .heading1: css(
                "font-size: 2em; font-weight: bold; margin-top: .67em; margin-bottom: .67em"),
            .heading2: css(
                "font-size: 1.5em; font-weight: bold; margin-top: .83em; margin-bottom: .83em"),
            .heading3: css(
                "font-size: 1.17em; font-weight: bold; margin-top: 1em; margin-bottom: 1em"),
            .heading4: css("font-weight: bold; margin-top: 1.33em; margin-bottom: 1.33em"),
            .heading5: css(
                "font-size: .83em; font-weight: bold; margin-top: 1.67em; margin-bottom: 1.67em"),
            .heading6: css(
                "font-size: .67em; font-weight: bold; margin-top: 2.33em; margin-bottom: 2.33em"),
            .blockQuote: css("margin: 1em 40px"),
            .codeBlock: mono.appending(css("margin-top: 1em; margin-bottom: 1em")),
            .list: css("margin-top: 1em; margin-bottom: 1em"),
            .table: css("margin-top: 1em; margin-bottom: 1em"),
            .tableHeader: css("font-weight: bold"),
            .definitionDescription: css("margin-left: 40px"),
            .strong: css("font-weight: bold"),
            .emphasis: css("font-style: italic"),
            .underline: css("text-decoration: underline"),
            .strikethrough: css("text-decoration: line-through"),
            .code: mono,
            .kbd: mono,
            .link: css("color: #0000ee; text-decoration: underline"),
            .mark: css("background-color: yellow; color: black"),
            .sub: css("vertical-align: sub; font-size: smaller"),
            .sup: css("vertical-align: super; font-size: smaller"),
            .small: css("font-size: smaller"),
            .footnote: css("vertical-align: super; font-size: smaller"),
        ]
    }()
}

extension Stylesheet {
    /// Adds the rule of `selector` when it is a `SelectorRule` (after the others in source
    /// order); false when the selector is not one.
    mutating func addSelectorRule(selector: String, rule: StyleRule) -> Bool {
        let index = selectorRules.count
        guard let added = SelectorRule(selector: selector, rule: rule) else {
            return false
        }
        selectorRules.append(added)
        if added.parts.count > 1 { hasCombinators = true }
        let subject = added.parts[added.parts.count - 1]
        if let id = subject.id {
            rulesByID[id, default: []].append(index)
        } else if let first = subject.classes.first {
            rulesByClass[first, default: []].append(index)
        } else if let kind = subject.kind {
            rulesByKind[kind, default: []].append(index)
        } else if let tag = subject.tag {
            rulesByTag[tag, default: []].append(index)
        } else if let test = subject.attributeTests.first {
            // (Only elements with that attribute look at the rule, not every element.)
            rulesByAttribute[test.name, default: []].append(index)
        } else {
            anyElementRules.append(index)
        }
        return true
    }

    /// The `selectorRules` an element of `kind` with `attributes` below `ancestors` matches,
    /// by specificity then source order, split at a class's specificity: `low` ones
    /// (`div p`) apply before the class rules, `high` ones after.
    func matchingRules(
        for kind: ElementKind?, _ attributes: Attributes, ancestors: [SelectorRule.Element],
        budget: inout Int
    ) -> (low: [StyleRule], high: [StyleRule]) {
        var candidates = anyElementRules
        if let kind, let found = rulesByKind[kind] { candidates += found }
        if !attributes.isEmpty {
            if !rulesByTag.isEmpty, let tag = attributes.tag, let found = rulesByTag[tag] {
                candidates += found
            }
            if !rulesByID.isEmpty, !attributes.id.isEmpty, let found = rulesByID[attributes.id] {
                candidates += found
            }
            if !rulesByClass.isEmpty {
                for c in attributes.classes { candidates += rulesByClass[c] ?? [] }
            }
            if !rulesByAttribute.isEmpty {
                for pair in attributes.pairs { candidates += rulesByAttribute[pair.name] ?? [] }
                if !attributes.classes.isEmpty { candidates += rulesByAttribute["class"] ?? [] }
                if !attributes.id.isEmpty { candidates += rulesByAttribute["id"] ?? [] }
            }
        }
        if kind == nil && attributes.tag == nil && !rulesByTag.isEmpty {
            candidates += (rulesByTag["div"] ?? []) + (rulesByTag["span"] ?? [])
        }
        if candidates.isEmpty { return ([], []) }
        // (An element with a class twice reaches its rules twice: once each.) Sorted by
        // position, which is source order.
        if candidates.count > 1 {
            candidates.sort()
            var last = -1
            candidates.removeAll { index in
                defer { last = index }
                return index == last
            }
        }
        var matched: [(specificity: Int, rule: StyleRule)] = []
        for i in candidates {
            let rule = selectorRules[i]
            if rule.matches(kind, attributes, ancestors: ancestors, budget: &budget) {
                matched.append((rule.specificity, rule.rule))
            }
        }
        // Stable: equal specificities keep source order.
        if matched.count > 1 {
            matched = matched.enumerated().sorted {
                ($0.element.specificity, $0.offset) < ($1.element.specificity, $1.offset)
            }.map(\.element)
        }
        let split = matched.firstIndex { $0.specificity >= 1 << 8 } ?? matched.count
        return (matched[..<split].map(\.rule), matched[split...].map(\.rule))
    }
}
