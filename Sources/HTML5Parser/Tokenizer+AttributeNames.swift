extension Tokenizer {
    /// The `String` of a common attribute name (`class`, `href`, `style`, ...) without
    /// copying the bytes; nil for other names, which `finishAttribute` copies.
    ///
    /// Real pages repeat a few dozen names (`class`, `href` and `style` are two thirds of all
    /// attributes of the benchmark corpus): a literal costs a switch instead of a copy and an
    /// ASCII scan per attribute. Each constant is the name's bytes packed little-endian by
    /// ``Tag/packed(_:_:)`` (names of 9 to 16 bytes: the first 8, then the rest), so a case
    /// matches exactly the bytes of the name it returns.
    static func commonAttributeName(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let n = bytes.count
        guard n > 0, n <= 16, let base = bytes.baseAddress else { return nil }
        if n <= 8 {
            switch Tag.packed(base, n) {
            case 0x64: return "d"
            case 0x72: return "r"
            case 0x78: return "x"
            case 0x79: return "y"
            case 0x6469: return "id"
            case 0x7361: return "as"
            case 0x7863: return "cx"
            case 0x7963: return "cy"
            case 0x637273: return "src"
            case 0x6C6572: return "rel"
            case 0x726964: return "dir"
            case 0x726F66: return "for"
            case 0x746C61: return "alt"
            case 0x6563_6166: return "face"
            case 0x656C_6F72: return "role"
            case 0x656D_616E: return "name"
            case 0x6570_7974: return "type"
            case 0x657A_6973: return "size"
            case 0x6665_7268: return "href"
            case 0x676E_616C: return "lang"
            case 0x6C6C_6966: return "fill"
            case 0x61_6964_656D: return "media"
            case 0x63_6E79_7361: return "async"
            case 0x65_6C74_6974: return "title"
            case 0x65_6C79_7473: return "style"
            case 0x65_7061_6873: return "shape"
            case 0x65_756C_6176: return "value"
            case 0x68_7464_6977: return "width"
            case 0x6C_6562_616C: return "label"
            case 0x6E_6769_6C61: return "align"
            case 0x72_6566_6564: return "defer"
            case 0x72_6F6C_6F63: return "color"
            case 0x73_657A_6973: return "sizes"
            case 0x73_6E6C_6D78: return "xmlns"
            case 0x73_7361_6C63: return "class"
            case 0x74_7261_7473: return "start"
            case 0x646F_6874_656D: return "method"
            case 0x656B_6F72_7473: return "stroke"
            case 0x6E65_6464_6968: return "hidden"
            case 0x6E67_696C_6176: return "valign"
            case 0x6E6F_6974_6361: return "action"
            case 0x7265_6472_6F62: return "border"
            case 0x7374_6E69_6F70: return "points"
            case 0x7465_6772_6174: return "target"
            case 0x7465_7363_7273: return "srcset"
            case 0x7468_6769_6568: return "height"
            case 0x64_692D_6174_6164: return "data-id"
            case 0x67_6E69_6461_6F6C: return "loading"
            case 0x6B_6369_6C63_6E6F: return "onclick"
            case 0x6E_6170_736C_6F63: return "colspan"
            case 0x6E_6170_7377_6F72: return "rowspan"
            case 0x72_6F6C_6F63_6762: return "bgcolor"
            case 0x74_6573_7261_6863: return "charset"
            case 0x74_6E65_746E_6F63: return "content"
            case 0x78_6F62_7765_6976: return "viewbox"
            case 0x79_7261_6D6D_7573: return "summary"
            case 0x6372_732D_6174_6164: return "data-src"
            case 0x656D_6974_6574_6164: return "datetime"
            case 0x6570_7974_6D65_7469: return "itemtype"
            case 0x676E_616C_6665_7268: return "hreflang"
            case 0x676E_6964_6F63_6564: return "decoding"
            case 0x706F_7270_6D65_7469: return "itemprop"
            case 0x7865_646E_6962_6174: return "tabindex"
            case 0x7974_7265_706F_7270: return "property"
            default: return nil
            }
        }
        let rest = Tag.packed(base + 8, n - 8)
        switch Tag.packed(base, 8) {
        case 0x6261_6C2D_6169_7261:
            return rest == 0x6C65 ? "aria-label" : nil
        case 0x6361_7073_6C6C_6563:
            return rest == 0x676E69 ? "cellspacing" : nil
        case 0x636E_612D_7478_6574:
            return rest == 0x726F68 ? "text-anchor" : nil
        case 0x6464_6170_6C6C_6563:
            return rest == 0x676E69 ? "cellpadding" : nil
        case 0x6469_682D_6169_7261:
            return rest == 0x6E6564 ? "aria-hidden" : nil
        case 0x656B_7373_6563_6361:
            return rest == 0x79 ? "accesskey" : nil
        case 0x6965_772D_746E_6F66:
            return rest == 0x746867 ? "font-weight" : nil
        case 0x6972_6F73_736F_7263:
            return rest == 0x6E6967 ? "crossorigin" : nil
        case 0x6C62_6173_7563_6F66:
            return rest == 0x65 ? "focusable" : nil
        case 0x6C6F_6865_6361_6C70:
            return rest == 0x726564 ? "placeholder" : nil
        case 0x706F_6373_6D65_7469:
            return rest == 0x65 ? "itemscope" : nil
        case 0x726F_6673_6E61_7274:
            return rest == 0x6D ? "transform" : nil
        case 0x7365_742D_6174_6164:
            return rest == 0x646974 ? "data-testid" : nil
        case 0x7469_7267_6574_6E69:
            return rest == 0x79 ? "integrity" : nil
        case 0x7571_652D_7074_7468:
            return rest == 0x7669 ? "http-equiv" : nil
        case 0x772D_656B_6F72_7473:
            return rest == 0x6874_6469 ? "stroke-width" : nil
        default: return nil
        }
    }
}
