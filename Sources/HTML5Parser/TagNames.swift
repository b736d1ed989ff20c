/// HTML tag names the tree builder distinguishes (`.other` for everything else and for
/// every non-HTML element).
enum Tag: UInt8, CaseIterable {
    case other
    case a, address, applet, area, article, aside, b, base, basefont, bgsound, big, blockquote
    case body, br, button, caption, center, code, col, colgroup, dd, details, dialog, dir, div
    case dl, dt, em, embed, fieldset, figcaption, figure, font, footer, form, frame, frameset
    case h1, h2, h3, h4, h5, h6, head, header, hgroup, hr, html, i, iframe, image, img, input
    case keygen, li, link, listing, main, marquee, math, menu, meta, nav, nobr, noembed
    case noframes, noscript, object, ol, optgroup, option, p, param, plaintext, pre, rb, rp, rt
    case rtc, ruby, s, script, search, section, select, small, source, span, strike, strong
    case style, sub, summary, sup, svg, table, tbody, td, template, textarea, tfoot, th, thead
    case title, tr, track, tt, u, ul, `var`, wbr, xmp

    /// The tag for lower-case name bytes (a switch on the bytes packed little-endian into
    /// words: no hashing, no tables to initialise).
    static func of(bytes: UnsafeBufferPointer<UInt8>) -> Tag {
        let n = bytes.count
        if n == 0 || n > 16 { return .other }
        let k = packed(bytes.baseAddress!, min(n, 8))
        if n <= 8 {
            switch k {
            case 0x61: return .a
            case 0x62: return .b
            case 0x69: return .i
            case 0x70: return .p
            case 0x73: return .s
            case 0x75: return .u
            case 0x3168: return .h1
            case 0x3268: return .h2
            case 0x3368: return .h3
            case 0x3468: return .h4
            case 0x3568: return .h5
            case 0x3668: return .h6
            case 0x6272: return .rb
            case 0x6464: return .dd
            case 0x6474: return .td
            case 0x6874: return .th
            case 0x696C: return .li
            case 0x6C64: return .dl
            case 0x6C6F: return .ol
            case 0x6C75: return .ul
            case 0x6D65: return .em
            case 0x7072: return .rp
            case 0x7262: return .br
            case 0x7268: return .hr
            case 0x7274: return .tr
            case 0x7464: return .dt
            case 0x7472: return .rt
            case 0x7474: return .tt
            case 0x627573: return .sub
            case 0x637472: return .rtc
            case 0x657270: return .pre
            case 0x676962: return .big
            case 0x676D69: return .img
            case 0x677673: return .svg
            case 0x6C6F63: return .col
            case 0x706D78: return .xmp
            case 0x707573: return .sup
            case 0x726176: return .`var`
            case 0x726277: return .wbr
            case 0x726964: return .dir
            case 0x76616E: return .nav
            case 0x766964: return .div
            case 0x6165_7261: return .area
            case 0x6174_656D: return .meta
            case 0x6461_6568: return .head
            case 0x6564_6F63: return .code
            case 0x6573_6162: return .base
            case 0x6874_616D: return .math
            case 0x6B6E_696C: return .link
            case 0x6C6D_7468: return .html
            case 0x6D72_6F66: return .form
            case 0x6E61_7073: return .span
            case 0x6E69_616D: return .main
            case 0x7262_6F6E: return .nobr
            case 0x746E_6F66: return .font
            case 0x756E_656D: return .menu
            case 0x7962_7572: return .ruby
            case 0x7964_6F62: return .body
            case 0x64_6165_6874: return .thead
            case 0x64_6562_6D65: return .embed
            case 0x65_6469_7361: return .aside
            case 0x65_6761_6D69: return .image
            case 0x65_6C62_6174: return .table
            case 0x65_6C74_6974: return .title
            case 0x65_6C79_7473: return .style
            case 0x65_6D61_7266: return .frame
            case 0x6B_6361_7274: return .track
            case 0x6C_6C61_6D73: return .small
            case 0x6D_6172_6170: return .param
            case 0x74_6F6F_6674: return .tfoot
            case 0x74_7570_6E69: return .input
            case 0x79_646F_6274: return .tbody
            case 0x6563_7275_6F73: return .source
            case 0x656B_6972_7473: return .strike
            case 0x656D_6172_6669: return .iframe
            case 0x6572_7567_6966: return .figure
            case 0x676E_6F72_7473: return .strong
            case 0x676F_6C61_6964: return .dialog
            case 0x6863_7261_6573: return .search
            case 0x6E65_6779_656B: return .keygen
            case 0x6E6F_6974_706F: return .option
            case 0x6E6F_7474_7562: return .button
            case 0x7075_6F72_6768: return .hgroup
            case 0x7265_6461_6568: return .header
            case 0x7265_746E_6563: return .center
            case 0x7265_746F_6F66: return .footer
            case 0x7463_656A_626F: return .object
            case 0x7463_656C_6573: return .select
            case 0x7465_6C70_7061: return .applet
            case 0x7470_6972_6373: return .script
            case 0x64_6562_6D65_6F6E: return .noembed
            case 0x64_6E75_6F73_6762: return .bgsound
            case 0x65_6575_7172_616D: return .marquee
            case 0x65_6C63_6974_7261: return .article
            case 0x67_6E69_7473_696C: return .listing
            case 0x6E_6F69_7463_6573: return .section
            case 0x6E_6F69_7470_6163: return .caption
            case 0x73_6C69_6174_6564: return .details
            case 0x73_7365_7264_6461: return .address
            case 0x79_7261_6D6D_7573: return .summary
            case 0x6165_7261_7478_6574: return .textarea
            case 0x6574_616C_706D_6574: return .template
            case 0x7075_6F72_676C_6F63: return .colgroup
            case 0x7075_6F72_6774_706F: return .optgroup
            case 0x7365_6D61_7266_6F6E: return .noframes
            case 0x7465_7364_6C65_6966: return .fieldset
            case 0x7465_7365_6D61_7266: return .frameset
            case 0x746E_6F66_6573_6162: return .basefont
            case 0x7470_6972_6373_6F6E: return .noscript
            default: return .other
            }
        }
        var k2: UInt64 = 0
        for i in 8..<n { k2 |= UInt64(bytes[i]) << (8 * UInt64(i - 8)) }
        switch (k, k2) {
        case (0x6F75_716B_636F_6C62, 0x6574): return .blockquote
        case (0x6974_7061_6367_6966, 0x6E6F): return .figcaption
        case (0x7865_746E_6961_6C70, 0x74): return .plaintext
        default: return .other
        }
    }

