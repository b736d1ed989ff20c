extension TreeBuilder {
    // MARK: in body

    mutating func inBody(_ t: TreeToken) {
        switch t {
        case .chars(let s): inBodyCharacters(s)
        case .comment(let c): insertComment(c)
        case .doctype: parseError("unexpected-doctype")
        case .eof:
            if !templateModes.isEmpty {
                inTemplate(t)
                return
            }
            stopped = true
        case .tag(let tag):
            if tag.isEnd { inBodyEndTag(tag, t) } else { inBodyStartTag(tag, t) }
        }
    }

    /// A character token in body (also reached directly from ``process(_:offset:)``).
    mutating func inBodyCharacters(_ s: Substring) {
        if Self.isNull(s) {
            parseError("unexpected-null-character")
            return
        }
        reconstructActiveFormattingElements()
        insertCharacters(s)
        if framesetOK && !Self.isAllWhitespace(s) { framesetOK = false }
    }

    mutating func inBodyStartTag(_ tag: TagToken, _ t: TreeToken) {
        switch tag.id {
        case .html:
            parseError("unexpected-start-tag")
            if count(.template) > 0 { return }
            sink.addMissingAttributes(tag.attributes, to: stack[0].node)
        case .base, .basefont, .bgsound, .link, .meta, .noframes, .script, .style, .template,
            .title:
            inHead(t)
        case .body:
            parseError("unexpected-start-tag")
            if stack.count == 1 || stack[1].tag != .body || count(.template) > 0 { return }
            framesetOK = false
            sink.addMissingAttributes(tag.attributes, to: stack[1].node)
        case .frameset:
            parseError("unexpected-start-tag")
            if stack.count == 1 || stack[1].tag != .body { return }
            if !framesetOK { return }
            sink.detach(stack[1].node)
            while stack.count > 1 { pop() }
            insertHTMLElement(tag)
            mode = .inFrameset
        case .address, .article, .aside, .blockquote, .center, .details, .dialog, .dir, .div, .dl,
            .fieldset, .figcaption, .figure, .footer, .header, .hgroup, .main, .menu, .nav, .ol, .p,
            .search, .section, .summary, .ul:
            closePIfInButtonScope()
            insertHTMLElement(tag)
        case .h1, .h2, .h3, .h4, .h5, .h6:
            closePIfInButtonScope()
            if currentTag.isHeading {
                parseError("unexpected-start-tag")
                pop()
            }
            insertHTMLElement(tag)
        case .pre, .listing:
            closePIfInButtonScope()
            insertHTMLElement(tag)
            skipNewline = true
            framesetOK = false
        case .form:
            if formElement != nil && count(.template) == 0 {
                parseError("unexpected-start-tag")
                return
            }
            closePIfInButtonScope()
            let node = insertHTMLElement(tag)
            if count(.template) == 0 { formElement = node }
        case .li:
            framesetOK = false
            var i = stack.count - 1
            while i >= 0 {
                let node = entryFlags(i)
                if node.tag == .li {
                    generateImpliedEndTags(except: .li)
                    if currentTag != .li { parseError("unexpected-open-element") }
                    popUntil(.li)
                    break
                }
                if node.isSpecial && node.tag != .address && node.tag != .div && node.tag != .p {
                    break
                }
                i -= 1
            }
            closePIfInButtonScope()
            insertHTMLElement(tag)
        case .dd, .dt:
            framesetOK = false
            var i = stack.count - 1
            while i >= 0 {
                let node = entryFlags(i)
                if node.tag == .dd || node.tag == .dt {
                    generateImpliedEndTags(except: node.tag)
                    if currentTag != node.tag { parseError("unexpected-open-element") }
                    popUntil(node.tag)
                    break
                }
                if node.isSpecial && node.tag != .address && node.tag != .div && node.tag != .p {
                    break
                }
                i -= 1
            }
            closePIfInButtonScope()
            insertHTMLElement(tag)
        case .plaintext:
            closePIfInButtonScope()
            insertHTMLElement(tag)
            tokenizerSwitch = .plaintext
        case .button:
            if inScope(.button, OpenElement.defaultScope) {
                parseError("unexpected-start-tag")
                generateImpliedEndTags()
                popUntil(.button)
            }
            reconstructActiveFormattingElements()
            insertHTMLElement(tag)
            framesetOK = false
        case .a:
            var i = formatting.count - 1
            while i >= 0 {
                let e = formatting[i]
                if e.isMarker { break }
                if e.tag == .a {
                    parseError("unexpected-start-tag")
                    let node = e.node
                    if !adoptionAgency(tag) { anyOtherEndTag(tag) }
                    if let fi = formattingIndex(of: node) { removeFormatting(at: fi) }
                    if let si = stackIndex(of: node) { removeFromStack(at: si) }
                    break
                }
                i -= 1
            }
            reconstructActiveFormattingElements()
            let node = insertHTMLElement(tag)
            pushFormatting(node, tag)
        case .b, .big, .code, .em, .font, .i, .s, .small, .strike, .strong, .tt, .u:
            reconstructActiveFormattingElements()
            let node = insertHTMLElement(tag)
            pushFormatting(node, tag)
        case .nobr:
            reconstructActiveFormattingElements()
            if inScope(.nobr, OpenElement.defaultScope) {
                parseError("unexpected-start-tag")
                if !adoptionAgency(tag) { anyOtherEndTag(tag) }
                reconstructActiveFormattingElements()
            }
            let node = insertHTMLElement(tag)
            pushFormatting(node, tag)
        case .applet, .marquee, .object:
            reconstructActiveFormattingElements()
            insertHTMLElement(tag)
            appendMarker()
            framesetOK = false
        case .table:
            if quirksMode != .quirks { closePIfInButtonScope() }
            insertHTMLElement(tag)
            framesetOK = false
            mode = .inTable
        case .area, .br, .embed, .img, .keygen, .wbr:
            reconstructActiveFormattingElements()
            insertHTMLElement(tag)
            pop()
            framesetOK = false
        case .input:
            if isFragment && context?.tag == .select {
                parseError("unexpected-start-tag")
                return
            }
            if inScope(.select, OpenElement.defaultScope) {
                parseError("unexpected-start-tag")
                popUntil(.select)
            }
            reconstructActiveFormattingElements()
            insertHTMLElement(tag)
            pop()
            if let type = tag.attributes.first(where: { $0.name == "type" }),
                type.value.lowercased() == "hidden"
            {
            } else {
                framesetOK = false
            }
        case .param, .source, .track:
            insertHTMLElement(tag)
            pop()
        case .hr:
            closePIfInButtonScope()
            if inScope(.select, OpenElement.defaultScope) {
                generateImpliedEndTags()
                if inScope(.option, OpenElement.defaultScope)
                    || inScope(.optgroup, OpenElement.defaultScope)
                {
                    parseError("unexpected-start-tag")
                }
            }
            insertHTMLElement(tag)
            pop()
            framesetOK = false
        case .image:
            parseError("image-start-tag")
            var img = tag
            img.name = "img"
            img.id = .img
            dispatch(.tag(img))
        case .textarea:
            if inScope(.select, OpenElement.defaultScope) {
                parseError("unexpected-start-tag")
                popUntil(.select)
            }
            insertHTMLElement(tag)
            skipNewline = true
            tokenizerSwitch = .rcdata
            originalMode = mode
            framesetOK = false
            mode = .text
        case .xmp:
            closePIfInButtonScope()
            reconstructActiveFormattingElements()
            framesetOK = false
            genericText(tag, rcdata: false)
        case .iframe:
            framesetOK = false
            genericText(tag, rcdata: false)
        case .noembed:
            genericText(tag, rcdata: false)
        case .noscript where options.scripting:
            genericText(tag, rcdata: false)
        case .select:
            if isFragment && context?.tag == .select {
                parseError("unexpected-start-tag")
                return
            }
            if inScope(.select, OpenElement.defaultScope) {
                parseError("unexpected-start-tag")
                popUntil(.select)
                return
            }
            reconstructActiveFormattingElements()
            insertHTMLElement(tag)
            framesetOK = false
        case .option:
            if inScope(.select, OpenElement.defaultScope) {
                generateImpliedEndTags(except: .optgroup)
                if inScope(.option, OpenElement.defaultScope) { parseError("unexpected-start-tag") }
            } else if currentTag == .option {
                pop()
            }
            reconstructActiveFormattingElements()
            insertHTMLElement(tag)
        case .optgroup:
            if inScope(.select, OpenElement.defaultScope) {
                generateImpliedEndTags()
                if inScope(.option, OpenElement.defaultScope)
                    || inScope(.optgroup, OpenElement.defaultScope)
                {
                    parseError("unexpected-start-tag")
                }
            } else if currentTag == .option {
                pop()
            }
            reconstructActiveFormattingElements()
            insertHTMLElement(tag)
        case .rb, .rtc:
            if inScope(.ruby, OpenElement.defaultScope) {
                generateImpliedEndTags()
                if currentTag != .ruby { parseError("unexpected-start-tag") }
            }
            insertHTMLElement(tag)
        case .rp, .rt:
            if inScope(.ruby, OpenElement.defaultScope) {
                generateImpliedEndTags(except: .rtc)
                if currentTag != .ruby && currentTag != .rtc { parseError("unexpected-start-tag") }
            }
            insertHTMLElement(tag)
        case .math, .svg:
            reconstructActiveFormattingElements()
            var f = tag
            if tag.id == .math {
                ForeignNames.adjustMathMLAttributes(&f.attributes)
            } else {
                ForeignNames.adjustSVGAttributes(&f.attributes)
            }
            ForeignNames.adjustForeignAttributes(&f.attributes)
            insertForeignElement(f, ns: tag.id == .math ? .mathml : .svg)
            if tag.selfClosing { pop() }
        case .caption, .col, .colgroup, .frame, .head, .tbody, .td, .tfoot, .th, .thead, .tr:
            parseError("unexpected-start-tag")
        default:
            reconstructActiveFormattingElements()
            insertHTMLElement(tag)
        }
    }

    mutating func inBodyEndTag(_ tag: TagToken, _ t: TreeToken) {
        switch tag.id {
        case .template: inHead(t)
        case .body:
            if !inScope(.body, OpenElement.defaultScope) {
                parseError("unexpected-end-tag")
                return
            }
            mode = .afterBody
        case .html:
            if !inScope(.body, OpenElement.defaultScope) {
                parseError("unexpected-end-tag")
                return
            }
            mode = .afterBody
            dispatch(t)
        case .address, .article, .aside, .blockquote, .button, .center, .details, .dialog, .dir,
            .div,
            .dl, .fieldset, .figcaption, .figure, .footer, .header, .hgroup, .listing, .main, .menu,
            .nav, .ol, .pre, .search, .section, .select, .summary, .ul:
            if !inScope(tag.id, OpenElement.defaultScope) {
                parseError("unexpected-end-tag")
                return
            }
            generateImpliedEndTags()
            if currentTag != tag.id { parseError("unexpected-end-tag") }
            popUntil(tag.id)
        case .form:
            if count(.template) == 0 {
                let node = formElement
                formElement = nil
                guard let node, nodeInScope(node) else {
                    parseError("unexpected-end-tag")
                    return
                }
                generateImpliedEndTags()
                if current.node != node { parseError("unexpected-end-tag") }
                if let i = stackIndex(of: node) { removeFromStack(at: i) }
            } else {
                if !inScope(.form, OpenElement.defaultScope) {
                    parseError("unexpected-end-tag")
                    return
                }
                generateImpliedEndTags()
                if currentTag != .form { parseError("unexpected-end-tag") }
                popUntil(.form)
            }
        case .p:
            if !inScope(.p, OpenElement.buttonScope) {
                parseError("unexpected-end-tag")
                insertHTMLElement("p")
            }
            closePElement()
        case .li:
            if !inScope(.li, OpenElement.listScope) {
                parseError("unexpected-end-tag")
                return
            }
            generateImpliedEndTags(except: .li)
            if currentTag != .li { parseError("unexpected-end-tag") }
            popUntil(.li)
        case .dd, .dt:
            if !inScope(tag.id, OpenElement.defaultScope) {
                parseError("unexpected-end-tag")
                return
            }
            generateImpliedEndTags(except: tag.id)
            if currentTag != tag.id { parseError("unexpected-end-tag") }
            popUntil(tag.id)
        case .h1, .h2, .h3, .h4, .h5, .h6:
            if !inScope(where: { $0.isHeading }, kind: 0, OpenElement.defaultScope) {
                parseError("unexpected-end-tag")
                return
            }
            generateImpliedEndTags()
            if currentTag != tag.id { parseError("unexpected-end-tag") }
            popUntil { $0.isHeading }
        case .a, .b, .big, .code, .em, .font, .i, .nobr, .s, .small, .strike, .strong, .tt, .u:
            if !adoptionAgency(tag) { anyOtherEndTag(tag) }
        case .applet, .marquee, .object:
            if !inScope(tag.id, OpenElement.defaultScope) {
                parseError("unexpected-end-tag")
                return
            }
            generateImpliedEndTags()
            if currentTag != tag.id { parseError("unexpected-end-tag") }
            popUntil(tag.id)
            clearFormattingToLastMarker()
        case .br:
            parseError("unexpected-end-tag")
            var br = tag
            br.isEnd = false
            br.attributes = []
            br.selfClosing = false
            inBodyStartTag(br, .tag(br))
        default:
            anyOtherEndTag(tag)
        }
    }

    mutating func anyOtherEndTag(_ tag: TagToken) {
        if tag.id == .other ? otherCount(tag.name) == 0 : count(tag.id) == 0 {
            parseError("unexpected-end-tag")
            return
        }
        // Walk down to the element or to a special one (which ends it). A failed long walk
        // is remembered (see ``ScanMemo``): `</x>` repeated over deep content above a
        // special element would otherwise walk the same entries every time.
        let n = stack.count
        var low = 0
        if !endTagMemo.isEmpty, let m = endTagMemo[tag.name], let h = validHeight(m) { low = h }
        let name = tag.name
        let id = tag.id
        // An HTML element has a known tag exactly when its name is that tag's: names are
        // compared only for elements without one.
        let (found, steps) = Self.scan(
            stack, from: n - 1, downTo: low,
            match: { e in
                e.pointee.tag == id
                    && (id != .other || (e.pointee.ns == .html && e.pointee.name == name))
            },
            stop: { $0.pointee.isSpecial })
        guard let i = found else {
            if n > 0 && (low > 0 || steps > 32) { endTagMemo[name] = memo() }
            parseError("unexpected-end-tag")
            return
        }
        generateImpliedEndTags(except: entry(i).tag)
        if i != stack.count - 1 { parseError("unexpected-end-tag") }
        while stack.count > i { pop() }
    }

    // MARK: foreign content

    static func breaksOutOfForeignContent(_ tag: TagToken) -> Bool {
        switch tag.id {
        case .b, .big, .blockquote, .body, .br, .center, .code, .dd, .div, .dl, .dt, .em, .embed,
            .h1, .h2, .h3, .h4, .h5, .h6, .head, .hr, .i, .img, .li, .listing, .menu, .meta, .nobr,
            .ol, .p, .pre, .ruby, .s, .small, .span, .strong, .strike, .sub, .sup, .table, .tt, .u,
            .ul, .var:
            return true
        case .font:
            return tag.attributes.contains {
                $0.name == "color" || $0.name == "face" || $0.name == "size"
            }
        default: return false
        }
    }

    mutating func foreignContent(_ t: TreeToken) {
        switch t {
        case .chars(let s):
            if Self.isNull(s) {
                parseError("unexpected-null-character")
                insertCharacters("\u{FFFD}")
                return
            }
            insertCharacters(s)
            if framesetOK && !Self.isAllWhitespace(s) { framesetOK = false }
        case .comment(let c): insertComment(c)
        case .doctype: parseError("unexpected-doctype")
        case .tag(let tag) where !tag.isEnd:
            if Self.breaksOutOfForeignContent(tag) {
                parseError("unexpected-html-element-in-foreign-content")
                while !stack.isEmpty {
                    let c = current
                    if c.ns == .html || c.has(OpenElement.mathTextIntegration)
                        || c.has(OpenElement.htmlIntegration)
                    {
                        break
                    }
                    pop()
                }
                processIn(mode, t)
                return
            }
            let ns = readAdjustedCurrentNode { $0.pointee.ns }!
            var f = tag
            if ns == .mathml { ForeignNames.adjustMathMLAttributes(&f.attributes) }
            if ns == .svg {
                if let n = ForeignNames.svgTagName(f.name) { f.name = n }
                ForeignNames.adjustSVGAttributes(&f.attributes)
            }
            ForeignNames.adjustForeignAttributes(&f.attributes)
            insertForeignElement(f, ns: ns)
            if tag.selfClosing { pop() }
        case .tag(let tag):
            if tag.id == .br || tag.id == .p {
                parseError("unexpected-html-element-in-foreign-content")
                while !stack.isEmpty {
                    let c = current
                    if c.ns == .html || c.has(OpenElement.mathTextIntegration)
                        || c.has(OpenElement.htmlIntegration)
                    {
                        break
                    }
                    pop()
                }
                processIn(mode, t)
                return
            }
            if otherCount(tag.name) == 0 {
                parseError("unexpected-end-tag")
                if stack.count == 1 { return }
                processIn(mode, t)
                return
            }
            var i = stack.count - 1
            if stack[i].name.lowercased() != tag.name { parseError("unexpected-end-tag") }
            while i >= 0 {
                let node = stack[i]
                if i == 0 { return }
                if node.name.lowercased() == tag.name {
                    while stack.count > i { pop() }
                    return
                }
                i -= 1
                if stack[i].ns == .html {
                    processIn(mode, t)
                    return
                }
            }
        case .eof:
            processIn(mode, t)
        }
    }
}
