extension TreeBuilder {
    mutating func processIn(_ m: InsertionMode, _ t: TreeToken) {
        switch m {
        case .initial: initial(t)
        case .beforeHTML: beforeHTML(t)
        case .beforeHead: beforeHead(t)
        case .inHead: inHead(t)
        case .inHeadNoscript: inHeadNoscript(t)
        case .afterHead: afterHead(t)
        case .inBody: inBody(t)
        case .text: text(t)
        case .inTable: inTable(t)
        case .inTableText: inTableText(t)
        case .inCaption: inCaption(t)
        case .inColumnGroup: inColumnGroup(t)
        case .inTableBody: inTableBody(t)
        case .inRow: inRow(t)
        case .inCell: inCell(t)
        case .inSelect: inSelect(t)
        case .inSelectInTable: inSelectInTable(t)
        case .inTemplate: inTemplate(t)
        case .afterBody: afterBody(t)
        case .inFrameset: inFrameset(t)
        case .afterFrameset: afterFrameset(t)
        case .afterAfterBody: afterAfterBody(t)
        case .afterAfterFrameset: afterAfterFrameset(t)
        }
    }

    /// Handles leading whitespace of a run with `ws`, then the rest as "anything else".
    /// Returns the non-whitespace remainder (empty when the run was all whitespace).
    static func leading(_ s: Substring) -> (Substring, Substring) { splitLeadingWhitespace(s) }

    // MARK: initial

    mutating func initial(_ t: TreeToken) {
        switch t {
        case .chars(let s):
            let (_, rest) = Self.leading(s)
            if rest.isEmpty { return }
            initialAnythingElse()
            dispatch(.chars(rest))
        case .comment(let c): insertComment(c, parent: sink.document)
        case .doctype(let d):
            let name = d.name ?? ""
            if name != "html" || d.publicIdentifier != nil
                || (d.systemIdentifier != nil && d.systemIdentifier != "about:legacy-compat")
            {
                parseError("bad-doctype")
            }
            sink.appendDoctype(
                name: name, publicIdentifier: d.publicIdentifier,
                systemIdentifier: d.systemIdentifier)
            if !isFragment {
                quirksMode = Self.quirks(for: d)
                sink.setQuirksMode(quirksMode)
            }
            mode = .beforeHTML
        default:
            initialAnythingElse()
            dispatch(t)
        }
    }

    mutating func initialAnythingElse() {
        parseError("expected-doctype")
        if !isFragment {
            quirksMode = .quirks
            sink.setQuirksMode(.quirks)
        }
        mode = .beforeHTML
    }

    static func quirks(for d: DoctypeToken) -> HTMLQuirksMode {
        if d.forceQuirks || d.name != "html" { return .quirks }
        let pub = d.publicIdentifier?.lowercased()
        let sys = d.systemIdentifier?.lowercased()
        if let p = pub {
            if p == "-//w3o//dtd w3 html strict 3.0//en//"
                || p == "-/w3c/dtd html 4.0 transitional/en" || p == "html"
            {
                return .quirks
            }
            for prefix in QuirksTables.publicPrefixes where p.hasPrefix(prefix) { return .quirks }
            if sys == nil
                && (p.hasPrefix("-//w3c//dtd html 4.01 frameset//")
                    || p.hasPrefix("-//w3c//dtd html 4.01 transitional//"))
            {
                return .quirks
            }
        }
        if sys == "http://www.ibm.com/data/dtd/v11/ibmxhtml1-transitional.dtd" { return .quirks }
        if let p = pub {
            if p.hasPrefix("-//w3c//dtd xhtml 1.0 frameset//")
                || p.hasPrefix("-//w3c//dtd xhtml 1.0 transitional//")
            {
                return .limitedQuirks
            }
            if sys != nil
                && (p.hasPrefix("-//w3c//dtd html 4.01 frameset//")
                    || p.hasPrefix("-//w3c//dtd html 4.01 transitional//"))
            {
                return .limitedQuirks
            }
        }
        return .noQuirks
    }

    // MARK: before html

