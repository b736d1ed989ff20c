extension Attributes {
    /// The class, id and other attributes (not the tag, not the style) that a writer keeping
    /// none of them drops, named for a message about it: `class`, `id`, then the others in
    /// source order (`class, data-x and title`). `content` is true when one of them is not
    /// presentational (a `title`, a `colspan`: see ``isPresentational(_:)``), which writers
    /// report as a warning; a class, an id or a presentational attribute alone is info. nil
    /// when none is set.
    ///
    /// ```swift
    /// Attributes(id: "a", classes: ["b"]).droppedAttributes!.names  // "class and id"
    /// Attributes(pairs: [Attribute(name: "title", value: "t")]).droppedAttributes!.content  // true
    /// Attributes(tag: "x-card").droppedAttributes  // nil
    /// ```
    package var droppedAttributes: (names: String, content: Bool)? {
        var names: [String] = []
        if !classes.isEmpty { names.append("class") }
        if !id.isEmpty { names.append("id") }
        var content = false
        for pair in pairs where !names.contains(pair.name) {
            names.append(pair.name)
            content = content || !Self.isPresentational(pair.name)
        }
        guard let last = names.last else { return nil }
        let list =
            names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
        return (list, content)
    }

    /// Whether an attribute only styles its element, serves scripts or the browser, or is
    /// not shown, so that every converter to a lighter format drops it: `lang`, `dir`,
    /// `data-*`, `aria-*`, `role`, event handlers (`on*`), loading hints (`srcset`,
    /// `loading` ...), a table's `summary` and the presentational HTML 4 attributes (`align`,
    /// `width`, `bgcolor` ...). Writers report dropping one as info, another (a `title`) as a
    /// warning.
    package static func isPresentational(_ name: String) -> Bool {
        let utf8 = name.utf8
        if utf8.starts(with: "data-".utf8) || utf8.starts(with: "aria-".utf8)
            || utf8.starts(with: "xml".utf8) || utf8.starts(with: "on".utf8)
        {
            return true
        }
        switch name {
        case "lang", "dir", "role", "translate", "tabindex", "accesskey", "hidden", "name",
            "align", "valign", "width", "height", "bgcolor", "border", "cellpadding",
            "cellspacing", "nowrap", "clear", "compact", "color", "face", "size", "type",
            "target", "rel", "itemprop", "itemscope", "itemtype", "itemid", "contenteditable",
            "draggable", "spellcheck", "frame", "rules", "char", "charoff",
            "background", "text", "link", "vlink", "alink", "noshade", "scope", "headers",
            "axis", "slot", "part", "is", "nonce", "autocapitalize", "inert", "summary", "open",
            "loading", "decoding", "fetchpriority", "crossorigin", "integrity", "referrerpolicy",
            "srcset", "sizes", "hspace", "vspace", "frameborder", "scrolling", "allowfullscreen",
            "allowtransparency", "allow", "preload", "controls", "autoplay", "loop", "muted",
            "playsinline", "hreflang", "ping", "download", "for", "shape", "coords":
            return true
        default:
            return false
        }
    }

    /// Whether an element's tag only groups, places or marks its content, so that a writer
    /// without an equivalent writes the content and loses nothing a reader sees (as for a class
    /// or an id): HTML's sectioning and grouping elements, `center`, an anchor (an `<a>`
    /// without a destination is read as a span with that tag) and the inline marks of no style
    /// of their own. Writers report such a tag as info, another (`details`, a custom tag) as a
    /// warning.
    ///
    /// ```swift
    /// Attributes.isStructuralTag("nav")  // true
    /// Attributes.isStructuralTag("details")  // false
    /// ```
    package static func isStructuralTag(_ tag: String) -> Bool {
        switch tag {
        case "div", "span", "header", "footer", "nav", "main", "section", "article", "aside",
            "hgroup", "search", "figure", "center", "a", "time", "data", "bdi", "bdo", "nobr",
            "label":
            return true
        default:
            return false
        }
    }
}
