import HTML5Parser
import Testing

/// Trees for deep stacks, where the parser remembers failed scans of the stack of open
/// elements and counts Noah's Ark signatures instead of rescanning (the linear-time fixes):
/// a remembered scan must be dropped as soon as the stack below it changes.
@Suite struct DeepStackTests {
    /// The name of the parent of the text node holding `text`.
    func parentName(ofText text: String, in doc: HTMLDocument) -> String? {
        for (i, n) in doc.nodes.enumerated() where n.kind == .text && n.data == text {
            guard let p = doc[HTMLNodeID(i)].parent else { return nil }
            return doc[p].name
        }
        return nil
    }

    let spans = String(repeating: "<span>", count: 40)

    /// The root's children: element names, `#text` for text.
    func rootChildren(_ doc: HTMLDocument) -> [String] {
        doc.children(of: doc.root).map { doc[$0].kind == .text ? "#text" : doc[$0].name }
    }

    @Test func endTagBelowSpecialElementIsIgnoredEachTime() {
        // Each </x> walks down to the <div> (special) and is ignored (later ones from memory).
        let doc = HTMLParser.parseFragment("<x><div>" + spans + "</x></x>a</x>b")
        #expect(parentName(ofText: "ab", in: doc) == "span")
        #expect(rootChildren(doc) == ["x"])
    }

    @Test func endTagMatchesOnceTheBlockingElementIsGone() {
        // The ignored </x> is remembered; </div> pops the spans and the div, so the next </x>
        // must find <x> again.
        let doc = HTMLParser.parseFragment("<x><div>" + spans + "</x></div></x>after")
        #expect(rootChildren(doc) == ["x", "#text"])
    }

    @Test func rememberedScanIsDroppedWhenTheStackIsRebuiltToTheSameHeight() {
        // After the ignored </x>, everything down to <x> is popped and as many elements are
        // pushed again: the stack has its old height but new entries, and </x> now closes <x>
        // (the <i> is then reopened at the root for the text).
        let closeSpans = String(repeating: "</span>", count: 40)
        let doc = HTMLParser.parseFragment(
            "<x><div>" + spans + "</x>" + closeSpans + "</div><i>" + spans + "</x>after")
        #expect(rootChildren(doc) == ["x", "i"])
        #expect(parentName(ofText: "after", in: doc) == "i")
    }

    @Test func scopeCheckFailingAtBoundaryThenSucceeding() {
        // </div> is out of scope behind <object> (ignored, remembered); </object> closes the
        // object and its spans, and the next </div> closes the div.
        let doc = HTMLParser.parseFragment(
            "<div><object>" + spans + "</div></div></object></div>after")
        #expect(rootChildren(doc) == ["div", "#text"])
    }

    @Test func paragraphEndTagBehindButton() {
        // Each </p> behind <button> inserts and closes an empty <p> inside the innermost span.
        let doc = HTMLParser.parseFragment("<p><button>" + spans + "</p></p>x")
        let paragraphs = doc.nodes.filter { $0.kind == .element && $0.name == "p" }.count
        #expect(paragraphs == 3)
        #expect(parentName(ofText: "x", in: doc) == "span")
    }

    /// Opens `distinct` formatting elements with distinct attributes, then five identical
    /// ones, closes them all with </div>, and counts what reconstruction reopens.
    func reopened(distinct: Int) -> (all: Int, identical: Int) {
        var html = "<div>"
        for i in 0..<distinct { html += "<b class=c\(i)>" }
        html += String(repeating: "<b class=z>", count: 5) + "</div>x"
        let doc = HTMLParser.parseFragment(html)
        guard let div = doc.children(of: doc.root).first else { return (0, 0) }
        var all = 0
        var identical = 0
        for (i, n) in doc.nodes.enumerated() where n.kind == .element && n.name == "b" {
            // Only the reopened ones: not inside the div.
            var p = doc[HTMLNodeID(i)].parent
            var inDiv = false
            while let q = p {
                if q == div { inDiv = true }
                p = doc[q].parent
            }
            if inDiv { continue }
            all += 1
            if n.attribute("class") == "z" { identical += 1 }
        }
        return (all, identical)
    }

    @Test func noahsArkKeepsThreeIdenticalEntriesInShortAndLongLists() {
        // 10 entries: the list is scanned; 100: signatures are counted instead.
        #expect(reopened(distinct: 10) == (13, 3))
        #expect(reopened(distinct: 100) == (103, 3))
    }
}
