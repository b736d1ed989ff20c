import ByteScan
import MarkupAST

/// The one-pass walk from AST to `StyledText`.
///
/// Styles flow down as small integer ids into `styles` (each element's resolved style is
/// computed once from its parent's, and an element kind under a given parent style is
/// resolved once per document: `memo`); text is collected as UTF-8 bytes; runs are appended
/// and merged as text is emitted (equal ids, else equal styles); paragraph spacing collapses
/// as browsers collapse margins (the larger of the adjoining margins, first and last dropped).
struct StyleResolver {
    let sheet: Stylesheet
    /// The elements whose children are being resolved, outermost first (kept only when the
    /// sheet has rules with combinators, `Stylesheet.hasCombinators`).
    var ancestors: [SelectorRule.Element] = []
    /// Steps left for matching rules with combinators against the ancestors: each element
    /// adds `matchStepsPerElement`, so matching stays linear in the document whatever a
    /// page's `<style>` holds (hundreds of `.x div` rules over deep nesting); once spent,
    /// such rules stop matching, with one info.
    var matchBudget = 0
    static let matchStepsPerElement = 4_096
    let rootSize: Double
    static let depthLimit = 512

    /// An index into `styles`.
    typealias StyleID = Int
    /// The id of the root style.
    static let rootID: StyleID = 0

    /// Every style the walk produced, the root first; ids are not canonical (two ids may
    /// hold equal styles), so run merging compares values when ids differ.
    var styles: [TextStyle]
    /// A style id per style hash, so that a new style equal to an earlier one takes its id
    /// instead of another table entry (a page of many styled elements made a few thousand
    /// equal entries of about 270 bytes each). Ids stay non-canonical on hash collisions.
    var styleIDs: [Int: StyleID] = [:]
    /// The text so far, UTF-8.
    var bytes: [UInt8] = []
    var utf16 = 0
    /// The runs so far (made into `StyledRun`s at `finish`), and the attachments they use.
    var runs: [RunRecord] = []
    var attachments: [TextAttachment] = []

    /// A run while walking: its UTF-16 end, a style id and an index into `attachments`
    /// (-1: none). Runs cover the text without gaps, so a run starts where the one before it
    /// ends (the first at 0). 16 bytes and trivially copyable: with its start and word-sized
    /// ids (32 bytes) the records of a 500 KB page were 340 KB (and the copies left behind
    /// as the list grew as much again), beside the runs made from them.
    struct RunRecord {
        var end: Int
        var style: Int32
        var attachment: Int32
    }
    var paragraphs: [StyledParagraph] = []
    var diagnostics: [Diagnostic] = []
    var rawCount = 0
    /// Raw HTML a browser does not show either (kept by the HTML reader for the `<style>`
    /// elements): comments, scripts, and `<style>` elements that were not applied.
    var hiddenRaw = (comments: 0, scripts: 0, styles: 0)
    /// Resolved (parent id, element kind) pairs for elements that only take their kind's rule.
    var memo = StyleMemo()

    /// Margin collected since the last paragraph.
    var margin: Double = 0
    /// The paragraph to open at the first emitted character.
    var pending: Pending?
    /// Whether `pending` is set (tested per emitted piece without touching the optional,
    /// whose payload is not trivially copyable).
    var hasPending = false
    var paragraphOpen = false
    var paragraphStart = 0
    /// The font size of the open paragraph's own style (what its line height multiplies).
    var paragraphBaseSize: Double = 0
    /// Per style id with a word spacing: the id its spaces take (the spacing drawn as kern).
    var spacedStyles: [StyleID: StyleID] = [:]
    /// The list marker waiting for the item's first paragraph.
    var marker: Marker?
    var markerContext = Context()
    var markerBase: StyleID = 0
    /// The tab stops the last list item's marker paragraph took (see `markerTabStops`).
    var markerStops: [TabStop] = []
    /// Inside a table cell: breaks become spaces.
    var inCell = false
    /// Width measurement for table cells: points and terminal cells.
    var measuring = false
    var measuredPoints: Double = 0
    var measuredCells = 0

    /// A paragraph to open: trivially copyable (its `ParagraphStyle` is made at opening).
    struct Pending {
        var kind: ParagraphKind
        var inherited: InheritedParagraph
        var headIndent: Double?
        var firstLineHeadIndent: Double?
        var tailIndent: Double?
        var baseStyle: StyleID
        var listLevel: Int

        /// The paragraph style, without tab stops.
        @inline(__always)
        var style: ParagraphStyle {
            ParagraphStyle(
                alignment: inherited.alignment, lineHeight: inherited.lineHeight,
                lineHeightMultiple: inherited.lineHeightMultiple, headIndent: headIndent,
                firstLineHeadIndent: firstLineHeadIndent, tailIndent: tailIndent,
                writingDirection: inherited.writingDirection, hyphenation: inherited.hyphenation,
                lineBreak: inherited.lineBreak)
        }
    }

    struct Marker {
        var text: String
        var style: StyleID
        var hasTab: Bool
        var task: Bool?
        var kind: ParagraphKind
    }

    /// What block-level context children inherit.
    struct Context {
        var paragraph = InheritedParagraph()
        var indent: Double = 0
        var tail: Double = 0
        var listLevel = 0
        var bulletLevel = 0
    }