    /// Up to 8 bytes packed little-endian into a word, with whole-word loads where possible.
    @inline(__always) static func packed(_ p: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
        let raw = UnsafeRawPointer(p)
        @inline(__always) func u32(_ o: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: o, as: UInt32.self)))
        }
        switch n {
        case 1: return UInt64(p[0])
        case 2:
            return UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
        case 3:
            return UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
                | UInt64(p[2]) << 16
        case 4: return u32(0)
        case 5, 6, 7: return u32(0) | u32(n - 4) << (8 * UInt64(n - 4))
        case 8: return UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        default: return 0
        }
    }

    /// The tag for a lower-case name.
    static func of(_ name: String) -> Tag {
        var name = name
        return name.withUTF8 { of(bytes: $0) }
    }

    /// The tag's name (a literal: never rebuilt from bytes, never reference counted).
    var name: String {
        switch self {
        case .other: return ""
        case .a: return "a"
        case .address: return "address"
        case .applet: return "applet"
        case .area: return "area"
        case .article: return "article"
        case .aside: return "aside"
        case .b: return "b"
        case .base: return "base"
        case .basefont: return "basefont"
        case .bgsound: return "bgsound"
        case .big: return "big"
        case .blockquote: return "blockquote"
        case .body: return "body"
        case .br: return "br"
        case .button: return "button"
        case .caption: return "caption"
        case .center: return "center"
        case .code: return "code"
        case .col: return "col"
        case .colgroup: return "colgroup"
        case .dd: return "dd"
        case .details: return "details"
        case .dialog: return "dialog"
        case .dir: return "dir"
        case .div: return "div"
        case .dl: return "dl"
        case .dt: return "dt"
        case .em: return "em"
        case .embed: return "embed"
        case .fieldset: return "fieldset"
        case .figcaption: return "figcaption"
        case .figure: return "figure"
        case .font: return "font"
        case .footer: return "footer"
        case .form: return "form"
        case .frame: return "frame"
        case .frameset: return "frameset"
        case .h1: return "h1"
        case .h2: return "h2"
        case .h3: return "h3"
        case .h4: return "h4"
        case .h5: return "h5"
        case .h6: return "h6"
        case .head: return "head"
        case .header: return "header"
        case .hgroup: return "hgroup"
        case .hr: return "hr"
        case .html: return "html"
        case .i: return "i"
        case .iframe: return "iframe"
        case .image: return "image"
        case .img: return "img"
        case .input: return "input"
        case .keygen: return "keygen"
        case .li: return "li"
        case .link: return "link"
        case .listing: return "listing"
        case .main: return "main"
        case .marquee: return "marquee"
        case .math: return "math"
        case .menu: return "menu"
        case .meta: return "meta"
        case .nav: return "nav"
        case .nobr: return "nobr"
        case .noembed: return "noembed"
        case .noframes: return "noframes"
        case .noscript: return "noscript"
        case .object: return "object"
        case .ol: return "ol"
        case .optgroup: return "optgroup"
        case .option: return "option"
        case .p: return "p"
        case .param: return "param"
        case .plaintext: return "plaintext"
        case .pre: return "pre"
        case .rb: return "rb"
        case .rp: return "rp"
        case .rt: return "rt"
        case .rtc: return "rtc"
        case .ruby: return "ruby"
        case .s: return "s"
        case .script: return "script"
        case .search: return "search"
        case .section: return "section"
        case .select: return "select"
        case .small: return "small"
        case .source: return "source"
        case .span: return "span"
        case .strike: return "strike"
        case .strong: return "strong"
        case .style: return "style"
        case .sub: return "sub"
        case .summary: return "summary"
        case .sup: return "sup"
        case .svg: return "svg"
        case .table: return "table"
        case .tbody: return "tbody"
        case .td: return "td"
        case .template: return "template"
        case .textarea: return "textarea"
        case .tfoot: return "tfoot"
        case .th: return "th"
        case .thead: return "thead"
        case .title: return "title"
        case .tr: return "tr"
        case .track: return "track"
        case .tt: return "tt"
        case .u: return "u"
        case .ul: return "ul"
        case .`var`: return "var"
        case .wbr: return "wbr"
        case .xmp: return "xmp"
        }
    }

    /// Whether the tag is in the spec's "special" category.
    var isSpecial: Bool {
        switch self {
        case .address, .applet, .area, .article, .aside, .base, .basefont, .bgsound, .blockquote,
            .body, .br, .button, .caption, .center, .col, .colgroup, .dd, .details, .dir, .div, .dl,
            .dt, .embed, .fieldset, .figcaption, .figure, .footer, .form, .frame, .frameset, .h1,
            .h2, .h3, .h4, .h5, .h6, .head, .header, .hgroup, .hr, .html, .iframe, .img, .input,
            .keygen, .li, .link, .listing, .main, .marquee, .menu, .meta, .nav, .noembed, .noframes,
            .noscript, .object, .ol, .p, .param, .plaintext, .pre, .script, .search, .section,
            .source, .style, .summary, .table, .tbody, .td, .template, .textarea, .tfoot, .th,
            .thead, .title, .tr, .track, .ul, .wbr, .xmp:
            return true
        default: return false
        }
    }

    var isHeading: Bool {
        self == .h1 || self == .h2 || self == .h3 || self == .h4 || self == .h5 || self == .h6
    }

}