    mutating func beforeHTML(_ t: TreeToken) {
        switch t {
        case .doctype: parseError("unexpected-doctype")
        case .comment(let c): insertComment(c, parent: sink.document)
        case .chars(let s):
            let (_, rest) = Self.leading(s)
            if rest.isEmpty { return }
            beforeHTMLAnythingElse()
            dispatch(.chars(rest))
        case .tag(let tag) where !tag.isEnd && tag.id == .html:
            let node = sink.createElement(
                name: "html", namespace: .html, attributes: tag.attributes)
            sink.append(node, to: sink.document)
            push(OpenElement(node: node, name: "html", ns: .html, attributes: tag.attributes))
            mode = .beforeHead
        case .tag(let tag)
        where tag.isEnd && tag.id != .head && tag.id != .body && tag.id != .html && tag.id != .br:
            parseError("unexpected-end-tag")
        default:
            beforeHTMLAnythingElse()
            dispatch(t)
        }
    }

    mutating func beforeHTMLAnythingElse() {
        let node = sink.createElement(name: "html", namespace: .html, attributes: [])
        sink.append(node, to: sink.document)
        push(OpenElement(node: node, name: "html", ns: .html, attributes: [], tag: .html))
        mode = .beforeHead
    }

    // MARK: before head

    mutating func beforeHead(_ t: TreeToken) {
        switch t {
        case .chars(let s):
            let (_, rest) = Self.leading(s)
            if rest.isEmpty { return }
            headElement = insertHTMLElement("head")
            mode = .inHead
            dispatch(.chars(rest))
        case .comment(let c): insertComment(c)
        case .doctype: parseError("unexpected-doctype")
        case .tag(let tag) where !tag.isEnd && tag.id == .html: inBody(t)
        case .tag(let tag) where !tag.isEnd && tag.id == .head:
            headElement = insertHTMLElement(tag)
            mode = .inHead
        case .tag(let tag)
        where tag.isEnd && tag.id != .head && tag.id != .body && tag.id != .html && tag.id != .br:
            parseError("unexpected-end-tag")
        default:
            headElement = insertHTMLElement("head")
            mode = .inHead
            dispatch(t)
        }
    }

    // MARK: in head

    mutating func inHead(_ t: TreeToken) {
        switch t {
        case .chars(let s):
            let (ws, rest) = Self.leading(s)
            insertCharacters(ws)
            if rest.isEmpty { return }
            pop()
            mode = .afterHead
            dispatch(.chars(rest))
            return
        case .comment(let c):
            insertComment(c)
            return
        case .doctype:
            parseError("unexpected-doctype")
            return
        case .tag(let tag):
            if !tag.isEnd {
                switch tag.id {
                case .html:
                    inBody(t)
                    return
                case .base, .basefont, .bgsound, .link, .meta:
                    insertHTMLElement(tag)
                    pop()
                    return
                case .title:
                    genericText(tag, rcdata: true)
                    return
                case .noscript where options.scripting:
                    genericText(tag, rcdata: false)
                    return
                case .noframes, .style:
                    genericText(tag, rcdata: false)
                    return
                case .noscript:
                    insertHTMLElement(tag)
                    mode = .inHeadNoscript
                    return
                case .script:
                    insertHTMLElement(tag)
                    tokenizerSwitch = .scriptData
                    originalMode = mode
                    mode = .text
                    return
                case .template:
                    insertHTMLElement(tag)
                    appendMarker()
                    framesetOK = false
                    mode = .inTemplate
                    templateModes.append(.inTemplate)
                    return
                case .head:
                    parseError("unexpected-start-tag")
                    return
                default: break
                }
            } else {
                switch tag.id {
                case .head:
                    pop()
                    mode = .afterHead
                    return
                case .body, .html, .br: break
                case .template:
                    if count(.template) == 0 {
                        parseError("unexpected-end-tag")
                        return
                    }
                    generateAllImpliedEndTagsThoroughly()
                    if currentTag != .template { parseError("unexpected-end-tag") }
                    popUntil(.template)
                    clearFormattingToLastMarker()
                    templateModes.removeLast()
                    resetInsertionMode()
                    return
                default:
                    parseError("unexpected-end-tag")
                    return
                }
            }
        case .eof: break
        }
        pop()
        mode = .afterHead
        dispatch(t)
    }

    // MARK: in head noscript