    /// The paragraph attributes blocks pass down (a trivially copyable part of
    /// `ParagraphStyle`: contexts are copied per block).
    struct InheritedParagraph {
        var alignment: TextAlignment?
        var writingDirection: WritingDirection?
        var lineHeight: Double?
        var lineHeightMultiple: Double?
        var hyphenation: Bool?
        var noWrap: Bool?
        var ellipsis: Bool?
        var explicitLineBreak: LineBreakMode?

        /// A mode set outright; else `text-overflow: ellipsis` truncates the tail, `white-space:
        /// nowrap` clips and an explicit wrapping `white-space` wraps at words.
        var lineBreak: LineBreakMode? {
            if let explicitLineBreak { return explicitLineBreak }
            if ellipsis == true { return .truncateTail }
            return noWrap.map { $0 ? .clip : .wordWrap }
        }
    }

    /// The block-level part of an element's declarations.
    struct BlockDelta {
        var alignment: TextAlignment?
        var lineHeight: LineHeightValue?
        var marginTop: Double?
        var marginBottom: Double?
        var indent: Double?
        var tail: Double?
        var textIndent: Double?
        var direction: WritingDirection?
        var listStyle: ListStyleType?
        var width: Double?
        var height: Double?
        var hyphens: Bool?
        var noWrap: Bool?
        var ellipsis: Bool?
        var lineBreak: LineBreakMode?
    }

    init(stylesheet: Stylesheet) {
        sheet = stylesheet
        let base: TextStyle
        if stylesheet.root == Stylesheet.standardRoot {
            base = StyleResolver.standardRootStyle
        } else {
            base = StyleResolver.rootStyle(of: stylesheet.root)
        }
        rootSize = base.fontSize ?? 16
        styles = []
        styles.reserveCapacity(16)
        styles.append(base)
        styleIDs[base.hashValue] = StyleResolver.rootID
        bytes.reserveCapacity(512)
        runs.reserveCapacity(16)
        paragraphs.reserveCapacity(8)
    }

    /// The resolved style of a stylesheet's root rule (16pt unless it sets a size).
    static func rootStyle(of rule: StyleRule) -> TextStyle {
        var base = TextStyle()
        var delta = BlockDelta()
        var scratch: [Diagnostic] = []
        StyleResolver.apply(
            rule.declarations, important: nil, to: &base, parent: ParentMetrics(TextStyle()),
            rootSize: 16, delta: &delta, diagnostics: &scratch)
        if base.fontSize == nil { base.fontSize = 16 }
        return base
    }

    /// The standard root resolved once.
    static let standardRootStyle = rootStyle(of: Stylesheet.standardRoot)

    mutating func finish() -> StyledText {
        complete()
        // Each working list is let go as soon as what replaces it is built: holding the bytes,
        // the run records and both their results at once was the peak of a styled write.
        // Text from Strings, ASCII and whole encoded scalars (U+2028, U+FFFC): valid UTF-8.
        let string = ByteScan.string(fromValidUTF8: bytes)
        bytes = []
        let styled = styledRuns()
        runs = []
        var paragraphs: [StyledParagraph] = []
        swap(&paragraphs, &self.paragraphs)
        return StyledText(
            string: string, utf16Count: utf16, runs: styled, paragraphs: paragraphs,
            diagnostics: diagnostics, rootStyle: copyOfStyle(StyleResolver.rootID))
    }

    /// Closes the last paragraph and notes the omitted raw markup: the text, runs and
    /// paragraphs are then final.
    mutating func complete() {
        closeParagraph()
        if rawCount > 0 {
            diagnostics.append(
                Diagnostic(
                    .note, .lossyRaw,
                    "\(rawCount) raw markup node\(rawCount == 1 ? "" : "s") omitted"))
            rawCount = 0
        }
        let (comments, scripts, styles) = hiddenRaw
        if comments + scripts + styles > 0 {
            func counted(_ n: Int, _ one: String, _ many: String) -> String? {
                n == 0 ? nil : "\(n) \(n == 1 ? one : many)"
            }
            let parts = [
                counted(comments, "comment", "comments"),
                counted(scripts, "<script> element", "<script> elements"),
                counted(styles, "<style> element not applied", "<style> elements not applied"),
            ].compactMap(\.self)
            diagnostics.append(
                Diagnostic(.info, .lossyRaw, "omitted " + parts.joined(separator: ", ")))
            hiddenRaw = (0, 0, 0)
        }
    }

    /// The runs as `StyledRun`s. Runs of equal styles share one boxed copy (ids are not
    /// canonical, so each style id in use is boxed once and equal values found by hashing):
    /// a copy per run made the runs of a styled page 15-25 times its size.
    mutating func styledRuns() -> [StyledRun] {
        var boxes = [SharedValue<TextStyle>?](repeating: nil, count: styles.count)
        var distinct: [TextStyle: SharedValue<TextStyle>] = [:]
        var result: [StyledRun] = []
        result.reserveCapacity(runs.count)
        styles.withUnsafeBufferPointer { styles in
            runs.withUnsafeBufferPointer { records in
                var start = 0
                for r in records {
                    let box: SharedValue<TextStyle>
                    let id = Int(r.style)
                    if let known = boxes[id] {
                        box = known
                    } else {
                        let style = styles[id]
                        if let equal = distinct[style] {
                            box = equal
                        } else {
                            box = .value(style)
                            distinct[style] = box
                        }
                        boxes[id] = box
                    }
                    result.append(
                        StyledRun(
                            range: start..<r.end, sharedStyle: box,
                            sharedAttachment: r.attachment < 0
                                ? nil : .value(attachments[Int(r.attachment)])))
                    start = r.end
                }
            }
        }
        return result
    }

