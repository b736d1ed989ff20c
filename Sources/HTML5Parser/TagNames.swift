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

    static let byName: [String: Tag] = {
        var d: [String: Tag] = [:]
        for t in Tag.allCases where t != .other {
            d["\(t)"] = t
        }
        return d
    }()

    @inline(__always) static func of(_ name: String) -> Tag { byName[name] ?? .other }

    /// Tag names as strings, by raw value (so known names are never rebuilt from bytes).
    static let names: [String] = Tag.allCases.map { "\($0)" }

    /// Open-addressing table from the packed bytes of names of up to 8 bytes to tags.
    private static let packedKeys: [UInt64] = buildPacked().0
    private static let packedValues: [UInt8] = buildPacked().1

    private static func buildPacked() -> ([UInt64], [UInt8]) {
        var keys = [UInt64](repeating: 0, count: 512)
        var values = [UInt8](repeating: 0, count: 512)
        for t in Tag.allCases where t != .other {
            let bytes = Array("\(t)".utf8)
            guard bytes.count <= 8 else { continue }
            var k: UInt64 = 0
            for (i, b) in bytes.enumerated() { k |= UInt64(b) << (8 * UInt64(i)) }
            var h = Int((k &* 0x9E37_79B9_7F4A_7C15) >> 55)
            while keys[h] != 0 { h = (h + 1) & 511 }
            keys[h] = k
            values[h] = t.rawValue
        }
        return (keys, values)
    }

    /// The tag for lower-case name bytes.
    static func of(bytes: UnsafeBufferPointer<UInt8>) -> Tag {
        let n = bytes.count
        if n == 0 { return .other }
        if n > 8 {
            if n > 10 { return .other }
            return byName[String(decoding: bytes, as: UTF8.self)] ?? .other
        }
        var k: UInt64 = 0
        for i in 0..<n { k |= UInt64(bytes[i]) << (8 * UInt64(i)) }
        var h = Int((k &* 0x9E37_79B9_7F4A_7C15) >> 55)
        while true {
            let key = packedKeys[h]
            if key == k { return Tag(rawValue: packedValues[h])! }
            if key == 0 { return .other }
            h = (h + 1) & 511
        }
    }

    var isHeading: Bool {
        self == .h1 || self == .h2 || self == .h3 || self == .h4 || self == .h5 || self == .h6
    }

    static let specialSet: Set<Tag> = [
        .address, .applet, .area, .article, .aside, .base, .basefont, .bgsound, .blockquote, .body,
        .br, .button, .caption, .center, .col, .colgroup, .dd, .details, .dir, .div, .dl, .dt,
        .embed, .fieldset, .figcaption, .figure, .footer, .form, .frame, .frameset, .h1, .h2, .h3,
        .h4, .h5, .h6, .head, .header, .hgroup, .hr, .html, .iframe, .img, .input, .keygen, .li,
        .link, .listing, .main, .marquee, .menu, .meta, .nav, .noembed, .noframes, .noscript,
        .object, .ol, .p, .param, .plaintext, .pre, .script, .search, .section, .source,
        .style, .summary, .table, .tbody, .td, .template, .textarea, .tfoot, .th, .thead, .title,
        .tr, .track, .ul, .wbr, .xmp,
    ]
    static let special: [Bool] = Tag.allCases.map { specialSet.contains($0) }
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

    static func adjustSVGAttributes(_ attrs: inout [HTMLAttribute]) {
        for i in attrs.indices {
            if let n = svgAttributeNames[attrs[i].name] { attrs[i].name = n }
        }
    }

    static func adjustForeignAttributes(_ attrs: inout [HTMLAttribute]) {
        for i in attrs.indices {
            if let (local, ns) = foreignAttributes[attrs[i].name] {
                attrs[i].name = local
                attrs[i].namespace = ns
            }
        }
    }
}