    mutating func inHeadNoscript(_ t: TreeToken) {
        switch t {
        case .doctype:
            parseError("unexpected-doctype")
            return
        case .tag(let tag) where !tag.isEnd && tag.id == .html:
            inBody(t)
            return
        case .tag(let tag) where tag.isEnd && tag.id == .noscript:
            pop()
            mode = .inHead
            return
        case .chars(let s):
            let (ws, rest) = Self.leading(s)
            if !ws.isEmpty { inHead(.chars(ws)) }
            if rest.isEmpty { return }
            parseError("unexpected-characters")
            pop()
            mode = .inHead
            dispatch(.chars(rest))
            return
        case .comment:
            inHead(t)
            return
        case .tag(let tag) where !tag.isEnd:
            switch tag.id {
            case .basefont, .bgsound, .link, .meta, .noframes, .style:
                inHead(t)
                return
            case .head, .noscript:
                parseError("unexpected-start-tag")
                return
            default: break
            }
        case .tag(let tag) where tag.isEnd && tag.id != .br:
            parseError("unexpected-end-tag")
            return
        default: break
        }
        parseError("unexpected-token-in-noscript")
        pop()
        mode = .inHead
        dispatch(t)
    }

    // MARK: after head

    mutating func afterHead(_ t: TreeToken) {
        switch t {
        case .chars(let s):
            let (ws, rest) = Self.leading(s)
            insertCharacters(ws)
            if rest.isEmpty { return }
            insertHTMLElement("body")
            mode = .inBody
            dispatch(.chars(rest))
            return
        case .comment(let c):
            insertComment(c)
            return
        case .doctype:
            parseError("unexpected-doctype")
            return
        case .tag(let tag) where !tag.isEnd:
            switch tag.id {
            case .html:
                inBody(t)
                return
            case .body:
                insertHTMLElement(tag)
                framesetOK = false
                mode = .inBody
                return
            case .frameset:
                insertHTMLElement(tag)
                mode = .inFrameset
                return
            case .base, .basefont, .bgsound, .link, .meta, .noframes, .script, .style, .template,
                .title:
                parseError("unexpected-start-tag")
                if let h = headElement {
                    push(OpenElement(node: h, name: "head", ns: .html, attributes: []))
                    inHead(t)
                    if let i = stackIndex(of: h) { removeFromStack(at: i) }
                }
                return
            case .head:
                parseError("unexpected-start-tag")
                return
            default: break
            }
        case .tag(let tag) where tag.isEnd:
            switch tag.id {
            case .template:
                inHead(t)
                return
            case .body, .html, .br: break
            default:
                parseError("unexpected-end-tag")
                return
            }
        default: break
        }
        insertHTMLElement("body")
        mode = .inBody
        dispatch(t)
    }

    // MARK: text

    mutating func text(_ t: TreeToken) {
        switch t {
        case .chars(let s): insertCharacters(s)
        case .eof:
            parseError("eof-in-text")
            pop()
            mode = originalMode
            dispatch(t)
        case .tag(let tag) where tag.isEnd:
            pop()
            mode = originalMode
        default: break
        }
    }

    // MARK: in table

    mutating func clearStackToTableContext() {
        while currentTag != .table && currentTag != .template && currentTag != .html { pop() }
    }