    /// `style` with its link and tap target replaced (an id of its own unless nothing
    /// changes).
    mutating func withLink(_ style: StyleID, _ link: String?, tap: TapTarget?) -> StyleID {
        let stored = tap?.role == .link && tap?.value == link ? nil : tap
        let same = styles.withUnsafeBufferPointer {
            $0[style].link == link
                && ($0[style].boxed == nil ? stored == nil : $0[style].tap == tap)
        }
        if same { return style }
        return derived(style) {
            $0.link = link
            // A link's own target is implied by the link: the box is touched only when a
            // style has one or another target is set.
            if stored != nil || $0.boxed != nil { $0.tap = tap }
        }
    }

    /// A new style id: `style` changed by `change`.
    mutating func derived(_ style: StyleID, _ change: (inout TextStyle) -> Void) -> StyleID {
        styles.append(copyOfStyle(style))
        let id = styles.count - 1
        styles.withUnsafeMutableBufferPointer { change(&$0[id]) }
        return interned(id)
    }

    /// The id of the style just appended (`id`, the last entry), or of an earlier equal style,
    /// which then replaces it (the entry is removed).
    mutating func interned(_ id: StyleID) -> StyleID {
        let hash = styles.withUnsafeBufferPointer { $0[id].hashValue }
        guard let earlier = styleIDs[hash] else {
            styleIDs[hash] = id
            return id
        }
        let equal = styles.withUnsafeBufferPointer { $0[earlier] == $0[id] }
        guard equal else { return id }
        styles.removeLast()
        return earlier
    }

    /// The font size of a style id (the root size when unset).
    mutating func fontSize(_ style: StyleID) -> Double {
        styles.withUnsafeBufferPointer { $0[style].fontSize } ?? rootSize
    }

    // Fields are read through the buffer (`styles[id].field` copies the whole style), from
    // mutating functions (a non-mutating call copies the whole resolver).

    /// The text transform of a style id.
    mutating func textTransform(_ style: StyleID) -> TextTransform? {
        styles.withUnsafeBufferPointer { $0[style].textTransform }
    }

    /// Whether two style ids hold equal styles.
    mutating func sameStyle(_ a: StyleID, _ b: StyleID) -> Bool {
        if a == b { return true }
        return styles.withUnsafeBufferPointer { p in
            // The plain fields first: most differing styles differ there, without a copy.
            guard p[a].fontWeight == p[b].fontWeight, p[a].italic == p[b].italic,
                p[a].fontSize == p[b].fontSize, p[a].foreground == p[b].foreground,
                p[a].underline == p[b].underline, p[a].background == p[b].background,
                p[a].monospace == p[b].monospace, p[a].baselineOffset == p[b].baselineOffset,
                p[a].strikethrough == p[b].strikethrough
            else { return false }
            // The rest field by field (`p[a] == p[b]` copies both styles first).
            return p[a].textTransform == p[b].textTransform
                && p[a].underlineColor == p[b].underlineColor
                && p[a].strikethroughColor == p[b].strikethroughColor
                && p[a].letterSpacing == p[b].letterSpacing
                && p[a].wordSpacing == p[b].wordSpacing && p[a].link == p[b].link
                && p[a].fontFamily == p[b].fontFamily
                && ((p[a].boxed == nil && p[b].boxed == nil) || p[a].boxed == p[b].boxed)
        }
    }

    // MARK: - Style computation

    /// The style of an element: stylesheet rules and inline style in cascade order, and its
    /// `title` as the tool tip.
    @inline(never)
    mutating func style(
        _ kind: ElementKind?, _ attributes: Attributes, parent parentID: StyleID,
        delta: inout BlockDelta
    ) -> StyleID {
        // No attributes at all: only the kind's rule can apply (or a rule with combinators).
        if attributes.isEmpty && !sheet.hasCombinators {
            return kindStyle(kind, parent: parentID, delta: &delta)
        }
        let style = cascade(kind, attributes, parent: parentID, delta: &delta)
        guard !attributes.pairs.isEmpty, let title = attributes.value(of: "title") else {
            return style
        }
        return withToolTip(style, title)
    }

    /// `style` with the tool tip `title` (none for an empty title, as HTML's empty `title`
    /// stops an ancestor's from applying).
    mutating func withToolTip(_ style: StyleID, _ title: String) -> StyleID {
        let toolTip = title.isEmpty ? nil : title
        let same = styles.withUnsafeBufferPointer {
            $0[style].boxed == nil ? toolTip == nil : $0[style].toolTip == toolTip
        }
        if same { return style }
        return derived(style) { $0.toolTip = toolTip }
    }