/// Name adjustments for foreign content.
enum ForeignNames {
    static func camelMap(_ names: [String]) -> [String: String] {
        var d: [String: String] = [:]
        for n in names { d[n.lowercased()] = n }
        return d
    }

    static let svgTagNames = camelMap([
        "altGlyph", "altGlyphDef", "altGlyphItem", "animateColor", "animateMotion",
        "animateTransform",
        "clipPath", "feBlend", "feColorMatrix", "feComponentTransfer", "feComposite",
        "feConvolveMatrix",
        "feDiffuseLighting", "feDisplacementMap", "feDistantLight", "feDropShadow", "feFlood",
        "feFuncA",
        "feFuncB", "feFuncG", "feFuncR", "feGaussianBlur", "feImage", "feMerge", "feMergeNode",
        "feMorphology", "feOffset", "fePointLight", "feSpecularLighting", "feSpotLight", "feTile",
        "feTurbulence", "foreignObject", "glyphRef", "linearGradient", "radialGradient", "textPath",
    ])

    static let svgAttributeNames = camelMap([
        "attributeName", "attributeType", "baseFrequency", "baseProfile", "calcMode",
        "clipPathUnits",
        "diffuseConstant", "edgeMode", "filterUnits", "glyphRef", "gradientTransform",
        "gradientUnits",
        "kernelMatrix", "kernelUnitLength", "keyPoints", "keySplines", "keyTimes", "lengthAdjust",
        "limitingConeAngle", "markerHeight", "markerUnits", "markerWidth", "maskContentUnits",
        "maskUnits", "numOctaves", "pathLength", "patternContentUnits", "patternTransform",
        "patternUnits", "pointsAtX", "pointsAtY", "pointsAtZ", "preserveAlpha",
        "preserveAspectRatio",
        "primitiveUnits", "refX", "refY", "repeatCount", "repeatDur", "requiredExtensions",
        "requiredFeatures", "specularConstant", "specularExponent", "spreadMethod", "startOffset",
        "stdDeviation", "stitchTiles", "surfaceScale", "systemLanguage", "tableValues", "targetX",
        "targetY", "textLength", "viewBox", "viewTarget", "xChannelSelector", "yChannelSelector",
        "zoomAndPan",
    ])