    mutating func inTable(_ t: TreeToken) {
        switch t {
        case .chars:
            switch currentTag {
            case .table, .tbody, .template, .tfoot, .thead, .tr:
                pendingTableText.removeAll(keepingCapacity: true)
                pendingTableTextDirty = false
                originalMode = mode
                mode = .inTableText
                dispatch(t)
                return
            default: break
            }
        case .comment(let c):
            insertComment(c)
            return
        case .doctype:
            parseError("unexpected-doctype")
            return
        case .tag(let tag) where !tag.isEnd:
            switch tag.id {
            case .caption:
                clearStackToTableContext()
                appendMarker()
                insertHTMLElement(tag)
                mode = .inCaption
                return
            case .colgroup:
                clearStackToTableContext()
                insertHTMLElement(tag)
                mode = .inColumnGroup
                return
            case .col:
                clearStackToTableContext()
                insertHTMLElement("colgroup")
                mode = .inColumnGroup
                dispatch(t)
                return
            case .tbody, .tfoot, .thead:
                clearStackToTableContext()
                insertHTMLElement(tag)
                mode = .inTableBody
                return
            case .td, .th, .tr:
                clearStackToTableContext()
                insertHTMLElement("tbody")
                mode = .inTableBody
                dispatch(t)
                return
            case .table:
                parseError("unexpected-start-tag")
                if !inScope(.table, OpenElement.tableScope) { return }
                popUntil(.table)
                resetInsertionMode()
                dispatch(t)
                return
            case .style, .script, .template:
                inHead(t)
                return
            case .input:
                if let type = tag.attributes.first(where: { $0.name == "type" }),
                    type.value.lowercased() == "hidden"
                {
                    parseError("unexpected-start-tag")
                    insertHTMLElement(tag)
                    pop()
                    return
                }
            case .form:
                parseError("unexpected-start-tag")
                if count(.template) > 0 || formElement != nil { return }
                formElement = insertHTMLElement(tag)
                pop()
                return
            default: break
            }
        case .tag(let tag) where tag.isEnd:
            switch tag.id {
            case .table:
                if !inScope(.table, OpenElement.tableScope) {
                    parseError("unexpected-end-tag")
                    return
                }
                popUntil(.table)
                resetInsertionMode()
                return
            case .body, .caption, .col, .colgroup, .html, .tbody, .td, .tfoot, .th, .thead, .tr:
                parseError("unexpected-end-tag")
                return
            case .template:
                inHead(t)
                return
            default: break
            }
        case .eof:
            inBody(t)
            return
        default: break
        }
        parseError("foster-parenting")
        fosterParenting = true
        inBody(t)
        fosterParenting = false
    }

    mutating func inTableText(_ t: TreeToken) {
        if case .chars(let s) = t {
            if Self.isNull(s) {
                parseError("unexpected-null-character")
                return
            }
            pendingTableText.append(s)
            if !pendingTableTextDirty && !Self.isAllWhitespace(s) { pendingTableTextDirty = true }
            return
        }
        if pendingTableTextDirty {
            parseError("foster-parenting-characters")
            fosterParenting = true
            for s in pendingTableText { inBody(.chars(s)) }
            fosterParenting = false
        } else {
            for s in pendingTableText { insertCharacters(s) }
        }
        pendingTableText.removeAll(keepingCapacity: true)
        mode = originalMode
        dispatch(t)
    }

    // MARK: in caption

    mutating func closeCaption() -> Bool {
        if !inScope(.caption, OpenElement.tableScope) {
            parseError("unexpected-end-tag")
            return false
        }
        generateImpliedEndTags()
        if currentTag != .caption { parseError("unexpected-open-element") }
        popUntil(.caption)
        clearFormattingToLastMarker()
        mode = .inTable
        return true
    }

    mutating func inCaption(_ t: TreeToken) {
        if case .tag(let tag) = t {
            if tag.isEnd {
                switch tag.id {
                case .caption:
                    _ = closeCaption()
                    return
                case .table:
                    if closeCaption() { dispatch(t) }
                    return
                case .body, .col, .colgroup, .html, .tbody, .td, .tfoot, .th, .thead, .tr:
                    parseError("unexpected-end-tag")
                    return
                default: break
                }
            } else {
                switch tag.id {
                case .caption, .col, .colgroup, .tbody, .td, .tfoot, .th, .thead, .tr:
                    if closeCaption() { dispatch(t) }
                    return
                default: break
                }
            }
        }
        inBody(t)
    }

    // MARK: in column group

    mutating func inColumnGroup(_ t: TreeToken) {
        switch t {
        case .chars(let s):
            let (ws, rest) = Self.leading(s)
            insertCharacters(ws)
            if rest.isEmpty { return }
            if currentTag != .colgroup {
                parseError("unexpected-characters")
                return
            }
            pop()
            mode = .inTable
            dispatch(.chars(rest))
            return
        case .comment(let c):
            insertComment(c)
            return
        case .doctype:
            parseError("unexpected-doctype")
            return
        case .tag(let tag) where !tag.isEnd:
            switch tag.id {
            case .html:
                inBody(t)
                return
            case .col:
                insertHTMLElement(tag)
                pop()
                return
            case .template:
                inHead(t)
                return
            default: break
            }
        case .tag(let tag) where tag.isEnd:
            switch tag.id {
            case .colgroup:
                if currentTag != .colgroup {
                    parseError("unexpected-end-tag")
                    return
                }
                pop()
                mode = .inTable
                return
            case .col:
                parseError("unexpected-end-tag")
                return
            case .template:
                inHead(t)
                return
            default: break
            }
        case .eof:
            inBody(t)
            return
        default: break
        }
        if currentTag != .colgroup {
            parseError("unexpected-token")
            return
        }
        pop()
        mode = .inTable
        dispatch(t)
    }