    /// The cascade of `style(_:_:parent:delta:)` for an element with attributes.
    mutating func cascade(
        _ kind: ElementKind?, _ attributes: Attributes, parent parentID: StyleID,
        delta: inout BlockDelta
    ) -> StyleID {
        var tagRule: StyleRule? = nil
        var namedTagRule: StyleRule? = nil
        var roleRule: StyleRule? = nil
        if let tag = attributes.tag {
            tagRule = sheet.tagRule(tag)
            if !sheet.named.isEmpty { namedTagRule = sheet.named[tag] }
        }
        if !sheet.named.isEmpty, !attributes.pairs.isEmpty, let role = attributes.value(of: "role")
        {
            roleRule = sheet.named[role]
        }
        let useClasses = !sheet.classes.isEmpty && !attributes.classes.isEmpty
        var low: [StyleRule] = []
        var high: [StyleRule] = []
        if !sheet.selectorRules.isEmpty {
            // Without budget left, rules with combinators see no ancestors (and match none).
            let matching = matchBudget >= 0
            if matching { matchBudget += StyleResolver.matchStepsPerElement }
            (low, high) = sheet.matchingRules(
                for: kind, attributes, ancestors: matching ? ancestors : [],
                budget: &matchBudget)
            if matching && matchBudget < 0 {
                diagnostics.append(
                    Diagnostic(
                        .info, .styleUnsupportedSelector,
                        "rules with combinators stopped matching: the document's nesting"
                            + " spent their matching budget"))
            }
        }
        let css = attributes.style
        let onlyRules =
            tagRule == nil && namedTagRule == nil && roleRule == nil && !useClasses
            && low.isEmpty && high.isEmpty
        if css.isEmpty && onlyRules {
            return kindStyle(kind, parent: parentID, delta: &delta)
        }
        let kindRule = kind.flatMap { sheet.kindRules[$0.rawValue] }
        let inline: [StyleDeclaration] =
            css.isEmpty ? [] : InlineStyleCache.shared.compile(css, diagnostics: &diagnostics)
        // Inline style alone (with the kind's rule) under the same parent resolves the same
        // way every time: remembered by the compiled list's identity (the memo entry keeps
        // the list alive, so its address cannot be reused while the entry exists).
        if onlyRules, !inline.isEmpty, styles.count >= StyleMemo.threshold {
            let address = inline.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
            let key = (parentID &<< 6 | (kind.map { $0.rawValue + 1 } ?? 0)) ^ (address &<< 20)
            if let hit = memo.find(key, declarations: address) {
                delta = memo.entries[hit].delta
                return memo.entries[hit].style
            }
            var fresh = BlockDelta()
            let id = computeStyle(
                kindRule, nil, nil, nil, [], nil, [], inline, parentID, &fresh)
            memo.insert(key, style: id, delta: fresh, pinning: inline)
            delta = fresh
            return id
        }
        return computeStyle(
            kindRule, tagRule, namedTagRule, roleRule, low, useClasses ? attributes : nil,
            high, inline, parentID, &delta)
    }

    /// The style of an element only its kind's rule applies to (no tag, class, named or
    /// inline rule): the parent's style when the kind has no rule.
    mutating func kindStyle(
        _ kind: ElementKind?, parent parentID: StyleID, delta: inout BlockDelta
    ) -> StyleID {
        guard let kind else { return parentID }
        let kindRule = sheet.kindRules.withUnsafeBufferPointer { $0[kind.rawValue] }
        guard let kindRule else { return parentID }
        // Small documents resolve each element directly; the memo pays off once a document
        // has produced a few dozen styles.
        guard styles.count >= StyleMemo.threshold else {
            return ruleStyle(kindRule, parentID, &delta)
        }
        let key = parentID &<< 6 | (kind.rawValue + 1)
        if let hit = memo.find(key, declarations: 0) {
            delta = memo.entries[hit].delta
            return memo.entries[hit].style
        }
        var fresh = BlockDelta()
        let id = ruleStyle(kindRule, parentID, &fresh)
        memo.insert(key, style: id, delta: fresh, pinning: nil)
        delta = fresh
        return id
    }

    /// The parent's style with one rule applied, as a new style id (the cascade of a lone
    /// rule without `!important` declarations is one pass over it).
    mutating func ruleStyle(_ rule: StyleRule, _ parentID: StyleID, _ delta: inout BlockDelta)
        -> StyleID
    {
        if rule.hasImportant {
            return computeStyle(rule, nil, nil, nil, [], nil, [], [], parentID, &delta)
        }
        let parent = styles.withUnsafeBufferPointer { ParentMetrics($0[parentID]) }
        let rootSize = self.rootSize
        styles.append(copyOfStyle(parentID))
        let id = styles.count - 1
        var scratch: [Diagnostic] = []
        styles.withUnsafeMutableBufferPointer { buffer in
            StyleResolver.apply(
                rule.declarations, important: nil, to: &buffer[id], parent: parent,
                rootSize: rootSize, delta: &delta, diagnostics: &scratch)
        }
        return interned(id)
    }

