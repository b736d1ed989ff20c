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

    /// What a writer without containers loses by writing a div with these attributes as its
    /// content, as a message and whether it is content (a warning) rather than a look (info):
    /// a custom tag or a title is content; a class, an id, a style, a presentational
    /// attribute or an HTML tag that only groups its content (``isPresentationalTag(_:)``)
    /// is a look. nil when a plain `<div>` loses nothing.
    ///
    /// ```swift
    /// Attributes(tag: "nav").droppedContainer!.message  // "container nav written as its content"
    /// Attributes(tag: "x-box").droppedContainer!.content  // true
    /// Attributes(id: "i").droppedContainer!.message  // "id of a div dropped"
    /// ```
    package var droppedContainer: (message: String, content: Bool)? {
        let tag = self.tag ?? "div"
        let written = "container \(tag) written as its content"
        if !Self.isPresentationalTag(tag) { return (written, true) }
        let dropped = droppedAttributes
        if let (names, content) = dropped, content {
            return ("\(names) of \(tag == "div" ? "a div" : "<\(tag)>") dropped", true)
        }
        if tag != "div" || !style.isEmpty { return (written, false) }
        return dropped.map { ("\($0.names) of a div dropped", false) }
    }

    /// Whether an attribute only styles its element, serves scripts or the browser, or is
    /// not shown, so that every converter to a lighter format drops it: `lang`, `dir`,
    /// `data-*`, `aria-*`, `role`, event handlers (`on*`), loading hints (`srcset`,
    /// `loading` ...), a table's `summary`, machine-readable values (`datetime`, `value`),
    /// RDFa's (`typeof` ...) and the presentational HTML 4 attributes (`align`, `width`,
    /// `bgcolor` ...). Writers report dropping one as info, another (a `title`) as a
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
            "playsinline", "hreflang", "ping", "download", "for", "shape", "coords",
            // Machine-readable values a browser does not show (`<time datetime>`, `<data
            // value>`, a button's value) and RDFa's annotations.
            "datetime", "value", "about", "typeof", "property", "resource", "prefix", "vocab":
            return true
        default:
            return false
        }
    }

    /// Whether an HTML element's tag only groups, places, marks or styles its content, so that
    /// a writer without an equivalent writes the content and loses nothing a reader sees but
    /// its look (as for a class or an id): HTML's sectioning and grouping elements, `center`,
    /// an anchor (an `<a>` without a destination is read as a span with that tag), the inline
    /// marks of no meaning beyond their style (`small`, `kbd`, `cite`, `abbr` ...), a form's
    /// labels and buttons, and `details`/`summary` (written open, all of their text shows).
    /// Writers report such a tag as info, another (a custom tag, an embed) as a warning.
    ///
    /// ```swift
    /// Attributes.isPresentationalTag("nav")  // true
    /// Attributes.isPresentationalTag("kbd")  // true
    /// Attributes.isPresentationalTag("my-widget")  // false
    /// ```
    package static func isPresentationalTag(_ tag: String) -> Bool {
        switch tag {
        case "div", "span", "header", "footer", "nav", "main", "section", "article", "aside",
            "hgroup", "search", "figure", "figcaption", "center", "a", "time", "data", "bdi",
            "bdo", "nobr", "label", "address", "details", "summary", "fieldset", "legend",
            "button", "output", "small", "big", "kbd", "samp", "var", "dfn", "cite", "abbr",
            "acronym", "tt", "ruby", "rb", "rt", "rp", "rtc", "font", "blink", "marquee":
            return true
        default:
            return false
        }
    }
}