    // MARK: in table body

    mutating func clearStackToTableBodyContext() {
        while true {
            switch currentTag {
            case .tbody, .tfoot, .thead, .template, .html: return
            default: pop()
            }
        }
    }

    mutating func inTableBody(_ t: TreeToken) {
        if case .tag(let tag) = t {
            if !tag.isEnd {
                switch tag.id {
                case .tr:
                    clearStackToTableBodyContext()
                    insertHTMLElement(tag)
                    mode = .inRow
                    return
                case .th, .td:
                    parseError("unexpected-start-tag")
                    clearStackToTableBodyContext()
                    insertHTMLElement("tr")
                    mode = .inRow
                    dispatch(t)
                    return
                case .caption, .col, .colgroup, .tbody, .tfoot, .thead:
                    if !inScope(
                        where: { $0 == .tbody || $0 == .thead || $0 == .tfoot }, kind: 2,
                        OpenElement.tableScope)
                    {
                        parseError("unexpected-start-tag")
                        return
                    }
                    clearStackToTableBodyContext()
                    pop()
                    mode = .inTable
                    dispatch(t)
                    return
                default: break
                }
            } else {
                switch tag.id {
                case .tbody, .tfoot, .thead:
                    if !inScope(tag.id, OpenElement.tableScope) {
                        parseError("unexpected-end-tag")
                        return
                    }
                    clearStackToTableBodyContext()
                    pop()
                    mode = .inTable
                    return
                case .table:
                    if !inScope(
                        where: { $0 == .tbody || $0 == .thead || $0 == .tfoot }, kind: 2,
                        OpenElement.tableScope)
                    {
                        parseError("unexpected-end-tag")
                        return
                    }
                    clearStackToTableBodyContext()
                    pop()
                    mode = .inTable
                    dispatch(t)
                    return
                case .body, .caption, .col, .colgroup, .html, .td, .th, .tr:
                    parseError("unexpected-end-tag")
                    return
                default: break
                }
            }
        }
        inTable(t)
    }

    // MARK: in row

    mutating func clearStackToTableRowContext() {
        while currentTag != .tr && currentTag != .template && currentTag != .html { pop() }
    }

    mutating func closeRow() -> Bool {
        if !inScope(.tr, OpenElement.tableScope) {
            parseError("unexpected-end-tag")
            return false
        }
        clearStackToTableRowContext()
        pop()
        mode = .inTableBody
        return true
    }

    mutating func inRow(_ t: TreeToken) {
        if case .tag(let tag) = t {
            if !tag.isEnd {
                switch tag.id {
                case .th, .td:
                    clearStackToTableRowContext()
                    insertHTMLElement(tag)
                    mode = .inCell
                    appendMarker()
                    return
                case .caption, .col, .colgroup, .tbody, .tfoot, .thead, .tr:
                    if closeRow() { dispatch(t) }
                    return
                default: break
                }
            } else {
                switch tag.id {
                case .tr:
                    _ = closeRow()
                    return
                case .table:
                    if closeRow() { dispatch(t) }
                    return
                case .tbody, .tfoot, .thead:
                    if !inScope(tag.id, OpenElement.tableScope) {
                        parseError("unexpected-end-tag")
                        return
                    }
                    if !inScope(.tr, OpenElement.tableScope) { return }
                    _ = closeRow()
                    dispatch(t)
                    return
                case .body, .caption, .col, .colgroup, .html, .td, .th:
                    parseError("unexpected-end-tag")
                    return
                default: break
                }
            }
        }
        inTable(t)
    }

    // MARK: in cell

    mutating func closeCell() {
        generateImpliedEndTags()
        if currentTag != .td && currentTag != .th { parseError("unexpected-open-element") }
        popUntil { $0 == .td || $0 == .th }
        clearFormattingToLastMarker()
        mode = .inRow
    }