    /// Applies the matching rules and inline declarations in cascade order and stores the
    /// result as a new style id.
    mutating func computeStyle(
        _ kindRule: StyleRule?, _ tagRule: StyleRule?, _ namedTagRule: StyleRule?,
        _ roleRule: StyleRule?, _ low: [StyleRule], _ classAttributes: Attributes?,
        _ high: [StyleRule], _ inline: [StyleDeclaration], _ parentID: StyleID,
        _ delta: inout BlockDelta
    ) -> StyleID {
        let parent = styles.withUnsafeBufferPointer { ParentMetrics($0[parentID]) }
        var classRules: [StyleRule] =
            classAttributes.map { a in a.classes.compactMap { sheet.classes[$0] } } ?? []
        classRules += high
        var anyImportant = inline.contains { $0.important }
        if !anyImportant {
            anyImportant =
                (kindRule?.hasImportant ?? false) || (tagRule?.hasImportant ?? false)
                || (namedTagRule?.hasImportant ?? false) || (roleRule?.hasImportant ?? false)
                || classRules.contains { $0.hasImportant } || low.contains { $0.hasImportant }
        }
        let rules = CascadeRules(
            kind: kindRule, tag: tagRule, namedTag: namedTagRule, role: roleRule, low: low,
            classes: classRules, inline: inline, sheetFirst: sheet.policy == .stylesheetFirst,
            anyImportant: anyImportant)
        let rootSize = self.rootSize
        // The new style starts as a copy of the parent's and is resolved in place.
        styles.append(copyOfStyle(parentID))
        let id = styles.count - 1
        styles.withUnsafeMutableBufferPointer { buffer in
            StyleResolver.cascade(rules, into: &buffer[id], parent, rootSize, &delta)
        }
        return interned(id)
    }

    /// The rules that apply to one element, in cascade order.
    struct CascadeRules {
        var kind: StyleRule?
        var tag: StyleRule?
        var namedTag: StyleRule?
        var role: StyleRule?
        /// Rules with combinators below a class's specificity (`div p`).
        var low: [StyleRule]
        var classes: [StyleRule]
        var inline: [StyleDeclaration]
        var sheetFirst: Bool
        var anyImportant: Bool
    }

    /// Applies `rules` to `s`: one pass, or two (normal declarations, then `!important`
    /// ones) when any rule has an important declaration.
    static func cascade(
        _ rules: CascadeRules, into s: inout TextStyle, _ parent: ParentMetrics,
        _ rootSize: Double, _ delta: inout BlockDelta
    ) {
        var scratch: [Diagnostic] = []
        func run(_ decls: [StyleDeclaration], _ important: Bool?, _ s: inout TextStyle) {
            guard !decls.isEmpty else { return }
            StyleResolver.apply(
                decls, important: important, to: &s, parent: parent, rootSize: rootSize,
                delta: &delta, diagnostics: &scratch)
        }
        var important: Bool? = rules.anyImportant ? false : nil
        while true {
            if rules.sheetFirst { run(rules.inline, important, &s) }
            if let r = rules.kind { run(r.declarations, important, &s) }
            if let r = rules.tag { run(r.declarations, important, &s) }
            if let r = rules.namedTag { run(r.declarations, important, &s) }
            if let r = rules.role { run(r.declarations, important, &s) }
            for r in rules.low { run(r.declarations, important, &s) }
            for r in rules.classes { run(r.declarations, important, &s) }
            if !rules.sheetFirst { run(rules.inline, important, &s) }
            if important == false {
                important = true
            } else {
                break
            }
        }
    }

