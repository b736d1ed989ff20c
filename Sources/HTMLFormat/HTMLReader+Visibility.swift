import HTML5Parser
import MarkupAST

extension HTMLReader {
    /// Takes out of `dom` what a browser does not show: elements with the `hidden`
    /// attribute, an inline `display: none` or `visibility: hidden`, a CSS framework's class
    /// that hides (`HTMLUtilityClasses`), or a class or id that a simple rule of the page's
    /// `<style>` hides (`HTMLHiddenSelectors`); and `<iframe>`,
    /// `<embed>` and `<object>` that are neither on a known media provider
    /// (`HTMLMediaProviders`, plus `options.mediaProviders`) nor titled (frames of size 0 or 1
    /// and blank, `javascript:` or `data:` sources are dropped even when titled: advertising
    /// and tracking frames). Returns the `parse.dropped` info diagnostics (counts).
    ///
    /// One walk over the tree (a hidden subtree is not entered); the `<style>` elements are
    /// found in a pass over the node array first.
    static func removeInvisible(
        from dom: inout HTMLDocument, options: HTMLReaderOptions
    ) -> [Diagnostic] {
        // By tag code, read in place (names are not read, nor nodes copied out).
        let styles = dom.nodes.withUnsafeBufferPointer { nodes in
            nodes.indices.filter { nodes[$0].tagCode == Self.frameCodes.style }
        }
        let sheets = styles.map { dom.textContent(of: HTMLNodeID($0)) }
        let selectors = HTMLHiddenSelectors(sheets: sheets)
        let providers =
            options.mediaProviders.isEmpty
            ? HTMLMediaProviders.defaults : HTMLMediaProviders.defaults + options.mediaProviders
        var hidden: [HTMLNodeID] = []
        var frames: [HTMLNodeID] = []
        let frameTags = Self.frameCodes.frames  // read once, not per element
        // A pre-order walk by the sibling and parent links (no stack), reading the nodes in
        // place.
        dom.nodes.withUnsafeBufferPointer { nodes in
            var current = nodes[0].firstChild
            while let id = current {
                let i = Int(id.index)
                var enter = nodes[i].kind == .element
                // Most elements have no attributes: nothing can hide them (and only frames,
                // which need a source, are dropped), so the node is not looked at further.
                if enter, nodes[i].namespace == .html, !nodes.attributes(of: i).isEmpty {
                    if isHidden(nodes, i, selectors) {
                        hidden.append(id)
                        enter = false
                    } else if frameTags.contains(nodes[i].tagCode),
                        isUnknownFrame(nodes[i], providers)
                    {
                        frames.append(id)
                        enter = false
                    }
                }
                if enter, let child = nodes[i].firstChild {
                    current = child
                    continue
                }
                var up: HTMLNodeID? = id
                current = nil
                while let u = up, u.index != 0 {
                    if let next = nodes[Int(u.index)].nextSibling {
                        current = next
                        break
                    }
                    up = nodes[Int(u.index)].parent
                }
            }
        }
        for id in hidden + frames { dom.detach(id) }
        var diagnostics: [Diagnostic] = []
        if !hidden.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .info, .parseDropped,
                    "dropped \(hidden.count) hidden elements (hidden, display: none,"
                        + " visibility: hidden, a hiding class)"))
        }
        if !frames.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .info, .parseDropped,
                    "dropped \(frames.count) frames (<iframe>, <embed>, <object>) without a"
                        + " title, not from a known media provider"))
        }
        return diagnostics
    }

    private static func isHidden(
        _ nodes: UnsafeBufferPointer<HTMLNode>, _ index: Int, _ selectors: HTMLHiddenSelectors
    ) -> Bool {
        var id: String?
        var classes: String?
        // By index: a loop over the attributes copied each one (retaining its name and value)
        // to read its name. The id and class are kept only when there are rules to match.
        let attributes = nodes.attributes(of: index)
        let matching = !selectors.isEmpty
        for k in attributes.indices where attributes[k].namespace == .none {
            // Each name is compared only with the names of its length (most attribute names
            // have another length and are not compared at all).
            let name = attributes[k].name
            switch name.utf8.count {
            case 6 where name == "hidden":
                if attributes[k].value.lowercased() != "until-found" {
                    return isHideable(nodes, index)
                }
            // `class` before `style`: a name that is not a literal's costs a slower compare,
            // and class attributes are the more frequent.
            case 5 where name == "class":
                if HTMLUtilityClasses.hides(classAttribute: attributes[k].value) {
                    return isHideable(nodes, index)
                }
                if matching { classes = attributes[k].value }
            case 5 where name == "style":
                var value = attributes[k].value
                let mentions = value.withUTF8 {
                    HTMLHiddenSelectors.mentionsVisibility($0[...])
                }
                if mentions, HTMLHiddenSelectors.hides(CSSDeclaration.parseList(value)) {
                    return isHideable(nodes, index)
                }
            case 2 where name == "id": if matching { id = attributes[k].value }
            default: break
            }
        }
        if !matching || (id == nil && classes == nil) { return false }
        return selectors.matches(tag: nodes.name(of: index), id: id, classAttribute: classes)
            && isHideable(nodes, index)
    }

    /// A hidden `<html>` or `<body>` is a page that scripts reveal (against a flash of
    /// unstyled content): it is read.
    private static func isHideable(_ nodes: UnsafeBufferPointer<HTMLNode>, _ index: Int) -> Bool {
        let name = nodes.name(of: index)
        return name != "body" && name != "html"
    }

    /// The tag codes (`HTMLNode.tagCode`) of `<style>`, and of `<iframe>`, `<embed>` and
    /// `<object>`.
    private static let frameCodes = (
        style: HTMLNode.tagCode(of: "style"),
        frames: ["iframe", "embed", "object"].map { HTMLNode.tagCode(of: $0) }
    )

    private static func isUnknownFrame(_ node: HTMLNode, _ providers: [String]) -> Bool {
        let source: String?
        switch node.name {
        case "iframe", "embed": source = node.attribute("src")
        case "object": source = node.attribute("data")
        default: return false
        }
        // No source: the lowering drops it (or shows an `<object>`'s fallback content).
        guard let source, !source.isEmpty else { return false }
        let lower = source.lowercased()
        if lower.hasPrefix("about:") || lower.hasPrefix("javascript:") || lower.hasPrefix("data:") {
            return true
        }
        for dimension in ["width", "height"] {
            if let value = node.attribute(dimension), let n = Int(value), n <= 1 { return true }
        }
        if HTMLMediaProviders.contains(source, in: providers) { return false }
        let title = node.attribute("title") ?? node.attribute("aria-label") ?? ""
        return !title.contains(where: { !$0.isWhitespace }) || isAdvertising(title)
    }

    /// A title that names an advertisement ("Advertisement", "3rd party ad content").
    private static func isAdvertising(_ title: String) -> Bool {
        let words = title.lowercased().split { !$0.isLetter }
        return words.contains { $0 == "ad" || $0 == "ads" || $0 == "advertisement" }
    }
}
