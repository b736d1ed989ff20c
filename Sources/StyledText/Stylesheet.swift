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
    /// Rules for compound selectors (`p.lead`, `#intro`), from CSS, in source order; they
    /// apply after the class rules, by specificity.
    private(set) var compoundRules: [CompoundRule] = []
    /// The positions in `compoundRules` of the rules naming an id, by id, and of the others
    /// by their first class: an element looks up its id and classes, not every rule (a page's
    /// stylesheet can have hundreds).
    private(set) var compoundByID: [String: [Int]] = [:]
    private(set) var compoundByClass: [String: [Int]] = [:]
    /// Rules whose selectors have combinators (`.post p`, `ul > li`), from CSS, in source
    /// order, and their positions by what their last part (the element styled) names: its
    /// id, else its first class, else its element kind or tag; `complexAny` for `*`.
    private(set) var complexRules: [ComplexRule] = []
    private(set) var complexByID: [String: [Int]] = [:]
    private(set) var complexByClass: [String: [Int]] = [:]
    private(set) var complexByTag: [String: [Int]] = [:]
    private(set) var complexByKind: [ElementKind: [Int]] = [:]
    private(set) var complexAny: [Int] = []
    /// Compound and complex rules added so far (their `order`).
    private(set) var selectorRuleCount = 0
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
    /// Adds a compound rule (after the ones before it in source order).
    mutating func addCompoundRule(_ rule: CompoundRule) {
        var rule = rule
        rule.order = selectorRuleCount
        selectorRuleCount += 1
        let index = compoundRules.count
        compoundRules.append(rule)
        if let id = rule.id {
            compoundByID[id, default: []].append(index)
        } else if let first = rule.classes.first {
            compoundByClass[first, default: []].append(index)
        }
    }

    /// The rule of a selector with combinators, if it is one (see `ComplexRule`).
    mutating func addComplexRule(selector: String, rule: StyleRule) -> Bool {
        guard let complex = ComplexRule(selector: selector, rule: rule, order: selectorRuleCount)
        else { return false }
        selectorRuleCount += 1
        let index = complexRules.count
        complexRules.append(complex)
        let subject = complex.parts[complex.parts.count - 1]
        if let id = subject.id {
            complexByID[id, default: []].append(index)
        } else if let first = subject.classes.first {
            complexByClass[first, default: []].append(index)
        } else if let kind = subject.kind {
            complexByKind[kind, default: []].append(index)
        } else if let tag = subject.tag {
            complexByTag[tag, default: []].append(index)
        } else {
            complexAny.append(index)
        }
        return true
    }

    /// The compound and complex rules an element of `kind` with `attributes` below
    /// `ancestors` matches, by specificity then source order, split at a class's
    /// specificity: `low` ones (`div p`) apply before the class rules, `high` ones after.
    func selectorRules(
        for kind: ElementKind?, _ attributes: Attributes, ancestors: [ComplexRule.Element],
        budget: inout Int
    ) -> (low: [StyleRule], high: [StyleRule]) {
        let compound = compoundRules(for: kind, attributes)
        guard !complexRules.isEmpty else { return ([], compound.map(\.rule)) }
        var candidates = complexAny
        if let kind, let found = complexByKind[kind] { candidates += found }
        if !attributes.isEmpty {
            if !complexByTag.isEmpty, let tag = attributes.tag, let found = complexByTag[tag] {
                candidates += found
            }
            if !complexByID.isEmpty, !attributes.id.isEmpty,
                let found = complexByID[attributes.id]
            {
                candidates += found
            }
            if !complexByClass.isEmpty {
                for c in attributes.classes { candidates += complexByClass[c] ?? [] }
            }
        }
        if kind == nil && attributes.tag == nil && !complexByTag.isEmpty {
            candidates += (complexByTag["div"] ?? []) + (complexByTag["span"] ?? [])
        }
        if candidates.isEmpty && compound.isEmpty { return ([], []) }
        var matched: [(specificity: Int, order: Int, rule: StyleRule)] = compound.map {
            ($0.specificity, $0.order, $0.rule)
        }
        // (An element with a class twice reaches its rules twice: once each.)
        if candidates.count > 1 {
            candidates.sort()
            var last = -1
            candidates.removeAll { index in
                defer { last = index }
                return index == last
            }
        }
        for i in candidates {
            let rule = complexRules[i]
            if rule.matches(kind, attributes, ancestors: ancestors, budget: &budget) {
                matched.append((rule.specificity, rule.order, rule.rule))
            }
        }
        if matched.count > 1 {
            matched.sort { ($0.specificity, $0.order) < ($1.specificity, $1.order) }
        }
        let split = matched.firstIndex { $0.specificity >= 1 << 8 } ?? matched.count
        return (matched[..<split].map(\.rule), matched[split...].map(\.rule))
    }

    /// The compound rules an element of `kind` with `attributes` matches, by specificity
    /// (then source order); none without a class or an id.
    func compoundRules(for kind: ElementKind?, _ attributes: Attributes) -> [CompoundRule] {
        guard !compoundRules.isEmpty, !attributes.isEmpty else { return [] }
        var candidates: [Int] = []
        if !attributes.id.isEmpty, let found = compoundByID[attributes.id] { candidates = found }
        if !compoundByClass.isEmpty {
            for c in attributes.classes { candidates += compoundByClass[c] ?? [] }
        }
        let matched = candidates.filter { compoundRules[$0].matches(kind, attributes) }
        if matched.count < 2 { return matched.map { compoundRules[$0] } }
        // (An element with a class twice reaches its rules twice: once each.)
        return Set(matched).sorted {
            (compoundRules[$0].specificity, $0) < (compoundRules[$1].specificity, $1)
        }.map { compoundRules[$0] }
    }
}