    static func round2(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    /// What relative values resolve against: the parent style's font size, weight and
    /// baseline offset (a few words, not a whole style copy).
    struct ParentMetrics {
        var fontSize: Double?
        var fontWeight: Int?
        var baselineOffset: Double?

        init(_ s: TextStyle) {
            fontSize = s.fontSize
            fontWeight = s.fontWeight
            baselineOffset = s.baselineOffset
        }
    }

    /// Applies declarations (all, or only those whose importance is `important`).
    static func apply(
        _ declarations: [StyleDeclaration], important: Bool?, to s: inout TextStyle,
        parent: ParentMetrics, rootSize: Double, delta: inout BlockDelta,
        diagnostics: inout [Diagnostic]
    ) {
        /// `l` in points, to two decimals.
        func points(_ l: CSSLength, _ size: Double) -> Double {
            round2(l.points(fontSize: size, rootSize: rootSize))
        }
        for d in declarations {
            if let important, d.important != important { continue }
            let parentSize = parent.fontSize ?? rootSize
            let size = s.fontSize ?? rootSize
            switch d.property {
            case .fontFamily(let f): s.fontFamily = f
            case .fontSize(let l):
                let v = l.points(fontSize: parentSize, rootSize: rootSize)
                s.fontSize = round2(min(CSSValueParser.maxFontSize, max(0, v)))
            case .fontWeight(let w):
                let p = parent.fontWeight ?? 400
                switch w {
                case .absolute(let v): s.fontWeight = v
                case .bolder: s.fontWeight = p < 350 ? 400 : (p < 550 ? 700 : 900)
                case .lighter: s.fontWeight = p < 550 ? 100 : (p < 750 ? 400 : 700)
                }
            case .italic(let v):
                s.italic = v
                if s.boxed != nil { s.obliqueness = nil }
            case .monospace(let v): s.monospace = v
            case .foreground(let c): s.foreground = c
            case .background(let c): s.background = c
            case .underline(let l): s.underline = l
            case .underlineColor(let c): s.underlineColor = c
            case .strikethrough(let l): s.strikethrough = l
            case .strikethroughColor(let c): s.strikethroughColor = c
            case .decorationStyle(let l):
                if let u = s.underline, u != .none { s.underline = l }
                if let u = s.strikethrough, u != .none { s.strikethrough = l }
            case .decorationColor(let c):
                s.underlineColor = c
                s.strikethroughColor = c
            case .letterSpacing(let l): s.letterSpacing = points(l, size)
            case .wordSpacing(let l): s.wordSpacing = points(l, size)
            case .verticalAlign(let v):
                let base = parent.baselineOffset ?? 0
                let shift: Double
                switch v {
                case .baseline: shift = 0
                case .sub: shift = -parentSize * 0.2
                case .super: shift = parentSize / 3
                case .length(let l): shift = l.points(fontSize: size, rootSize: rootSize)
                }
                let r = round2(base + shift)
                s.baselineOffset = r == 0 ? (parent.baselineOffset == nil ? nil : 0) : r
            case .textTransform(let t): s.textTransform = t
            case .link(let u): s.link = u
            case .alignment(let a): delta.alignment = a
            case .lineHeight(let l):
                switch l {
                case .normal, .multiple: delta.lineHeight = l
                case .length(let len): delta.lineHeight = .length(.px(points(len, size)))
                }
            case .marginTop(let l): delta.marginTop = points(l, size)
            case .marginBottom(let l): delta.marginBottom = points(l, size)
            case .indent(let l): delta.indent = points(l, size)
            case .tailIndent(let l): delta.tail = points(l, size)
            case .textIndent(let l): delta.textIndent = points(l, size)
            case .direction(let w): delta.direction = w
            case .listStyleType(let t): delta.listStyle = t
            case .width(let l): delta.width = points(l, size)
            case .height(let l): delta.height = points(l, size)
            case .shadow(let shadow):
                s.shadow = shadow.map {
                    TextShadow(
                        offsetX: points($0.x, size), offsetY: points($0.y, size),
                        blurRadius: points($0.blur, size), color: $0.color)
                }
            case .strokeColor(let c): s.strokeColor = c
            case .strokeWidth(let l): s.strokeWidth = points(l, size)
            case .ligatures(let l): s.ligatures = l
            case .expansion(let e): s.expansion = e
            case .obliqueness(let o): s.obliqueness = o
            case .hyphens(let h): delta.hyphens = h
            case .noWrap(let n): delta.noWrap = n
            case .ellipsis(let e): delta.ellipsis = e
            case .lineBreak(let l): delta.lineBreak = l
            case .customAttribute(let key, let value):
                s.customAttributes = (s.customAttributes ?? [:]).merging([key: value]) { $1 }
            }
        }
    }

    /// The child context after a block element's delta.
    func context(_ ctx: Context, _ d: BlockDelta) -> Context {
        var c = ctx
        if let a = d.alignment { c.paragraph.alignment = a }
        if let w = d.direction { c.paragraph.writingDirection = w }
        if let h = d.hyphens { c.paragraph.hyphenation = h }
        if let n = d.noWrap { c.paragraph.noWrap = n }
        if let e = d.ellipsis { c.paragraph.ellipsis = e }
        if let l = d.lineBreak { c.paragraph.explicitLineBreak = l }
        if let l = d.lineHeight {
            switch l {
            case .normal:
                c.paragraph.lineHeight = nil
                c.paragraph.lineHeightMultiple = nil
            case .multiple(let m):
                c.paragraph.lineHeight = nil
                c.paragraph.lineHeightMultiple = m
            case .length(let len):
                c.paragraph.lineHeightMultiple = nil
                c.paragraph.lineHeight = len.points(fontSize: rootSize, rootSize: rootSize)
            }
        }
        if let i = d.indent { c.indent += i }
        if let t = d.tail { c.tail += t }
        return c
    }

    mutating func addMargin(_ m: Double?) {
        if let m, m > margin { margin = m }
    }

    // MARK: - Paragraphs and runs

    mutating func beginParagraph(
        _ kind: ParagraphKind, _ ctx: Context, _ base: StyleID, textIndent: Double? = nil
    ) {
        closeParagraph()
        var p = Pending(
            kind: kind, inherited: ctx.paragraph, baseStyle: base, listLevel: ctx.listLevel)
        if ctx.indent != 0 {
            p.headIndent = ctx.indent
            p.firstLineHeadIndent = ctx.indent
        }
        if let t = textIndent, t != 0 { p.firstLineHeadIndent = ctx.indent + t }
        if ctx.tail != 0 { p.tailIndent = ctx.tail }
        pending = p
        hasPending = true
    }

    mutating func openParagraph() {
        guard hasPending, var p = pending.take() else { return }
        hasPending = false
        if !paragraphs.isEmpty {
            if margin > 0 { paragraphs[paragraphs.count - 1].style.spacingAfter = margin }
            appendASCII(0x0A, p.baseStyle, separator: true)
        }
        margin = 0
        paragraphOpen = true
        paragraphStart = utf16
        paragraphBaseSize = fontSize(p.baseStyle)
        if let m = marker.take() {
            p.kind = p.kind == .paragraph ? m.kind : p.kind
            let step = sheet.indentStep
            var style = p.style
            if m.hasTab {
                style.firstLineHeadIndent = max(0, (p.headIndent ?? 0) - step)
                style.tabStops = markerTabStops(at: p.headIndent ?? 0)
            }
            paragraphs.append(
                StyledParagraph(
                    range: utf16..<utf16, style: style, kind: p.kind, listLevel: p.listLevel))
            if m.hasTab {
                appendRaw(m.text, m.style)
                appendASCII(0x09, m.style)
            } else if !m.text.isEmpty {
                appendRaw(m.text, m.style)
                appendASCII(0x20, m.style)
            }
            if let task = m.task { appendRaw(task ? "\u{2611} " : "\u{2610} ", m.style) }
            return
        }
        paragraphs.append(
            StyledParagraph(
                range: utf16..<utf16, style: p.style, kind: p.kind, listLevel: p.listLevel))
    }

    /// The tab stops of a list item's marker paragraph: one left stop at `location`, shared
    /// by the items of a list (a list of one stop per item took 60-80 bytes of heap each).
    mutating func markerTabStops(at location: Double) -> [TabStop] {
        if markerStops.isEmpty || markerStops[0].location.bitPattern != location.bitPattern {
            markerStops = [TabStop(location)]
        }
        return markerStops
    }

    mutating func closeParagraph() {
        if hasPending {
            pending = nil
            hasPending = false
        }
        guard paragraphOpen else { return }
        paragraphOpen = false
        paragraphs[paragraphs.count - 1].range = paragraphStart..<utf16
    }

    /// Whether a paragraph is open, opening the pending one if there is one.
    @inline(__always)
    mutating func openedParagraph() -> Bool {
        if !paragraphOpen {
            if !hasPending { return false }
            openParagraph()
        }
        return true
    }

    /// Emits text in `style`, opening the pending paragraph first.
    mutating func emit(_ string: String, _ style: StyleID) {
        guard openedParagraph() else { return }
        let spaced = spacedStyle(style)
        if spaced != style {
            emitSpaced(string, style, spaced)
            return
        }
        if let t = textTransform(style), t != .none {
            appendRaw(StyleResolver.transform(string, t), style)
        } else {
            appendRaw(string, style)
        }
    }

    /// `emit` for a style with word spacing (kept out of line: the common path stays small):
    /// the text's spaces (U+0020, U+00A0) in `spaced`, the rest in `style`.
    @inline(never)
    mutating func emitSpaced(_ string: String, _ style: StyleID, _ spaced: StyleID) {
        var text = string
        if let t = textTransform(style), t != .none { text = StyleResolver.transform(string, t) }
        var piece = ""
        var pieceIsSpace = false
        for scalar in text.unicodeScalars {
            let isSpace = scalar == " " || scalar == "\u{00A0}"
            if isSpace != pieceIsSpace, !piece.isEmpty {
                appendRaw(piece, pieceIsSpace ? spaced : style)
                piece = ""
            }
            pieceIsSpace = isSpace
            piece.unicodeScalars.append(scalar)
        }
        if !piece.isEmpty { appendRaw(piece, pieceIsSpace ? spaced : style) }
    }

    /// The style the spaces of `style` take: its word spacing added to the letter spacing
    /// (kern after the space), or `style` itself when it has no word spacing.
    @inline(__always)
    mutating func spacedStyle(_ style: StyleID) -> StyleID {
        let spacing = styles.withUnsafeBufferPointer { $0[style].wordSpacing } ?? 0
        if spacing == 0 { return style }
        if let id = spacedStyles[style] { return id }
        let id = derived(style) {
            $0.letterSpacing = StyleResolver.round2(($0.letterSpacing ?? 0) + spacing)
        }
        spacedStyles[style] = id
        return id
    }

    /// Emits one ASCII character (a space, a line feed, a tab).
    mutating func emitASCII(_ byte: UInt8, _ style: StyleID) {
        guard openedParagraph() else { return }
        if textTransform(style) != nil {
            emit(String(UnicodeScalar(byte)), style)
            return
        }
        appendASCII(byte, byte == 0x20 ? spacedStyle(style) : style)
    }

    /// Emits U+2028 LINE SEPARATOR (a `<br>`).
    mutating func emitLineSeparator(_ style: StyleID) {
        guard openedParagraph() else { return }
        if measuring || textTransform(style) != nil {
            emit("\u{2028}", style)
            return
        }
        bytes.append(0xE2)
        bytes.append(0x80)
        bytes.append(0xA8)
        addRun(1, style, separator: false)
    }

    mutating func appendRaw(_ string: String, _ style: StyleID, separator: Bool = false) {
        if measuring { measure(string, style) }
        var s = string
        let n: Int
        if let counted = s.utf8.withContiguousStorageIfAvailable({ appendUTF8($0) }) {
            n = counted
        } else {
            s.makeContiguousUTF8()
            n = s.utf8.withContiguousStorageIfAvailable({ appendUTF8($0) }) ?? 0
        }
        guard n > 0 else { return }
        addRun(n, style, separator: separator)
    }

    mutating func appendASCII(_ byte: UInt8, _ style: StyleID, separator: Bool = false) {
        if measuring { measure(String(UnicodeScalar(byte)), style) }
        bytes.append(byte)
        addRun(1, style, separator: separator)
    }

    /// Appends UTF-8 bytes to the text and returns their length in UTF-16 code units.
    mutating func appendUTF8(_ buffer: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.append(contentsOf: buffer)
        return ByteScan.units(in: buffer, utf16: true)
    }

    /// Covers `n` UTF-16 units just appended with `style`, extending the last run when it
    /// has an equal style (or when the text is a paragraph separator).
    mutating func addRun(_ n: Int, _ style: StyleID, separator: Bool) {
        let end = utf16 + n
        utf16 = end
        let last = runs.count - 1
        if last >= 0 && runs[last].attachment < 0
            && (separator || sameStyle(Int(runs[last].style), style))
        {
            runs[last].end = end
            return
        }
        runs.append(RunRecord(end: end, style: Int32(style), attachment: -1))
    }

    /// The style of an id, copied out of the table.
    mutating func copyOfStyle(_ style: StyleID) -> TextStyle {
        styles.withUnsafeBufferPointer { $0[style] }
    }

    mutating func emitAttachment(_ attachment: TextAttachment, _ style: StyleID) {
        guard openedParagraph() else { return }
        attachments.append(attachment)
        runs.append(
            RunRecord(end: utf16 + 1, style: Int32(style), attachment: Int32(attachments.count - 1))
        )
        bytes.append(contentsOf: [0xEF, 0xBF, 0xBC])
        utf16 += 1
        if measuring {
            measuredPoints += attachment.width ?? fontSize(style)
            measuredCells += 1
        }
    }

    mutating func measure(_ string: String, _ style: StyleID) {
        let size = fontSize(style)
        let cells = ANSIWriter.width(string)
        measuredCells += cells
        var wide = 0
        for scalar in string.unicodeScalars where StyleResolver.isWide(scalar) { wide += 1 }
        measuredPoints += Double(wide) * size + Double(cells - 2 * wide) * size * 0.55
    }

    /// East Asian wide and emoji ranges (enough for column layout).
    static func isWide(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        if v < 0x1100 { return false }
        return (v <= 0x115F) || (v >= 0x2E80 && v <= 0xA4CF) || (v >= 0xAC00 && v <= 0xD7A3)
            || (v >= 0xF900 && v <= 0xFAFF) || (v >= 0xFE30 && v <= 0xFE4F)
            || (v >= 0xFF00 && v <= 0xFF60) || (v >= 0xFFE0 && v <= 0xFFE6)
            || (v >= 0x1F300 && v <= 0x1F64F) || (v >= 0x1F900 && v <= 0x1F9FF)
            || (v >= 0x20000 && v <= 0x3FFFD)
    }

    static func transform(_ s: String, _ t: TextTransform) -> String {
        switch t {
        case .none: return s
        case .uppercase: return s.uppercased()
        case .lowercase: return s.lowercased()
        case .capitalize:
            var out = ""
            var atStart = true
            for c in s {
                if c.isWhitespace || c == "-" {
                    atStart = true
                    out.append(c)
                } else if atStart {
                    out += c.uppercased()
                    atStart = false
                } else {
                    out.append(c)
                }
            }
            return out
        }
    }
}

/// An open-addressing table from (parent style id, element kind) to the resolved style id
/// and block delta; allocated at the first insertion.
struct StyleMemo {
    struct Entry {
        var key: Int
        /// The address of the compiled inline declarations (0 for kind-only entries).
        var declarations: Int
        var style: StyleResolver.StyleID
        var delta: StyleResolver.BlockDelta
    }
    /// The inline declaration lists entries are keyed on, kept alive with the memo.
    private var pinned: [[StyleDeclaration]] = []
    var entries: [Entry] = []
    /// How many styles a document produces before the resolver starts memoizing.
    static let threshold = 24
    /// Entry index + 1 per slot, 0 when empty; the count is a power of two.
    private var slots: [Int32] = []

