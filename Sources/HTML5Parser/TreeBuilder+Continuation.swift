extension TreeBuilder {
    /// Sets this builder up to parse the rest of an input from a place where the whole
    /// parse is "in body" with exactly `names` open (`html`, then `body` for a document, then
    /// plain container elements) and nothing else pending: no active formatting elements,
    /// template, form or table state, frameset no longer allowed, no quirks. The open
    /// elements are stand-ins created first (a document also gets a stand-in `head`); the
    /// caller maps them onto the real ones (``DOMBuilder/appendContinuation``).
    mutating func prepareContinuation(names: [String], isFragment: Bool) {
        if isFragment {
            prepareFragment(contextName: "body", namespace: .html)
        } else {
            let html = sink.createElement(name: "html", namespace: .html, attributes: [])
            sink.append(html, to: sink.document)
            push(OpenElement(node: html, name: "html", ns: .html, attributes: [], tag: .html))
            let head = sink.createElement(name: "head", namespace: .html, attributes: [])
            sink.append(head, to: html)
            headElement = head
            let body = sink.createElement(name: "body", namespace: .html, attributes: [])
            sink.append(body, to: html)
            push(OpenElement(node: body, name: "body", ns: .html, attributes: []))
        }
        for name in names.dropFirst(isFragment ? 1 : 2) {
            let element = sink.createElement(name: name, namespace: .html, attributes: [])
            sink.append(element, to: current.node)
            push(OpenElement(node: element, name: name, ns: .html, attributes: []))
        }
        mode = .inBody
        framesetOK = false
        quirksMode = .noQuirks
    }

    /// Whether this builder is in the state ``prepareContinuation(names:isFragment:)``
    /// starts from, with each open element the last child of the one before it (so what the
    /// rest of the input appends comes after everything here).
    func matchesContinuation(names: [String]) -> Bool {
        guard mode == .inBody, templateModes.isEmpty, formatting.isEmpty, formElement == nil,
            !framesetOK, !fosterParenting, pendingTableText.isEmpty, quirksMode == .noQuirks,
            tokenizerSwitch == nil, !stopped, stack.count == names.count,
            isFragment || headElement != nil
        else { return false }
        for (k, element) in stack.enumerated() {
            guard element.ns == .html, element.name == names[k] else { return false }
            if k > 0 && sink.lastChild(of: stack[k - 1].node) != element.node { return false }
        }
        return true
    }

    mutating func stopsAtCheckpoint() -> Bool { matchesContinuation(names: continuationNames) }

    /// The open elements' nodes (for mapping stand-ins onto them).
    var openNodes: [Int] { stack.map(\.node) }
}