    mutating func inCell(_ t: TreeToken) {
        if case .tag(let tag) = t {
            if tag.isEnd {
                switch tag.id {
                case .td, .th:
                    if !inScope(tag.id, OpenElement.tableScope) {
                        parseError("unexpected-end-tag")
                        return
                    }
                    generateImpliedEndTags()
                    if currentTag != tag.id { parseError("unexpected-end-tag") }
                    popUntil(tag.id)
                    clearFormattingToLastMarker()
                    mode = .inRow
                    return
                case .body, .caption, .col, .colgroup, .html:
                    parseError("unexpected-end-tag")
                    return
                case .table, .tbody, .tfoot, .thead, .tr:
                    if !inScope(tag.id, OpenElement.tableScope) {
                        parseError("unexpected-end-tag")
                        return
                    }
                    closeCell()
                    dispatch(t)
                    return
                default: break
                }
            } else {
                switch tag.id {
                case .caption, .col, .colgroup, .tbody, .td, .tfoot, .th, .thead, .tr:
                    if !inScope(where: { $0 == .td || $0 == .th }, kind: 1, OpenElement.tableScope)
                    {
                        parseError("unexpected-start-tag")
                        return
                    }
                    closeCell()
                    dispatch(t)
                    return
                default: break
                }
            }
        }
        inBody(t)
    }

    // MARK: in select

    mutating func inSelect(_ t: TreeToken) {
        switch t {
        case .chars(let s):
            if Self.isNull(s) {
                parseError("unexpected-null-character")
                return
            }
            insertCharacters(s)
        case .comment(let c): insertComment(c)
        case .doctype: parseError("unexpected-doctype")
        case .tag(let tag) where !tag.isEnd:
            switch tag.id {
            case .html: inBody(t)
            case .option:
                if currentTag == .option { pop() }
                insertHTMLElement(tag)
            case .optgroup:
                if currentTag == .option { pop() }
                if currentTag == .optgroup { pop() }
                insertHTMLElement(tag)
            case .hr:
                if currentTag == .option { pop() }
                if currentTag == .optgroup { pop() }
                insertHTMLElement(tag)
                pop()
            case .select:
                parseError("unexpected-start-tag")
                if !inSelectScope(.select) { return }
                popUntil(.select)
                resetInsertionMode()
            case .input, .keygen, .textarea:
                parseError("unexpected-start-tag")
                if !inSelectScope(.select) { return }
                popUntil(.select)
                resetInsertionMode()
                dispatch(t)
            case .script, .template: inHead(t)
            default: parseError("unexpected-start-tag")
            }
        case .tag(let tag):
            switch tag.id {
            case .optgroup:
                if currentTag == .option && stack.count >= 2
                    && stack[stack.count - 2].tag == .optgroup
                {
                    pop()
                }
                if currentTag == .optgroup { pop() } else { parseError("unexpected-end-tag") }
            case .option:
                if currentTag == .option { pop() } else { parseError("unexpected-end-tag") }
            case .select:
                if !inSelectScope(.select) {
                    parseError("unexpected-end-tag")
                    return
                }
                popUntil(.select)
                resetInsertionMode()
            case .template: inHead(t)
            default: parseError("unexpected-end-tag")
            }
        case .eof: inBody(t)
        }
    }

    mutating func inSelectInTable(_ t: TreeToken) {
        if case .tag(let tag) = t {
            switch tag.id {
            case .caption, .table, .tbody, .tfoot, .thead, .tr, .td, .th:
                if !tag.isEnd {
                    parseError("unexpected-start-tag")
                    popUntil(.select)
                    resetInsertionMode()
                    dispatch(t)
                    return
                }
                parseError("unexpected-end-tag")
                if !inScope(tag.id, OpenElement.tableScope) { return }
                popUntil(.select)
                resetInsertionMode()
                dispatch(t)
                return
            default: break
            }
        }
        inSelect(t)
    }

    // MARK: in template

    mutating func switchTemplateMode(_ m: InsertionMode, _ t: TreeToken) {
        templateModes.removeLast()
        templateModes.append(m)
        mode = m
        dispatch(t)
    }