    static let foreignAttributes: [String: (String, HTMLAttributeNamespace)] = [
        "xlink:actuate": ("actuate", .xlink), "xlink:arcrole": ("arcrole", .xlink),
        "xlink:href": ("href", .xlink), "xlink:role": ("role", .xlink),
        "xlink:show": ("show", .xlink),
        "xlink:title": ("title", .xlink), "xlink:type": ("type", .xlink),
        "xml:lang": ("lang", .xml), "xml:space": ("space", .xml),
        "xmlns": ("xmlns", .xmlns), "xmlns:xlink": ("xlink", .xmlns),
    ]

    static func adjustMathMLAttributes(_ attrs: inout [HTMLAttribute]) {
        for i in attrs.indices where attrs[i].name == "definitionurl" {
            attrs[i].name = "definitionURL"
        }
    }

    /// Per first letter (`a`...`z`) of `keys`, a bit per key length: a name whose letter and
    /// length match no key is not looked up (hashed) at all. SVG icons put several attributes
    /// on every element, and few of them (`d`, `fill`, `class`) are adjusted; few element
    /// names (`path`, `g`, `circle` are not) either.
    static func shapes(of keys: Dictionary<String, String>.Keys) -> [UInt32] {
        var shapes = [UInt32](repeating: 0, count: 26)
        for key in keys {
            let first = Int(key.utf8.first! - 0x61)
            precondition(first < 26 && key.utf8.count < 32, "keys are short lower-case names")
            shapes[first] |= 1 << UInt32(key.utf8.count)
        }
        return shapes
    }

    static let svgAttributeShapes = shapes(of: svgAttributeNames.keys)
    static let svgTagShapes = shapes(of: svgTagNames.keys)

    /// Whether `name`'s first letter and length match one in `shapes`.
    @inline(__always) static func matches(_ name: String, _ shapes: [UInt32]) -> Bool {
        let name = name.utf8
        guard let first = name.first, first >= 0x61, first <= 0x7A, name.count < 32 else {
            return false
        }
        return shapes[Int(first - 0x61)] >> UInt32(name.count) & 1 != 0
    }

    /// Whether `name` may be a key of `svgAttributeNames` (its letter and length match one).
    @inline(__always) static func mayBeSVGAttribute(_ name: String) -> Bool {
        matches(name, svgAttributeShapes)
    }

    /// The SVG spelling of a lower-case element name (`clippath` -> `clipPath`), or nil.
    static func svgTagName(_ name: String) -> String? {
        matches(name, svgTagShapes) ? svgTagNames[name] : nil
    }

    /// Whether `name` may be a key of `foreignAttributes`: every key starts with `x` (`xlink:`,
    /// `xml:`, `xmlns`).
    @inline(__always) static func mayBeForeignAttribute(_ name: String) -> Bool {
        name.utf8.first == 0x78
    }

    static func adjustSVGAttributes(_ attrs: inout [HTMLAttribute]) {
        // Looked at before the list is touched: the token still holds it, so the first write
        // copies it, and most lists need none.
        guard attrs.contains(where: { mayBeSVGAttribute($0.name) }) else { return }
        for i in attrs.indices where mayBeSVGAttribute(attrs[i].name) {
            if let n = svgAttributeNames[attrs[i].name] { attrs[i].name = n }
        }
    }

    static func adjustForeignAttributes(_ attrs: inout [HTMLAttribute]) {
        guard attrs.contains(where: { mayBeForeignAttribute($0.name) }) else { return }
        for i in attrs.indices where mayBeForeignAttribute(attrs[i].name) {
            if let (local, ns) = foreignAttributes[attrs[i].name] {
                attrs[i].name = local
                attrs[i].namespace = ns
            }
        }
    }
}