    private static func hash(_ key: Int, _ mask: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* 0x9E37_79B9_7F4A_7C15) >> 40)
            & mask
    }

    func find(_ key: Int, declarations: Int) -> Int? {
        if slots.isEmpty { return nil }
        let mask = slots.count - 1
        var i = StyleMemo.hash(key, mask)
        while true {
            let slot = Int(slots[i])
            if slot == 0 { return nil }
            if entries[slot - 1].key == key && entries[slot - 1].declarations == declarations {
                return slot - 1
            }
            i = (i + 1) & mask
        }
    }

    mutating func insert(
        _ key: Int, style: StyleResolver.StyleID, delta: StyleResolver.BlockDelta,
        pinning declarations: [StyleDeclaration]?
    ) {
        var address = 0
        if let declarations {
            address = declarations.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) }
            pinned.append(declarations)
        }
        if slots.isEmpty {
            slots = [Int32](repeating: 0, count: 32)
            entries.reserveCapacity(8)
        } else if (entries.count + 1) * 2 > slots.count {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            for (index, e) in entries.enumerated() { place(e.key, Int32(index + 1)) }
        }
        entries.append(Entry(key: key, declarations: address, style: style, delta: delta))
        place(key, Int32(entries.count))
    }

    private mutating func place(_ key: Int, _ value: Int32) {
        let mask = slots.count - 1
        var i = StyleMemo.hash(key, mask)
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = value
    }
}