    mutating func inTemplate(_ t: TreeToken) {
        switch t {
        case .chars, .comment, .doctype: inBody(t)
        case .tag(let tag) where !tag.isEnd:
            switch tag.id {
            case .base, .basefont, .bgsound, .link, .meta, .noframes, .script, .style, .template,
                .title:
                inHead(t)
            case .caption, .colgroup, .tbody, .tfoot, .thead: switchTemplateMode(.inTable, t)
            case .col: switchTemplateMode(.inColumnGroup, t)
            case .tr: switchTemplateMode(.inTableBody, t)
            case .td, .th: switchTemplateMode(.inRow, t)
            default: switchTemplateMode(.inBody, t)
            }
        case .tag(let tag):
            if tag.id == .template { inHead(t) } else { parseError("unexpected-end-tag") }
        case .eof:
            if count(.template) == 0 {
                stopped = true
                return
            }
            parseError("eof-in-template")
            popUntil(.template)
            clearFormattingToLastMarker()
            templateModes.removeLast()
            resetInsertionMode()
            dispatch(t)
        }
    }

    // MARK: after body and frameset modes

    mutating func afterBody(_ t: TreeToken) {
        switch t {
        case .chars(let s):
            let (ws, rest) = Self.leading(s)
            if !ws.isEmpty { inBody(.chars(ws)) }
            if rest.isEmpty { return }
            parseError("unexpected-characters")
            mode = .inBody
            dispatch(.chars(rest))
        case .comment(let c): insertComment(c, parent: stack[0].node)
        case .doctype: parseError("unexpected-doctype")
        case .tag(let tag) where !tag.isEnd && tag.id == .html: inBody(t)
        case .tag(let tag) where tag.isEnd && tag.id == .html:
            if isFragment {
                parseError("unexpected-end-tag")
                return
            }
            mode = .afterAfterBody
        case .eof: stopped = true
        default:
            parseError("unexpected-token-after-body")
            mode = .inBody
            dispatch(t)
        }
    }

    /// Inserts only the whitespace characters of a run (frameset modes ignore the rest).
    mutating func insertWhitespaceOnly(_ s: Substring) {
        var ws: [UInt8] = []
        var bad = false
        for c in s.utf8 { if Self.isWS(c) { ws.append(c) } else { bad = true } }
        if bad { parseError("unexpected-characters") }
        if !ws.isEmpty { insertCharacters(Substring(String(decoding: ws, as: UTF8.self))) }
    }

    mutating func inFrameset(_ t: TreeToken) {
        switch t {
        case .chars(let s): insertWhitespaceOnly(s)
        case .comment(let c): insertComment(c)
        case .doctype: parseError("unexpected-doctype")
        case .tag(let tag) where !tag.isEnd:
            switch tag.id {
            case .html: inBody(t)
            case .frameset: insertHTMLElement(tag)
            case .frame:
                insertHTMLElement(tag)
                pop()
            case .noframes: inHead(t)
            default: parseError("unexpected-start-tag")
            }
        case .tag(let tag):
            if tag.id == .frameset {
                if stack.count == 1 && currentTag == .html {
                    parseError("unexpected-end-tag")
                    return
                }
                pop()
                if !isFragment && currentTag != .frameset { mode = .afterFrameset }
            } else {
                parseError("unexpected-end-tag")
            }
        case .eof:
            if !(stack.count == 1) { parseError("eof-in-frameset") }
            stopped = true
        }
    }

    mutating func afterFrameset(_ t: TreeToken) {
        switch t {
        case .chars(let s): insertWhitespaceOnly(s)
        case .comment(let c): insertComment(c)
        case .doctype: parseError("unexpected-doctype")
        case .tag(let tag) where !tag.isEnd && tag.id == .html: inBody(t)
        case .tag(let tag) where !tag.isEnd && tag.id == .noframes: inHead(t)
        case .tag(let tag) where tag.isEnd && tag.id == .html: mode = .afterAfterFrameset
        case .eof: stopped = true
        default: parseError("unexpected-token-after-frameset")
        }
    }

    mutating func afterAfterBody(_ t: TreeToken) {
        switch t {
        case .comment(let c): insertComment(c, parent: sink.document)
        case .doctype: inBody(t)
        case .chars(let s):
            let (ws, rest) = Self.leading(s)
            if !ws.isEmpty { inBody(.chars(ws)) }
            if rest.isEmpty { return }
            parseError("unexpected-characters")
            mode = .inBody
            dispatch(.chars(rest))
        case .tag(let tag) where !tag.isEnd && tag.id == .html: inBody(t)
        case .eof: stopped = true
        default:
            parseError("unexpected-token-after-body")
            mode = .inBody
            dispatch(t)
        }
    }

    mutating func afterAfterFrameset(_ t: TreeToken) {
        switch t {
        case .comment(let c): insertComment(c, parent: sink.document)
        case .doctype: inBody(t)
        case .chars(let s):
            let (ws, rest) = Self.leading(s)
            if !ws.isEmpty { inBody(.chars(ws)) }
            if !rest.isEmpty { insertWhitespaceOnly(rest) }
        case .tag(let tag) where !tag.isEnd && tag.id == .html: inBody(t)
        case .tag(let tag) where !tag.isEnd && tag.id == .noframes: inHead(t)
        case .eof: stopped = true
        default: parseError("unexpected-token-after-frameset")
        }
    }
}

enum QuirksTables {
    static let publicPrefixes: [String] = [
        "+//silmaril//dtd html pro v0r11 19970101//", "-//as//dtd html 3.0 aswedit + extensions//",
        "-//advasoft ltd//dtd html 3.0 aswedit + extensions//", "-//ietf//dtd html 2.0 level 1//",
        "-//ietf//dtd html 2.0 level 2//", "-//ietf//dtd html 2.0 strict level 1//",
        "-//ietf//dtd html 2.0 strict level 2//", "-//ietf//dtd html 2.0 strict//",
        "-//ietf//dtd html 2.0//",
        "-//ietf//dtd html 2.1e//", "-//ietf//dtd html 3.0//", "-//ietf//dtd html 3.2 final//",
        "-//ietf//dtd html 3.2//", "-//ietf//dtd html 3//", "-//ietf//dtd html level 0//",
        "-//ietf//dtd html level 1//", "-//ietf//dtd html level 2//", "-//ietf//dtd html level 3//",
        "-//ietf//dtd html strict level 0//", "-//ietf//dtd html strict level 1//",
        "-//ietf//dtd html strict level 2//", "-//ietf//dtd html strict level 3//",
        "-//ietf//dtd html strict//",
        "-//ietf//dtd html//", "-//metrius//dtd metrius presentational//",
        "-//microsoft//dtd internet explorer 2.0 html strict//",
        "-//microsoft//dtd internet explorer 2.0 html//",
        "-//microsoft//dtd internet explorer 2.0 tables//",
        "-//microsoft//dtd internet explorer 3.0 html strict//",
        "-//microsoft//dtd internet explorer 3.0 html//",
        "-//microsoft//dtd internet explorer 3.0 tables//",
        "-//netscape comm. corp.//dtd html//", "-//netscape comm. corp.//dtd strict html//",
        "-//o'reilly and associates//dtd html 2.0//",
        "-//o'reilly and associates//dtd html extended 1.0//",
        "-//o'reilly and associates//dtd html extended relaxed 1.0//",
        "-//sq//dtd html 2.0 hotmetal + extensions//",
        "-//softquad software//dtd hotmetal pro 6.0::19990601::extensions to html 4.0//",
        "-//softquad//dtd hotmetal pro 4.0::19970916::extensions to html 4.0//",
        "-//spyglass//dtd html 2.0 extended//", "-//sun microsystems corp.//dtd hotjava html//",
        "-//sun microsystems corp.//dtd hotjava strict html//", "-//w3c//dtd html 3 1995-03-24//",
        "-//w3c//dtd html 3.2 draft//", "-//w3c//dtd html 3.2 final//", "-//w3c//dtd html 3.2//",
        "-//w3c//dtd html 3.2s draft//", "-//w3c//dtd html 4.0 frameset//",
        "-//w3c//dtd html 4.0 transitional//",
        "-//w3c//dtd html experimental 19960712//", "-//w3c//dtd html experimental 970421//",
        "-//w3c//dtd w3 html//", "-//w3o//dtd w3 html 3.0//", "-//webtechs//dtd mozilla html 2.0//",
        "-//webtechs//dtd mozilla html//",
    ]
}
